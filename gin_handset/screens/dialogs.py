"""Small boxes: a question answered with OK or CLR, and notices shown one after another."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from gin_handset.device.keys import BACK, CHOOSE, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, PopToRoot, Replace, Screen, Transition
from gin_handset.screens.common import MessageView, draw_frame, draw_text_box

REPLACE_TEXT = "Start a new match? The saved match will be lost."
LEAVE_TEXT = "Leave the table? You lose the match."


class QuestionScreen(Screen):
    """A question in a box: OK (or 5, or the left soft key) answers yes; CLR answers no."""

    def __init__(
        self, title: str, text: str, prompt: str, labels: tuple[str, str],
        yes: Callable[[], Transition], no: Callable[[], Transition] = Pop,
    ) -> None:
        super().__init__()
        self.title, self.text, self.prompt, self.labels = title, text, prompt, labels
        self.yes, self.no = yes, no

    def soft_keys(self) -> tuple[str, str]:
        return self.labels

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CHOOSE:
            return self.yes()
        if key in BACK:
            return self.no()
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        draw_text_box(lcd, theme, draw_frame(lcd, theme, self, self.title), self.text)
        widgets.draw_prompt(lcd, theme, self.prompt)


def confirm_replace(start: Callable[[], Screen]) -> QuestionScreen:
    """New Game while a match is saved: OK starts the new one, CLR keeps the saved match."""
    return QuestionScreen(
        "New match", REPLACE_TEXT, "OK: new match  CLR: keep", ("New", "Keep"),
        lambda: Replace(start()),
    )


def confirm_leave() -> QuestionScreen:
    """Leaving a network table with a match in play: OK leaves (the match is lost), CLR stays."""
    return QuestionScreen("Leave table", LEAVE_TEXT, "OK: leave  CLR: stay", ("Leave", "Stay"),
                          PopToRoot)


class NoticeScreen(Screen):
    """Messages in a box, one after another (2/8 page them); then the screen ``then``, or back
    to the screen below when ``then`` is None."""

    def __init__(
        self, messages: list[str], then: Screen | None, theme: Theme, title: str = "Saved match"
    ) -> None:
        super().__init__()
        self.view = MessageView(messages)
        self.then = then
        self.theme = theme
        self.title = title

    def soft_keys(self) -> tuple[str, str]:
        return "OK", ""

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.view.on_key(key, self.theme)
        if self.view.messages:
            return None
        return Pop() if self.then is None else Replace(self.then)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        draw_frame(lcd, theme, self, self.title)
        self.view.draw(lcd, theme)
