"""Exact melds: the fast deadwood, best discards and arrangements against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.rules.cards import DECK, Card, parse_cards
from gin_handset.rules.melds import (
    arrangement_problem,
    best_arrangement,
    best_discards,
    deadwood,
    knock_arrangements,
    meld_problem,
)
from tests import brute

# Meld-rich hands come from a small corner of the deck: three suits, ranks ace to six.
RICH_DECK = [c for c in DECK if c.suit < 3 and c.rank <= 6]
# Set-rich hands: all four suits of five ranks.
SETS_DECK = [c for c in DECK if c.rank in (1, 2, 3, 7, 8)]


def hands(size_min: int, size_max: int) -> st.SearchStrategy[list[Card]]:
    def sample(deck: list[Card]) -> st.SearchStrategy[list[Card]]:
        return st.lists(st.sampled_from(deck), min_size=size_min, max_size=size_max, unique=True)

    return st.one_of(sample(list(DECK)), sample(RICH_DECK), sample(SETS_DECK))


@settings(max_examples=400, deadline=None)
@given(hands(0, 11))
def test_deadwood_is_exact(cards: list[Card]) -> None:
    assert deadwood(cards) == brute.least_deadwood(cards)


@pytest.mark.slow
@settings(max_examples=2500, deadline=None)
@given(hands(0, 11))
def test_deadwood_is_exact_on_many_more_hands(cards: list[Card]) -> None:
    assert deadwood(cards) == brute.least_deadwood(cards)


def reaches_the_least_deadwood(cards: list[Card]) -> None:
    arrangement = best_arrangement(cards)
    assert sorted(arrangement.cards) == sorted(cards)
    assert arrangement_problem(cards, (m.cards for m in arrangement.melds)) is None
    assert arrangement.deadwood_count == deadwood(cards)


@settings(max_examples=300, deadline=None)
@given(hands(0, 11))
def test_best_arrangement_reaches_the_least_deadwood(cards: list[Card]) -> None:
    reaches_the_least_deadwood(cards)


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(hands(0, 11))
def test_best_arrangement_reaches_the_least_deadwood_on_many_more_hands(cards: list[Card]) -> None:
    reaches_the_least_deadwood(cards)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(hands(11, 11))
def test_best_discards_is_exact(cards: list[Card]) -> None:
    assert best_discards(cards) == brute.best_discards(cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Qh Kh Ah 5c 9d", 35),  # Q-K-A does not wrap
        ("Kh Ah 2h 5c 9d", 27),  # nor does K-A-2
        ("Ah 2h 3h 5c 9d", 14),  # A-2-3 is a run
        ("7c 7d 7h 8h 9h", 14),  # 7h in the run (7c 7d left) beats 7h in the set (8h 9h left)
        ("7c 7d 7h 7s 8h 9h", 0),  # three of the four 7s, and 7h-8h-9h
        ("7c 7d 7h 7s 8h 9h 8s 9s", 14),  # two runs through the 7s leave 7c 7d
        ("3h 4h 5h 6h 7h 8h", 0),  # a long run
        ("3h 4h 5h 6h 7h 8h 5c 5s", 7),  # split the long run so 5h makes a set: 3h 4h left
        ("3h 4h 5h 6h 7h 8h 9h 6c 6s", 0),  # split 3-4-5 / 7-8-9, 6h to the set
    ],
)
def test_named_traps(text: str, expected: int) -> None:
    cards = parse_cards(text)
    assert deadwood(cards) == brute.least_deadwood(cards) == expected
    assert best_arrangement(cards).deadwood_count == expected


def test_best_discards_beats_the_drop_the_highest_shortcut() -> None:
    # Best of 11: 2c-3c-4c and 6c-7c-8c, deadwood Ad 7h As 6s 7s; dropping the highest (7h)
    # leaves 15. Discarding 8c instead lets 7c 7h 7s make a set: 6c Ad As 6s = 14.
    cards = parse_cards("2c 3c 4c 6c 7c 8c Ad 7h As 6s 7s")
    assert best_discards(cards) == (14, frozenset(parse_cards("8c"))) == brute.best_discards(cards)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("As 2s", "at least three"),
        ("Qh Kh Ah", "no wrap-around"),
        ("7c 7d 8h", "neither"),
        ("5h 6h 8h", "follow each other"),
    ],
)
def test_meld_problem_says_why(text: str, problem: str) -> None:
    reason = meld_problem(parse_cards(text))
    assert reason is not None and problem in reason


def test_arrangement_problem_names_the_card() -> None:
    hand = parse_cards("7c 7d 7h 8h 9h Kc")
    both = [parse_cards("7c 7d 7h"), parse_cards("7h 8h 9h")]
    assert "in two melds" in (arrangement_problem(hand, both) or "")
    assert "not in the hand" in (arrangement_problem(hand, [parse_cards("7c 7d 7s")]) or "")
    assert arrangement_problem(hand, [parse_cards("7c 7d 7h")]) is None


def test_knock_arrangements_are_every_arrangement_within_the_limit() -> None:
    hand = parse_cards("5h 6h 7h 8h 5c 5d 5s Kc Kd Ks")
    found = knock_arrangements(hand, 10)
    assert found[0].deadwood_count == 0
    assert [a.deadwood_count for a in found] == sorted(a.deadwood_count for a in found)
    ways = {frozenset(frozenset(m.cards) for m in a.melds) for a in found}
    assert len(ways) == len(found)
    assert ways == brute.collections_within(hand, 10)
