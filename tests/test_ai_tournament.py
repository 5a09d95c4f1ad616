"""The tournament: Wilson intervals, reproducibility, the EAAI protocol, and Hard beating simple."""

from __future__ import annotations

import random

import pytest

from gin_handset.ai import expert, forecast
from gin_handset.ai.hard import HardPlayer
from gin_handset.ai.tournament import (
    EAAI,
    deal_seed,
    play_game,
    play_match,
    players_of,
    run_tournament,
    wilson,
)
from gin_handset.rules.actions import Action, Knock
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView
from tests.brute import least_deadwood


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


Knocking = dict[int, tuple[PlayerView, list[int]]]  # by action: the view, the hands sampled


def played_with_common_streams(a: str, seed: int, game: int
                               ) -> tuple[list[Action], list[int], Knocking]:
    """Every action of game ``game`` of ``a`` against simple (Expert on 8 worlds a decision),
    where Expert's search chose a move other than hard's, and A's decisions to knock or play on
    with deadwood, each with the opponent hands A sampled for it."""
    players = players_of(a, "simple", seed, game, samples=8, common=True)
    player = players[game % 2]
    assert isinstance(player, HardPlayer)
    sampled: list[list[int]] = []
    sample = player.opponents

    def opponents(view: PlayerView) -> list[int]:
        sampled.append(sample(view))
        return sampled[-1]

    player.opponents = opponents  # type: ignore[method-assign]
    actions: list[Action] = []
    changed: list[int] = []
    knocks: Knocking = {}

    def watch(_match: MatchState, view: PlayerView, action: Action, _seconds: float) -> None:
        if view.seat == game % 2:
            searched = player.searched if isinstance(player, expert.ExpertPlayer) else None
            if searched is not None and action != searched.candidates[0]:
                changed.append(len(actions))
            if Knock() in view.legal_actions and least_deadwood(list(view.hand)):
                knocks[len(actions)] = (view, sampled[-1])
        actions.append(action)

    play_match(MatchState.new(EAAI, deal_seed(seed, game // 2)), players, watch)
    return actions, changed, knocks


@pytest.mark.parametrize(("seed", "game", "departs"), [
    (1, 1, "knock"), (3, 0, None), (2, 0, "search")])
def test_with_common_streams_expert_plays_hards_match_until_it_chooses_otherwise(
    seed: int, game: int, departs: str | None
) -> None:
    """So two runs on the same deals, hard's and Expert's, differ only where Expert chose
    otherwise: the first action that differs is the search's first change, or a knock decision
    before it where Expert's forecast and hard's rule, reading the very same sampled hands,
    disagree; a match where neither happened is hard's, action for action."""
    hards, _, hard_knocks = played_with_common_streams("hard", seed, game)
    experts, changed, knocks = played_with_common_streams("expert", seed, game)
    pairs = zip(hards, experts, strict=False)  # a match played otherwise may be longer
    differs = next((i for i, (h, e) in enumerate(pairs) if h != e), None)
    if differs is None:
        assert departs is None and experts == hards and not changed
    elif changed and differs == changed[0]:
        assert departs == "search" and differs > 0
    else:
        assert departs == "knock" and differs in knocks and (not changed or differs < changed[0])
        view, hands = knocks[differs]
        assert hands == hard_knocks[differs][1], "the same stream: the same sampled hands"
        told = forecast.shipped().points(view, hands)
        assert (experts[differs] == Knock()) == (told >= expert.KNOCK_FORECAST)


def state(seed: str) -> object:
    return random.Random(seed).getstate()


@pytest.mark.parametrize(("a", "b", "streams"), [
    ("expert", "hard-noread", ("hard", "hard")), ("hard-noread", "champion", ("hard", "champion")),
    ("hard", "simple", ("hard", "simple")),
])
def test_with_common_streams_a_seat_draws_the_stream_of_the_level_it_is_built_on(
    a: str, b: str, streams: tuple[str, str]
) -> None:
    """Game 1: B in seat 0. Without ``common`` each seat draws its own level's stream, and
    Expert's search a stream seeded from it, as before common streams existed."""
    common = players_of(a, b, 9, 1, common=True)
    plain = players_of(a, b, 9, 1)
    for seat, (name, stream) in enumerate(zip((b, a), streams[::-1], strict=True)):
        assert common[seat].rng.getstate() == state(f"9/1/{seat}/{stream}")
        assert plain[seat].rng.getstate() == state(f"9/1/{seat}/{name}")
    searchers = [(c, p) for c, p in zip(common, plain, strict=True)
                 if isinstance(c, expert.ExpertPlayer) and isinstance(p, expert.ExpertPlayer)]
    assert len(searchers) == (a == "expert")
    for searcher, unseen in searchers:
        assert searcher.search_rng is not None and unseen.search_rng is None
        assert searcher.search_rng.getstate() == state("9/1/1/expert/search")


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
