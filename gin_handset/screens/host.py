"""What a screen may ask of the app, and of the match: two small protocols and their quiet
implementations.

`Host` is the app as the screens see it: the skins to choose from, a skin or layout change
(asked for in a key handler, applied by the app after the handler has returned), a jingle, the
data folder. `Matches` is the main menu's door to a match: New Game, Continue, and the keys the
match adds to How to Play. The real ones are `gin_handset.app_host.AppHost` and
`gin_handset.screens.match.door.MatchDoor`; the quiet ones here serve tests and previews.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from gin_handset.storage import data_dir

if TYPE_CHECKING:
    from gin_handset.screens.base import Screen
    from gin_handset.screens.context import AppContext
    from gin_handset.session.record import MatchRecord

KeyPages = Mapping[str, Sequence[tuple[str, str]]]  # a heading, then (key, what it does) pairs


class Host(Protocol):
    def skins(self) -> list[str]:
        """The skins a player may put on (bundled, then the player's own)."""
        ...

    def skin_in_use(self) -> str:
        """The skin in use, as the settings name it."""
        ...

    def change_skin(self, spec: str) -> str | None:
        """Ask for the skin ``spec``: why not when it cannot be loaded, else None (the app puts
        it on once the key handler has returned, and says so if it cannot draw it)."""
        ...

    def change_layout(self, wanted: str) -> None:
        """Ask for the handset whole or compact (a name of `settings.LAYOUTS`)."""
        ...

    def jingle(self, event: str) -> None:
        """Play the skin's jingle for ``event`` (deal, knock, gin, undercut, win, lose) when
        sound is on."""
        ...

    def data_dir(self) -> Path:
        """The player's folder: settings, the saved match, statistics, history."""
        ...


class QuietHost:
    """A host for tests and previews: one skin, no skin or layout changes, no sound."""

    def __init__(self, folder: Path | None = None, skin: str = "") -> None:
        self.folder = folder
        self.skin = skin
        self.jingles: list[str] = []  # the jingles asked for, in order

    def skins(self) -> list[str]:
        return []

    def skin_in_use(self) -> str:
        return self.skin

    def change_skin(self, spec: str) -> str | None:
        return f"Skin {spec} cannot be put on here"

    def change_layout(self, wanted: str) -> None:
        """Nothing to change: there is no window."""

    def jingle(self, event: str) -> None:
        self.jingles.append(event)

    def data_dir(self) -> Path:
        return self.folder if self.folder is not None else data_dir()


class Matches(Protocol):
    def key_pages(self) -> KeyPages:
        """The pages the match adds to How to Play."""
        ...

    def can_start(self) -> bool:
        """Whether New Game can start a match."""
        ...

    def has_saved(self, context: AppContext) -> bool:
        """Whether a saved match is there to continue."""
        ...

    def new_game(self, context: AppContext) -> Screen | None:
        """A new match's first screen (or a question first)."""
        ...

    def continue_game(self, context: AppContext) -> Screen | None:
        """The saved match's screen; None when there is none (said in ``context.messages``)."""
        ...

    def again(self, context: AppContext, record: MatchRecord) -> Screen | None:
        """Another match like ``record`` (its options and level)."""
        ...

    def pass_and_play(self, context: AppContext, names: tuple[str, str]) -> Screen | None:
        """A new match between two people on this phone, ``names`` by seat."""
        ...


class NoMatches:
    """No match can be played: New Game and Continue are greyed out."""

    def key_pages(self) -> KeyPages:
        return {}

    def can_start(self) -> bool:
        return False

    def has_saved(self, context: AppContext) -> bool:
        return False

    def new_game(self, context: AppContext) -> Screen | None:
        return None

    def continue_game(self, context: AppContext) -> Screen | None:
        return None

    def again(self, context: AppContext, record: MatchRecord) -> Screen | None:
        return None

    def pass_and_play(self, context: AppContext, names: tuple[str, str]) -> Screen | None:
        return None
