"""Brute-force answers to check the fast rules code against; slow, obvious, independent."""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise

from gin_handset.rules.cards import Card


def is_meld(cards: tuple[Card, ...]) -> bool:
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def all_melds(cards: list[Card]) -> list[frozenset[Card]]:
    return [
        frozenset(group)
        for size in range(3, len(cards) + 1)
        for group in combinations(cards, size)
        if is_meld(group)
    ]


def least_deadwood(cards: list[Card]) -> int:
    """Every way of covering the cards with disjoint melds, by recursion on the first card."""
    melds = all_melds(cards)

    @cache
    def solve(left: frozenset[Card]) -> int:
        if not left:
            return 0
        first = min(left)
        best = first.value + solve(left - {first})
        for meld in melds:
            if first in meld and meld <= left:
                best = min(best, solve(left - meld))
        return best

    return solve(frozenset(cards))


def best_discards(cards: list[Card]) -> tuple[int, frozenset[Card]]:
    scores = {c: least_deadwood([d for d in cards if d != c]) for c in cards}
    best = min(scores.values())
    return best, frozenset(c for c, s in scores.items() if s == best)


def _can_lay_off(knocker_melds: list[tuple[Card, ...]], cards: list[Card]) -> bool:
    """Can every one of ``cards`` go onto the knocker's melds, one at a time, in some order?"""
    if not cards:
        return True
    for k, card in enumerate(cards):
        for i, meld in enumerate(knocker_melds):
            grown = (*meld, card)
            if is_meld(grown):
                melds = [*knocker_melds[:i], grown, *knocker_melds[i + 1 :]]
                if _can_lay_off(melds, cards[:k] + cards[k + 1 :]):
                    return True
    return False


def least_after_lay_off(knocker_melds: list[tuple[Card, ...]], defender: list[Card]) -> int:
    """Least deadwood over every subset of the defender's cards laid off, the rest melded."""
    ranks = {c.rank for m in knocker_melds for c in m}
    suits = {c.suit for m in knocker_melds for c in m}
    candidates = [c for c in defender if c.rank in ranks or c.suit in suits]
    best = least_deadwood(defender)
    for size in range(1, len(candidates) + 1):
        for laid in combinations(candidates, size):
            if _can_lay_off(list(knocker_melds), list(laid)):
                rest = [c for c in defender if c not in laid]
                best = min(best, least_deadwood(rest))
    return best


def collections_within(cards: list[Card], limit: int) -> set[frozenset[frozenset[Card]]]:
    """Every set of disjoint melds leaving at most ``limit`` deadwood."""
    melds = all_melds(cards)
    total = sum(c.value for c in cards)
    found: set[frozenset[frozenset[Card]]] = set()

    def grow(start: int, used: frozenset[Card], chosen: frozenset[frozenset[Card]]) -> None:
        if total - sum(c.value for c in used) <= limit:
            found.add(chosen)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                grow(i + 1, used | melds[i], chosen | {melds[i]})

    grow(0, frozenset(), frozenset())
    return found
