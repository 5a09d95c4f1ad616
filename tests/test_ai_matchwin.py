"""The match-win table: its dynamic programming against value iteration over the match's rules,
its symmetry and order, the shipped counts, and the build that makes them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.ai.matchwin import (
    DATA_FILE,
    HandOdds,
    WinTable,
    deals_next,
    key_of,
    shipped_odds,
    table_for,
)
from gin_handset.ai.matchwin_build import build, main
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.options import ALTERNATE, LOSER, WINNER, Options

RULES = (ALTERNATE, WINNER, LOSER)


State = tuple[int, int, bool]  # my score, the other's, I deal next


def iterated(points: dict[int, float], target: int, rule: str) -> dict[State, float]:
    """The chance the first seat wins from every (its score, the other's, it deals next), by
    value iteration over the match's rules until nothing moves (the brute force)."""
    states = sorted(((a, b, d) for a in range(target) for b in range(target)
                     for d in (False, True)), key=lambda s: -s[0] - s[1])
    value = dict.fromkeys(states, 0.5)

    def worth(a: int, b: int, d: bool) -> float:
        if a >= target:
            return 1.0
        return 0.0 if b >= target else value[a, b, d]

    for _ in range(100_000):
        moved = 0.0
        for a, b, d in states:
            new = 0.0
            for dealer_points, chance in points.items():
                mine = dealer_points if d else -dealer_points
                new += chance * worth(a + max(mine, 0), b + max(-mine, 0),
                                      deals_next(rule, d, mine))
            moved = max(moved, abs(new - value[a, b, d]))
            value[a, b, d] = new
        if moved < 1e-13:
            return value
    raise AssertionError("value iteration did not settle")


Draw = Callable[[st.SearchStrategy[Any]], Any]


def hands(draw: Draw, low: int = -9, high: int = 9) -> dict[int, float]:
    """A small random chance of each result (points to the dealer), dead hands at most half."""
    scored = draw(st.dictionaries(st.integers(low, high).filter(bool), st.integers(1, 9),
                                  min_size=1, max_size=6))
    dead = draw(st.integers(0, sum(scored.values())))
    total = sum(scored.values()) + dead
    chances = {p: n / total for p, n in scored.items()}
    if dead:
        chances[0] = dead / total
    return chances


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(1, 9), st.sampled_from(RULES))
def test_the_table_is_the_value_of_the_match_exactly(data, target, rule) -> None:
    points = hands(data.draw)
    table = WinTable.solve(points, target, rule)
    for (a, b, d), value in iterated(points, target, rule).items():
        assert table.chance(a, b, d) == pytest.approx(value, abs=1e-9)


@settings(max_examples=20, deadline=None)
@given(st.data(), st.integers(2, 3), st.integers(2, 4), st.sampled_from(RULES))
def test_in_coarse_units_the_table_is_exact_on_hands_of_whole_units(data, unit, cells, rule):
    """A target above ``most`` cells is solved in units of points; when every hand scores
    whole units that is the exact match, read on the units' scores."""
    points = {p * unit: c for p, c in hands(data.draw, -4, 4).items()}
    target = unit * cells
    table = WinTable.solve(points, target, rule, most=cells)
    assert table.unit == unit
    for (a, b, d), value in iterated(points, target, rule).items():
        if a % unit == 0 and b % unit == 0:
            assert table.chance(a, b, d) == pytest.approx(value, abs=1e-9)


def test_in_coarse_units_the_last_points_are_exact_and_the_rest_near() -> None:
    """Points that are not whole units are shared between the nearest: the match is near the
    exact one, and exact once both seats are within ``most`` points of the target; a score
    between units reads between its neighbours."""
    points = {3: 0.2, -5: 0.2, 7: 0.1, -11: 0.1, 25: 0.1, -30: 0.1, 13: 0.1, 0: 0.1}
    coarse = WinTable.solve(points, 60, ALTERNATE, most=20)
    assert coarse.unit == 3
    for (a, b, d), value in iterated(points, 60, ALTERNATE).items():
        near = 1e-9 if min(a, b) >= 40 else 0.05
        assert coarse.chance(a, b, d) == pytest.approx(value, abs=near)
    low, high = coarse.chance(3, 6, True), coarse.chance(6, 6, True)
    assert coarse.chance(4, 6, True) == pytest.approx((2 * low + high) / 3)


@pytest.mark.parametrize("rule", RULES)
def test_the_shipped_table_is_fair_both_ways_and_rises_with_my_score(rule) -> None:
    """My chance and the other's add up to 1 (the rules treat the seats alike), and more
    points never lower it."""
    table = table_for(Options(next_dealer=rule))
    for a in range(0, 100, 3):
        for b in range(0, 100, 7):
            for d in (False, True):
                assert table.chance(a, b, d) + table.chance(b, a, not d) == pytest.approx(1.0)
                assert table.chance(a + 1, b, d) >= table.chance(a, b, d) - 1e-12
                assert 0.0 < table.chance(a, b, d) < 1.0
    assert table.chance(100, 99, False) == 1.0 and table.chance(99, 100, True) == 0.0


@pytest.mark.parametrize("target", [50, 100, 200, 500])
def test_every_points_to_win_has_a_table_that_favours_the_leader(target) -> None:
    table = table_for(Options(points_to_win=target))
    even = table.chance(0, 0, True)
    assert 0.4 < even < 0.6 and table.chance(0, 0, False) == pytest.approx(1 - even)
    assert table.chance(target // 2, 0, False) > 0.7
    assert table.chance(target - 1, target - 1, True) + table.chance(
        target - 1, target - 1, False) == pytest.approx(1.0)


def test_the_shipped_counts_are_well_formed() -> None:
    data = json.loads(DATA_FILE.read_text())
    odds = shipped_odds()
    assert data["hands"] == odds.hands >= 1500
    assert f"--matches {data['matches']} --seed {data['seed']}" in data["about"]
    for bonuses in ((25, 25), (20, 10)):
        assert sum(odds.points(*bonuses).values()) == pytest.approx(1.0)
    assert 0.0 < odds.dead / odds.hands < 0.2
    assert abs(odds.mean(25, 25)) < 5  # the deal gives no seat much of an edge


@pytest.mark.parametrize(("data", "named"), [
    ([], "no 'counts' object"),
    ({"counts": {}}, "no hand was scored"),
    ({"counts": {"dealer gin 3": 0}}, "'dealer gin 3' is 0"),
    ({"counts": {"dealer gin 3": True}}, "'dealer gin 3' is True"),
    ({"counts": {"dealer gin": 3}}, "key 'dealer gin'"),
    ({"counts": {"dealer gin -3": 3}}, "key 'dealer gin -3'"),
    ({"counts": {"dealer loss 3": 3}}, "key 'dealer loss 3'"),
    ({"counts": {"dealer knock 999": 3}}, "key 'dealer knock 999'"),
])
def test_bad_counts_are_named(data: object, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        HandOdds.of(data)


def test_a_bad_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "matchwin.json"
    path.write_text("{not json")
    with pytest.raises(ValueError, match=r"matchwin\.json"):
        HandOdds.load(path)
    with pytest.raises(ValueError, match=r"missing\.json: .*No such file"):
        HandOdds.load(tmp_path / "missing.json")


def test_a_results_key_is_who_scored_how_and_the_points_before_the_bonus() -> None:
    gin = HandResult(ResultKind.GIN, winner=1, points=2 * (25 + 12), bonus=25, doubled=True)
    assert key_of(gin, dealer=1) == "dealer gin 12"
    assert key_of(HandResult(ResultKind.UNDERCUT, 0, 27, bonus=25), dealer=1) == \
        "non-dealer undercut 2"
    assert key_of(HandResult(ResultKind.DEAD, None, 0), dealer=0) == "dead 0"


@pytest.mark.slow
def test_the_build_is_seeded_writes_its_out_whole_and_its_match_is_in_the_shipped_counts(
    tmp_path: Path,
) -> None:
    out = tmp_path / "counts.json"
    out.write_text("the table before")
    main(["--matches", "1", "--seed", "1", "--out", str(out)])
    data, starts = build(1, 1, jobs=1)
    assert json.loads(out.read_text()) == data  # the command's file: the same build again
    assert list(tmp_path.iterdir()) == [out]
    assert len(starts) == data["hands"] == HandOdds.load(out).hands
    shipped = json.loads(DATA_FILE.read_text())["counts"]
    assert all(shipped.get(key, 0) >= count for key, count in data["counts"].items())
