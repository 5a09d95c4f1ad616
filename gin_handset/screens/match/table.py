"""The table every in-hand screen draws: opponent, piles, side panel, status line, hand, prompt.

A `TableScreen` says what goes where through small methods; the drawing is shared. Everything
it shows comes from the player's `PlayerView`. On every table: CLR returns to the main menu (the
match is saved after every step), the right soft key opens the match menu, 9 the discard pile;
``*``, ``#`` and 0 sort the hand (by rank, suit, melds), 1 and 3 move the card under the cursor.
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import CURSOR_LEFT, CURSOR_RIGHT, PhoneKey
from gin_handset.render import cards as card_render
from gin_handset.render import table, widgets
from gin_handset.render.cards import PLAIN, CardLook
from gin_handset.render.fonts import text_width
from gin_handset.render.theme import Theme
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Event, EventKind
from gin_handset.rules.melds import best_arrangement, deadwood
from gin_handset.rules.view import PlayerView
from gin_handset.screens.common import draw_frame
from gin_handset.screens.match.motion import FRAME_MS, SPEEDS, MotionTracker
from gin_handset.screens.match.shortcuts import MOVE_LEFT, MOVE_RIGHT, SORTS
from gin_handset.screens.match.ui import MatchPart, MatchTransition, MatchUI
from gin_handset.session.seats import Seats

MENU = "Menu"


def describe(event: Event, seats: Seats, drawn: Card | None = None, gin: bool = False
             ) -> list[table.Part]:
    """A short line saying what a player did, with the card shown if it was public, and the
    card drawn from the stock when it is ``drawn`` (a replay has no secrets); a knock with
    ``gin`` went gin."""
    who = seats.who(event.seat)
    shown = event.card if event.card is not None else drawn
    card: list[table.Part] = [shown] if shown is not None else []
    words = {
        EventKind.PASS: "passed", EventKind.TAKE: "took",
        EventKind.STOCK: "drew" if drawn else "drew stock", EventKind.PILE: "took",
        EventKind.DISCARD: "discarded", EventKind.CANCEL: "took back",
        EventKind.KNOCK: "went gin" if gin else "knocked",
        EventKind.END: "ended turn",
    }[event.kind]
    return [f"{who} {words} ", *card]


def draw_match_frame(lcd: pygame.Surface, theme: Theme, screen: MatchPart, ui: MatchUI,
                     middle: str = "") -> pygame.Rect:
    """A match screen's frame: both names and scores in the title, the hand clock at its
    right; the content rectangle."""
    clock = clock_shown(ui)
    return draw_frame(lcd, theme, screen, fitted_scores(ui.seats, ui.session.scores, theme,
                                                        clock), clock, middle=middle)


def fitted_scores(seats: Seats, scores: tuple[int, int], theme: Theme, right: str = "") -> str:
    """``seats.scores`` as the title bar beside ``right`` has room for: a long nickname is
    shortened (marked with a dot), the longer first, never a score ("Christo. 85  Alexa. 70")."""
    font, room = theme.font("title"), widgets.title_room(theme, right)
    names = list(seats.names)
    text = seats.scores(scores)
    while text_width(text, font) > room:
        longest = max((0, 1), key=lambda seat: len(names[seat].rstrip(".")))
        kept = names[longest].rstrip(".")
        if len(kept) <= 1:  # one space between the seats, and the title bar cuts the rest
            return Seats(seats.me, (names[0], names[1])).scores(scores, " ")
        names[longest] = kept[:-1].rstrip() + "."
        text = Seats(seats.me, (names[0], names[1])).scores(scores)
    return text


def clock_shown(ui: MatchUI) -> str:
    """The hand clock of the seat to act (``2:59``) at the title's right, when the table has
    one."""
    seconds = ui.session.clock
    return "" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


def knock_text(knock_limit: int, doubled: bool) -> str:
    """The hand's knock limit as the status line shows it, ``x2`` when the hand is doubled."""
    limit = "Gin only" if knock_limit == 0 else f"Knock {knock_limit}"
    return f"{limit} x2" if doubled else limit


def meld_looks(cards: list[Card]) -> list[CardLook]:
    """Each card's meld group in the hand's best arrangement (None for deadwood)."""
    groups: dict[Card, int] = {}
    for index, meld in enumerate(best_arrangement(cards).melds):
        for card in meld.cards:
            groups[card] = index
    return [CardLook(meld=groups.get(card)) for card in cards]


class TableScreen(MatchPart):
    """Base of the deal, play and computer-turn screens."""

    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.hand_cursor = 0
        self.note: list[table.Part] | None = None
        self.tracker = MotionTracker(self.view, ui.hand_cards(), ui.seats.name(ui.seats.other))

    def settle(self) -> bool:
        """Any key ends a card's slide, and does nothing else."""
        moving = self.tracker.motion is not None
        self.tracker.stop()
        if moving:
            self.dirty = True
        return moving

    @property
    def view(self) -> PlayerView:
        return self.ui.view()

    def follow_motion(self, ms: int) -> None:
        """Move a sliding card on, and start one for a new draw or discard."""
        speed = SPEEDS.get(self.ui.context.settings.motion, 0)
        if self.tracker.follow(self.view, self.ui.hand_cards(), self.ui.theme, ms, speed):
            self.dirty = True

    def update(self, ms: int) -> MatchTransition | None:
        self.follow_motion(ms)
        return None

    def wake_in(self) -> int | None:
        return FRAME_MS if self.tracker.motion is not None else None

    def rearrange(self, key: PhoneKey) -> bool:
        """Sort the hand or move the card under the cursor; whether ``key`` did that."""
        if key in SORTS:
            self.ui.sort(SORTS[key])
            self.note = [f"Sorted by {SORTS[key]}"]
        elif key in (MOVE_LEFT, MOVE_RIGHT):
            step = -1 if key is MOVE_LEFT else 1
            self.hand_cursor = self.ui.move(self.hand_cursor, step)
        else:
            return False
        return True

    def move_cursor(self, key: PhoneKey) -> bool:
        """4/6 move the cursor along the hand; whether ``key`` did that."""
        count = len(self.ui.hand_cards())
        if key in CURSOR_LEFT:
            self.hand_cursor = max(0, self.hand_cursor - 1)
        elif key in CURSOR_RIGHT:
            self.hand_cursor = min(count - 1, self.hand_cursor + 1)
        else:
            return False
        return True

    def soft_keys(self) -> tuple[str, str]:
        return ("", MENU)

    def opponent_cards(self) -> tuple[int, list[Card] | None]:
        """The opponent's card count, and its cards once the player may see them."""
        view = self.view
        shown = view.opponent_hand
        return view.opponent_hand_count, (list(shown) if shown is not None else None)

    def piles(self) -> tuple[int, Card | None, int]:
        """Stock count, the discard pile's top card, the discard pile's count."""
        pile = self.view.discard_pile
        return self.view.stock_count, pile[-1] if pile else None, len(pile)

    def pile_looks(self) -> tuple[CardLook, CardLook]:
        return PLAIN, PLAIN

    def hand_row(self) -> tuple[list[Card], list[CardLook]]:
        cards = self.ui.hand_cards()
        return cards, meld_looks(cards)

    def status(self) -> tuple[str, str]:
        view = self.view
        return f"Deadwood {deadwood(self.ui.hand_cards())}", knock_text(view.knock_limit,
                                                                         view.doubled)

    def side_lines(self) -> list[list[table.Part]]:
        """The last few things that happened, newest last."""
        events = [e for e in self.view.log if e.kind is not EventKind.END]
        return [describe(e, self.ui.seats) for e in events[-3:]]

    def draw_side(self, lcd: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        table.draw_notes(lcd, theme, rect, self.side_lines())

    def prompt(self) -> list[table.Part]:
        return []

    def middle_key(self) -> str:
        return ""

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        draw_match_frame(lcd, theme, self, self.ui, self.middle_key())
        where = table.table_layout(theme)
        motion = self.tracker.motion
        count, shown = self.opponent_cards()
        seats = self.ui.seats
        if motion is not None and not motion.to_pile and motion.seat != seats.me:
            count -= 1  # the card is on its way
            shown = [c for c in shown if c != motion.card] if shown is not None else None
        table.draw_opponent(lcd, theme, where.opponent, count, seats.name(seats.other), shown)
        stock_count, top, pile_count = self.piles()
        if motion is not None and motion.to_pile:
            under = self.view.discard_pile[:-1]
            top, pile_count = (under[-1] if under else None), len(under)
        stock_look, pile_look = self.pile_looks()
        card_render.draw_pile(lcd, theme, where.stock, None, stock_count, stock_look)
        card_render.draw_pile(lcd, theme, where.discard, top, pile_count, pile_look)
        self.draw_side(lcd, theme, where.choices)
        status_left, status_right = self.status()
        draw_status(lcd, theme, where.status, status_left, status_right)
        cards, looks = self.hand_row()
        if motion is not None and not motion.to_pile and motion.seat == seats.me:
            kept = [i for i, card in enumerate(cards) if card != motion.card]
            cards, looks = [cards[i] for i in kept], [looks[i] for i in kept]
        card_render.draw_hand(lcd, theme, cards, where.hand, looks)
        if motion is not None:
            card_render.draw_any(lcd, theme, motion.card, motion.rect().topleft)
        table.draw_prompt(lcd, theme, self.prompt())


def draw_status(lcd: pygame.Surface, theme: Theme, rect: pygame.Rect, left: str,
                right: str) -> None:
    """The status line in body type, or in small type when that does not fit."""
    room = rect.width - 3 * widgets.MARGIN
    body = theme.font("body")
    if text_width(left, body) + text_width(right, body) + text_width("  ", body) <= room:
        table.draw_status(lcd, theme, rect, left, right, "body")
    else:
        table.draw_status(lcd, theme, rect, left, right, "small")
