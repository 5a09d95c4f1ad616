"""What every screen may reach: the theme, the settings and their store, startup messages, the
app (`Host`) and the door to a match (`Matches`).

A context built bare (``AppContext(theme)``) has a quiet host and no matches: New Game and
Continue are greyed out. The composition root (`gin_handset.compose`) gives it the real ones.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import InitVar, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from gin_handset.render.theme import Theme
from gin_handset.screens.host import Host, QuietHost
from gin_handset.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from gin_handset.screens.base import Screen
    from gin_handset.session.ledger import Ledger
    from gin_handset.session.record import MatchRecord

KeyPages = Mapping[str, Sequence[tuple[str, str]]]  # a heading, then (key, what it does) pairs


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


@dataclass
class AppContext:
    """Built as ``AppContext(theme, messages=..., host=..., matches=...)``, it reads the
    settings from the host's data folder and adds any problem with them to ``messages``; pass
    ``initial_settings`` to skip reading."""

    theme: Theme
    messages: list[str] = field(default_factory=list)
    host: Host = field(default_factory=QuietHost)
    matches: Matches = field(default_factory=NoMatches)
    initial_settings: InitVar[Settings | None] = None
    settings_store: SettingsStore = field(init=False)
    settings: Settings = field(init=False)

    def __post_init__(self, initial_settings: Settings | None) -> None:
        self.settings_store = SettingsStore(self.host.data_dir())
        if initial_settings is None:
            initial_settings, problems = self.settings_store.load()
            self.messages.extend(problems)
        self.settings = initial_settings
        self.restyle(self.theme)

    def restyle(self, skin_theme: Theme) -> None:
        """Draw with ``skin_theme`` (the skin's) as the settings change it: the deck's
        colours."""
        self.theme = replace(skin_theme, four_colour=self.settings.four_colour)

    def ledger(self) -> Ledger:
        """The player's statistics and match history, beside the settings (loaded when first
        asked for, not at start)."""
        from gin_handset.session.ledger import Ledger

        return Ledger(self.settings_store.folder)

    def save_settings(self, settings: Settings) -> str | None:
        """Keep and store ``settings``; a message if they could not be written, else None."""
        self.settings = settings
        self.restyle(self.theme)
        try:
            self.settings_store.save(settings)
        except OSError as error:
            return f"Settings not saved: {error}"
        return None

    def remember(self, **changes: Any) -> None:
        """Keep ``changes`` of settings the player does not choose in Options (the table last
        joined): at once in play, and over the stored file (`SettingsStore.update`); a file
        that cannot be written costs only the change."""
        self.settings = replace(self.settings, **changes)
        with contextlib.suppress(OSError):
            self.settings_store.update(**changes)
