"""Small helpers the menu screens share: drawing a screen's frame and moving a list cursor."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from gin_handset.device.keys import TOGGLE, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Screen

# "5", OK and the left soft key accept; CLR and the right soft key go back.
CONFIRM = TOGGLE | {PhoneKey.SOFT_LEFT}
BACK = frozenset({PhoneKey.CLEAR, PhoneKey.SOFT_RIGHT})


def draw_frame(
    lcd: pygame.Surface, theme: Theme, screen: Screen, title: str, right: str = ""
) -> pygame.Rect:
    """Clear the LCD, draw the title and the screen's soft keys; the content rectangle."""
    widgets.clear(lcd, theme)
    widgets.draw_title(lcd, theme, title, right)
    widgets.draw_softkeys(lcd, theme, *screen.soft_keys())
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
