"""Two tournament runs on the same deals, compared deal by deal.

``python -m benchmarks.paired BEFORE.jsonl AFTER.jsonl``
(not a ``bench_`` module: ``make bench`` does not run it; it only reads two logs)

The logs are those of ``python -m gin_handset.ai.tournament ... --log FILE``: two runs with
the same seed and the same B, so match ``i`` of both is the same deal from the same seat; A may
be the same level before and after a change, another level or another budget. Only whole deals
(both of a deal's matches in both logs) are compared. The report gives each run's wins on them
with a Wilson interval, how many matches were played otherwise (another margin or other hands),
and the second run minus the first, in matches won and in margin, with a 95% interval over the
deals (the deal is the unit: its two matches, seats swapped, are not independent).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from benchmarks.reading import mean_interval
from gin_handset.ai.game_log import GameRecord, LogError, RunKey, key_of, read_log
from gin_handset.ai.levels import level_named
from gin_handset.ai.tournament import wilson
from gin_handset.rules.options import OKLAHOMA


@dataclass(frozen=True)
class Run:
    path: Path
    key: RunKey
    games: dict[int, GameRecord]


def load(path: Path) -> Run:
    """A log read whole, its run named by its first line. LogError naming the file and line."""
    key = key_of(path)
    games, _ = read_log(path, key)
    return Run(path, key, games)


def whole_deals(first: Run, second: Run) -> list[int]:
    """The deals whose two matches both runs hold. LogError when the runs are not of the same
    deals (another seed, another B, another game, or a B built on another level whose stream
    ``--common`` changes, with it in one run only) or share no whole deal."""
    if (first.key.seed, first.key.b) != (second.key.seed, second.key.b):
        raise LogError(
            f"{first.path} and {second.path}: not the same deals (B {first.key.b}, seed "
            f"{first.key.seed} against B {second.key.b}, seed {second.key.seed})")
    if first.key.game_type != second.key.game_type:
        raise LogError(
            f"{first.path} and {second.path}: not the same game ({first.key.game_type} "
            f"against {second.key.game_type})")
    b_streams = level_named(first.key.b).stream_name != first.key.b  # --common changes B's
    if first.key.common != second.key.common and b_streams:
        raise LogError(
            f"{first.path} and {second.path}: not the same deals for B {first.key.b}, which "
            "draws another stream with common streams than without; pair runs that both have "
            "--common or both have it not")
    common = first.games.keys() & second.games.keys()
    deals = sorted({game // 2 for game in common if game ^ 1 in common})
    if not deals:
        raise LogError(f"{first.path} and {second.path}: no deal played whole in both")
    return deals


def _side(run: Run, records: list[GameRecord]) -> str:
    won = sum(record.a_won for record in records)
    low, high = wilson(won, len(records))
    margin = sum(record.margin for record in records) / len(records)
    streams = ", common streams" if run.key.common else ""
    return (f"  {run.path} ({run.key.a}, samples {run.key.samples or 'default'}{streams}): won "
            f"{won}/{len(records)} = {100 * won / len(records):.1f}% (Wilson {100 * low:.1f}% - "
            f"{100 * high:.1f}%), margin {margin:+.1f}; matches of it left out: "
            f"{len(run.games) - len(records)}")


def _game(run: Run) -> str:
    return ", Oklahoma Gin" if run.key.game_type == OKLAHOMA else ""


def _difference(name: str, values: list[float], scale: float) -> str:
    mean, low, high = mean_interval(values)
    if len(values) < 2:
        return f"{name} {scale * mean:+.1f} (no interval from one deal)"
    return f"{name} {scale * mean:+.1f} (95% {scale * low:+.1f} to {scale * high:+.1f})"


def report(first: Run, second: Run) -> str:
    deals = whole_deals(first, second)
    by_deal = [[(first.games[game], second.games[game]) for game in (2 * deal, 2 * deal + 1)]
               for deal in deals]
    pairs = [pair for deal in by_deal for pair in deal]
    otherwise = sum((a.margin, a.hands) != (b.margin, b.hands) for a, b in pairs)
    only_second = sum(b.a_won and not a.a_won for a, b in pairs)
    only_first = sum(a.a_won and not b.a_won for a, b in pairs)
    wins = [sum(b.a_won - a.a_won for a, b in deal) / 2 for deal in by_deal]
    margin = [sum(b.margin - a.margin for a, b in deal) / 2 for deal in by_deal]
    return "\n".join([
        f"against {first.key.b}, seed {first.key.seed}{_game(first)}: {len(pairs)} matches, "
        f"{len(deals)} whole deals in both logs",
        _side(first, [a for a, _ in pairs]),
        _side(second, [b for _, b in pairs]),
        f"  played otherwise: {otherwise} matches; won by the second only {only_second}, by the "
        f"first only {only_first}",
        f"  second minus first, by deal: {_difference('wins', wins, 100)} points of matches "
        f"won, {_difference('margin', margin, 1)} points a match",
    ])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="the log of the run to compare against")
    parser.add_argument("second", type=Path, help="the log of the run compared")
    args = parser.parse_args(argv)
    try:
        print(report(load(args.first), load(args.second)))
    except (LogError, OSError) as problem:
        parser.exit(2, f"paired: {problem}\n")


if __name__ == "__main__":
    main()
