"""Hard with its reading of the player against Hard without it, on the same deals.

``python -m benchmarks.reading --guard feint --games 1000 --seed 201``
(not a ``bench_`` module: ``make bench`` does not run it; it is a long measurement)
(one process, about 2.5 s a game on the development machine)

Each game is played by Hard (seeded as in the tournament) against the guard; the game is then
played again by the same Hard with its reading turned off, from the start of the first hand in
which the reading changed its style (until then both play alike, so the earlier hands are
shared; a game where the reading never acted is the same game). The report gives each side's
wins with Wilson intervals and the paired difference (reading minus none) in wins and margin,
with a 95% interval over the games.
"""

from __future__ import annotations

import argparse
import copy
import math
import time
from dataclasses import dataclass

from gin_handset.ai import arguments
from gin_handset.ai.hard import LookaheadPlayer, Reading
from gin_handset.ai.player import Player
from gin_handset.ai.tournament import (
    EAAI,
    MAX_ACTIONS,
    after_hand,
    deal_seed,
    players_of,
    wilson,
)
from gin_handset.rules.match import MatchState
from gin_handset.rules.view import view_of

Z = 1.959964


@dataclass(frozen=True)
class Pair:
    read_won: bool
    read_margin: int
    plain_won: bool
    plain_margin: int
    acted: bool  # the reading changed Hard's style in this game


def _finish(match: MatchState, players: list[Player], hard_seat: int,
            branch: list[tuple[MatchState, list[Player]]] | None) -> tuple[bool, int]:
    """Play the match to its end; with ``branch``, note the state at the start of the first hand
    Hard plays in another style (its reading turned off in the copy)."""
    hard = players[hard_seat]
    assert isinstance(hard, LookaheadPlayer)
    for _ in range(MAX_ACTIONS):
        if match.hand.is_over:
            following = after_hand(match, players)
            if following is None:
                break
            match = following
        if branch is not None and not branch and hard.style is not hard.base_style:
            plain = copy.deepcopy((match, players))
            off = plain[1][hard_seat]
            assert isinstance(off, LookaheadPlayer)
            off.reads = False
            off.new_hand()  # restyle: back to its first style
            branch.append(plain)
        seat = match.hand.turn
        match = match.apply(players[seat].choose(view_of(match.hand, seat, match.scores)))
    else:
        raise RuntimeError("the match did not end")
    return match.winner == hard_seat, match.scores[hard_seat] - match.scores[1 - hard_seat]


def play_pair(reader: str, guard: str, seed: int, game: int, reading: Reading | None) -> Pair:
    """Game ``game`` (deal ``game // 2``, Hard in seat ``game % 2``) with and without reading."""
    hard_seat = game % 2
    players = players_of(reader, guard, seed, game)
    hard = players[hard_seat]
    assert isinstance(hard, LookaheadPlayer)
    if reading is not None:
        hard.reading = copy.deepcopy(reading)
    match = MatchState.new(EAAI, deal_seed(seed, game // 2))
    for player in players:
        player.new_hand()
    branch: list[tuple[MatchState, list[Player]]] = []
    won, margin = _finish(match, players, hard_seat, branch)
    if not branch:
        return Pair(won, margin, won, margin, False)
    plain_won, plain_margin = _finish(*branch[0], hard_seat, None)
    return Pair(won, margin, plain_won, plain_margin, True)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% normal interval of the mean."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    half = Z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def report(reader: str, guard: str, seed: int, pairs: list[Pair]) -> str:
    n = len(pairs)
    lines = [f"{reader} vs {guard}: {n} duplicate matches (EAAI), seed {seed}, "
             f"reading acted in {sum(p.acted for p in pairs)}"]
    for label, wins, margins in (
        ("with reading", [p.read_won for p in pairs], [p.read_margin for p in pairs]),
        ("without", [p.plain_won for p in pairs], [p.plain_margin for p in pairs]),
    ):
        low, high = wilson(sum(wins), n)
        lines.append(
            f"  {label:>12}: won {sum(wins)}/{n} = {100 * sum(wins) / n:.1f}% "
            f"(Wilson {100 * low:.1f}% - {100 * high:.1f}%), margin {sum(margins) / n:+.1f}"
        )
    diff = mean_interval([float(p.read_won) - p.plain_won for p in pairs])
    margin = mean_interval([float(p.read_margin - p.plain_margin) for p in pairs])
    lines.append(
        f"  reading minus none: wins {100 * diff[0]:+.1f} points "
        f"(95% {100 * diff[1]:+.1f} to {100 * diff[2]:+.1f}), margin {margin[0]:+.1f} "
        f"({margin[1]:+.1f} to {margin[2]:+.1f})"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reader", default="hard")
    parser.add_argument("--guard", default="feint")
    parser.add_argument("--games", type=arguments.count, default=200)
    parser.add_argument("--seed", type=arguments.seed, default=101)
    parser.add_argument("--switch", action="store_true",
                        help="Hard's reading before issue 22: eager for good at one eager knock")
    parser.add_argument("--blind", action="store_true",
                        help="the gradual reading before it gauged the player (commit 897902b)")
    args = parser.parse_args(argv)
    reading = None
    if args.switch:
        reading = Reading([], window=None, knocks=1, share=0.0, gauges=False)
    elif args.blind:
        reading = Reading([], gauges=False)
    start = time.perf_counter()
    pairs = [play_pair(args.reader, args.guard, args.seed, g, reading) for g in range(args.games)]
    print(report(args.reader, args.guard, args.seed, pairs))
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
