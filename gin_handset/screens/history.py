"""History: the last finished matches, newest first, and two lines under the list on the one at
the cursor. 2/8 move the cursor, OK replays the match under it, # exports it as a small JSON file
to share (a box says where), CLR goes back.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from gin_handset.ai.levels import opponent_shown
from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import draw_text, fit_text, line_height, text_width
from gin_handset.render.theme import Theme
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA
from gin_handset.screens.base import Pop, Push, Screen, Transition
from gin_handset.screens.common import MessageView, draw_frame, draw_text_box
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.replay import ReplayScreen
from gin_handset.session.history import Finished, HistoryError

EXPORT_KEY = PhoneKey.POUND
EXPORT_HINT = "#: export"
SHORT_GAME_NAMES = {GIN_RUMMY: "Gin", OKLAHOMA: "Okla"}  # as a 128-pixel line has room for
EMPTY_TEXT = "No finished matches yet. Each match you finish is kept here, the last 50."


def row_label(entry: Finished) -> str:
    """``30 Nov 20:41 W 112-87``: when it ended (the time tells a day's matches apart), won or
    lost, the scores (yours first)."""
    ended = datetime.fromisoformat(entry.ended)
    mine, theirs = entry.own_scores
    return f"{ended.day} {ended:%b %H:%M} {'W' if entry.won else 'L'} {mine}-{theirs}"


def short_game_name(game: str) -> str:
    """``Gin`` (Gin Rummy) or ``Okla`` (Oklahoma Gin)."""
    return SHORT_GAME_NAMES[game]


def row_details(entry: Finished) -> tuple[str, str]:
    """The two lines under the list: the game, target and opponent (``Gin to 100 vs Hard``,
    ``Okla to 500 vs Ann`` between people; the name last, so a long one is all a narrow screen
    cuts), then how it ended and what it was played with (``With bonuses, hints``; ``Forfeit,
    with bonuses`` for a match a seat lost by leaving, its time or its absence at a network
    table; empty if none of these)."""
    record = entry.record
    seats = record.seats
    opponent = seats.name(seats.other) if record.names else opponent_shown(record.difficulty)
    played_with = [word for word, on in (("bonuses", record.options.match_bonuses),
                                         ("hints", record.assisted)) if on]
    parts = ["Forfeit"] if record.conceded is not None else []
    if played_with:
        parts.append(f"{'with' if parts else 'With'} {', '.join(played_with)}")
    return (f"{short_game_name(record.options.game_type)} to {record.options.points_to_win} "
            f"vs {opponent}", ", ".join(parts))


def draw_details(lcd: pygame.Surface, theme: Theme, lines: tuple[str, str]) -> pygame.Rect:
    """``lines`` above the soft keys, in the prompt line's look, with the export key's hint at
    the right of the second; where they are."""
    font = theme.font("small")
    color = theme.color("text")
    step = line_height(font)
    prompt = widgets.prompt_rect(theme)
    rect = pygame.Rect(0, prompt.top - step, prompt.width, prompt.height + step)
    lcd.fill(theme.color("background"), rect)
    lcd.fill(theme.color("dim"), (0, rect.top, rect.width, 1))
    room = rect.width - 2 * widgets.MARGIN
    first, second = lines
    hint = text_width(EXPORT_HINT, font) + 2 * widgets.MARGIN
    draw_text(lcd, fit_text(first, font, room), font, color, (widgets.MARGIN, rect.top + 2))
    draw_text(lcd, fit_text(second, font, room - hint), font, color,
              (widgets.MARGIN, rect.top + 2 + step))
    draw_text(lcd, EXPORT_HINT, font, color, (rect.right - widgets.MARGIN, rect.top + 2 + step),
              "right")
    return rect


class HistoryScreen(Screen):
    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.entries, problems = context.ledger().history()
        self.notice = MessageView(problems)
        self.cursor = 0

    def soft_keys(self) -> tuple[str, str]:
        if self.notice.messages:
            return "OK", ""
        return ("Replay" if self.entries else ""), "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if self.notice.take(key, self.context.theme):
            return None
        if key in BACK:
            return Pop()
        if not self.entries:
            return Pop() if key in CHOOSE else None
        count = len(self.entries)
        if key in CURSOR_UP:
            self.cursor = (self.cursor - 1) % count
        elif key in CURSOR_DOWN:
            self.cursor = (self.cursor + 1) % count
        elif key in CHOOSE:
            return self.replay(self.entries[self.cursor])
        elif key is EXPORT_KEY:
            self.export(self.entries[self.cursor])
        return None

    def replay(self, entry: Finished) -> Transition | None:
        try:
            found = entry.check()
        except HistoryError as error:
            self.notice.messages.append(f"This match cannot be replayed: {error}.")
            return None
        return Push(ReplayScreen(found, entry.record.seed, entry.record.seats))

    def export(self, entry: Finished) -> None:
        try:
            path = self.context.ledger().export(entry)
        except OSError as error:
            self.notice.messages.append(f"The match could not be exported: {error}")
            return
        self.notice.messages.append(f"Exported to {path}. Open it with gin-handset --replay "
                                    "FILE.")

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "History",
                             f"{self.cursor + 1}/{len(self.entries)}" if self.entries else "")
        if not self.entries:
            draw_text_box(lcd, theme, content, EMPTY_TEXT)
        else:
            details = draw_details(lcd, theme, row_details(self.entries[self.cursor]))
            menu = content.copy()
            menu.height = details.top - menu.top
            items = [widgets.MenuItem(row_label(entry)) for entry in self.entries]
            widgets.draw_menu(lcd, theme, menu, items, self.cursor)
        self.notice.draw(lcd, theme)
