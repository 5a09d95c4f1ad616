"""Lay-offs: the defender's deadwood added to the knocker's melds, least remaining deadwood."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from gin_handset.rules.cards import Card, mask_of
from gin_handset.rules.melds import Meld, meld_collections


@dataclass(frozen=True)
class LayOff:
    card: Card
    meld_index: int  # index into the knocker's melds


@dataclass(frozen=True)
class LayOffResult:
    defender_melds: tuple[Meld, ...]
    laid_off: tuple[LayOff, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_count(self) -> int:
        return sum(c.value for c in self.deadwood)


def _lay_off_loose(knocker_melds: Sequence[Meld], loose: Iterable[Card]) -> list[LayOff]:
    """Lay off as many of ``loose`` as fit: runs grown from either end, again and again, and
    the fourth card of a set. Laying off never stops another card being laid off, except a card
    that fits both a set and a run end: it goes on the run, where it may carry a further card.
    """
    free = set(loose)
    laid: list[LayOff] = []
    for index, meld in enumerate(knocker_melds):
        if not meld.is_run:
            continue
        suit = meld.cards[0].suit
        for step, edge in ((-1, meld.cards[0].rank), (1, meld.cards[-1].rank)):
            rank = edge + step
            while 1 <= rank <= 13 and Card(suit, rank) in free:
                card = Card(suit, rank)
                free.discard(card)
                laid.append(LayOff(card, index))
                rank += step
    for index, meld in enumerate(knocker_melds):
        if meld.is_set and len(meld.cards) == 3:
            rank = meld.cards[0].rank
            suit = ({0, 1, 2, 3} - {c.suit for c in meld.cards}).pop()
            card = Card(suit, rank)
            if card in free:
                free.discard(card)
                laid.append(LayOff(card, index))
    return laid


def layable_mask(knocker_melds: Sequence[Meld], cards: int) -> int:
    """The cards of the mask ``cards`` that can be laid off on ``knocker_melds``, all at once:
    each run grown from either end again and again, and the fourth card of a three-card set (a
    card fitting both goes on the run). The mask form of what `lay_off` lays off of the
    defender's loose cards, for players that weigh many hands."""
    laid = 0
    for meld in knocker_melds:
        first = meld.cards[0]
        if meld.is_run:
            suit = first.suit * 13
            low, high = first.rank - 2, meld.cards[-1].rank
            while low >= 0 and cards >> (suit + low) & 1:
                laid |= 1 << (suit + low)
                low -= 1
            while high < 13 and cards >> (suit + high) & 1:
                laid |= 1 << (suit + high)
                high += 1
        elif len(meld.cards) == 3:
            suits = {c.suit for c in meld.cards}
            missing = ({0, 1, 2, 3} - suits).pop() * 13 + first.rank - 1
            laid |= cards & (1 << missing)
    return laid


def lay_off(
    knocker_melds: Sequence[Meld],
    defender_cards: Iterable[Card],
    preferred: Sequence[Meld] | None = None,
) -> LayOffResult:
    """The defender's melds and lay-offs with the least remaining deadwood.

    The defender's own melds and the lay-offs are searched together, so a defender may break a
    meld of their own when laying its cards off leaves less deadwood. ``preferred`` (the melds
    the defender arranged) is kept when it reaches that least deadwood. Against gin (a knocker
    with no deadwood) call this with no knocker melds, or not at all: nothing is laid off.
    """
    cards = sorted(defender_cards)
    best: LayOffResult | None = None
    candidates = meld_collections(cards)
    if preferred is not None:
        candidates = _preferred_first(tuple(preferred), candidates)
    for melds in candidates:
        used = 0
        for meld in melds:
            used |= meld.mask
        loose = [c for c in cards if not mask_of([c]) & used]
        laid = _lay_off_loose(knocker_melds, loose)
        laid_cards = {lay.card for lay in laid}
        left = tuple(c for c in loose if c not in laid_cards)
        result = LayOffResult(melds, tuple(laid), left)
        if best is None or result.deadwood_count < best.deadwood_count:
            best = result
    assert best is not None
    return best


def _preferred_first(
    preferred: tuple[Meld, ...], rest: Iterator[tuple[Meld, ...]]
) -> Iterator[tuple[Meld, ...]]:
    yield preferred
    yield from rest
