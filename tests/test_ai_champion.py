"""The benchmark players: the MARJJ-style champion's published rules, and the camper."""

from __future__ import annotations

import random

import pytest

from gin_handset.ai import make_player
from gin_handset.ai.champion import lay_off_points
from gin_handset.ai.tournament import run_tournament
from gin_handset.rules.actions import (
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import mask_of, parse_card, parse_cards
from gin_handset.rules.hand import Event, EventKind, HandState, Phase
from gin_handset.rules.melds import Meld
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of


def view(hand: str, top: str, phase: Phase, turns: int = 0, taken: str | None = None) -> PlayerView:
    """Seat 0's view; ``turns``: how many discards seat 0 has made this hand."""
    cards = tuple(parse_cards(hand))
    spent = parse_cards("5s 6s 7s 8s 9s Ts")[:turns]
    pile = (parse_card(top),)
    log = tuple(e for c in spent
                for e in (Event(0, EventKind.STOCK), Event(0, EventKind.DISCARD, c)))
    state = HandState(
        options=Options(),
        dealer=1,
        hands=(cards, tuple(parse_cards("2c 2d 2h 3c 3d 3h 4c 4d 4h 5c"))),
        stock=tuple(parse_cards("6c 6d 6h 7c 7d")),
        discard_pile=(*spent, *pile),
        upcard=spent[0] if spent else pile[0],
        turn=0,
        phase=phase,
        taken=parse_card(taken) if taken else None,
        log=log,
    )
    return view_of(state, 0)


def test_champion_knocks_on_its_first_three_turns_then_only_with_gin() -> None:
    champion = make_player("champion", random.Random(0))
    eight = "9h Th Jh Kd Kc Kh 2d 3d 4d 8c"
    assert champion.choose(view(eight, "5c", Phase.DECIDE, turns=3)) == Knock()
    assert champion.choose(view(eight, "5c", Phase.DECIDE, turns=4)) == EndTurn()
    gin = "9h Th Jh Kd Kc Kh 2d 3d 4d 5d"
    assert champion.choose(view(gin, "5c", Phase.DECIDE, turns=5)) == Knock()


def test_champion_takes_a_card_that_melds_and_lowers_the_deadwood() -> None:
    champion = make_player("champion", random.Random(0))
    hand = "9h Th Ah Kd Qc 8c 6d Jd 2s 4c"
    assert champion.choose(view(hand, "Jh", Phase.OFFER)) == TakeUpcard()
    assert champion.choose(view(hand, "8h", Phase.DRAW)) == DrawDiscard()
    # 3d would lower the deadwood (a king out for it) but joins no meld.
    assert champion.choose(view(hand, "3d", Phase.OFFER)) == PassUpcard()
    assert champion.choose(view(hand, "3d", Phase.DRAW)) == DrawStock()


def test_champion_discards_a_loose_card_never_the_one_taken() -> None:
    champion = make_player("champion", random.Random(0))
    hand = "9h Th Jh Kd Kc Kh 2d 3d 4d 8c Qs"
    action = champion.choose(view(hand, "5c", Phase.DISCARD, taken="Qs"))
    assert action == Discard(parse_card("8c"))
    assert champion.choose(view(hand, "5c", Phase.DISCARD)) == Discard(parse_card("Qs"))


def test_lay_off_points_count_open_meld_ends() -> None:
    run = Meld(tuple(parse_cards("4h 5h 6h")))
    seen = mask_of(parse_cards("3h"))
    seven = mask_of(parse_cards("7h"))
    assert lay_off_points((run,), seen, 0) == 6  # 7h is still open: the top card's value
    assert lay_off_points((run,), seen | seven, 0) == 0
    assert lay_off_points((run,), seen | seven, seven) == 6  # the opponent took 7h


def test_the_camper_knocks_only_with_gin() -> None:
    camper = make_player("camper", random.Random(0))
    assert camper.choose(view("9h Th Jh Kd Kc Kh 2d 3d 4d Ac", "5c", Phase.DECIDE)) == EndTurn()
    gin = "9h Th Jh Kd Kc Kh 2d 3d 4d 5d"
    assert camper.choose(view(gin, "5c", Phase.DECIDE)) == Knock()


@pytest.mark.slow  # a tournament of 40 matches
def test_champion_beats_simple() -> None:
    result = run_tournament("champion", "simple", games=40, seed=3, jobs=1)
    assert result.interval[0] > 0.5 and result.margin > 10


def test_champion_lays_down_a_least_deadwood_arrangement() -> None:
    champion = make_player("champion", random.Random(0))
    action = champion.choose(view("9h Th Jh Kd Kc Kh 2d 3d 4d 8c", "5c", Phase.KNOCKER_ARRANGE))
    assert isinstance(action, Arrange) and len(action.melds) == 3
