"""The deal: ten cards each, dealt one at a time and alternately (each sliding from the stock to
its place, as Card Motion allows), then the upcard turned.

OK (or 5, or the left soft key) skips to the end; the screen then gives way to the first turn.
A key pressed just as the deal ends by itself is taken as meant for the deal (`router.GRACE_MS`).
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import CHOOSE, PhoneKey
from gin_handset.render import table
from gin_handset.render.cards import CardLook, hand_slots
from gin_handset.rules.cards import Card
from gin_handset.screens.match.motion import FRAME_MS, SPEEDS, Motion
from gin_handset.screens.match.table import TableScreen, meld_looks
from gin_handset.screens.match.ui import Go, MatchTransition, MatchUI, Route

CARD_MS = 70  # between two dealt cards
UPCARD_MS = 300  # before the upcard is turned
END_MS = 500  # the dealt table stays this long before play starts
DEALT = 20
DECK = 52


class DealScreen(TableScreen):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__(ui)
        self.clock = 0

    def on_enter(self) -> None:
        self.ui.context.host.jingle("deal")

    @property
    def dealt(self) -> int:
        return min(DEALT, self.clock // CARD_MS)

    @property
    def upcard_shown(self) -> bool:
        return self.clock >= DEALT * CARD_MS + UPCARD_MS

    @property
    def finished(self) -> bool:
        return self.clock >= DEALT * CARD_MS + UPCARD_MS + END_MS

    def _count(self, seat: int) -> int:
        """How many of ``seat``'s cards are dealt so far (the non-dealer gets the first)."""
        first = 1 - self.view.dealer
        return (self.dealt + (1 if seat == first else 0)) // 2

    def settle(self) -> bool:
        """A key ends the card sliding, and goes on to the deal: OK ends the whole deal."""
        super().settle()
        return False

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        if key in CHOOSE:
            return Go(Route.PRESENT)
        return None

    def update(self, ms: int) -> MatchTransition | None:
        before = (self.dealt, self.upcard_shown)
        self.clock += ms
        if self.tracker.advance(ms):
            self.dirty = True
        if (self.dealt, self.upcard_shown) != before:
            self.dirty = True
            if self.dealt > before[0]:
                self._slide(self.dealt)
        return Go(Route.PRESENT) if self.finished else None

    def _slide(self, number: int) -> None:
        """The ``number``-th dealt card (from 1) slides from the stock to its place."""
        speed = min(SPEEDS.get(self.ui.context.settings.motion, 0), CARD_MS)
        if not speed:
            return
        theme = self.ui.theme
        where = table.table_layout(theme)
        seat = 1 - self.view.dealer if number % 2 else self.view.dealer
        count = self._count(seat)
        seats = self.ui.seats
        if seat == seats.me:
            end = hand_slots(theme, count, where.hand)[-1]
            card: Card | None = self.view.hand[count - 1]
        else:
            row = table.opponent_row(theme, where.opponent, seats.name(seats.other))
            end, card = hand_slots(theme, count, row)[-1], None
        start = pygame.Rect(where.stock, end.size)
        self.tracker.motion = Motion(card, start, end, speed, False, seat)

    def wake_in(self) -> int | None:
        if self.tracker.motion is not None:
            return FRAME_MS
        if self.dealt < DEALT:
            return CARD_MS - self.clock % CARD_MS
        return max(0, DEALT * CARD_MS + UPCARD_MS + (0 if not self.upcard_shown else END_MS)
                   - self.clock)

    def opponent_cards(self) -> tuple[int, list[Card] | None]:
        return self._count(self.ui.seats.other), None

    def piles(self) -> tuple[int, Card | None, int]:
        if self.upcard_shown:
            return self.view.stock_count, self.view.upcard, 1
        return DECK - self.dealt, None, 0

    def hand_row(self) -> tuple[list[Card], list[CardLook]]:
        dealt = list(self.view.hand[: self._count(self.ui.seats.me)])
        if self.dealt < DEALT:
            return dealt, [CardLook()] * len(dealt)
        cards = self.ui.hand_cards()
        return cards, meld_looks(cards)

    def status(self) -> tuple[str, str]:
        if self.dealt < DEALT:
            return "Dealing", ""
        mine, limit = super().status()
        return mine, limit if self.upcard_shown else ""  # the limit would tell the upcard

    def side_lines(self) -> list[list[table.Part]]:
        view = self.view
        dealer = self.ui.seats.does(view.dealer, "deal", to_me=True)
        lines: list[list[table.Part]] = [[f"Hand {self.ui.session.hand_number + 1}"], [dealer]]
        if self.upcard_shown:
            lines.append(["Upcard ", view.upcard])
        return lines

    def prompt(self) -> list[table.Part]:
        return ["Dealing: OK skips"]

    def soft_keys(self) -> tuple[str, str]:
        return "Skip", "Menu"
