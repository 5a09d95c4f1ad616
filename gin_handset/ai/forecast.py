"""A forecast of a knock's points from what the view shows: Expert's rule for knocking.

Hard knocks when the points a knock is expected to score against its sampled opponent hands
reach its bar. Those expected points explain little of what its knocks score against the real
hand (13% to 16% of the variance, README): the sampled hands come from a model of the opponent's
hand that knows which cards it took and threw, not how far its play has brought it. The forecast
adds what the view says of that, and of the time left: a straight line through ``FEATURES``,
fitted by least squares (``fit``) to the points Hard's knock decisions in self-play would have
scored against the real hand (``ai/forecast_build.py``; the weights ship as
``knock_forecast.json``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gin_handset.ai import package_data
from gin_handset.ai.knocks import knock_score
from gin_handset.rules.hand import thrown
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.view import PlayerView

DATA_FILE = package_data.data_file("knock_forecast.json")
FULL_STOCK = 30  # about the stock at the first turn: the scale of the products with the stock
FEATURES = (
    "constant",
    "expected points",  # of the knock against the sampled hands (Hard's figure)
    "undercut share",  # of the sampled hands that undercut it
    "deadwood",
    "stock",  # cards left in the stock
    "opponent pickups",  # cards the opponent took from the pile this hand
    "opponent discards",  # its turns: each a pickup or a stock draw, so those go unsaid
    "expected points x stock",  # over FULL_STOCK
    "deadwood x stock",  # over FULL_STOCK
)
EXPECTED, UNDERCUT = 1, 2  # where ``features`` puts the expected points and the undercut share


def features(view: PlayerView, hands: Sequence[int]) -> tuple[float, ...]:
    """What the forecast reads, in the order of ``FEATURES``, for a knock now with the least
    deadwood against the sampled opponent ``hands`` (card masks)."""
    arrangement = best_arrangement(view.hand)
    melds, ours = list(arrangement.melds), arrangement.deadwood_count
    scores = [knock_score(melds, ours, hand, view.options) for hand in hands]
    count = max(1, len(scores))
    expected = sum(scores) / count
    undercut = sum(score <= -view.options.undercut_bonus for score in scores) / count
    stock = view.stock_count
    return (1.0, expected, undercut, float(ours), float(stock), float(len(view.opponent_pickups)),
            float(len(thrown(view.log, view.opponent))), expected * stock / FULL_STOCK,
            ours * stock / FULL_STOCK)


@dataclass(frozen=True)
class Forecast:
    """The weights of ``FEATURES``: the forecast is their sum, each times its feature."""

    weights: tuple[float, ...]

    def points(self, view: PlayerView, hands: Sequence[int]) -> float:
        """The points to me forecast for a knock now (negative: to the opponent)."""
        return self.weigh(features(view, hands))

    def weigh(self, read: Sequence[float]) -> float:
        """The forecast from ``features`` already read."""
        return sum(w * x for w, x in zip(self.weights, read, strict=True))

    @classmethod
    def of(cls, data: object) -> Forecast:
        """The forecast a ``knock_forecast.json`` holds (ValueError naming what is wrong)."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("features") != list(FEATURES):
            raise ValueError(f"'features' is not {list(FEATURES)}")
        weights = data.get("weights")
        if not isinstance(weights, list) or len(weights) != len(FEATURES) or not all(
            isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w)
            for w in weights
        ):
            raise ValueError(f"'weights' is not a list of {len(FEATURES)} finite numbers")
        return cls(tuple(float(w) for w in weights))

    @classmethod
    def load(cls, path: Path = DATA_FILE) -> Forecast:
        """The shipped forecast (a bad file is a fault of the package: ValueError naming it)."""
        return package_data.load(path, cls.of)


@cache
def shipped() -> Forecast:
    """The forecast ``knock_forecast.json`` holds, read once."""
    return Forecast.load()


def fit(rows: Sequence[Sequence[float]], targets: Sequence[float],
        names: Sequence[str] = FEATURES) -> tuple[float, ...]:
    """The weights of least squares: those whose sums over ``rows`` come nearest ``targets``
    (the normal equations, solved by elimination with partial pivoting); ValueError naming the
    first weight (by ``names``, else its place) the rows do not pin down."""
    size = len(rows[0]) if rows else 0
    if not size or len(rows) != len(targets):
        raise ValueError("no rows, or not one target a row")
    gram = [[0.0] * (size + 1) for _ in range(size)]  # the normal equations, target last
    for row, target in zip(rows, targets, strict=True):
        for i in range(size):
            line, xi = gram[i], row[i]
            for j in range(size):
                line[j] += xi * row[j]
            line[size] += xi * target
    scale = max(max(abs(v) for v in line[:size]) for line in gram) or 1.0
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(gram[r][col]))
        if abs(gram[pivot][col]) <= 1e-12 * scale:
            name = repr(names[col]) if col < len(names) else str(col)
            raise ValueError(f"the rows do not pin down the weight of {name}")
        gram[col], gram[pivot] = gram[pivot], gram[col]
        for r in range(size):
            if r != col:
                factor = gram[r][col] / gram[col][col]
                if factor:
                    gram[r] = [a - factor * b for a, b in zip(gram[r], gram[col], strict=True)]
    return tuple(gram[i][size] / gram[i][i] for i in range(size))


def explained(predicted: Sequence[float], targets: Sequence[float]) -> float:
    """The share of the targets' variance the predictions explain (R squared)."""
    mean = sum(targets) / len(targets)
    total = sum((t - mean) ** 2 for t in targets)
    residual = sum((t - p) ** 2 for p, t in zip(predicted, targets, strict=True))
    return 1.0 - residual / total if total else 0.0
