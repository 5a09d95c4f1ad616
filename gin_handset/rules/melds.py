"""Melds, deadwood and arrangements, exact and fast.

A hand is a 52-bit mask, 13 bits a suit. Sets are few: a rank can only be a set when it is in
three or four suits, so every choice of sets is enumerated. Given the sets, each suit's remaining
cards are independent and their least deadwood with runs only is read from a 8192-entry table,
as is the least deadwood after removing the best single card. So ``deadwood`` is a handful of
table look-ups and ``best_discards`` is exact with no loop over the discards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from gin_handset.rules.cards import Card, cards_of, format_cards, mask_of

SUIT_BITS = 0x1FFF
_VALUES = tuple(min(rank, 10) for rank in range(1, 14))
_NONE = 1 << 30  # "no card to remove" in the one-removed table
MELD_LEAST = 3  # the fewest cards of a meld


def _run_tables() -> tuple[list[int], list[int], list[int]]:
    """Per-suit tables: least runs-only deadwood, the same after one removal, and which removals.

    ``dead[m]``: least deadwood of the ranks in 13-bit mask ``m`` using runs only.
    ``dead1[m]``: least over each card c of m of ``dead[m - c]``; ``which1[m]``: those cards.
    """
    size = 1 << 13
    dead = [0] * size
    for m in range(1, size):
        low = (m & -m).bit_length() - 1
        best = _VALUES[low] + dead[m & ~(1 << low)]
        # A run that holds the lowest card starts at it.
        length, run = 0, 0
        while low + length < 13 and m >> (low + length) & 1:
            run |= 1 << (low + length)
            length += 1
            if length >= 3:
                best = min(best, dead[m & ~run])
        dead[m] = best
    dead1 = [_NONE] * size
    which1 = [0] * size
    for m in range(1, size):
        rest = m
        while rest:
            bit = rest & -rest
            rest ^= bit
            d = dead[m ^ bit]
            if d < dead1[m]:
                dead1[m], which1[m] = d, bit
            elif d == dead1[m]:
                which1[m] |= bit
    return dead, dead1, which1


_DEAD, _DEAD1, _WHICH1 = _run_tables()


def _suits(mask: int) -> tuple[int, int, int, int, int]:
    """A hand's four suit masks, and the ranks it holds in three or more suits (those that may
    be sets)."""
    a, b, c, d = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39)
    return a, b, c, d, (a & b & (c | d)) | (c & d & (a | b))


def _set_choices(a: int, b: int, c: int, d: int, three: int) -> list[tuple[int, int, int, int]]:
    """Every choice of sets in a hand (as ``_suits`` gives it): the four suit masks left once
    the chosen sets are out."""
    choices = [(a, b, c, d)]
    while three:
        bit = three & -three
        three ^= bit
        nbit = ~bit
        grown = []
        for s0, s1, s2, s3 in choices:
            present = [i for i, s in enumerate((s0, s1, s2, s3)) if s & bit]
            if len(present) < 3:
                continue
            grown.append((s0 & nbit, s1 & nbit, s2 & nbit, s3 & nbit))
            if len(present) == 4:
                for keep in present:
                    suits = [s0 & nbit, s1 & nbit, s2 & nbit, s3 & nbit]
                    suits[keep] |= bit
                    grown.append((suits[0], suits[1], suits[2], suits[3]))
        choices.extend(grown)
    return choices


def deadwood_mask(mask: int) -> int:
    """Least deadwood count of the cards in a 52-bit mask."""
    dead = _DEAD
    a, b, c, d, three = _suits(mask)
    if not three:
        return dead[a] + dead[b] + dead[c] + dead[d]
    return min(dead[a] + dead[b] + dead[c] + dead[d]
               for a, b, c, d in _set_choices(a, b, c, d, three))


def deadwood(cards: Iterable[Card]) -> int:
    """Least deadwood count of any 0 to 11 cards."""
    return deadwood_mask(mask_of(cards))


def best_discards_mask(mask: int) -> tuple[int, int]:
    """(least deadwood after one discard, mask of every card whose discard reaches it)."""
    dead, dead1, which1 = _DEAD, _DEAD1, _WHICH1
    a, b, c, d, three = _suits(mask)
    choices = _set_choices(a, b, c, d, three) if three else ((a, b, c, d),)
    best, cards = _NONE, 0
    for a, b, c, d in choices:
        base = dead[a] + dead[b] + dead[c] + dead[d]
        da, db = dead1[a] - dead[a], dead1[b] - dead[b]
        dc, dd = dead1[c] - dead[c], dead1[d] - dead[d]
        delta = min(da, db, dc, dd)
        total = base + delta
        if total > best:
            continue
        found = 0
        if da == delta:
            found |= which1[a]
        if db == delta:
            found |= which1[b] << 13
        if dc == delta:
            found |= which1[c] << 26
        if dd == delta:
            found |= which1[d] << 39
        if total < best:
            best, cards = total, found
        else:
            cards |= found
    return best, cards


def best_discards(cards: Iterable[Card]) -> tuple[int, frozenset[Card]]:
    """For 11 cards: the least 10-card deadwood reachable by one discard, and every such discard."""
    mask = mask_of(cards)
    if mask == 0:
        raise ValueError("best_discards needs at least one card")
    best, found = best_discards_mask(mask)
    return best, frozenset(cards_of(found))


@dataclass(frozen=True)
class Meld:
    """Three or more cards of one suit in sequence (a run), or three or four of a rank (a set)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        reason = meld_problem(self.cards)
        if reason:
            raise ValueError(reason)
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_meld_order)))

    @property
    def is_run(self) -> bool:
        return self.cards[0].suit == self.cards[1].suit

    @property
    def is_set(self) -> bool:
        return not self.is_run

    @cached_property
    def mask(self) -> int:
        return mask_of(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


def _meld_order(card: Card) -> tuple[int, int]:
    return (card.rank, card.suit)


def meld_problem(cards: Iterable[Card]) -> str | None:
    """Why these cards are not a meld, or None if they are one."""
    cards = list(cards)
    shown = format_cards(cards)
    if len(set(cards)) != len(cards):
        return f"{shown}: a card appears twice"
    if len(cards) < MELD_LEAST:
        return f"{shown}: a meld needs at least three cards"
    if len({c.rank for c in cards}) == 1:
        return None if len(cards) <= 4 else f"{shown}: a set has at most four cards"
    if len({c.suit for c in cards}) != 1:
        return f"{shown}: neither one rank (a set) nor one suit (a run)"
    ranks = sorted(c.rank for c in cards)
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return f"{shown}: a run's ranks must follow each other, ace low, no wrap-around"
    return None


@dataclass(frozen=True)
class Arrangement:
    """Melds and the cards left over (deadwood)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_count(self) -> int:
        return sum(c.value for c in self.deadwood)

    @property
    def is_gin(self) -> bool:
        return not self.deadwood

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    def __str__(self) -> str:
        melds = " | ".join(str(m) for m in self.melds)
        return f"[{melds}] deadwood {format_cards(self.deadwood)} = {self.deadwood_count}"


def _suit_runs(ranks: int, suit: int) -> list[Meld]:
    """Runs reaching the least runs-only deadwood of one suit's ranks (a 13-bit mask)."""
    melds: list[Meld] = []
    while ranks:
        low = (ranks & -ranks).bit_length() - 1
        target = _DEAD[ranks]
        if _VALUES[low] + _DEAD[ranks & ~(1 << low)] == target:
            ranks &= ~(1 << low)
            continue
        length, run = 0, 0
        while True:
            run |= 1 << (low + length)
            length += 1
            if length >= 3 and _DEAD[ranks & ~run] == target:
                break
        melds.append(Meld(tuple(Card(suit, r + 1) for r in range(low, low + length))))
        ranks &= ~run
    return melds


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """One arrangement with the least deadwood count."""
    mask = mask_of(cards)
    suits = min(_set_choices(*_suits(mask)), key=lambda s: sum(_DEAD[m] for m in s))
    melds: list[Meld] = []
    left = 0
    for suit, ranks in enumerate(suits):
        left |= ranks << (13 * suit)
    set_mask = mask & ~left
    for rank in range(13):
        in_set = [Card(s, rank + 1) for s in range(4) if set_mask >> (13 * s + rank) & 1]
        if in_set:
            melds.append(Meld(tuple(in_set)))
    for suit, ranks in enumerate(suits):
        melds.extend(_suit_runs(ranks, suit))
    in_melds = 0
    for meld in melds:
        in_melds |= meld.mask
    return Arrangement(tuple(melds), tuple(cards_of(mask & ~in_melds)))


def possible_melds(cards: Iterable[Card]) -> list[Meld]:
    """Every meld that can be made of these cards (sub-runs and three-card subsets included)."""
    mask = mask_of(cards)
    found: list[Meld] = []
    for suit in range(4):
        ranks = mask >> (13 * suit) & SUIT_BITS
        for start in range(13):
            end = start
            while end < 13 and ranks >> end & 1:
                end += 1
                if end - start >= 3:
                    found.append(Meld(tuple(Card(suit, r + 1) for r in range(start, end))))
    for rank in range(1, 14):
        same = [Card(s, rank) for s in range(4) if mask >> (13 * s + rank - 1) & 1]
        if len(same) >= 3:
            found.append(Meld(tuple(same)))
        if len(same) == 4:
            found.extend(Meld(tuple(c for c in same if c != out)) for out in same)
    return found


def meld_collections(cards: Iterable[Card]) -> Iterator[tuple[Meld, ...]]:
    """Every collection of disjoint melds of these cards, the empty one included."""
    melds = possible_melds(cards)

    def extend(start: int, used: int, chosen: tuple[Meld, ...]) -> Iterator[tuple[Meld, ...]]:
        yield chosen
        for i in range(start, len(melds)):
            meld = melds[i]
            if not meld.mask & used:
                yield from extend(i + 1, used | meld.mask, (*chosen, meld))

    return extend(0, 0, ())


def arrangement_of(cards: Iterable[Card], melds: Iterable[Meld]) -> Arrangement:
    """The arrangement that these melds make of these cards (the rest is deadwood)."""
    melds = tuple(melds)
    used = 0
    for meld in melds:
        used |= meld.mask
    return Arrangement(melds, tuple(c for c in sorted(cards) if not mask_of([c]) & used))


def knock_arrangements(cards: Iterable[Card], limit: int) -> list[Arrangement]:
    """Every arrangement of the hand whose deadwood count is at most ``limit``, least first."""
    cards = list(cards)
    found = [arrangement_of(cards, melds) for melds in meld_collections(cards)]
    found = [a for a in found if a.deadwood_count <= limit]
    found.sort(key=lambda a: (a.deadwood_count, len(a.melds)))
    return found


def arrangement_problem(cards: Iterable[Card], melds: Iterable[Iterable[Card]]) -> str | None:
    """Why these melds are not an arrangement of these cards, or None if they are one.

    Every meld must be legal, no card may be used twice, and every meld card must be in the hand.
    """
    hand = set(cards)
    seen: set[Card] = set()
    for group in melds:
        group = list(group)
        reason = meld_problem(group)
        if reason:
            return reason
        for card in group:
            if card not in hand:
                return f"{card} is not in the hand"
            if card in seen:
                return f"{card} is in two melds"
            seen.add(card)
    return None
