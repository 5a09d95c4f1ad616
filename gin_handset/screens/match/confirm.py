"""Two small boxes: "leave the match?" after CLR, and a notice shown before a new match."""

from __future__ import annotations

import pygame

from gin_handset.device.keys import PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import wrap_text
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, PopToRoot, Replace, Screen, Transition
from gin_handset.screens.common import draw_frame
from gin_handset.screens.main_menu import MessageView
from gin_handset.screens.match.flow import MatchFlow
from gin_handset.screens.match.table import OK_KEYS, QUIT_KEYS

LEAVE_TEXT = "Leave the match? It is saved: Continue on the main menu resumes it."


class ConfirmQuitScreen(Screen):
    """OK (or 5, or the left soft key) leaves for the main menu; CLR goes back to the match."""

    def __init__(self, flow: MatchFlow) -> None:
        super().__init__()
        self.flow = flow

    def soft_keys(self) -> tuple[str, str]:
        return "Leave", "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in OK_KEYS or key is PhoneKey.NUM5:
            return PopToRoot()
        if key in QUIT_KEYS:
            return Pop()
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Leave match")
        bottom = widgets.prompt_rect(theme).top - widgets.MARGIN
        box = pygame.Rect(content.left + widgets.MARGIN, content.top + widgets.MARGIN,
                          content.width - 2 * widgets.MARGIN,
                          bottom - content.top - widgets.MARGIN)
        lines = wrap_text(LEAVE_TEXT, theme.font("body"), box.width - 4 * widgets.MARGIN)
        widgets.draw_message(lcd, theme, box, lines)
        widgets.draw_prompt(lcd, theme, "OK: leave  CLR: play on")


class NoticeScreen(Screen):
    """Messages in a box, one after another (2/8 page them); then the screen ``then``."""

    def __init__(self, messages: list[str], then: Screen, theme: Theme) -> None:
        super().__init__()
        self.view = MessageView(messages)
        self.then = then
        self.theme = theme

    def soft_keys(self) -> tuple[str, str]:
        return "OK", ""

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.dirty = True
        self.view.on_key(key, self.theme)
        return None if self.view.messages else Replace(self.then)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        draw_frame(lcd, theme, self, "Saved match")
        self.view.draw(lcd, theme)
