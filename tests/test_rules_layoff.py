"""Lay-offs: the least remaining deadwood, checked against brute force and named cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.rules.cards import DECK, Card, cards_of, mask_of, parse_cards
from gin_handset.rules.layoff import lay_off, layable_mask
from gin_handset.rules.melds import Meld, possible_melds
from tests import brute


def melds(*texts: str) -> list[Meld]:
    return [Meld(tuple(parse_cards(t))) for t in texts]


def layoff_case(data: st.DataObject) -> tuple[list[Meld], list[Card]]:
    """Knocker melds drawn from a shuffled deck, and a defender hand of the cards left,
    biased towards cards next to those melds so that lay-offs happen."""
    rng = data.draw(st.randoms(use_true_random=False))
    deck = list(DECK)
    rng.shuffle(deck)
    chosen: list[Meld] = []
    used: set[Card] = set()
    for meld in possible_melds(deck[:24]):
        if len(chosen) < rng.choice((1, 2, 3)) and not used & set(meld.cards):
            chosen.append(meld)
            used |= set(meld.cards)
    near = [
        c
        for c in deck
        if c not in used
        and any((abs(c.rank - k.rank) <= 2 and c.suit == k.suit) or c.rank == k.rank for k in used)
    ]
    rest = [c for c in deck if c not in used and c not in near]
    pool = near + rest[: max(0, 14 - len(near))]
    size = data.draw(st.integers(min_value=1, max_value=min(10, len(pool))))
    return chosen, rng.sample(pool, size)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(st.data())
def test_lay_off_reaches_the_least_deadwood(data: st.DataObject) -> None:
    knocker, defender = layoff_case(data)
    result = lay_off(knocker, defender)
    expected = brute.least_after_lay_off([m.cards for m in knocker], defender)
    assert result.deadwood_count == expected
    # The result accounts for every card once, and every lay-off fits.
    placed = [c for m in result.defender_melds for c in m.cards]
    placed += [lay.card for lay in result.laid_off] + list(result.deadwood)
    assert sorted(placed) == sorted(defender)
    grown = [list(m.cards) for m in knocker]
    for lay in result.laid_off:
        grown[lay.meld_index].append(lay.card)
    assert all(brute.is_meld(tuple(g)) for g in grown)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_layable_mask_is_every_card_that_can_be_laid_off(data: st.DataObject) -> None:
    knocker, defender = layoff_case(data)
    laid = cards_of(layable_mask(knocker, mask_of(defender)))
    grown = [m.cards for m in knocker]
    assert brute._can_lay_off(grown, laid), "they all go on at once"
    for card in set(defender) - set(laid):
        assert not brute._can_lay_off(grown, [*laid, card]), f"{card} could be laid off too"
    assert {lay.card for lay in lay_off(knocker, defender).laid_off} <= set(laid)


def test_run_extended_twice_at_both_ends() -> None:
    result = lay_off(melds("5h 6h 7h"), parse_cards("3h 4h 8h 9h Kc"))
    assert sorted(lay.card for lay in result.laid_off) == parse_cards("3h 4h 8h 9h")
    assert result.deadwood_count == 10


def test_fourth_card_of_a_set() -> None:
    result = lay_off(melds("9c 9d 9s"), parse_cards("9h 2c"))
    assert [lay.card for lay in result.laid_off] == parse_cards("9h")
    assert result.deadwood_count == 2


def test_card_that_fits_a_set_and_a_run_carries_the_run_on() -> None:
    # 7h is the fourth 7 and extends 4h-5h-6h; only on the run can 8h follow it.
    result = lay_off(melds("7c 7d 7s", "4h 5h 6h"), parse_cards("7h 8h Kd"))
    assert {lay.card for lay in result.laid_off} == set(parse_cards("7h 8h"))
    assert result.deadwood_count == 10


def test_defender_breaks_an_own_meld_to_lay_off() -> None:
    # 8h 9h 10h is the defender's run, but laid off on 5h-6h-7h it takes Jh along with it.
    result = lay_off(melds("5h 6h 7h"), parse_cards("8h 9h Th Jh Kc"))
    assert result.deadwood_count == 10
    assert not result.defender_melds


def test_no_lay_off_against_gin() -> None:
    result = lay_off([], parse_cards("8h 9h Th 2c 3d"))
    assert not result.laid_off
    assert result.deadwood_count == 5


def test_preferred_melds_kept_when_as_good() -> None:
    # Both leave no deadwood: four 5s with 6s 7s laid off, or 5c 5d 5h and the defender's run.
    knocker, hand = melds("8s 9s Ts"), parse_cards("5c 5d 5h 5s 6s 7s")
    for preferred in (melds("5c 5d 5h 5s"), melds("5c 5d 5h", "5s 6s 7s")):
        result = lay_off(knocker, hand, preferred=preferred)
        assert result.deadwood_count == 0
        assert result.defender_melds == tuple(preferred)
