"""The Options screen: the handset's four rule options, the house rules, computer level, sound.

2/8 move between rows, 4/6 or 5 change the value, OK (or the left soft key) saves and returns,
CLR (or the right soft key) returns to the main menu without saving.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from gin_handset.device.keys import (
    BACK,
    CONFIRM,
    CURSOR_DOWN,
    CURSOR_LEFT,
    CURSOR_RIGHT,
    CURSOR_UP,
    PICK,
    PhoneKey,
)
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.rules.options import CHOICES, OKLAHOMA, UPCARD_LIMIT, Options
from gin_handset.screens.base import Pop, PopToRoot, Screen, Transition
from gin_handset.screens.common import draw_frame, first_enabled, step_cursor
from gin_handset.screens.context import AppContext
from gin_handset.settings import DIFFICULTIES, Settings

NEXT_VALUE = CURSOR_RIGHT | PICK
HINT = "4/6 change  OK save  CLR cancel"


@dataclass(frozen=True)
class Row:
    label: str
    name: str  # an Options field, or "difficulty" or "sound"
    choices: tuple[Any, ...]
    shown: tuple[str, ...]
    oklahoma_only: bool = False


ROWS: tuple[Row, ...] = (
    Row("Points to Win", "points_to_win", CHOICES["points_to_win"],
        tuple(str(v) for v in CHOICES["points_to_win"])),
    Row("Game Type", "game_type", CHOICES["game_type"], ("Gin Rummy", "Oklahoma Gin")),
    Row("Gin Bonus", "gin_bonus", CHOICES["gin_bonus"],
        tuple(str(v) for v in CHOICES["gin_bonus"])),
    Row("Undercut Bonus", "undercut_bonus", CHOICES["undercut_bonus"],
        tuple(str(v) for v in CHOICES["undercut_bonus"])),
    Row("Oklahoma Knock", "oklahoma_knock_limit", CHOICES["oklahoma_knock_limit"],
        ("Upcard", "10"), oklahoma_only=True),
    Row("Oklahoma Ace", "oklahoma_ace_gin_only", CHOICES["oklahoma_ace_gin_only"],
        ("Gin only", "Knock 1"), oklahoma_only=True),
    Row("Oklahoma Spade", "oklahoma_spade_doubles", CHOICES["oklahoma_spade_doubles"],
        ("Normal", "Doubles"), oklahoma_only=True),
    Row("Upcard First", "upcard_first", CHOICES["upcard_first"], ("Non-dealer", "Dealer")),
    Row("Next Dealer", "next_dealer", CHOICES["next_dealer"], ("Alternate", "Winner", "Loser")),
    Row("Computer", "difficulty", DIFFICULTIES, ("Easy", "Normal", "Hard")),
    Row("Sound", "sound", (True, False), ("On", "Off")),
)


def _values(settings: Settings) -> dict[str, Any]:
    values = settings.options.to_dict()
    values.update(difficulty=settings.difficulty, sound=settings.sound)
    return values


class OptionsScreen(Screen):
    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.values = _values(context.settings)
        self.cursor = 0
        self.error = ""

    def soft_keys(self) -> tuple[str, str]:
        return ("Save", "Cancel")

    def enabled(self) -> list[bool]:
        """Which rows can be changed: the Oklahoma rows only in Oklahoma Gin, the ace's only
        while the upcard sets the knock limit."""
        oklahoma = self.values["game_type"] == OKLAHOMA
        by_upcard = self.values["oklahoma_knock_limit"] == UPCARD_LIMIT
        return [(oklahoma or not row.oklahoma_only)
                and (by_upcard or row.name != "oklahoma_ace_gin_only") for row in ROWS]

    def settings(self) -> Settings:
        """The settings as they stand on the screen (not yet saved)."""
        options = {k: v for k, v in self.values.items() if k not in ("difficulty", "sound")}
        return replace(self.context.settings, options=Options(**options),
                       difficulty=self.values["difficulty"], sound=self.values["sound"])

    def change(self, step: int) -> None:
        row = ROWS[self.cursor]
        index = row.choices.index(self.values[row.name])
        self.values[row.name] = row.choices[(index + step) % len(row.choices)]

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.dirty = True
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, self.enabled())
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, self.enabled())
        elif key in CURSOR_LEFT:
            self.change(-1)
        elif key in NEXT_VALUE:
            self.change(1)
        elif key in CONFIRM:
            self.error = self.context.save_settings(self.settings()) or ""
            return None if self.error else Pop()
        elif key in BACK:
            return PopToRoot()
        self.cursor = first_enabled(self.enabled(), self.cursor)
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Options")
        prompt = widgets.prompt_rect(theme)
        items = [
            widgets.MenuItem(row.label, row.shown[row.choices.index(self.values[row.name])], on)
            for row, on in zip(ROWS, self.enabled(), strict=True)
        ]
        menu = pygame.Rect(content.left, content.top, content.width, prompt.top - content.top)
        widgets.draw_menu(lcd, theme, menu, items, self.cursor)
        widgets.draw_prompt(lcd, theme, self.error or HINT)
