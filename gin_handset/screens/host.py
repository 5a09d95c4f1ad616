"""What a screen may ask of the app: a small protocol and its quiet implementation.

`Host` is the app as the screens see it: the skins to choose from, a skin or layout change
(asked for in a key handler, applied by the app after the handler has returned), a jingle, the
data folder. The real one is `gin_handset.app_host.AppHost`; the quiet one here serves tests
and previews. (The main menu's door to a match, `Matches`, is in `screens.context`.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from gin_handset.storage import data_dir


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
