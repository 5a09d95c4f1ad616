"""Decision time of every computer player (benchmarks too) over a few seeded EAAI matches against
simple."""

from __future__ import annotations

from gin_handset.ai.levels import BENCHMARK_NAMES, PLAYER_NAMES
from gin_handset.ai.tournament import TimeStats, play_game

GAMES = 6


def main() -> None:
    for name in PLAYER_NAMES + BENCHMARK_NAMES:
        records = [play_game(name, "simple", seed=1, game=g) for g in range(GAMES)]
        stats = TimeStats.of([t for r in records for t in r.times_a])
        print(
            f"{name:>8}: mean {stats.mean_ms:6.2f} ms  p99 {stats.p99_ms:6.2f} ms  "
            f"max {stats.max_ms:6.1f} ms  ({stats.decisions} decisions, {GAMES} games)"
        )


if __name__ == "__main__":
    main()
