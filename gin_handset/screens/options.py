"""The Options screen: the handset's four rule options, the house rules, computer level, whether
a discard waits for End turn, sound, the deck's colours, the phone's layout, the LCD's looks
and the skin.

2/8 move between rows, 4/6 or 5 change the value, OK (or the left soft key) saves and returns,
CLR (or the right soft key) returns to the main menu without saving. A new skin is put on at
once; it is remembered only once it has drawn its first frame (else a box says why, and the
skin in use stays).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from gin_handset.ai.levels import OFFERED
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
from gin_handset.device.skin_files import looks_like_path
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.rules.options import CHOICES, OKLAHOMA, UPCARD_LIMIT, Options
from gin_handset.screens.base import Pop, PopToRoot, Push, Screen, Transition
from gin_handset.screens.common import draw_frame, first_enabled, step_cursor
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.settings import (
    DIFFICULTIES,
    LAYOUTS,
    LCD_CHOICES,
    MOTIONS,
    PLAIN_FIELDS,
    Settings,
)

NEXT_VALUE = CURSOR_RIGHT | PICK
HINT = "4/6 change  OK save  CLR cancel"


@dataclass(frozen=True)
class Row:
    label: str
    name: str  # an Options field, or a Settings field
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
    Row("Match Bonuses", "match_bonuses", CHOICES["match_bonuses"], ("Off", "On")),
    Row("Computer", "difficulty", DIFFICULTIES, tuple(level.shown for level in OFFERED)),
    Row("Confirm Discard", "confirm_discard", (True, False), ("On", "Off")),
    Row("Sound", "sound", (True, False), ("On", "Off")),
    Row("Deck Colours", "four_colour", (False, True), ("Two", "Four")),
    Row("Phone Layout", "layout", LAYOUTS, ("Auto", "Full", "Compact")),
    Row("Backlight Tint", "lcd_tint", LCD_CHOICES, ("Skin", "On", "Off")),
    Row("Pixel Grid", "lcd_grid", LCD_CHOICES, ("Skin", "On", "Off")),
    Row("Slow LCD", "lcd_ghost", LCD_CHOICES, ("Skin", "On", "Off")),
    Row("Card Motion", "motion", MOTIONS, ("Off", "Normal", "Fast")),
)


NICKNAME = Row("Nickname", "nickname", (), ())  # typed on the keypad: 5 or 6 opens the entry


def _values(settings: Settings) -> dict[str, Any]:
    """Every row's value: the rule options, then the other settings by their names."""
    options = settings.options
    return {**{name: getattr(options, name) for name in CHOICES},
            **{name: getattr(settings, name) for name in PLAIN_FIELDS}}


def skin_row(context: AppContext) -> Row | None:
    """The Skin row, when the app can change skins: every skin, the one in use among them."""
    host = context.host
    if not host.skins():
        return None
    names = list(dict.fromkeys([*host.skins(), host.skin_in_use()]))
    shown = tuple(Path(name).stem if looks_like_path(name) else name for name in names)
    return Row("Skin", "skin", tuple(names), shown)


class OptionsScreen(Screen):
    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.values = _values(context.settings)
        row = skin_row(context)
        self.rows = (*ROWS, NICKNAME) if row is None else (*ROWS, row, NICKNAME)
        if row is not None:
            self.values["skin"] = context.host.skin_in_use()
        self.cursor = 0
        self.error = ""

    def soft_keys(self) -> tuple[str, str]:
        return ("Save", "Cancel")

    def enabled(self) -> list[bool]:
        """Which rows can be changed: the Oklahoma rows only in Oklahoma Gin, the ace's only
        while the upcard sets the knock limit, the deck's colours only on a colour skin."""
        oklahoma = self.values["game_type"] == OKLAHOMA
        by_upcard = self.values["oklahoma_knock_limit"] == UPCARD_LIMIT
        colour = self.context.theme.in_colour
        return [(oklahoma or not row.oklahoma_only)
                and (by_upcard or row.name != "oklahoma_ace_gin_only")
                and (colour or row.name != "four_colour") for row in self.rows]

    def settings(self) -> Settings:
        """The settings as they stand on the screen (not yet saved)."""
        options = {k: v for k, v in self.values.items() if k in CHOICES}
        others = {k: v for k, v in self.values.items() if k not in CHOICES}
        return replace(self.context.settings, options=Options(**options), **others)

    def change(self, step: int) -> None:
        row = self.rows[self.cursor]
        if row is NICKNAME:
            return
        index = row.choices.index(self.values[row.name])
        self.values[row.name] = row.choices[(index + step) % len(row.choices)]

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, self.enabled())
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, self.enabled())
        elif key in CURSOR_LEFT | NEXT_VALUE and self.rows[self.cursor] is NICKNAME:
            from gin_handset.screens.two_players import nickname_entry

            return Push(nickname_entry(self.context))
        elif key in CURSOR_LEFT:
            self.change(-1)
        elif key in NEXT_VALUE:
            self.change(1)
        elif key in CONFIRM:
            return self.save()
        elif key in BACK:
            return PopToRoot()
        self.cursor = first_enabled(self.enabled(), self.cursor)
        return None

    def save(self) -> Transition | None:
        """Ask the app for a new skin and layout, save the other settings and return. The app
        puts the skin on once this has returned, and remembers it only once it has drawn."""
        host = self.context.host
        settings = replace(self.settings(), skin=self.context.settings.skin)
        skin = self.values.get("skin")
        if skin is not None and skin != host.skin_in_use():
            problem = host.change_skin(skin)
            if problem is not None:
                self.values["skin"] = host.skin_in_use()
                return Push(NoticeScreen([problem], None, self.context.theme, "Skin"))
        if settings.layout != self.context.settings.layout:
            host.change_layout(settings.layout)
        self.error = self.context.save_settings(settings) or ""
        return None if self.error else Pop()

    def shown(self, row: Row) -> str:
        """The value of ``row`` as the screen shows it."""
        if row is NICKNAME:
            return self.context.settings.nickname or "None"
        return row.shown[row.choices.index(self.values[row.name])]

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Options")
        prompt = widgets.prompt_rect(theme)
        items = [widgets.MenuItem(row.label, self.shown(row), on)
                 for row, on in zip(self.rows, self.enabled(), strict=True)]
        menu = pygame.Rect(content.left, content.top, content.width, prompt.top - content.top)
        widgets.draw_menu(lcd, theme, menu, items, self.cursor)
        widgets.draw_prompt(lcd, theme, self.error or HINT)
