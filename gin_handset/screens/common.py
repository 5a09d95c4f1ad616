"""What the screens share: a screen's frame, a list cursor, and messages shown in a box."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pygame

from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import wrap_text
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Screen


def draw_frame(
    lcd: pygame.Surface, theme: Theme, screen: Screen, title: str, right: str = "",
    middle: str = "",
) -> pygame.Rect:
    """Clear the LCD, draw the title and the screen's soft keys (and OK's label ``middle``);
    the content rectangle."""
    widgets.clear(lcd, theme)
    widgets.draw_title(lcd, theme, title, right)
    widgets.draw_softkeys(lcd, theme, *screen.soft_keys(), middle)
    return widgets.layout(theme).content


def step_cursor(cursor: int, step: int, enabled: Sequence[bool]) -> int:
    """The next enabled row from ``cursor`` in direction ``step``, wrapping; ``cursor`` if none."""
    count = len(enabled)
    for i in range(1, count + 1):
        candidate = (cursor + step * i) % count
        if enabled[candidate]:
            return candidate
    return cursor


def first_enabled(enabled: Sequence[bool], preferred: int = 0) -> int:
    """``preferred`` if it is enabled, else the next enabled row after it."""
    if enabled and not enabled[preferred]:
        return step_cursor(preferred, 1, enabled)
    return preferred


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one: ``1 hand``, ``4 hands``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def for_people(text: str) -> str:
    """``text`` as the phone shows it: the home folder written ``~``."""
    home = str(Path.home())
    return text.replace(home + os.sep, "~" + os.sep) if len(home) > 1 else text


def text_box_room(theme: Theme, content: pygame.Rect) -> pygame.Rect:
    """Where a text box goes in ``content``: within its margins, above the prompt line."""
    bottom = widgets.prompt_rect(theme).top - widgets.MARGIN
    return pygame.Rect(content.left + widgets.MARGIN, content.top + widgets.MARGIN,
                       content.width - 2 * widgets.MARGIN, bottom - content.top - widgets.MARGIN)


def draw_text_box(lcd: pygame.Surface, theme: Theme, content: pygame.Rect, text: str) -> None:
    """``text`` wrapped in a framed box sized to it, in ``content`` above the prompt line."""
    room = text_box_room(theme, content)
    lines = wrap_text(for_people(text), theme.font("body"), room.width - 4 * widgets.MARGIN)
    widgets.draw_message(lcd, theme, room, lines)


MAX_MESSAGE = 2000  # characters of one message shown in a box (some 40 pages at 128x160)


class MessageView:
    """Messages shown one after another in a box, each paged with 2/8; OK or CLR moves on."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = list(messages)
        self.page = 0

    def pages(self, theme: Theme) -> list[list[str]]:
        box = self.box(theme)
        font = theme.font("body")
        text = self.messages[0]
        if len(text) > MAX_MESSAGE:  # a phone's box never needs more; wrapping costs per page
            text = text[: MAX_MESSAGE - 3] + "..."
        lines = wrap_text(for_people(text), font, box.width - 6 * widgets.MARGIN)
        return widgets.paginate(lines, widgets.message_lines(theme, box))

    @staticmethod
    def box(theme: Theme) -> pygame.Rect:
        return widgets.layout(theme).content.inflate(-2, -2)

    def on_key(self, key: PhoneKey, theme: Theme) -> None:
        count = len(self.pages(theme))
        if key in CURSOR_UP:
            self.page = max(0, self.page - 1)
        elif key in CURSOR_DOWN and self.page < count - 1:
            self.page += 1
        elif key in CHOOSE | BACK:
            self.messages.pop(0)
            self.page = 0

    def take(self, key: PhoneKey, theme: Theme) -> bool:
        """Page or dismiss the message shown, if there is one; whether ``key`` went to it."""
        if not self.messages:
            return False
        self.on_key(key, theme)
        return True

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        """The message shown, in its box over the screen (nothing when there is none)."""
        if not self.messages:
            return
        pages = self.pages(theme)
        widgets.draw_message(lcd, theme, self.box(theme), pages[min(self.page, len(pages) - 1)])
