"""What the match screens share: the session, the order of the player's hand, and routes.

A match screen never builds another match screen: it returns `Go(route)` and the match host
(`router.MatchHost`) shows the screen for it. The player's hand order is the screens' own
business (sorting, moving a card); the rules only know which cards are held.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from gin_handset.render.theme import Theme
from gin_handset.rules.cards import Card
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.view import PlayerView
from gin_handset.screens.base import Screen, Transition
from gin_handset.screens.context import AppContext
from gin_handset.session.match_base import SessionBase
from gin_handset.session.seats import Seats

BY_RANK, BY_SUIT, BY_MELDS = "rank", "suit", "melds"
SORT_KEYS: dict[str, Callable[[Card], tuple[int, int]]] = {
    BY_RANK: lambda c: (c.rank, c.suit),
    BY_SUIT: lambda c: (c.suit, c.rank),
}


def sorted_hand(cards: Sequence[Card], by: str) -> list[Card]:
    """``cards`` by rank, by suit, or by melds: each meld of the best arrangement together
    (lowest meld first), then the deadwood, highest first."""
    if by != BY_MELDS:
        return sorted(cards, key=SORT_KEYS[by])
    arrangement = best_arrangement(cards)
    melds = sorted((sorted(m.cards, key=SORT_KEYS[BY_RANK]) for m in arrangement.melds),
                   key=lambda meld: (meld[0].rank, meld[0].suit))
    loose = sorted(arrangement.deadwood, key=lambda c: (-c.value, -c.rank, c.suit))
    return [card for meld in melds for card in meld] + loose


class Route(Enum):
    PRESENT = "present"  # the screen for the session's present state
    DEAL = "deal"  # the deal of the hand just dealt
    GAME_OVER = "game over"
    REVIEW = "review"  # the coach's look at the hand just over
    MENU = "menu"  # the in-match menu, over the match
    PILE = "pile"  # the discard pile, over the match
    HINT = "hint"  # the coach's move, over the match
    REPLAY = "replay"  # the hand just over played again, over the match
    SHEET = "sheet"  # the score sheet, over the match
    LEAVE = "leave"  # back to the main menu (the match is saved; a network table's is lost)


@dataclass(frozen=True)
class Go:
    """A match screen's request to the match host: show the screen for ``route``."""

    route: Route


MatchTransition = Transition | Go


class MatchPart(Screen):
    """A screen the match host shows. The host takes the keys every match screen shares
    (`router.SHARED_KEYS`) before it, unless ``shares_keys`` is False; `settle` is told of every
    key first."""

    shares_keys = True

    def settle(self) -> bool:
        """A key came: end what moves on its own (a card's slide); whether something moved
        (then the key has done all it does)."""
        return False


def follow_table(screen: MatchPart, ui: MatchUI, ms: int) -> Go | None:
    """While this phone's player acts: news from a table the phone does not hold (the hand
    clock, the other phone out of reach) redraws ``screen``; when the move is no longer the
    player's (the match ended on time, the link was lost), the host shows what is."""
    if not ui.session.poll(ms):
        return None
    screen.dirty = True
    return None if ui.session.human_to_act else Go(Route.PRESENT)


@dataclass
class HandOrder:
    """The player's cards in the player's order: a new hand comes sorted, new cards join at the
    right end, as on the handset. Once the player sorts the hand (`sort`) it stays sorted that
    way, a new card landing in its sorted place, until the player moves a card (`move`).
    Reading it changes nothing; `sync` (after each step) remembers the present order."""

    sort_by: str = BY_MELDS
    order: list[Card] = field(default_factory=list)
    hand_number: int | None = None
    kept_sorted: bool = False  # sorted by the player, no card moved since

    def cards(self, held: Sequence[Card], hand_number: int) -> list[Card]:
        if hand_number != self.hand_number or self.kept_sorted:
            return sorted_hand(held, self.sort_by)
        kept = [c for c in self.order if c in held]
        return kept + [c for c in held if c not in kept]

    def gained(self, held: Sequence[Card], hand_number: int) -> list[Card]:
        """The cards held that the order remembered at the last `sync` lacks (a card just
        drawn or taken back), in the hand's order."""
        if hand_number != self.hand_number:
            return []
        return [c for c in self.cards(held, hand_number) if c not in self.order]

    def sync(self, held: Sequence[Card], hand_number: int) -> None:
        self.order, self.hand_number = self.cards(held, hand_number), hand_number

    def sort(self, held: Sequence[Card], hand_number: int, by: str) -> None:
        self.sort_by, self.kept_sorted = by, True
        self.order = sorted_hand(held, by)
        self.hand_number = hand_number

    def move(self, held: Sequence[Card], hand_number: int, index: int, step: int) -> int:
        """Move the card at ``index`` one place left (-1) or right (1); its new index."""
        cards = self.cards(held, hand_number)
        target = index + step
        if not (0 <= index < len(cards) and 0 <= target < len(cards)):
            return index
        cards[index], cards[target] = cards[target], cards[index]
        self.order, self.hand_number, self.kept_sorted = cards, hand_number, False
        return target


@dataclass
class MatchUI:
    """The session being shown, what every screen may reach, and the player's hand order."""

    session: SessionBase
    context: AppContext
    orders: dict[int, HandOrder] = field(default_factory=dict)  # each seat's, as shown to it
    synced_at: dict[int, int] = field(default_factory=dict)  # the step each was remembered at

    @property
    def theme(self) -> Theme:
        return self.context.theme

    @property
    def seats(self) -> Seats:
        """The seat this phone shows now, and the names."""
        return self.session.seats

    def view(self) -> PlayerView:
        """All the player may know now."""
        return self.session.view()

    def hand_cards(self) -> list[Card]:
        return self.order.cards(self.view().hand, self.session.hand_number)

    @property
    def order(self) -> HandOrder:
        """The hand order of the seat this phone shows now."""
        return self.orders.setdefault(self.seats.me, HandOrder())

    def sync_order(self) -> None:
        """Remember the hand's order after a step (nothing to do when no step was taken)."""
        step, seat = self.session.step, self.seats.me
        if step != self.synced_at.get(seat):
            self.order.sync(self.view().hand, self.session.hand_number)
            self.synced_at[seat] = step

    def gained(self) -> list[Card]:
        """The cards the player's last step brought into the hand, before `sync_order`."""
        return self.order.gained(self.view().hand, self.session.hand_number)

    def sort(self, by: str) -> None:
        self.order.sort(self.view().hand, self.session.hand_number, by)

    def move(self, index: int, step: int) -> int:
        return self.order.move(self.view().hand, self.session.hand_number, index, step)
