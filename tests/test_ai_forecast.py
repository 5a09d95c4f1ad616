"""The forecast of a knock's points: its least squares, what it reads of a view, the shipped
weights and the build that makes them, and Expert knocking by it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.ai.coach import advise
from gin_handset.ai.expert import KNOCK_FORECAST, ExpertPlayer, endgame
from gin_handset.ai.forecast import (
    DATA_FILE,
    FEATURES,
    Forecast,
    explained,
    features,
    fit,
    shipped,
)
from gin_handset.ai.forecast_build import build, main
from gin_handset.ai.hard import HardPlayer
from gin_handset.ai.knocks import defender_deadwood, knock_points
from gin_handset.rules.actions import EndTurn, Knock
from gin_handset.rules.hand import EventKind
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.view import view_of
from tests.brute import least_deadwood
from tests.test_ai_expert import knock_decisions

small = st.integers(-20, 20).map(float)


def pinned(data: st.DataObject, size: int) -> list[list[float]]:
    """Rows that pin ``size`` weights down: one with each feature alone (scaled), then drawn."""
    scales = data.draw(st.lists(st.integers(1, 9), min_size=size, max_size=size))
    alone = [[float(scale) * (i == j) for j in range(size)] for i, scale in enumerate(scales)]
    return alone + data.draw(st.lists(st.lists(small, min_size=size, max_size=size),
                                      max_size=30))


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 9))
def test_the_fit_recovers_weights_that_make_the_targets(data: st.DataObject, size: int) -> None:
    rows = pinned(data, size)
    weights = data.draw(st.lists(small, min_size=size, max_size=size))
    targets = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    assert fit(rows, targets) == pytest.approx(weights, abs=1e-6)


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 9))
def test_the_fit_leaves_a_residual_no_column_can_explain(data: st.DataObject, size: int) -> None:
    """Least squares: what the weights leave of the targets is at right angles to every
    feature, and no nudge of a weight lowers the sum of squares."""
    rows = pinned(data, size)
    targets = data.draw(st.lists(small, min_size=len(rows), max_size=len(rows)))
    found = fit(rows, targets)

    def squares(weights: list[float] | tuple[float, ...]) -> float:
        return sum((t - sum(w * x for w, x in zip(weights, row, strict=True))) ** 2
                   for row, t in zip(rows, targets, strict=True))

    residual = [t - sum(w * x for w, x in zip(found, row, strict=True))
                for row, t in zip(rows, targets, strict=True)]
    for column in range(size):
        assert sum(r * row[column] for r, row in zip(residual, rows, strict=True)) == \
            pytest.approx(0, abs=1e-6)
        for step in (-0.01, 0.01):
            nudged = [w + step * (i == column) for i, w in enumerate(found)]
            assert squares(found) <= squares(nudged) + 1e-9


def test_rows_that_do_not_pin_the_weights_down_are_refused_by_name() -> None:
    rows = [[1.0, 2.0, x] for x in range(10)]  # the second column twice the first
    with pytest.raises(ValueError, match="the weight of 'twice'"):
        fit(rows, [float(x) for x in range(10)], names=("once", "twice", "x"))
    with pytest.raises(ValueError, match="the weight of 'expected points'"):
        fit(rows, [float(x) for x in range(10)])
    with pytest.raises(ValueError, match="no rows"):
        fit([], [])
    assert explained([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]) == 1.0
    assert explained([2.0, 2.0, 2.0], [1.0, 2.0, 3.0]) == 0.0


def test_the_features_read_what_the_view_shows() -> None:
    """Against the hand as it is: the stock, the opponent's pickups and turns counted from its
    log, the least deadwood, and Hard's own expected points and undercut share."""
    checked = 0
    for state in knock_decisions(12):
        view = view_of(state, state.turn)
        hands = HardPlayer(random.Random(checked)).opponents(view)
        read = dict(zip(FEATURES, features(view, hands), strict=True))
        other = view.opponent
        events = [e for e in state.log if e.seat == other]
        taken = sum(e.kind in (EventKind.PILE, EventKind.TAKE) for e in events)
        turns = sum(e.kind is EventKind.DISCARD for e in events) - sum(
            e.kind is EventKind.CANCEL for e in events)
        ours = least_deadwood(list(view.hand))
        melds = list(best_arrangement(view.hand).melds)
        assert read["stock"] == len(state.stock) and read["deadwood"] == ours
        assert read["opponent pickups"] == taken and read["opponent discards"] == turns
        assert read["expected points"] == pytest.approx(knock_points(melds, ours, hands, view))
        under = sum(defender_deadwood(melds, h) <= ours for h in hands) / len(hands)
        assert read["undercut share"] == pytest.approx(under)
        assert read["expected points x stock"] == pytest.approx(
            read["expected points"] * len(state.stock) / 30)
        assert read["deadwood x stock"] == pytest.approx(ours * len(state.stock) / 30)
        assert read["constant"] == 1.0
        checked += 1
    assert checked > 15


def test_the_shipped_weights_load_and_a_bad_file_is_named(tmp_path: Path) -> None:
    data = json.loads(DATA_FILE.read_text())
    assert shipped() == Forecast.load() and len(shipped().weights) == len(FEATURES)
    assert data["decisions"] > 5_000 and data["matches"] >= 400
    bad = tmp_path / "forecast.json"
    for text, problem in (
        ("[1, 2]", "not a JSON object"),
        (json.dumps({**data, "features": FEATURES[:-1]}), "'features'"),
        (json.dumps({**data, "weights": data["weights"][:-1]}), "'weights'"),
        (json.dumps({**data, "weights": [*data["weights"][:-1], True]}), "'weights'"),
        (json.dumps({**data, "weights": [*data["weights"][:-1], 1e400]}), "'weights'"),
        ("{", "Expecting"),
    ):
        bad.write_text(text)
        with pytest.raises(ValueError, match=problem) as raised:
            Forecast.load(bad)
        assert str(bad) in str(raised.value)
    with pytest.raises(ValueError, match="No such file"):
        Forecast.load(tmp_path / "missing.json")


@pytest.mark.slow
def test_the_build_is_seeded_and_writes_its_out_whole(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "forecast.json"
    out.write_text("the weights before")
    main(["--matches", "8", "--seed", "3", "--jobs", "2", "--out", str(out)])
    data, _ = build(3, 8, jobs=1)
    assert json.loads(out.read_text()) == data  # the command's file: the same build again
    assert list(tmp_path.iterdir()) == [out]
    assert Forecast.load(out).weights == tuple(data["weights"])
    assert "the forecast explains" in capsys.readouterr().out


def test_a_build_with_too_little_to_fit_writes_nothing(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "forecast.json"
    with pytest.raises(SystemExit) as stopped:
        main(["--matches", "1", "--seed", "5", "--out", str(out)])
    assert stopped.value.code == 2 and not out.exists()
    assert "too few knock decisions to fit" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path / "no folder" / "forecast.json")])
    assert "not a file in an existing folder" in capsys.readouterr().err


def constant(points: float) -> Forecast:
    return Forecast((points, *[0.0] * (len(FEATURES) - 1)))


def test_expert_knocks_by_its_forecast_in_its_own_style_and_as_hard_in_the_other() -> None:
    seen = set()
    for state in knock_decisions(6):
        view = view_of(state, state.turn)
        for seed in range(2):
            player = ExpertPlayer(random.Random(seed))
            told = shipped().points(view, HardPlayer(random.Random(seed)).opponents(view))
            assert player.knocks(view) == (told >= KNOCK_FORECAST)
            seen.add(told >= KNOCK_FORECAST)
            assert ExpertPlayer(random.Random(seed), forecast=constant(KNOCK_FORECAST)).knocks(view)
            assert not ExpertPlayer(random.Random(seed), forecast=constant(14.9)).knocks(view)
            eager = ExpertPlayer(random.Random(seed), forecast=constant(KNOCK_FORECAST))
            hard = HardPlayer(random.Random(seed))
            eager.style = hard.style = HardPlayer.eager_style
            assert eager.knocks(view) == hard.knocks(view)
    assert seen == {True, False}


def test_experts_knock_advice_quotes_the_forecast_it_knocked_by() -> None:
    """Before the match's end, the reason for Expert's knock decision gives its forecast and
    bar, and the move follows them."""
    quoted = 0
    for state in knock_decisions(8):
        view = view_of(state, state.turn, (10, 20))
        assert not endgame(view)
        for seed in range(2):
            advice = advise(view, random.Random(seed), "expert", samples=8)
            said = advice.reason
            assert f"knocks from +{KNOCK_FORECAST:.0f}" in said, said
            figure = float(said.split("coach forecasts ")[1].split(" and")[0])
            assert (advice.action == Knock()) == (figure >= KNOCK_FORECAST), said
            assert advice.action in (Knock(), EndTurn())
            quoted += 1
    assert quoted > 20
