"""The main menu: New Game, Continue, Two Players, Options, Statistics, History, How to Play,
Exit; startup messages first.

While a match is saved, the cursor starts on Continue, and returns there when a match is left;
once Continue is greyed (the match over), back where a menu without a save starts: New Game.
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Push, Quit, Screen, Transition
from gin_handset.screens.common import MessageView, draw_frame, first_enabled, step_cursor
from gin_handset.screens.context import AppContext
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.options import OptionsScreen
from gin_handset.screens.two_players import TwoPlayersScreen

NEW_GAME, CONTINUE, TWO_PLAYERS, OPTIONS = "New Game", "Continue", "Two Players", "Options"
STATISTICS, HISTORY, HOW_TO_PLAY, EXIT = "Statistics", "History", "How to Play", "Exit"
ITEMS = (NEW_GAME, CONTINUE, TWO_PLAYERS, OPTIONS, STATISTICS, HISTORY, HOW_TO_PLAY, EXIT)


class MainMenu(Screen):
    """The root screen. CLR leaves the game; the startup messages come first, once."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.notice = MessageView(context.messages)
        context.messages.clear()
        self.saved = context.matches.has_saved(context)  # asked on entering, not per frame
        self.cursor = self.start_row()
        self.launched: str | None = None  # the item whose screen is above the menu

    def enabled(self) -> list[bool]:
        can_start = self.context.matches.can_start()
        available = {NEW_GAME: can_start, CONTINUE: self.saved, TWO_PLAYERS: can_start}
        return [available.get(item, True) for item in ITEMS]

    def start_row(self) -> int:
        """Where the cursor starts: Continue while a match is saved, else the first row enabled."""
        return first_enabled(self.enabled(), ITEMS.index(CONTINUE) if self.saved else 0)

    def soft_keys(self) -> tuple[str, str]:
        return ("OK", "") if self.notice.messages else ("Select", "Exit")

    def on_resume(self) -> None:
        super().on_resume()
        self.notice.messages.extend(self.context.messages)
        self.context.messages.clear()
        self.saved = self.context.matches.has_saved(self.context)
        after_match = self.launched in (NEW_GAME, CONTINUE, TWO_PLAYERS)
        if (after_match and self.saved) or not self.enabled()[self.cursor]:
            self.cursor = self.start_row()
        self.launched = None

    def on_key(self, key: PhoneKey) -> Transition | None:
        if self.notice.take(key, self.context.theme):
            return None
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, self.enabled())
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, self.enabled())
        elif key in BACK:
            return Quit()
        elif key in CHOOSE and self.enabled()[self.cursor]:
            return self.choose(ITEMS[self.cursor])
        return None

    def choose(self, item: str) -> Transition | None:
        if item == EXIT:
            return Quit()
        if item == OPTIONS:
            return Push(OptionsScreen(self.context))
        if item == HOW_TO_PLAY:
            return Push(HelpScreen(self.context))
        if item == TWO_PLAYERS:
            self.launched = item
            return Push(TwoPlayersScreen(self.context))
        if item == STATISTICS:
            from gin_handset.screens.statistics import StatisticsScreen  # loaded when wanted

            return Push(StatisticsScreen(self.context))
        if item == HISTORY:
            from gin_handset.screens.history import HistoryScreen

            return Push(HistoryScreen(self.context))
        matches, context = self.context.matches, self.context
        screen = matches.new_game(context) if item == NEW_GAME else matches.continue_game(context)
        if screen is None:
            self.on_resume()
            return None
        self.launched = item
        return Push(screen)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Gin Rummy")
        items = [widgets.MenuItem(label, enabled=on) for label, on in zip(ITEMS, self.enabled(),
                                                                           strict=True)]
        widgets.draw_menu(lcd, theme, content, items, self.cursor)
        self.notice.draw(lcd, theme)
