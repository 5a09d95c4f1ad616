"""The end of a hand: both hands with melds, lay-offs (green) and deadwood, how the points were
made, the running totals and the deal's name (``Seed N hand K``, which ``--seed N --hand K``
replays). 1 replays the hand, both hands open; 3 shows the score sheet. OK shows the coach's
review if it has something to say, then deals the next hand or shows who won (with the final
score, and which scoring rules made it).
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import BACK, CHOOSE, CONFIRM, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import table, widgets
from gin_handset.render.fonts import draw_text, line_height, text_width, wrap_text
from gin_handset.render.theme import FontSpec, Theme
from gin_handset.rules.bonuses import BOX_BONUS, GAME_BONUS, SHUTOUT_FACTOR, FinalScore
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.screens.base import PopToRoot, Replace
from gin_handset.screens.common import count, draw_frame
from gin_handset.screens.match.shortcuts import REPLAY_KEY, SHEET_KEY
from gin_handset.screens.match.showdown import (
    TITLES,
    deal_label,
    draw_showdown,
    result_lines,
    result_rows,
)
from gin_handset.screens.match.ui import (
    Go,
    MatchPart,
    MatchTransition,
    MatchUI,
    Route,
)
from gin_handset.session.match_session import POLL_MS, MatchSession
from gin_handset.session.seats import Seats


class ScoreScreen(MatchPart):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui

    @property
    def result(self) -> HandResult:
        result = self.ui.session.result
        assert result is not None
        return result

    def soft_keys(self) -> tuple[str, str]:
        return ("Next" if not self.ui.session.match_over else "Result"), "Menu"

    def on_enter(self) -> None:
        self.ui.session.review()  # the coach starts looking over the hand meanwhile
        if self.result.kind is not ResultKind.DEAD:
            self.ui.context.host.jingle(self.result.kind.value)

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        if key is REPLAY_KEY and self.ui.session.replayable:
            return Go(Route.REPLAY)
        if key is SHEET_KEY:
            return Go(Route.SHEET)
        if key not in CONFIRM:
            return None
        if self.ui.session.review() == []:
            return after_review(self.ui)
        return Go(Route.REVIEW)

    def rows(self) -> list[tuple[str, table.ArrangedRow]]:
        """Each shown hand's label and arranged cards: the knocker first."""
        return result_rows(self.result, {self.ui.seats.me: self.ui.view().hand}, self.ui.seats)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        session = self.ui.session
        content = draw_frame(lcd, theme, self, TITLES[self.result.kind],
                             f"Hand {session.hand_number + 1}")
        seats = self.ui.seats
        draw_showdown(lcd, theme, content, self.rows(), result_lines(
            self.result, session.scores, session.final, seats, deal_name(session, seats)))
        what = "result" if session.match_over else "next"
        replay = "  1: replay" if session.replayable else ""
        if session.other_ready:  # the table gives this player its patience, no more
            table.draw_prompt(lcd, theme, [f"{seats.name(seats.other)} waits  OK: {what}"])
        else:
            table.draw_prompt(lcd, theme, [f"OK: {what}{replay}  3: sheet"])

    def update(self, ms: int) -> MatchTransition | None:
        if self.ui.session.poll(ms):  # a table's news: the other player asked for the next hand
            self.dirty = True
        return None

    def wake_in(self) -> int | None:
        return self.ui.session.poll_in()


def after_review(ui: MatchUI) -> MatchTransition:
    """The next hand's deal, or who won the match."""
    if ui.session.match_over:
        return Go(Route.GAME_OVER)
    ui.session.next_hand()
    return Go(Route.DEAL)


class ReviewScreen(MatchPart):
    """The player's knock decisions of the hand that the coach would have made otherwise, with
    its reasons (cards drawn as rank and pip); 2/8 page a long review, OK (or 5) goes on.
    Skipped when there are none."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.ready = False  # the review has been worked out
        self.page = 0
        ui.session.review()  # set to work now, so that drawing only reads it

    def soft_keys(self) -> tuple[str, str]:
        return "Next", "Menu"

    def update(self, ms: int) -> MatchTransition | None:
        found = self.ui.session.review()
        if found == []:
            return after_review(self.ui)
        if found is not None and not self.ready:
            self.ready = self.dirty = True
        return None

    def wake_in(self) -> int | None:
        return POLL_MS if self.ui.session.review() is None else None

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        if key in CURSOR_UP | CURSOR_DOWN:
            self.page += 1 if key in CURSOR_DOWN else -1
            self.dirty = True
            return None
        return after_review(self.ui) if key in CHOOSE else None

    def pages(self, theme: Theme) -> list[list[list[table.Part]]]:
        """The review's lines of rich text, page by page."""
        spec = theme.font("small")
        content = widgets.layout(theme).content
        width = content.width - 2 * widgets.MARGIN
        found = self.ui.session.review()
        lines: list[list[table.Part]] = []
        for item in found or []:
            lines += [*table.wrap_rich([item.yours + "."], spec, width),
                      *table.wrap_rich(["Coach: ", *item.coach], spec, width), []]
        if found is None:
            lines = table.wrap_rich(["The coach is looking over your knock decisions..."],
                                    spec, width)
        room = widgets.prompt_rect(theme).top - content.top - 1
        per_page = max(1, room // (line_height(spec) + 1))
        pages = [lines[i:i + per_page] for i in range(0, len(lines), per_page)]
        return [page for page in pages if any(page)] or [[]]

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Coach's review")
        spec = theme.font("small")
        pages = self.pages(theme)
        self.page = max(0, min(self.page, len(pages) - 1))
        y = content.top + 1
        for parts in pages[self.page]:
            table.draw_rich(lcd, theme, parts, spec, (widgets.MARGIN, y))
            y += line_height(spec) + 1
        more = f"  2/8: page {self.page + 1}/{len(pages)}" if len(pages) > 1 else ""
        table.draw_prompt(lcd, theme, ["OK: go on" + more])


def headline_lines(text: str, spec: FontSpec, content: pygame.Rect) -> list[str]:
    """``text`` in lines of title type that keep clear of the edges (a sixteenth of the
    screen's width each side); two lines are balanced ("CPU wins / the match")."""
    width = content.width - 2 * max(widgets.MARGIN, content.width // 16)
    lines = wrap_text(text, spec, width)
    if len(lines) != 2:
        return lines
    words = text.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [pair for pair in splits if max(text_width(line, spec) for line in pair) <= width]
    if not fitting:
        return lines
    return list(min(fitting, key=lambda pair: max(text_width(line, spec) for line in pair)))


def deal_name(session: MatchSession, seats: Seats) -> str:
    """What replays this deal (``--seed N --hand K [--dealer]``)."""
    return deal_label(session.seed, session.hand_number, session.view().dealer, seats)


class GameOverScreen(MatchPart):
    shares_keys = False  # CLR and the right soft key go back to the main menu

    """Names the winner of the match, the final score and the rules that made it (the match
    bonuses or not); OK plays another with the same options and level, 3 shows the score sheet,
    CLR (or the right soft key) returns to the main menu."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui

    def soft_keys(self) -> tuple[str, str]:
        return ("Again" if self.ui.session.replayable else ""), "Menu"

    def on_enter(self) -> None:
        winner = self.ui.session.winner
        if winner is not None:  # a table that ended with no winner plays no tune
            self.ui.context.host.jingle("win" if winner == self.ui.seats.me else "lose")

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        context = self.ui.context
        session = self.ui.session
        if key is SHEET_KEY:
            return Go(Route.SHEET)
        again = (context.matches.again(context, session.record)  # type: ignore[attr-defined]
                 if key in CONFIRM and session.replayable else None)
        if again is not None:
            return Replace(again)
        return PopToRoot() if key in BACK else None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        session = self.ui.session
        content = draw_frame(lcd, theme, self, "Game over")
        seats = self.ui.seats
        winner = session.winner
        headline = ("No winner" if winner is None  # both phones away from a network table
                    else f"{seats.does(winner, 'win')} the match" + "!" * (winner == seats.me))
        title = theme.font("title")
        body = theme.font("body")
        ink, accent = theme.color("text"), theme.color("accent")
        y = content.top + content.height // 5
        for line in headline_lines(headline, title, content):
            draw_text(lcd, line, title, accent, (content.centerx, y), "center")
            y += line_height(title)
        y += line_height(body)
        final = session.final
        scores = session.scores if final is None else final.totals
        hands = len(session.results)
        for line in (f"{seats.name(seats.me)} {scores[seats.me]}",
                     f"{seats.name(seats.other)} {scores[seats.other]}",
                     match_length(session.options.points_to_win, hands)):
            draw_text(lcd, line, body, ink, (content.centerx, y), "center")
            y += line_height(body) + 1
        small = theme.font("small")
        y += 2
        for line in wrap_text(rules_applied(final), small, content.width - 2 * widgets.MARGIN):
            draw_text(lcd, line, small, ink, (content.centerx, y), "center")
            y += line_height(small)
        if session.ending is not None:
            for line in wrap_text(session.ending, body, content.width - 2 * widgets.MARGIN):
                draw_text(lcd, line, body, accent, (content.centerx, y), "center")
                y += line_height(body)
        table.draw_prompt(lcd, theme, ["OK: again  3: sheet  CLR: menu" if session.replayable
                                       else "3: sheet  CLR: menu"])


def match_length(points_to_win: int, hands: int) -> str:
    """``to 100, in 5 hands``; a match a seat lost before a hand was played (it left a
    network table, or its clock ran out) ``to 100, no hand played``."""
    return f"to {points_to_win}, " + (f"in {count(hands, 'hand')}" if hands
                                       else "no hand played")


def rules_applied(final: FinalScore | None) -> str:
    """Which scoring made the final score: the hands' points alone, or with the bonuses."""
    if final is None or not final.bonuses:
        return "No match bonuses"
    shutout = f", shutout x{SHUTOUT_FACTOR}" if final.shutout else ""
    return f"With match bonuses: game {GAME_BONUS}, box {BOX_BONUS} a hand won{shutout}"
