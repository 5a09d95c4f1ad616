"""The main menu: New Game, Continue, Options, How to Play, Exit; startup messages first."""

from __future__ import annotations

import pygame

from gin_handset.device.keys import CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import wrap_text
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Push, Quit, Screen, Transition
from gin_handset.screens.common import BACK, CONFIRM, draw_frame, first_enabled, step_cursor
from gin_handset.screens.context import AppContext
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.options import OptionsScreen

NEW_GAME, CONTINUE, OPTIONS = "New Game", "Continue", "Options"
HOW_TO_PLAY, EXIT = "How to Play", "Exit"
ITEMS = (NEW_GAME, CONTINUE, OPTIONS, HOW_TO_PLAY, EXIT)


class MessageView:
    """Messages shown one after another in a box, each paged with 2/8; OK or CLR moves on."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = list(messages)
        self.page = 0

    def pages(self, theme: Theme) -> list[list[str]]:
        box = self.box(theme).inflate(-2 * widgets.MARGIN, -2 * widgets.MARGIN)
        font = theme.font("body")
        lines = wrap_text(self.messages[0], font, box.width - 2 * widgets.MARGIN)
        return widgets.paginate(lines, widgets.lines_per_page(theme, box))

    @staticmethod
    def box(theme: Theme) -> pygame.Rect:
        return widgets.layout(theme).content.inflate(-2, -2)

    def on_key(self, key: PhoneKey, theme: Theme) -> None:
        count = len(self.pages(theme))
        if key in CURSOR_UP:
            self.page = max(0, self.page - 1)
        elif key in CURSOR_DOWN and self.page < count - 1:
            self.page += 1
        elif key in CONFIRM | BACK:
            self.messages.pop(0)
            self.page = 0

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        pages = self.pages(theme)
        widgets.draw_message(lcd, theme, self.box(theme), pages[min(self.page, len(pages) - 1)])


class MainMenu(Screen):
    """The root screen. CLR leaves the game; the startup messages come first, once."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.notice = MessageView(context.messages)
        context.messages.clear()
        self.cursor = first_enabled(self.enabled())

    def enabled(self) -> list[bool]:
        available = {NEW_GAME: self.context.can_start(), CONTINUE: self.context.has_saved_match()}
        return [available.get(item, True) for item in ITEMS]

    def soft_keys(self) -> tuple[str, str]:
        return ("OK", "") if self.notice.messages else ("Select", "Exit")

    def on_resume(self) -> None:
        super().on_resume()
        self.notice.messages.extend(self.context.messages)
        self.context.messages.clear()
        self.cursor = first_enabled(self.enabled(), self.cursor)

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.dirty = True
        if self.notice.messages:
            self.notice.on_key(key, self.context.theme)
            return None
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, self.enabled())
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, self.enabled())
        elif key in BACK:
            return Quit()
        elif key in CONFIRM and self.enabled()[self.cursor]:
            return self.choose(ITEMS[self.cursor])
        return None

    def choose(self, item: str) -> Transition | None:
        if item == EXIT:
            return Quit()
        if item == OPTIONS:
            return Push(OptionsScreen(self.context))
        if item == HOW_TO_PLAY:
            return Push(HelpScreen(self.context))
        screen = self.context.new_game() if item == NEW_GAME else self.context.continue_game()
        if screen is None:
            self.on_resume()
            return None
        return Push(screen)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Gin Rummy")
        items = [widgets.MenuItem(label, enabled=on) for label, on in zip(ITEMS, self.enabled(),
                                                                           strict=True)]
        widgets.draw_menu(lcd, theme, content, items, self.cursor)
        if self.notice.messages:
            self.notice.draw(lcd, theme)
