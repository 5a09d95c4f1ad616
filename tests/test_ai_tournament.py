"""The tournament: Wilson intervals, reproducibility, the EAAI protocol, and Hard beating simple."""

from __future__ import annotations

import pytest

from gin_handset.ai import expert
from gin_handset.ai.tournament import EAAI, play_game, run_tournament, wilson
from gin_handset.rules.options import Options


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.61 and 0.78 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_games_are_reproducible_and_seats_swap() -> None:
    first, again = play_game("simple", "easy", 4, 0), play_game("simple", "easy", 4, 0)
    assert first.hands == again.hands and first.margin == again.margin
    swapped = play_game("simple", "easy", 4, 1)
    assert swapped.hands != first.hands


def test_the_eaai_protocol() -> None:
    assert (EAAI.points_to_win, EAAI.gin_bonus, EAAI.undercut_bonus) == (100, 25, 25)
    assert (EAAI.upcard_first, EAAI.next_dealer) == ("non-dealer", "alternate")
    assert not EAAI.oklahoma
    default, eaai = play_game("simple", "easy", 2, 0), play_game("simple", "easy", 2, 0, EAAI)
    assert (default.hands, default.margin) == (eaai.hands, eaai.margin)
    to_50 = play_game("simple", "easy", 2, 0, Options(points_to_win=50))
    assert len(to_50.hands) < len(default.hands)


def test_experts_budget_reaches_the_spawned_workers() -> None:
    """A tournament's workers are spawned (a forked one may inherit a lock another thread
    holds, and wait on it for ever): each game carries the budget, so two jobs play as one
    does, and the budget is the one asked for in this process too, leaving Expert's default."""
    default = expert.SAMPLES

    def played(samples: int, jobs: int) -> tuple[float, int]:
        result = run_tournament("expert", "simple", 2, seed=5, jobs=jobs, samples=samples)
        return result.margin, result.hands

    assert played(2, 2) == played(2, 1) != played(8, 1)
    assert default == expert.SAMPLES


@pytest.mark.slow
def test_hard_beats_simple() -> None:
    result = run_tournament("hard", "simple", games=40, seed=3, jobs=2)
    assert result.games == 40 and result.hands > 0
    assert result.win_rate > 0.5 and result.margin > 10
    low, high = result.interval
    assert low < result.win_rate < high
    shares = sum(sum(result.ends(who).values()) for who in "AB") + result.kinds["dead"]
    assert shares == pytest.approx(1.0)
    assert result.ends("A")["gin"] > result.ends("B")["gin"]
    report = result.report()
    assert "Wilson" in report and "knocks undercut" in report and "EAAI" in report


@pytest.mark.slow
def test_the_reading_comparison_shares_the_hands_before_the_reading_acts() -> None:
    from benchmarks.reading import play_pair
    from gin_handset.ai.hard import Reading

    never = play_pair("hard", "simple", 3, 0, Reading([], knocks=99))
    assert not never.acted
    assert (never.read_won, never.read_margin) == (never.plain_won, never.plain_margin)
    acted = play_pair("hard", "simple", 3, 0, None)
    assert acted.acted, "simple knocks as soon as it may"
    # the game replayed without the reading, from the hand where it acted, is the game of a
    # hard that never reads
    assert (acted.plain_won, acted.plain_margin) == (never.read_won, never.read_margin)
    assert acted.read_margin != acted.plain_margin
