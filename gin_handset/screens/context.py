"""What every screen may reach: the theme, the settings and their store, startup messages, hooks.

The match screens plug in through three hooks, all None until a match can be played: until then
New Game and Continue are greyed out on the main menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import InitVar, dataclass, field, replace
from typing import TYPE_CHECKING

from gin_handset.render.theme import Theme
from gin_handset.screens.base import Screen
from gin_handset.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from gin_handset.session.ledger import Ledger


@dataclass
class AppContext:
    """Built as ``AppContext(theme, messages=..., seed=...)``, it reads the
    settings from ``settings_store`` (the user's data folder by default) and adds any problem
    with them to ``messages``; pass ``initial_settings`` to skip reading."""

    theme: Theme
    messages: list[str] = field(default_factory=list)
    seed: int | None = None  # the match seed of every new match (--seed), else a fresh one
    first_hand: int = 0  # new matches start at this hand of the seed's deals (--hand, 0-based)
    first_dealer: int | None = None  # ... with this dealer (--dealer), else the seed's
    settings_store: SettingsStore = field(default_factory=SettingsStore)
    initial_settings: InitVar[Settings | None] = None
    settings: Settings = field(init=False)
    # A new match's first screen.
    start_match: Callable[[AppContext], Screen] | None = None
    # The saved match's screen, or None when it cannot be resumed (say why in ``messages``).
    continue_match: Callable[[AppContext], Screen | None] | None = None
    # Whether a saved match exists.
    has_saved: Callable[[AppContext], bool] | None = None
    # Pages the match screens add to How to Play: a heading, then (key, what it does) pairs.
    key_pages: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    # The skin in use (as the settings name it), the skins Options offers, and how to change
    # to another at run time (None when it drew its first frame, else what is wrong).
    skin_name: str = ""
    skin_names: Callable[[], list[str]] | None = None
    change_skin: Callable[[str], str | None] | None = None
    # Show the handset whole or compact (a name of settings.LAYOUTS), at once.
    change_layout: Callable[[str], None] | None = None
    # Play the skin's jingle for an event (deal, knock, gin, undercut, win, lose), if sound is on.
    jingle: Callable[[str], None] | None = None

    def __post_init__(self, initial_settings: Settings | None) -> None:
        if initial_settings is None:
            initial_settings, problems = self.settings_store.load()
            self.messages.extend(problems)
        self.settings = initial_settings
        self.restyle(self.theme)

    def restyle(self, skin_theme: Theme) -> None:
        """Draw with ``skin_theme`` (the skin's) as the settings change it: the deck's
        colours."""
        self.theme = replace(skin_theme, four_colour=self.settings.four_colour)

    def can_start(self) -> bool:
        return self.start_match is not None

    def has_saved_match(self) -> bool:
        return (self.continue_match is not None and self.has_saved is not None
                and self.has_saved(self))

    def new_game(self) -> Screen | None:
        return self.start_match(self) if self.start_match is not None else None

    def continue_game(self) -> Screen | None:
        return self.continue_match(self) if self.continue_match is not None else None

    def play(self, event: str) -> None:
        """The jingle of ``event``, when the app can play one."""
        if self.jingle is not None:
            self.jingle(event)

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
