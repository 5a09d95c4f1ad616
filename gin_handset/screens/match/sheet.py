"""The score sheet: every hand of the match so far, how it ended and who scored what, with each
seat's running total, then the totals (and, once a match with bonuses is won, the bonuses and
the final score). From the match menu, and with 3 on a hand's score and on the game over.

It opens on its last page (the latest hands and the totals): 2 (or 4) turns back to earlier
hands, 8 (or 6) on; OK turns on, and on the last page goes back, as CLR and the right soft key
do. Each page repeats the names over the columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gin_handset.device.keys import (
    BACK,
    CHOOSE,
    CURSOR_DOWN,
    CURSOR_LEFT,
    CURSOR_RIGHT,
    CURSOR_UP,
    PhoneKey,
)
from gin_handset.render import widgets
from gin_handset.render.fonts import draw_text, fit_text, line_height, text_width, wrap_text
from gin_handset.render.theme import FontSpec, Theme
from gin_handset.rules.bonuses import BOX_BONUS, GAME_BONUS, SHUTOUT_FACTOR
from gin_handset.rules.hand import ResultKind
from gin_handset.screens.base import Pop, Screen, Transition
from gin_handset.screens.common import draw_frame
from gin_handset.screens.match.ui import MatchUI
from gin_handset.session.match_base import SessionBase
from gin_handset.session.seats import Seats

HOW = {ResultKind.GIN: "Gin", ResultKind.KNOCK: "Knock", ResultKind.UNDERCUT: "Undercut",
       ResultKind.DEAD: "Dead hand"}
BONUS_RULE = (f"Match bonuses at the end: game {GAME_BONUS}, box {BOX_BONUS} a hand won, "
              f"shutout x{SHUTOUT_FACTOR}")
NUMBERS = "0000"  # the least room a column keeps: four digits
GAP = 4  # pixels between columns


@dataclass(frozen=True)
class SheetRow:
    """A line of the sheet: a label and a cell for each column (this phone's seat first), the
    cells of ``marked`` columns in the accent colour; a line of text alone when ``cells`` is
    None."""

    label: str
    cells: tuple[str, str] | None = ("", "")
    marked: tuple[bool, bool] = (False, False)


def sheet_rows(session: SessionBase, seats: Seats) -> list[SheetRow]:
    """The sheet's lines below its header: the hands, then the totals."""
    order = (seats.me, seats.other)

    def row(label: str, by_seat: Sequence[object], marked: int | None = None) -> SheetRow:
        """A row of ``by_seat``'s values, the seat ``marked`` in the accent colour."""
        cells = (str(by_seat[order[0]]), str(by_seat[order[1]]))
        return SheetRow(label, cells, (order[0] == marked, order[1] == marked))

    running = [0, 0]
    rows: list[SheetRow] = []
    for number, result in enumerate(session.results, session.first_hand + 1):
        winner = result.winner
        if winner is None:
            rows.append(SheetRow(f"{number} {HOW[result.kind]}"))
            continue
        running[winner] += result.points
        shown = [running[s] if s == winner else "" for s in range(2)]
        doubled = " x2" if result.doubled else ""  # a spade upcard doubled the hand
        rows.append(row(f"{number} {HOW[result.kind]}{doubled} +{result.points}", shown, winner))
    if not rows:
        rows.append(SheetRow("No hand has ended yet", None))
    final = session.final
    if final is None or not final.bonuses:
        if final is None:  # the points to win beside the totals, while they are to be reached
            rows.append(row(f"Total (to {session.options.points_to_win})", session.scores))
        else:
            rows.append(row("Total", final.totals))
        if final is None and session.options.match_bonuses:
            won = [sum(r.winner == s for r in session.results) for s in range(2)]
            rows += [row("Hands won", won), SheetRow(BONUS_RULE, None)]
        return rows
    winner = final.winner
    rows += [
        row("Hand points", final.points),
        row(f"Box {BOX_BONUS} a hand", [final.box(s) for s in range(2)]),
        row("Game bonus", [final.game(s) or "" for s in range(2)]),
    ]
    if final.shutout:
        rows.append(row("Shutout", [f"x{SHUTOUT_FACTOR}" if s == winner else "" for s in range(2)]))
    rows.append(row("Final", final.totals, winner))
    return rows


@dataclass(frozen=True)
class SheetLayout:
    """The sheet's font, its lines wrapped to the screen, and where the columns end."""

    font: FontSpec
    rows: list[SheetRow]
    right: tuple[int, int]  # the right edge of each column
    column: int  # a column's width


def sheet_layout(theme: Theme, rows: list[SheetRow], names: tuple[str, str],
                 area: pygame.Rect) -> SheetLayout:
    """In the body font when every label and number fits beside each other, else the small
    one; the names over the columns get what room the labels leave."""
    cells = [NUMBERS, *(c for row in rows if row.cells for c in row.cells)]
    for role in ("body", "small"):
        font = theme.font(role)
        column = max(text_width(text, font) for text in cells)
        label = max((text_width(row.label, font) for row in rows if row.cells), default=0)
        if label + 2 * (column + GAP) <= area.width:
            break
    spare = (area.width - label - 2 * GAP) // 2
    column = max(column, min(max(text_width(name, font) for name in names), spare))
    lines: list[SheetRow] = []
    for row in rows:
        if row.cells is None:
            lines += [SheetRow(line, None) for line in wrap_text(row.label, font, area.width)]
        else:
            lines.append(row)
    return SheetLayout(font, lines, (area.right - column - GAP, area.right), column)


class ScoreSheetScreen(Screen):
    """The score sheet of the match, its columns this phone's seat first."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.page: int | None = None  # None: the last page

    @staticmethod
    def area(theme: Theme) -> pygame.Rect:
        """Below the title, above the prompt line."""
        content = widgets.layout(theme).content
        bottom = widgets.prompt_rect(theme).top
        return pygame.Rect(widgets.MARGIN, content.top + 1, content.width - 2 * widgets.MARGIN,
                           bottom - content.top - 1)

    def names(self) -> tuple[str, str]:
        seats = self.ui.seats
        return seats.name(seats.me), seats.name(seats.other)

    def layout(self, theme: Theme) -> SheetLayout:
        return sheet_layout(theme, sheet_rows(self.ui.session, self.ui.seats), self.names(),
                            self.area(theme))

    def pages(self, theme: Theme) -> list[list[SheetRow]]:
        """The lines, a page at a time under the names, counted from the end: the last page,
        where the sheet opens, is full (the latest hands over the totals), the first may not
        be."""
        found = self.layout(theme)
        per_page = max(1, self.area(theme).height // (line_height(found.font) + 1) - 1)
        rows = found.rows
        ends = range(len(rows), 0, -per_page)
        return [rows[max(0, end - per_page):end] for end in reversed(ends)]

    def shown_page(self, theme: Theme) -> int:
        """The page on screen: the one turned to, or the last."""
        count = len(self.pages(theme))
        return count - 1 if self.page is None else min(self.page, count - 1)

    def soft_keys(self) -> tuple[str, str]:
        return "OK", "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        theme = self.ui.theme
        count = len(self.pages(theme))
        page = self.shown_page(theme)
        if key in BACK or (key in CHOOSE and page == count - 1):
            return Pop()
        if key in CURSOR_UP | CURSOR_LEFT:
            self.page = max(0, page - 1)
        elif key in CURSOR_DOWN | CURSOR_RIGHT | CHOOSE:
            self.page = min(count - 1, page + 1)
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        pages = self.pages(theme)
        shown = self.shown_page(theme)
        draw_frame(lcd, theme, self, "Score sheet",
                   f"{shown + 1}/{len(pages)}" if len(pages) > 1 else "")
        found = self.layout(theme)
        font = found.font
        ink, accent = theme.color("text"), theme.color("accent")
        area = self.area(theme)
        step = line_height(font) + 1
        y = area.top
        draw_text(lcd, "Hand", font, accent, (area.left, y))
        for name, right in zip(self.names(), found.right, strict=True):
            draw_text(lcd, fit_text(name, font, found.column), font, accent, (right, y), "right")
        y += step
        lcd.fill(theme.color("dim"), (area.left, y - 1, area.width, 1))
        room = found.right[0] - found.column - GAP - area.left
        for row in pages[shown]:
            if row.cells is None:
                draw_text(lcd, row.label, font, ink, (area.left, y))
            else:
                draw_text(lcd, fit_text(row.label, font, room), font, ink, (area.left, y))
                for cell, right, marked in zip(row.cells, found.right, row.marked, strict=True):
                    draw_text(lcd, cell, font, accent if marked else ink, (right, y), "right")
            y += step
        widgets.draw_prompt(lcd, theme, page_prompt(shown, len(pages)))


def page_prompt(shown: int, count: int) -> str:
    """What the keys do on page ``shown`` of ``count``."""
    if count == 1:
        return "OK: back"
    if shown == count - 1:
        return "2: earlier hands  OK: back"
    return "2/8: earlier/later hands" if shown else "8: later hands"
