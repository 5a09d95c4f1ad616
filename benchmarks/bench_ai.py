"""Decision time of every computer player (benchmarks too) over a few seeded EAAI matches against
simple; `tiny` plays one short match each (the tests' check that it still runs)."""

from __future__ import annotations

from dataclasses import replace

from gin_handset.ai.levels import BENCHMARK_NAMES, PLAYER_NAMES
from gin_handset.ai.tournament import EAAI, TimeStats, play_game
from gin_handset.rules.options import Options

GAMES = 6


def main(games: int = GAMES, options: Options = EAAI) -> None:
    for name in PLAYER_NAMES + BENCHMARK_NAMES:
        records = [play_game(name, "simple", seed=1, game=g, options=options)
                   for g in range(games)]
        stats = TimeStats.of([t for r in records for t in r.times_a])
        print(
            f"{name:>8}: mean {stats.mean_ms:6.2f} ms  p99 {stats.p99_ms:6.2f} ms  "
            f"max {stats.max_ms:6.1f} ms  ({stats.decisions} decisions, {games} games)"
        )


def tiny() -> None:
    """One match of each player, to the fewest points a match may have."""
    main(games=1, options=replace(EAAI, points_to_win=50))


if __name__ == "__main__":
    main()
