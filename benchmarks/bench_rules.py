"""Microseconds per call of the exact meld search, on hands it has never seen; `tiny` on a few
hands (the tests' check that it still runs)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from gin_handset.rules.cards import DECK, mask_of
from gin_handset.rules.layoff import lay_off
from gin_handset.rules.melds import (
    best_arrangement,
    best_discards,
    best_discards_mask,
    deadwood,
    deadwood_mask,
)

HANDS = 20_000
LAY_OFFS = 500
# Meld-rich: dealt from ace to five of all four suits, where sets and runs cross everywhere.
RICH = [c for c in DECK if c.rank <= 5]


def _hands(deck: list, size: int, count: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


def _per_call(function: Callable, inputs: list) -> float:
    start = time.perf_counter()
    for item in inputs:
        function(item)
    return (time.perf_counter() - start) / len(inputs) * 1e6


def main(hands: int = HANDS, lay_offs: int = LAY_OFFS) -> None:
    print(f"{'call':34} {'random':>10} {'meld-rich':>10}  (µs per call, {hands} new hands)")
    for name, function, size, as_mask in (
        ("deadwood(10 cards)", deadwood, 10, False),
        ("best_discards(11 cards)", best_discards, 11, False),
        ("deadwood_mask(10-card mask)", deadwood_mask, 10, True),
        ("best_discards_mask(11-card mask)", best_discards_mask, 11, True),
        ("best_arrangement(10 cards)", best_arrangement, 10, False),
    ):
        figures = []
        for deck, seed in ((list(DECK), 1), (RICH, 2)):
            dealt = _hands(deck, size, hands, seed)
            inputs = [mask_of(h) for h in dealt] if as_mask else dealt
            figures.append(_per_call(function, inputs))
        print(f"{name:34} {figures[0]:10.2f} {figures[1]:10.2f}")
    rng = random.Random(3)
    cases = []
    for _ in range(lay_offs):
        deck = list(DECK)
        rng.shuffle(deck)
        knocker = best_arrangement(deck[:10]).melds
        cases.append((knocker, deck[10:20]))
    start = time.perf_counter()
    for knocker, defender in cases:
        lay_off(knocker, defender)
    per_call = (time.perf_counter() - start) / lay_offs * 1e6
    print(f"{'lay_off(10 defender cards)':34} {per_call:10.2f}")


def tiny() -> None:
    """A few hands of each kind."""
    main(hands=20, lay_offs=5)


if __name__ == "__main__":
    main()
