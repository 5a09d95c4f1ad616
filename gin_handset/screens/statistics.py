"""Statistics: the player's figures over all matches, then by computer level and by game type,
on pages: 8 (or OK) turns to the next page and 2 back, 6 and 4 go to the next and previous
section; the left soft key resets them (after asking); CLR, or OK on the last page, goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gin_handset.ai.levels import PEOPLE, opponent_shown
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
from gin_handset.render.fonts import draw_text, fit_text, line_height, text_width
from gin_handset.render.theme import Theme
from gin_handset.rules.options import GIN_RUMMY
from gin_handset.screens.base import Pop, Push, Screen, Transition
from gin_handset.screens.common import MessageView, draw_frame
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import QuestionScreen
from gin_handset.session.statistics import ALL, GAMES, LEVELS, Statistics, Tally, scope

GAME_NAMES = {GIN_RUMMY: "Gin Rummy"}
RESET_TEXT = "Reset all statistics to zero? The match history is kept."


def game_name(game: str) -> str:
    return GAME_NAMES.get(game, "Oklahoma Gin")


def _number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _signed(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}"


def tally_rows(tally: Tally, people: bool = False) -> list[tuple[str, str]]:
    """The figures of one section, as (label, value) rows: of matches against the computer,
    or against ``people`` (the other side is "Their", and no hint is given at their tables)."""
    rate = tally.win_rate()
    their, them = ("Their", "them") if people else ("CPU", "CPU")
    rows = [
        ("Matches", str(tally.matches)),
        ("Won", str(tally.won)),
        ("Lost", str(tally.lost)),
        ("Win rate", "-" if rate is None else f"{rate:.0%}"),
        ("Win streak", str(tally.streak)),
        ("Longest streak", str(tally.longest_streak)),
        ("Best margin", _signed(tally.best_margin)),
        ("Worst margin", _signed(tally.worst_margin)),
        ("With match bonuses", str(tally.bonus_matches)),
        ("Hands", str(tally.hands)),
        ("Points a hand", _number(tally.points_per_hand(), 1)),
        ("Your gins", str(tally.gins)),
        (f"{their} gins", str(tally.gins_against)),
        ("Knocks won", str(tally.knocks_won)),
        (f"{their} knocks won", str(tally.knocks_lost)),
        ("Your undercuts", str(tally.undercuts)),
        (f"Undercut by {them}", str(tally.undercuts_against)),
        ("Dead hands", str(tally.dead)),
        ("Abandoned", str(tally.abandoned)),
    ]
    return rows if people else [*rows, ("With hints", f"{tally.assisted}, "
                                                      f"{tally.assisted_won} won")]


@dataclass(frozen=True)
class Section:
    title: str
    tally: Tally
    people: bool = False  # of the matches against people


def sections(stats: Statistics) -> list[Section]:
    """All matches against the computer; each level played (and the matches against people
    apart); each game type, when both were played against the computer."""
    found = [Section("All vs CPU", stats.tally(scope(ALL, ALL)))]
    for level in LEVELS:
        tally = stats.tally(scope(ALL, level))
        if tally != Tally():
            found.append(Section(opponent_shown(level), tally, level == PEOPLE))
    games = [(game, stats.tally(scope(game, ALL))) for game in GAMES]
    if sum(tally != Tally() for _, tally in games) > 1:
        found += [Section(game_name(game), tally) for game, tally in games]
    return found


class StatisticsScreen(Screen):
    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.stats, problems = context.ledger().statistics()
        self.notice = MessageView(problems)
        self.page = 0

    def pages(self, theme: Theme) -> list[tuple[Section, list[tuple[str, str]]]]:
        """Each section's rows, split into pages that fit ``theme``'s screen."""
        content = widgets.layout(theme).content.inflate(0, -2)
        per_page = max(1, content.height // (line_height(theme.font("body")) + 1))
        found = []
        for section in sections(self.stats):
            rows = tally_rows(section.tally, section.people)
            found += [(section, rows[i:i + per_page]) for i in range(0, len(rows), per_page)]
        return found

    def soft_keys(self) -> tuple[str, str]:
        return ("OK", "") if self.notice.messages else ("Reset", "Back")

    def on_key(self, key: PhoneKey) -> Transition | None:
        theme = self.context.theme
        if self.notice.take(key, theme):
            return None
        if key in BACK:
            return Pop()
        if key is PhoneKey.SOFT_LEFT:
            return Push(QuestionScreen("Statistics", RESET_TEXT, "OK: reset  CLR: keep",
                                       ("Reset", "Keep"), self.reset))
        pages = self.pages(theme)
        self.page = min(self.page, len(pages) - 1)  # turn from the page shown
        if key in CURSOR_DOWN or (key in CHOOSE and self.page < len(pages) - 1):
            self.page = min(self.page + 1, len(pages) - 1)
        elif key in CHOOSE:
            return Pop()
        elif key in CURSOR_UP:
            self.page = max(self.page - 1, 0)
        elif key in CURSOR_RIGHT | CURSOR_LEFT:
            self.page = self._section_page(pages, 1 if key in CURSOR_RIGHT else -1)
        return None

    def _section_page(self, pages: list[tuple[Section, list[tuple[str, str]]]],
                      step: int) -> int:
        """The first page of the next (``step`` 1) or previous (-1) section."""
        firsts = [i for i, (section, _) in enumerate(pages)
                  if i == 0 or pages[i - 1][0] is not section]
        here = max(i for i in firsts if i <= self.page)
        at = firsts.index(here) + step
        return firsts[max(0, min(at, len(firsts) - 1))]

    def reset(self) -> Transition:
        problem = self.context.ledger().reset_statistics()
        self.stats, problems = self.context.ledger().statistics()
        self.notice.messages.extend([problem] if problem else problems)
        self.page = 0
        return Pop()

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        pages = self.pages(theme)
        shown = min(self.page, len(pages) - 1)  # a new skin may fit the rows on fewer pages
        section, rows = pages[shown]
        content = draw_frame(lcd, theme, self, section.title, f"{shown + 1}/{len(pages)}")
        font = theme.font("body")
        ink, accent = theme.color("text"), theme.color("accent")
        y = content.top + 1
        right = content.right - widgets.MARGIN
        for label, value in rows:
            room = right - widgets.MARGIN - text_width(value, font) - text_width(" ", font)
            draw_text(lcd, fit_text(label, font, room), font, ink, (widgets.MARGIN, y))
            draw_text(lcd, value, font, accent, (right, y), "right")
            y += line_height(font) + 1
        self.notice.draw(lcd, theme)
