"""Remake ``matchwin.json``, the hand results Expert's match-win table is solved from.

``nice -n 19 python -m gin_handset.ai.matchwin_build`` (the shipped file: ``--matches 300
--seed 1``) plays seeded matches of hard against hard under the EAAI protocol (the tournament's
``EAAI``, its deals ``deal_seed``) and counts every hand's result from the dealer's side: who
scored (the dealer or the non-dealer), how (gin, knock, undercut) and the points before the
bonus, and the dead hands. The same seed and number of matches make the same file for any
``--jobs``. It prints what the table solved from the counts says against the matches played.
"""

from __future__ import annotations

import random
from collections import Counter

from gin_handset.ai import builds
from gin_handset.ai.levels import make_player
from gin_handset.ai.matchwin import DATA_FILE, HandOdds, WinTable, key_of
from gin_handset.ai.tournament import EAAI, deal_seed, play_match
from gin_handset.ai.workers import map_jobs
from gin_handset.rules.actions import Action
from gin_handset.rules.match import MatchState
from gin_handset.rules.view import PlayerView

PLAYER = "hard"  # both seats: the fast player Expert's own play starts from

Start = tuple[int, int, int]  # at a hand's start: the dealer's points, the other's, who won


def play_one(job: tuple[int, int]) -> tuple[list[str], list[Start]]:
    """Match ``number`` of a build: each hand's result key and, for the check, each hand's
    start (the dealer's score, the non-dealer's, and 1 if the dealer won the match)."""
    seed, number = job
    players = [make_player(PLAYER, random.Random(f"matchwin/{seed}/{number}/{s}")) for s in (0, 1)]
    starts: list[tuple[int, int, int]] = []  # each hand's dealer, its score, the other's

    def start(match: MatchState, _view: PlayerView, _action: Action, _seconds: float) -> None:
        if len(starts) == len(match.results):  # the hand's first decision
            dealer = match.hand.dealer
            starts.append((dealer, match.scores[dealer], match.scores[1 - dealer]))

    match = play_match(MatchState.new(EAAI, deal_seed(seed, number)), players, start)
    keys = [key_of(result, dealer) for result, (dealer, _, _) in zip(match.results, starts,
                                                                      strict=True)]
    return keys, [(mine, theirs, int(match.winner == d)) for d, mine, theirs in starts]


def build(seed: int, matches: int, jobs: int) -> tuple[dict[str, object], list[Start]]:
    """The file's contents, and every hand's start for the check."""
    work = [(seed, number) for number in range(matches)]
    played = map_jobs(play_one, work, jobs)
    counts = Counter(key for keys, _ in played for key in keys)
    data: dict[str, object] = {
        "about": "hand results of hard against hard, EAAI protocol, from the dealer's side: "
        "who scored, how, and the points before the bonus; made by "
        f"python -m gin_handset.ai.matchwin_build --matches {matches} --seed {seed}",
        "seed": seed,
        "matches": matches,
        "hands": sum(counts.values()),
        "counts": dict(sorted(counts.items(), key=lambda item: _order(item[0]))),
    }
    return data, [start for _, starts in played for start in starts]


def _order(key: str) -> tuple[str, int]:
    side, _, points = key.rpartition(" ")
    return side, int(points)


def check(data: dict[str, object], starts: list[Start]) -> str:
    """How well the table forecasts the matches it was learned from: the Brier score of its
    chance for the dealer at each hand's start (0.25 is a coin's)."""
    odds = HandOdds.of(data)
    table = WinTable.solve(odds.points(EAAI.gin_bonus, EAAI.undercut_bonus), EAAI.points_to_win)
    brier = sum((table.chance(mine, theirs, True) - won) ** 2 for mine, theirs, won in starts)
    dead = odds.dead / max(1, odds.hands)
    return (
        f"{odds.hands} hands, dead {100 * dead:.1f}%, the dealer's mean points a hand "
        f"{odds.mean(EAAI.gin_bonus, EAAI.undercut_bonus):+.2f}; at 0-0 the dealer wins the "
        f"match {100 * table.chance(0, 0, True):.1f}%; Brier score of the table's forecast at "
        f"each hand's start {brier / max(1, len(starts)):.4f} over {len(starts)} hands"
    )


def made(seed: int, matches: int, jobs: int) -> tuple[dict[str, object], str]:
    """The file's contents and the check of the table solved from them."""
    data, starts = build(seed, matches, jobs)
    return data, check(data, starts)


def main(argv: list[str] | None = None) -> None:
    builds.run("matchwin_build", __doc__.splitlines()[0], made, 1, 400, DATA_FILE, argv)


if __name__ == "__main__":
    main()
