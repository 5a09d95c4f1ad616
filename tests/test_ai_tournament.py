"""The tournament: Wilson intervals, reproducibility, and Hard beating simple."""

from __future__ import annotations

from gin_handset.ai.tournament import play_game, run_tournament, wilson


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.61 and 0.78 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_games_are_reproducible_and_seats_swap() -> None:
    first, again = play_game("simple", "easy", 4, 0), play_game("simple", "easy", 4, 0)
    assert first.hands == again.hands and first.margin == again.margin
    swapped = play_game("simple", "easy", 4, 1)
    assert swapped.hands != first.hands


def test_hard_beats_simple() -> None:
    result = run_tournament("hard", "simple", games=40, seed=3, jobs=2)
    assert result.games == 40 and result.hands > 0
    assert result.interval[0] > 0.5
    assert result.margin > 10
    assert result.time_a.p99_ms < 250
    assert "Wilson" in result.report()
