"""The check of Expert's search against the truth (``benchmarks/search_check.py``)."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace

import pytest

from benchmarks.search_check import (
    best_runner_up,
    check_game,
    check_knock_rule,
    check_knocks,
    knock_report,
    phase_names,
    report,
    rollout,
    truth,
)
from gin_handset.ai.expert import GATE, Searched, Table
from gin_handset.ai.tournament import EAAI
from gin_handset.rules.actions import Discard, EndTurn, Knock
from gin_handset.rules.cards import DECK, parse_card, parse_cards
from gin_handset.rules.hand import HandState, Phase
from gin_handset.rules.view import view_of


def deciding(mine: str, theirs: str, thrown: str) -> HandState:
    """Seat 0 has just thrown ``thrown`` from ``mine`` and may knock; seat 1 holds ``theirs``."""
    hand, other = tuple(parse_cards(mine)), tuple(parse_cards(theirs))
    top = parse_card("2s")
    rest = [c for c in DECK if c not in (*hand, *other, top)]
    state = HandState(options=EAAI, dealer=1, hands=(hand, other), stock=tuple(rest),
                      discard_pile=(top,), upcard=top, turn=0, phase=Phase.DISCARD)
    return state.apply(Discard(parse_card(thrown)))


def test_the_truth_is_the_opponents_real_hand() -> None:
    # A knock with a nine, against 6 (ace, two, three): undercut, whatever the stock; playing
    # on costs less on average.
    state = deciding("2c 3c 4c 5h 5d 5s 7h 8h 9h 9d Qh", "Kd Kc Ks Kh Qd Qc Qs Ad 2h 3s", "Qh")
    assert state.phase is Phase.DECIDE and Knock() in state.legal_actions()
    table = Table(view_of(state, 0))
    for k in range(3):
        assert rollout(state, Knock(), 0, table, k)[0] == -(9 - 6 + 25)
    equity, points = truth(state, 0, table, EndTurn(), Knock(), rollouts=8)
    assert equity < 0 and points < 0
    # against a hand with no meld, the same knock wins its deadwood (77, of which the ten of
    # hearts is laid off) less the ace
    loose = deciding("2c 3c 4c 5h 5d 5s 7h 8h 9h Ad Qh", "Kd Qc Js 9c 7d 6c 4s 3d 8s Th", "Qh")
    assert rollout(loose, Knock(), 0, Table(view_of(loose, 0)), 0)[0] == 77 - 10 - 1


def test_the_rollouts_play_the_named_opponent_in_the_other_seat() -> None:
    # Seat 1 holds three sets and an ace; seat 0, to throw, has no meld and nothing to lay off.
    # Hard in seat 1 knocks (or gins) on its first turn whatever it draws; the camper knocks
    # only with gin, so the hand goes on where its draw does not make one.
    ours, theirs = parse_cards("2d 4h 6c 8s Th 9c 7d 5s 3d 2h 6h"), parse_cards(
        "Kd Kc Ks Qd Qc Qs Jd Jc Js Ac")
    top = parse_card("5c")
    rest = [c for c in DECK if c not in (*ours, *theirs, top)]
    state = HandState(options=EAAI, dealer=1, hands=(tuple(ours), tuple(theirs)),
                      stock=tuple(rest), discard_pile=(top,), upcard=top, turn=0,
                      phase=Phase.DISCARD)
    table, throw, first_turn = Table(view_of(state, 0)), Discard(parse_card("6h")), {-55, -81}
    assert {rollout(state, throw, 0, table, k)[0] for k in range(8)} <= first_turn
    against_camper = {rollout(state, throw, 0, table, k, "camper")[0] for k in range(8)}
    assert against_camper - first_turn


def test_a_tie_in_every_world_is_no_confidence_and_a_spreadless_gain_is_sure() -> None:
    moves = (Discard(parse_card("Kh")), Discard(parse_card("Qh")), Discard(parse_card("Jh")))
    tied = Searched(moves, (0.0, 0.0, -0.01), 50, 0.01, (0.0, 0.0, 0.002))
    assert best_runner_up(tied) == (0.0, 1)
    assert best_runner_up(replace(tied, gains=(0.0, 0.0, 0.01))) == (5.0, 2)
    assert best_runner_up(replace(tied, gains=(0.0, 0.03, 0.0))) == (math.inf, 1)


def test_the_phases_to_check_are_named_as_the_rules_name_them() -> None:
    assert phase_names("offer, DRAW") == {"OFFER", "DRAW"}
    with pytest.raises(argparse.ArgumentTypeError, match="DRAWS is not a phase: one of OFFER"):
        phase_names("DRAW,DRAWS")


@pytest.mark.slow
def test_a_tiny_check_replays_and_reports_what_expert_played() -> None:
    checked = check_game("hard", seed=5, game=0, rollouts=1, zmin=1.0, samples=8)
    assert checked == check_game("hard", seed=5, game=0, rollouts=1, zmin=1.0, samples=8)
    discards = check_game("hard", 5, 0, 1, 1.0, samples=8, phases=frozenset({"DISCARD"}))
    assert discards and discards == [c for c in checked if c.phase == "DISCARD"]
    assert checked and all(c.z >= 1.0 for c in checked)
    assert all(c.z > GATE for c in checked if c.played)
    assert report(checked).startswith(f"{len(checked)} decisions checked")


@pytest.mark.slow
def test_the_knock_check_weighs_hards_knock_decisions_near_the_end_both_ways() -> None:
    checked = check_knocks("hard", 5, 30, 1, 1.0, samples=8)
    assert checked == check_knocks("hard", 5, 30, 1, 1.0, samples=8)
    assert {c.phase for c in checked} == {"KNOCK instead", "ENDTURN instead"}
    assert {c.played for c in checked} == {True, False}
    assert all(c.z >= 1.0 and c.played == (c.z > GATE) for c in checked)


@pytest.mark.slow
def test_the_knock_rule_check_scores_every_knock_decision_with_deadwood() -> None:
    checked = check_knock_rule("champion", 5, 1, rollouts=2)
    assert checked == check_knock_rule("champion", 5, 1, rollouts=2)
    assert {c.knocked for c in checked} == {True, False}
    assert all(0 <= c.stock <= 31 for c in checked)
    text = knock_report(checked)
    assert text.startswith(f"{len(checked)} knock decisions with deadwood checked")
    counts = {line.split(" n=")[0].strip(): int(line.split(" n=")[1].split()[0])
              for line in text.splitlines()[1:]}
    bands = [n for label, n in counts.items() if label.startswith("expected ")
             and "stock" not in label]
    assert sum(bands) == len(checked)  # every decision in one band of the expected points
    assert counts["hard knocked"] == sum(c.knocked for c in checked)
    assert counts["hard knocked"] + counts["hard played on"] == len(checked)
