"""What every screen may reach: the theme, the settings and their store, startup messages, the
app (`Host`) and the door to a match (`Matches`).

A context built bare (``AppContext(theme)``) has a quiet host and no matches: New Game and
Continue are greyed out. The composition root (`gin_handset.compose`) gives it the real ones.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field, replace
from typing import TYPE_CHECKING

from gin_handset.render.theme import Theme
from gin_handset.screens.host import Host, Matches, NoMatches, QuietHost
from gin_handset.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from gin_handset.session.ledger import Ledger


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
