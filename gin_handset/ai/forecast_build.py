"""Remake ``knock_forecast.json``, the weights of Expert's forecast of a knock.

``nice -n 19 python -m gin_handset.ai.forecast_build --jobs 2`` (the shipped file: ``--matches
400 --seed 97003``) plays seeded matches of hard against hard under the EAAI protocol (the
tournament's ``EAAI``, its deals ``deal_seed``). At every decision to knock or play on with
deadwood, by either seat, it reads the forecast's features (``forecast.features``, with opponent
hands sampled as Hard samples them, from a stream of their own so the play is Hard's) and the
points the knock would have scored against the real hand, and fits the weights to those points
by least squares. The same seed and number of matches make the same file for any ``--jobs``. It
prints how much of the points' variance the forecast explains on the last quarter of the
matches, fitted on the rest, against Hard's expected points alone.
"""

from __future__ import annotations

import random

from gin_handset.ai import builds
from gin_handset.ai.forecast import DATA_FILE, FEATURES, explained, features, fit
from gin_handset.ai.hard import HardPlayer
from gin_handset.ai.knocks import knock_score
from gin_handset.ai.levels import make_player
from gin_handset.ai.tournament import EAAI, deal_seed, play_match
from gin_handset.ai.workers import map_jobs
from gin_handset.rules.actions import Action, Knock
from gin_handset.rules.cards import mask_of
from gin_handset.rules.hand import Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.view import PlayerView

PLAYER = "hard"  # both seats: the player whose knocks Expert forecasts
FEWEST = 10 * len(FEATURES)  # decisions a fit needs: fewer leave its weights noise

Row = tuple[tuple[float, ...], float]  # a decision's features, and the knock's real points


def play_one(job: tuple[int, int]) -> list[Row]:
    """Match ``number`` of a build: each knock decision with deadwood, read."""
    seed, number = job
    players = [make_player(PLAYER, random.Random(f"forecast/{seed}/{number}/{s}")) for s in (0, 1)]
    sampler = HardPlayer(random.Random(f"forecast/{seed}/{number}/sampler"))
    rows: list[Row] = []

    def read(match: MatchState, view: PlayerView, _action: Action, _seconds: float) -> None:
        if view.phase is not Phase.DECIDE or Knock() not in view.legal_actions:
            return
        arrangement = best_arrangement(view.hand)
        if arrangement.deadwood_count == 0:
            return
        real = mask_of(match.hand.hands[view.opponent])
        points = knock_score(list(arrangement.melds), arrangement.deadwood_count, real,
                             view.options)
        rows.append((features(view, sampler.opponents(view)), float(points)))

    play_match(MatchState.new(EAAI, deal_seed(seed, number)), players, read)
    return rows


def build(seed: int, matches: int, jobs: int) -> tuple[dict[str, object], str]:
    """The file's contents, and how well the forecast does on matches it was not fitted to;
    ValueError when there are too few decisions to fit."""
    played = map_jobs(play_one, [(seed, number) for number in range(matches)], jobs)
    rows = [row for match in played for row in match]
    if len(rows) < FEWEST:
        raise ValueError(f"too few knock decisions to fit: {len(rows)}, fewer than {FEWEST}; "
                         "play more --matches")
    held = [row for match in played[matches - matches // 4:] for row in match]
    taught = rows[: len(rows) - len(held)]
    data: dict[str, object] = {
        "about": "weights of the forecast of a knock's points (forecast.py), fitted by least "
        "squares to hard's knock decisions with deadwood, hard against hard, EAAI protocol; "
        f"made by python -m gin_handset.ai.forecast_build --matches {matches} --seed {seed}",
        "seed": seed,
        "matches": matches,
        "decisions": len(rows),
        "features": list(FEATURES),
        "weights": list(fit([x for x, _ in rows], [y for _, y in rows])),  # ValueError if
        # the decisions do not pin the weights down
    }
    return data, check(taught, held)


def check(taught: list[Row], held: list[Row]) -> str:
    """The share of the held-out points' variance explained by the forecast fitted on
    ``taught``, and by Hard's expected points alone (fitted the same way)."""
    if not taught or not held:
        return "too few decisions to check"
    targets = [y for _, y in held]
    try:
        full = fit([x for x, _ in taught], [y for _, y in taught])
        alone = fit([x[:2] for x, _ in taught], [y for _, y in taught])
    except ValueError as problem:
        return f"no check: {problem}"
    forecast = [sum(w * v for w, v in zip(full, x, strict=True)) for x, _ in held]
    expected = [alone[0] + alone[1] * x[1] for x, _ in held]
    return (
        f"{len(taught) + len(held)} decisions; on the last quarter's {len(held)}, fitted on the "
        f"rest, the forecast explains {100 * explained(forecast, targets):.1f}% of the "
        f"variance of the knock's points, Hard's expected points "
        f"{100 * explained(expected, targets):.1f}%"
    )


def main(argv: list[str] | None = None) -> None:
    builds.run("forecast_build", __doc__.splitlines()[0], build, 97003, 400, DATA_FILE, argv)


if __name__ == "__main__":
    main()
