"""The match bonuses (game 100, box 25 a hand won, a shutout doubling the winner's total): the
final score against a computation by hand, on worked examples, on any run of hands, and on whole
matches replayed with the option on and off. An option added later leaves what was written
before as it was."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.ai.levels import make_player
from gin_handset.rules.actions import action_text
from gin_handset.rules.bonuses import FinalScore, final_score
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of
from gin_handset.session.record import NEXT_HAND, MatchRecord, replay


def won(seat: int, points: int, kind: ResultKind = ResultKind.KNOCK) -> HandResult:
    return HandResult(kind, seat, points)


DEAD = HandResult(ResultKind.DEAD, None, 0)


def by_hand(results: list[HandResult], winner: int, bonuses: bool) -> tuple[int, int]:
    """The final score as a scorer with pencil and paper works it out."""
    totals = []
    for seat in (0, 1):
        mine = [r for r in results if r.winner == seat]
        total = sum(r.points for r in mine)
        if bonuses:
            total += 25 * len(mine) + (100 if seat == winner else 0)
        totals.append(total)
    if bonuses and not any(r.winner == 1 - winner for r in results):
        totals[winner] *= 2
    return totals[0], totals[1]


def test_worked_examples() -> None:
    hands = [won(0, 30), won(1, 20, ResultKind.GIN), DEAD, won(0, 25, ResultKind.UNDERCUT),
             won(1, 15), won(0, 50, ResultKind.GIN)]
    assert final_score(hands, 0, False).totals == (105, 35), "the hands' points alone"
    final = final_score(hands, 0, True)
    assert final.totals == (105 + 3 * 25 + 100, 35 + 2 * 25) == (280, 85)
    assert (final.box(0), final.box(1), final.game(0), final.game(1)) == (75, 50, 100, 0)
    assert not final.shutout
    shutout = final_score([won(1, 40), DEAD, won(1, 30), won(1, 35)], 1, True)
    assert shutout.shutout and shutout.totals == (0, (105 + 75 + 100) * 2) == (0, 560)
    assert not final_score([won(1, 105)], 1, False).shutout, "no shutout without the bonuses"


hand_results = st.one_of(
    st.just(DEAD),
    st.builds(won, st.integers(0, 1), st.integers(1, 250),
              st.sampled_from([ResultKind.GIN, ResultKind.KNOCK, ResultKind.UNDERCUT])),
)


@settings(deadline=None)  # a loaded machine may pause an example past the default deadline
@given(st.lists(hand_results, max_size=40), st.integers(0, 1), st.booleans())
def test_the_final_score_is_the_hand_computation(results: list[HandResult], winner: int,
                                                 bonuses: bool) -> None:
    final = final_score(results, winner, bonuses)
    assert final.totals == by_hand(results, winner, bonuses)
    points = tuple(sum(r.points for r in results if r.winner == s) for s in (0, 1))
    assert final.points == points
    assert final.totals[winner] >= points[winner] and final.totals[1 - winner] >= points[1 - winner]
    if not bonuses:
        assert final.totals == points


def played(options: Options, seed: int) -> MatchRecord:
    """A whole match between two simple computer players, as a record."""
    players = [make_player("simple", random.Random(seed * 2 + seat)) for seat in (0, 1)]
    match, steps = MatchState.new(options, seed), []
    while not match.is_over:
        if match.hand.is_over:
            match = match.next_hand()
            steps.append(NEXT_HAND)
            continue
        seat = match.hand.turn
        action = players[seat].choose(view_of(match.hand, seat, match.scores))
        match = match.apply(action)
        steps.append(action_text(action))
    return MatchRecord(options, seed, "simple", tuple(steps))


def test_whole_matches_score_the_bonuses_by_hand_and_replay_the_same() -> None:
    for seed in range(6):
        plain = played(Options(points_to_win=50), seed)
        bonus = replace(plain, options=Options(points_to_win=50, match_bonuses=True))
        without, with_bonuses = replay(plain), replay(bonus)
        assert without.results == with_bonuses.results, "the bonuses change no hand"
        assert without.scores == with_bonuses.scores and without.winner == with_bonuses.winner
        winner = with_bonuses.winner
        assert winner is not None and with_bonuses.final is not None
        assert without.final == FinalScore(without.scores, with_bonuses.final.hands_won, winner,
                                           False)
        assert with_bonuses.final.totals == by_hand(list(with_bonuses.results), winner, True)
        assert replay(bonus).final == with_bonuses.final, "a replay scores the same"


def test_the_final_score_comes_only_once_the_match_is_won() -> None:
    match = MatchState.new(Options(match_bonuses=True), 3)
    assert match.final is None


def test_the_option_is_written_only_when_on_and_its_absence_reads_as_off() -> None:
    assert "match_bonuses" not in Options().to_dict()
    assert Options(match_bonuses=True).to_dict()["match_bonuses"] is True
    old = {"points_to_win": 100, "game_type": "gin", "gin_bonus": 25, "undercut_bonus": 20,
           "oklahoma_ace_gin_only": True, "oklahoma_spade_doubles": False,
           "oklahoma_knock_limit": "upcard", "upcard_first": "non-dealer",
           "next_dealer": "alternate"}  # a save's options before the match bonuses
    assert Options.from_dict(old) == Options() and not Options.from_dict(old).match_bonuses
    assert Options().to_dict() == old
    assert Options.from_dict(Options(match_bonuses=True).to_dict()).match_bonuses


def test_a_record_without_bonuses_keeps_the_key_it_had_before_the_option() -> None:
    record = MatchRecord(Options(), 7, "normal", ("take", "discard Tc", "end"),
                         started="2026-11-30T20:00:00")
    assert record.key == "09afc937d1a38941f8cd"  # as written by the code before the option
    assert replace(record, options=Options(match_bonuses=True)).key != record.key
