"""The coach: Hard's move (or Expert's) from a view, with a short reason naming what matters
(the reasons' figures are checked in tests/test_ai_reasons.py)."""

from __future__ import annotations

import random
import re

import pytest

from gin_handset.ai import make_player
from gin_handset.ai.coach import advise
from gin_handset.ai.reasons import below_the_bar
from gin_handset.rules.actions import Discard, DrawDiscard, Knock, PassUpcard
from gin_handset.rules.cards import parse_card, parse_cards
from gin_handset.rules.hand import HandState, Phase
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from tests.test_ai_expert import knock_decisions


def view(hand: str, top: str, phase: Phase) -> PlayerView:
    cards = tuple(parse_cards(hand))
    state = HandState(
        options=Options(),
        dealer=1,
        hands=(cards, tuple(parse_cards("2c 2d 2h 3c 3d 3h 4c 4d 4h 5c"))),
        stock=tuple(parse_cards("6c 6d 6h 7c 7d 8d 9d Tc Jc Qc")),
        discard_pile=(parse_card(top),),
        upcard=parse_card(top),
        turn=0,
        phase=phase,
    )
    return view_of(state, 0)


def test_the_coach_advises_what_hard_plays() -> None:
    state = HandState.deal(Options(), 0, random.Random(4))
    for _ in range(40):
        if state.is_over:
            break
        seen = view_of(state, state.turn)
        advice = advise(seen)
        assert advice.action == make_player("hard", random.Random(0)).choose(seen)
        assert advice.reason
        state = state.apply(advice.action)


def test_the_coach_explains_a_discard() -> None:
    advice = advise(view("7h 8h 9s Kd Kc Kh 2d 3d 4d Qs 5c", "Ac", Phase.DISCARD))
    assert advice.action == Discard(parse_card("Qs"))
    assert advice.reason == "Discard Q♠, not 9♠: it leaves deadwood 29, 9♠ would leave 30"
    assert advice.words[:4] == ("Discard ", parse_card("Qs"), ", not ", parse_card("9s"))


def test_the_coach_explains_a_draw_and_gin() -> None:
    take = advise(view("7h 8h Ts Kd Kc Kh 2d 3d 4d Qs", "9h", Phase.DRAW))
    assert take.action == DrawDiscard() and take.reason.startswith("Take 9♥: it melds with 7♥ 8♥")
    passing = advise(view("7h 8h Ts Kd Kc Kh 2d 3d 4d Qs", "Jc", Phase.OFFER))
    assert passing.action == PassUpcard() and passing.reason.startswith("Pass")
    gin = advise(view("7h 8h 9h Kd Kc Kh 2d 3d 4d 5d", "Jc", Phase.DECIDE))
    assert gin.action == Knock() and "gin" in gin.reason


def test_the_coach_needs_a_decision() -> None:
    state = HandState.deal(Options(), 0, random.Random(1))
    with pytest.raises(ValueError, match="not this seat's turn"):
        advise(view_of(state, state.dealer))


def test_expert_coaches_within_its_budget() -> None:
    state = HandState.deal(Options(), 0, random.Random(4))
    for _ in range(12):
        seen = view_of(state, state.turn)
        advice = advise(seen, random.Random(2), "expert", samples=8)
        assert advice.action in seen.legal_actions and advice.reason
        assert advice == advise(seen, random.Random(2), "expert", samples=8)
        state = state.apply(advice.action)
    with pytest.raises(ValueError, match="hard or expert"):
        advise(view_of(state, state.turn), level="champion")


def test_near_the_end_experts_knock_advice_agrees_with_its_figures() -> None:
    """Where Expert's forecast says play on near the match's end, Expert plays on, and its
    reason quotes the forecast from those very hands: a figure under the bar (a knock there is
    searched, and its reason gives the search's playouts instead)."""
    quoted = re.compile(r"coach forecasts ([+-]\d+(?:\.\d)?) and knocks from \+15")
    checked = 0
    for state in knock_decisions(8):
        view = view_of(state, state.turn, (80, 40))
        for seed in range(4):
            advice = advise(view, random.Random(seed), "expert", samples=8)
            found = quoted.search(advice.reason)
            if found:
                checked += 1
                assert (advice.action == Knock()) == (float(found.group(1)) >= 15), advice.reason
    assert checked > 10


def test_a_knock_figure_just_under_the_bar_never_reads_as_the_bar() -> None:
    assert below_the_bar(19.7, 20) == "+19.7" and below_the_bar(19.96, 20) == "+19.9"
    assert below_the_bar(19.4, 20) == "+19" and below_the_bar(20.0, 20) == "+20"
    assert below_the_bar(29.6, 30) == "+29.6" and below_the_bar(-3.2, 20) == "-3"
    assert below_the_bar(19.7, None) == "+20"
