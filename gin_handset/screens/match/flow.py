"""What the match screens share: the session, its save, and the order of the player's hand.

The session is saved after every step (``on_change``) and the save is cleared once the match is
won. The player's hand order is the screens' own business (sorting, moving a card); the rules
only know which cards are held.
"""

from __future__ import annotations

from collections.abc import Callable

from gin_handset.rules.actions import Action
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import IllegalAction
from gin_handset.screens.context import AppContext
from gin_handset.session.match_session import HUMAN, MatchSession
from gin_handset.session.saves import SaveStore

COMPUTER_NAME = "CPU"
BY_RANK, BY_SUIT = "rank", "suit"
SORT_KEYS: dict[str, Callable[[Card], tuple[int, int]]] = {
    BY_RANK: lambda c: (c.rank, c.suit),
    BY_SUIT: lambda c: (c.suit, c.rank),
}


class MatchFlow:
    """The match being played: the session, where it is saved, and the hand as the player
    ordered it."""

    def __init__(self, context: AppContext, store: SaveStore, session: MatchSession) -> None:
        self.context = context
        self.store = store
        self.session = session
        self.sort_by = BY_SUIT
        self.order: list[Card] = []
        self._hand_number: int | None = None
        # Save failures not yet shown to the player (the next match screen shows them).
        self.problems: list[str] = []
        session.on_change = self._changed
        self.hand_cards()

    def _changed(self, session: MatchSession) -> None:
        try:
            if session.match.is_over:
                self.store.clear()
            else:
                self.store.save(session.record)
        except OSError as error:
            message = f"The match could not be saved: {error}"
            if message not in self.problems:
                self.problems.append(message)

    def save(self) -> None:
        """Save now (a new match, before its first step)."""
        self._changed(self.session)

    def apply(self, action: Action) -> str | None:
        """Apply the player's action; the reason when the rules refuse it, else None."""
        try:
            self.session.apply(action)
        except IllegalAction as error:
            return str(error)
        return None

    def hand_cards(self) -> list[Card]:
        """The player's cards in the player's order; new cards join at the right end."""
        number = self.session.match.hand_number
        held = self.session.hand.hands[HUMAN]
        if number != self._hand_number:
            self.order = sorted(held, key=SORT_KEYS[self.sort_by])
            self._hand_number = number
        kept = [c for c in self.order if c in held]
        self.order = kept + [c for c in held if c not in kept]
        return list(self.order)

    def sort(self, by: str) -> None:
        self.sort_by = by
        self.order = sorted(self.hand_cards(), key=SORT_KEYS[by])

    def move(self, index: int, step: int) -> int:
        """Move the card at ``index`` one place left (-1) or right (1); its new index."""
        cards = self.hand_cards()
        target = index + step
        if not (0 <= index < len(cards) and 0 <= target < len(cards)):
            return index
        cards[index], cards[target] = cards[target], cards[index]
        self.order = cards
        return target
