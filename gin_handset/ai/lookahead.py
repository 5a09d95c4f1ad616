"""Hand evaluation by one draw of lookahead, exact over the unseen cards.

The value of a ten-card hand is the expected utility of the best eleven-card discard after one
more stock draw, each unseen card weighted by the chance it is in the stock rather than in the
opponent's hand; with a horizon k above 1, the expected best of k such draws (a hand with many
ways to improve is worth more than one with a single good card to wait for). Utility is the
deadwood count less a bonus for being able to knock or go gin.
A discard's score adds the risk that the opponent melds it, times a safety weight.
"""

from __future__ import annotations

from gin_handset.ai.knowledge import VALUES, Knowledge, bits
from gin_handset.rules.melds import best_discards_mask, deadwood_mask

MAX_DEADWOOD = 128
CANDIDATES = 3  # discards looked at in depth for each possible stock card
SUIT = 0x1FFF
ACES = sum(1 << (13 * s) for s in range(4))
KINGS = ACES << 12


def connected(hand: int) -> int:
    """Cards that could join a meld with ``hand``: a suit neighbour, or two of its rank there.

    Any other card added to the hand is deadwood in every arrangement.
    """
    near = ((hand << 1) & ~ACES) | ((hand >> 1) & ~KINGS)
    r0, r1, r2, r3 = hand & SUIT, hand >> 13 & SUIT, hand >> 26 & SUIT, hand >> 39
    pairs = (r0 & (r1 | r2 | r3)) | (r1 & (r2 | r3)) | (r2 & r3)
    return (near | pairs | pairs << 13 | pairs << 26 | pairs << 39) & ~hand


def best_of(outcomes: list[tuple[float, float]], k: float) -> float:
    """Expected least of ``k`` independent draws from (value, chance) outcomes (k=1: the mean)."""
    if k == 1.0:
        return sum(u * p for u, p in outcomes)
    total = sum(p for _, p in outcomes) or 1.0
    expected, above = 0.0, 1.0
    for u, p in sorted(outcomes):
        rest = max(0.0, above - p / total)
        expected += u * (above**k - rest**k)
        above = rest
    return expected


class Evaluator:
    def __init__(
        self,
        know: Knowledge,
        knock_limit: int,
        knock_bonus: float,
        gin_bonus: float,
        safety: float,
        horizon: float = 1.0,
    ) -> None:
        self.know = know
        self.draws = [(b, p, VALUES[b.bit_length() - 1]) for b, p in know.stock_draws()]
        self._values: dict[int, float] = {}
        self.utility = [
            d - (knock_bonus if d <= knock_limit else 0.0) - (gin_bonus if d == 0 else 0.0)
            for d in range(MAX_DEADWOOD)
        ]
        self.safety = safety
        self.horizon = horizon
        self._risk: dict[int, float] = {}

    def risk(self, card: int) -> float:
        """Safety cost of discarding ``card``."""
        if not self.safety:
            return 0.0
        cost = self._risk.get(card)
        if cost is None:
            cost = self._risk[card] = self.safety * self.know.meld_risk(card)
        return cost

    def value(self, hand: int) -> float:
        """Expected utility of a ten-card hand after one more stock draw and the best discard."""
        known = self._values.get(hand)
        if known is not None:
            return known
        utility = self.utility
        plain = deadwood_mask(hand)
        shed = best_discards_mask(hand)[0]
        near = connected(hand)
        outcomes = [
            (utility[best_discards_mask(hand | b)[0] if b & near else min(plain, shed + v)], p)
            for b, p, v in self.draws
        ]
        total = best_of(outcomes, self.horizon)
        self._values[hand] = total
        return total

    def discard_scores(self, hand: int, allowed: int) -> list[tuple[float, int]]:
        """(score, card) for each card of ``allowed`` discarded from an eleven-card hand."""
        return [
            (self.value(hand & ~(1 << c)) + self.risk(c) - 0.001 * VALUES[c], c)
            for c in bits(allowed)
        ]

    def best_discard(self, hand: int, allowed: int) -> tuple[float, int]:
        return min(self.discard_scores(hand, allowed))

    def stock_value(self, hand: int) -> float:
        """Expected score of drawing from the stock and then discarding well."""
        total = 0.0
        for b, p, _ in self.draws:
            eleven = hand | b
            quick = sorted(
                (deadwood_mask(eleven & ~(1 << c)) + self.risk(c), c) for c in bits(eleven)
            )
            allowed = 0
            for _, c in quick[:CANDIDATES]:
                allowed |= 1 << c
            total += p * self.best_discard(eleven, allowed)[0]
        return total
