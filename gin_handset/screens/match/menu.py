"""Over the match: the match menu (the right soft key), the discard pile (9, or the menu) and
the coach's hint (7, or the menu).

The menu: Resume, Hint, Discard pile, Score sheet (screens/match/sheet.py), How to Play (its
keys page true to this table), Main menu (asking first when leaving loses the match); 2/8 move,
5 or OK choose, CLR (or the right soft key) closes it. Its info line names the match seed and
the hand, which ``--seed N --hand K`` replays. The discard pile lists every card
in it, newest first, with who put it there, and the cards the computer took from it; 2/8 (or
4/6) page, OK or CLR close it.
The hint: the move the Hard computer (Expert, against Expert) would make in the player's seat,
with a short reason naming what sets it apart from the runner-up, its cards drawn as rank and
pip, paged with 2/8 when long; worked out off the main loop from the player's view alone; asking
marks the match as assisted.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from gin_handset.render import table, widgets
from gin_handset.render.fonts import line_height
from gin_handset.render.theme import Theme
from gin_handset.rules.cards import Card, shown
from gin_handset.rules.hand import EventKind
from gin_handset.rules.view import PlayerView
from gin_handset.screens.base import Pop, PopToRoot, Push, Replace, Screen, Transition
from gin_handset.screens.common import draw_frame, step_cursor, text_box_room
from gin_handset.screens.dialogs import confirm_leave
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.match.sheet import ScoreSheetScreen
from gin_handset.screens.match.shortcuts import key_pages
from gin_handset.screens.match.ui import MatchUI
from gin_handset.session.match_session import POLL_MS
from gin_handset.session.seats import Seats

RESUME, HINT, PILE, SHEET = "Resume", "Hint", "Discard pile", "Score sheet"
HOW_TO_PLAY, MAIN_MENU = "How to Play", "Main menu"
ITEMS = (RESUME, HINT, PILE, SHEET, HOW_TO_PLAY, MAIN_MENU)


def match_info(ui: MatchUI) -> str:
    seed = ui.session.seed
    shown = "Seed: at the end" if seed is None else f"Seed {seed}"
    return f"{shown}  Hand {ui.session.hand_number + 1}"


class MatchMenuScreen(Screen):
    """The match menu; no Hint between people, where the coach gives none."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.items = tuple(item for item in ITEMS if item != HINT or ui.session.coached)
        self.cursor = 0

    def soft_keys(self) -> tuple[str, str]:
        return "Select", "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, [True] * len(self.items))
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, [True] * len(self.items))
        elif key in BACK:
            return Pop()
        elif key in CHOOSE:
            return self.choose(self.items[self.cursor])
        return None

    def choose(self, item: str) -> Transition:
        if item == PILE:
            return Replace(PileScreen(self.ui))
        if item == HINT:
            return Replace(HintScreen(self.ui))
        if item == SHEET:
            return Replace(ScoreSheetScreen(self.ui))
        if item == HOW_TO_PLAY:
            session = self.ui.session
            return Push(HelpScreen(self.ui.context, key_pages(
                session.kept_when_left, session.coached, session.replayable)))
        if item == MAIN_MENU:
            return Replace(confirm_leave()) if self.ui.session.leaving_loses else PopToRoot()
        return Pop()

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Match menu")
        prompt = widgets.prompt_rect(theme)
        menu = pygame.Rect(content.left, content.top, content.width, prompt.top - content.top)
        widgets.draw_menu(lcd, theme, menu, [widgets.MenuItem(item) for item in self.items],
                          self.cursor)
        widgets.draw_prompt(lcd, theme, match_info(self.ui))


def pile_history(view: PlayerView) -> list[tuple[Card, int | None]]:
    """The discard pile bottom first, each card with the seat that discarded it (None for the
    upcard), rebuilt from the public log."""
    pile: list[tuple[Card, int | None]] = [(view.upcard, None)]
    for event in view.log:
        if event.kind is EventKind.DISCARD and event.card is not None:
            pile.append((event.card, event.seat))
        elif event.kind in (EventKind.TAKE, EventKind.PILE, EventKind.CANCEL):
            pile.pop()
    return pile


def pile_lines(view: PlayerView, seats: Seats) -> list[list[table.Part]]:
    lines: list[list[table.Part]] = []
    for card, seat in reversed(pile_history(view)):
        who = "upcard" if seat is None else f"by {seats.who(seat)}"
        lines.append([card, f" {who}"])
    taken = view.opponent_pickups
    other = seats.name(view.opponent)
    lines.append([f"{other} took {'nothing' if not taken else ''}", *_spaced(taken)])
    return lines


def _spaced(cards: tuple[Card, ...]) -> list[table.Part]:
    parts: list[table.Part] = []
    for card in cards:
        parts.extend([card, " "])
    return parts[:-1]


class PileScreen(Screen):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.page = 0

    def soft_keys(self) -> tuple[str, str]:
        return "Back", "Back"

    def pages(self, theme: Theme) -> list[list[list[table.Part]]]:
        rect = self.area(theme)
        per_page = max(1, rect.height // (line_height(theme.font("body")) + 1))
        lines = pile_lines(self.ui.view(), self.ui.seats)
        return [lines[i:i + per_page] for i in range(0, len(lines), per_page)]

    @staticmethod
    def area(theme: Theme) -> pygame.Rect:
        content = widgets.layout(theme).content
        bottom = widgets.prompt_rect(theme).top
        return pygame.Rect(widgets.MARGIN, content.top + 1, content.width - 2 * widgets.MARGIN,
                           bottom - content.top - 1)

    def on_key(self, key: PhoneKey) -> Transition | None:
        count = len(self.pages(self.ui.theme))
        if key in CURSOR_UP | CURSOR_LEFT:
            self.page = max(0, self.page - 1)
        elif key in CURSOR_DOWN | CURSOR_RIGHT:
            self.page = min(count - 1, self.page + 1)
        elif key in CHOOSE | BACK:
            return Pop()
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        pages = self.pages(theme)
        count = len(self.ui.view().discard_pile)
        draw_frame(lcd, theme, self, "Discard pile", f"{count}")
        rect = self.area(theme)
        body = theme.font("body")
        y = rect.top
        for parts in pages[min(self.page, len(pages) - 1)]:
            table.draw_rich(lcd, theme, table.fit_parts(parts, body, rect.width), body,
                            (rect.left, y))
            y += line_height(body) + 1
        where = f"page {self.page + 1}/{len(pages)}" if len(pages) > 1 else ""
        table.draw_prompt(lcd, theme, [f"OK: back  {where}".rstrip()])


class HintScreen(Screen):
    """The coach's move for the player, and why, cards drawn as rank and pip; a reason longer
    than the box pages with 2/8; OK or CLR go back to the match."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.refused = ui.session.ask_hint()
        self.ready = False  # the advice has been worked out
        self.page = 0

    def soft_keys(self) -> tuple[str, str]:
        return "Back", "Back"

    def words(self) -> Sequence[table.Part]:
        """What the box says: the advice's reason, or why there is none (yet)."""
        if self.refused is not None:
            return (self.refused,)
        advice = self.ui.session.hint()
        if advice is None:
            return ("Thinking..." if self.ui.session.hint_pending() else "No hint now",)
        return advice.words

    def text(self) -> str:
        """What the box says, as plain text (cards written ``9♣``)."""
        return "".join(shown(p) if isinstance(p, Card) else p for p in self.words())

    def pages(self, theme: Theme) -> list[list[list[table.Part]]]:
        room = self.room(theme)
        lines = table.wrap_rich(self.words(), theme.font("body"),
                                room.width - 4 * widgets.MARGIN)
        per_page = widgets.message_lines(theme, room)
        return [lines[i:i + per_page] for i in range(0, len(lines), per_page)] or [[]]

    @staticmethod
    def room(theme: Theme) -> pygame.Rect:
        """Where the box goes: the content area above the prompt line, as a text box."""
        return text_box_room(theme, widgets.layout(theme).content)

    def update(self, ms: int) -> Transition | None:
        if not self.ready and not self.ui.session.hint_pending():
            self.ready = self.dirty = True
        return None

    def wake_in(self) -> int | None:
        return POLL_MS if self.ui.session.hint_pending() else None

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CURSOR_UP | CURSOR_DOWN:
            self.page += 1 if key in CURSOR_DOWN else -1
            self.dirty = True
            return None
        return Pop() if key in CHOOSE | BACK else None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        draw_frame(lcd, theme, self, "Hint")
        pages = self.pages(theme)
        self.page = max(0, min(self.page, len(pages) - 1))
        table.draw_rich_message(lcd, theme, self.room(theme), pages[self.page])
        widgets.draw_prompt(lcd, theme, self.prompt(len(pages)))

    def prompt(self, pages: int) -> str:
        """The prompt line: the page, and that the match now counts as assisted (not when the
        hint was refused: then it does not)."""
        given = self.refused is None
        if pages > 1:
            return f"2/8: page {self.page + 1}/{pages}" + (", assisted" if given else "")
        return "The match counts as assisted" if given else "OK: back"
