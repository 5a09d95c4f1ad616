"""Cards that move: a drawn card slides from the stock or the pile to its hand, a discard from
its hand to the pile, at the phone's frame rate, for a moment (the Card Motion option: off,
normal, fast). Any key ends the slide, and does nothing else.

A `MotionTracker` watches the player's view from one step to the next: a new draw or discard
in the view's log starts a `Motion`. It knows only what the view shows: the player's own drawn
card face up, the computer's stock draw as a back.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gin_handset.render import table
from gin_handset.render.cards import card_metrics, hand_slots
from gin_handset.render.theme import Theme
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import EventKind
from gin_handset.rules.view import PlayerView

SPEEDS = {"off": 0, "normal": 240, "fast": 140}  # ms a card takes to slide
FRAME_MS = 16


@dataclass
class Motion:
    card: Card | None  # None: shown as a back
    start: pygame.Rect
    end: pygame.Rect
    ms: int
    to_pile: bool  # it lands on the discard pile (else in a hand)
    seat: int  # whose hand it leaves or joins
    elapsed: int = 0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.ms

    def rect(self) -> pygame.Rect:
        """Where the card is now: eased out, fast at first and settling on its place."""
        t = min(1.0, self.elapsed / self.ms)
        t = 1 - (1 - t) ** 2
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        return pygame.Rect(round(x), round(y), self.start.width, self.start.height)


class MotionTracker:
    """Starts a motion for each new draw or discard the view shows."""

    def __init__(self, view: PlayerView, hand: list[Card], opponent: str) -> None:
        self.opponent = opponent  # the opponent's name, drawn beside its cards
        self.log_seen = len(view.log)
        self.hand_seen = list(hand)  # the player's cards in the order shown
        self.opponent_seen = view.opponent_hand_count
        self.motion: Motion | None = None

    def follow(self, view: PlayerView, hand: list[Card], theme: Theme, ms: int,
               speed: int) -> bool:
        """Move on by ``ms`` and notice the view's new steps; whether the picture changed."""
        changed = self.advance(ms)
        log = view.log
        if len(log) > self.log_seen and speed > 0:
            started = self._start(view, hand, theme, speed)
            if started is not None:
                self.motion, changed = started, True
        self.log_seen = len(log)
        self.hand_seen = list(hand)
        self.opponent_seen = view.opponent_hand_count
        return changed

    def advance(self, ms: int) -> bool:
        """Move the sliding card on by ``ms``; whether one was moving."""
        if self.motion is None:
            return False
        self.motion.elapsed += ms
        if self.motion.done:
            self.motion = None
        return True

    def stop(self) -> None:
        self.motion = None

    def _start(self, view: PlayerView, hand: list[Card], theme: Theme,
               speed: int) -> Motion | None:
        event = view.log[-1]
        where = table.table_layout(theme)
        m = card_metrics(theme)
        pile = pygame.Rect(where.discard, (m.width, m.height))
        stock = pygame.Rect(where.stock, (m.width, m.height))
        mine = event.seat == view.seat
        if event.kind is EventKind.DISCARD:
            start = (self._slot(hand_slots(theme, len(self.hand_seen), where.hand),
                                self.hand_seen, event.card) if mine
                     else self._opponent_slot(theme, where.opponent, self.opponent_seen,
                                              self.opponent))
            return Motion(event.card, start, pile, speed, True, event.seat)
        if event.kind in (EventKind.STOCK, EventKind.PILE, EventKind.TAKE, EventKind.CANCEL):
            source = stock if event.kind is EventKind.STOCK else pile
            if mine:
                gained = next((c for c in hand if c not in self.hand_seen), None)
                end = self._slot(hand_slots(theme, len(hand), where.hand), hand, gained)
                return Motion(gained, source, end, speed, False, view.seat)
            shown = event.card if event.kind is not EventKind.STOCK else None
            end = self._opponent_slot(theme, where.opponent, view.opponent_hand_count,
                                      self.opponent)
            return Motion(shown, source, end, speed, False, event.seat)
        return None

    @staticmethod
    def _slot(slots: list[pygame.Rect], cards: list[Card], card: Card | None) -> pygame.Rect:
        if card in cards:
            return slots[cards.index(card)]
        return slots[len(slots) // 2] if slots else pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def _opponent_slot(theme: Theme, rect: pygame.Rect, count: int, name: str) -> pygame.Rect:
        slots = hand_slots(theme, max(1, count), table.opponent_row(theme, rect, name))
        return slots[-1]
