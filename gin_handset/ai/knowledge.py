"""What a seat can infer from its view: unseen cards and where the opponent's cards likely are.

Cards are 0-51 indices (suit * 13 + rank - 1) and sets of cards are 52-bit masks, as in
``gin_handset.rules.melds``. The opponent model is a weight per unseen card: its discards and the
cards it declined make their neighbours (same rank, next ranks of the suit) less likely in its
hand, the cards it took from the pile make them more likely.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin_handset.rules.cards import mask_of
from gin_handset.rules.hand import PICKUPS, EventKind
from gin_handset.rules.melds import best_discards_mask
from gin_handset.rules.view import PlayerView

FULL = (1 << 52) - 1
VALUES = tuple(min(i % 13 + 1, 10) for i in range(52))

# Weight factors for (same rank, next rank in suit, two ranks away in suit).
DISCARDED = (0.6, 0.65, 0.85)
DECLINED = (0.55, 0.6, 0.8)
PICKED = (1.7, 1.7, 1.3)


def bits(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _neighbours(card: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    suit, rank = divmod(card, 13)
    same = tuple(s * 13 + rank for s in range(4) if s != suit)
    near = tuple(suit * 13 + r for r in (rank - 1, rank + 1) if 0 <= r < 13)
    far = tuple(suit * 13 + r for r in (rank - 2, rank + 2) if 0 <= r < 13)
    return same, near, far


NEIGHBOURS = tuple(_neighbours(c) for c in range(52))


def _meld_pairs(card: int) -> tuple[int, ...]:
    """Masks of two other cards that make a meld with ``card``."""
    suit, rank = divmod(card, 13)
    others = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(1 << a) | (1 << b) for i, a in enumerate(others) for b in others[i + 1 :]]
    for low in (rank - 2, rank - 1, rank):
        ranks = [r for r in (low, low + 1, low + 2) if r != rank]
        if low >= 0 and low + 2 < 13 and len(ranks) == 2:
            pairs.append((1 << (suit * 13 + ranks[0])) | (1 << (suit * 13 + ranks[1])))
    return tuple(pairs)


MELD_PAIRS = tuple(_meld_pairs(c) for c in range(52))


def _spread(weight: list[float], cards: list[int], count: int) -> list[float]:
    """Chances that sum to ``count`` over ``cards``, in proportion to ``weight``, none above 1."""
    probability = [0.0] * 52
    free, left = list(cards), float(count)
    while free and left > 0:
        total = sum(weight[c] for c in free)
        full = [c for c in free if left * weight[c] >= total]
        if not full:
            for c in free:
                probability[c] = left * weight[c] / total
            break
        for c in full:
            probability[c] = 1.0
        left -= len(full)
        free = [c for c in free if c not in full]
    return probability


@dataclass(frozen=True)
class Knowledge:
    opp_known: int  # cards the opponent surely holds (taken from the pile, not given back)
    opp_unknown: int  # how many of the opponent's cards are not known
    unseen: int  # neither in my hand, nor in the pile, nor known in the opponent's hand
    opp_probability: tuple[float, ...]  # per card: chance it is in the opponent's hand
    opp_weight: tuple[float, ...]  # per card: relative weight among the unseen

    @classmethod
    def of(cls, view: PlayerView, model: bool = True) -> Knowledge:
        me = view.seat
        pile = [view.upcard]
        opp_known = 0
        discarded: list[int] = []
        declined: list[int] = []
        picked: list[int] = []
        passes = 0
        for event in view.log:
            kind, card = event.kind, event.card
            theirs = event.seat != me
            if kind in PICKUPS and card is not None:
                pile.pop()
                if theirs:
                    opp_known |= 1 << card.index
                    picked.append(card.index)
            elif kind is EventKind.DISCARD and card is not None:
                pile.append(card)
                if theirs:
                    opp_known &= ~(1 << card.index)
                    discarded.append(card.index)
            elif kind is EventKind.CANCEL and card is not None:
                pile.pop()
                if theirs:
                    opp_known |= 1 << card.index
                    discarded.remove(card.index)
            elif kind is EventKind.PASS:
                passes += 1
                if theirs:
                    declined.append(pile[-1].index)
            elif kind is EventKind.STOCK:
                if theirs and pile and passes != 2:
                    declined.append(pile[-1].index)
                passes = 0
        mine = mask_of(view.hand)
        pile_mask = mask_of(view.discard_pile)
        unseen = FULL & ~mine & ~pile_mask & ~opp_known
        unknown = max(0, view.opponent_hand_count - opp_known.bit_count())
        weight = [0.0] * 52
        for c in bits(unseen):
            weight[c] = 1.0
        if model:
            for cards, factors in ((discarded, DISCARDED), (declined, DECLINED), (picked, PICKED)):
                for card in cards:
                    for group, factor in zip(NEIGHBOURS[card], factors, strict=True):
                        for other in group:
                            weight[other] *= factor
        probability = _spread(weight, bits(unseen), unknown)
        for c in bits(opp_known):
            probability[c] = 1.0
        return cls(opp_known, unknown, unseen, tuple(probability), tuple(weight))

    def stock_draws(self) -> list[tuple[int, float]]:
        """(card bit, chance it is the next stock card) for every unseen card."""
        cards = bits(self.unseen)
        shares = [1.0 - self.opp_probability[c] for c in cards]
        total = sum(shares) or 1.0
        return [(1 << c, s / total) for c, s in zip(cards, shares, strict=True)]

    def meld_risk(self, card: int) -> float:
        """Chance the opponent holds two cards that make a meld with ``card``."""
        p = self.opp_probability
        miss = 1.0
        for pair in MELD_PAIRS[card]:
            a, b = bits(pair)
            miss *= 1.0 - p[a] * p[b]
        return 1.0 - miss

    def sample_fitted(self, extra: int, rng: random.Random) -> int:
        """A sampled opponent hand that has had ``extra`` more cards to choose from: the least
        deadwood its unknown cards can make out of ``extra`` more sampled ones, kept greedily."""
        cards = bits(self.unseen)
        keyed = sorted(
            cards, key=lambda c: rng.random() ** (1.0 / self.opp_weight[c]), reverse=True
        )
        pool = 0
        for c in keyed[: self.opp_unknown + extra]:
            pool |= 1 << c
        hand = self.opp_known | pool
        for _ in range(min(extra, len(keyed) - self.opp_unknown)):
            worst = best_discards_mask(hand)[1] & pool or pool
            card = max(bits(worst), key=VALUES.__getitem__)
            hand &= ~(1 << card)
            pool &= ~(1 << card)
        return hand
