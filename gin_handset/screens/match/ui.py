"""What the match screens share: the session, the order of the player's hand, and routes.

A match screen never builds another match screen: it returns `Go(route)` and the match host
(`router.MatchScreen`) shows the screen for it. The player's hand order is the screens' own
business (sorting, moving a card); the rules only know which cards are held.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from gin_handset.render.theme import Theme
from gin_handset.rules.cards import Card
from gin_handset.rules.view import PlayerView
from gin_handset.screens.base import Transition
from gin_handset.session.match_session import MatchSession

COMPUTER_NAME = "CPU"
BY_RANK, BY_SUIT = "rank", "suit"
SORT_KEYS: dict[str, Callable[[Card], tuple[int, int]]] = {
    BY_RANK: lambda c: (c.rank, c.suit),
    BY_SUIT: lambda c: (c.suit, c.rank),
}


class Route(Enum):
    PRESENT = "present"  # the screen for the session's present state
    DEAL = "deal"  # the deal of the hand just dealt
    GAME_OVER = "game over"


@dataclass(frozen=True)
class Go:
    """A match screen's request to the match host: show the screen for ``route``."""

    route: Route


MatchTransition = Transition | Go


@dataclass
class HandOrder:
    """The player's cards in the player's order: a new hand comes sorted, new cards join at the
    right end. Reading it changes nothing; `sync` (after each step) remembers the present
    order."""

    sort_by: str = BY_SUIT
    order: list[Card] = field(default_factory=list)
    hand_number: int | None = None

    def cards(self, held: Sequence[Card], hand_number: int) -> list[Card]:
        if hand_number != self.hand_number:
            return sorted(held, key=SORT_KEYS[self.sort_by])
        kept = [c for c in self.order if c in held]
        return kept + [c for c in held if c not in kept]

    def sync(self, held: Sequence[Card], hand_number: int) -> None:
        self.order, self.hand_number = self.cards(held, hand_number), hand_number

    def sort(self, held: Sequence[Card], hand_number: int, by: str) -> None:
        self.sort_by = by
        self.order = sorted(held, key=SORT_KEYS[by])
        self.hand_number = hand_number

    def move(self, held: Sequence[Card], hand_number: int, index: int, step: int) -> int:
        """Move the card at ``index`` one place left (-1) or right (1); its new index."""
        cards = self.cards(held, hand_number)
        target = index + step
        if not (0 <= index < len(cards) and 0 <= target < len(cards)):
            return index
        cards[index], cards[target] = cards[target], cards[index]
        self.order, self.hand_number = cards, hand_number
        return target


@dataclass
class MatchUI:
    """The session being shown, the theme, and the player's hand order."""

    session: MatchSession
    theme: Theme
    order: HandOrder = field(default_factory=HandOrder)

    def view(self) -> PlayerView:
        """All the player may know now."""
        return self.session.view()

    def hand_cards(self) -> list[Card]:
        return self.order.cards(self.view().hand, self.session.hand_number)

    def sync_order(self) -> None:
        self.order.sync(self.view().hand, self.session.hand_number)

    def sort(self, by: str) -> None:
        self.order.sort(self.view().hand, self.session.hand_number, by)

    def move(self, index: int, step: int) -> int:
        return self.order.move(self.view().hand, self.session.hand_number, index, step)
