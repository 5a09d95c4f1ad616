"""History: the last finished matches, newest first. 2/8 move the cursor, OK replays the match
under it, # exports it as a small JSON file to share (a box says where), CLR goes back.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from gin_handset.ai.levels import opponent_shown
from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, Push, Screen, Transition
from gin_handset.screens.common import MessageView, draw_frame, draw_text_box
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.replay import ReplayScreen
from gin_handset.screens.statistics import game_name
from gin_handset.session.history import Finished, HistoryError

EXPORT_KEY = PhoneKey.POUND
EMPTY_TEXT = "No finished matches yet. Each match you finish is kept here, the last 50."


def row_label(entry: Finished) -> str:
    """``30 Nov 20:41 W 112-87``: when it ended (the time tells a day's matches apart), won or
    lost, the scores (yours first)."""
    ended = datetime.fromisoformat(entry.ended)
    mine, theirs = entry.own_scores
    return f"{ended.day} {ended:%b %H:%M} {'W' if entry.won else 'L'} {mine}-{theirs}"


def row_details(entry: Finished) -> str:
    """``Hard, Gin Rummy to 100``, or ``vs Ann, ...`` between people (``, bonuses`` when played
    with the match bonuses)."""
    record = entry.record
    bonuses = ", bonuses" if record.options.match_bonuses else ""
    hint = ", hints" if record.assisted else ""
    seats = record.seats
    opponent = (f"vs {seats.name(seats.other)}" if record.names
                else opponent_shown(record.difficulty))
    return (f"{opponent}, {game_name(record.options.game_type)} to "
            f"{record.options.points_to_win}{bonuses}{hint}")


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
            menu = content.copy()
            menu.height = widgets.prompt_rect(theme).top - menu.top
            items = [widgets.MenuItem(row_label(entry)) for entry in self.entries]
            widgets.draw_menu(lcd, theme, menu, items, self.cursor)
            widgets.draw_prompt(lcd, theme, row_details(self.entries[self.cursor]))
        self.notice.draw(lcd, theme)
