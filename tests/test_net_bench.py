"""The table benchmark runs on a tiny input: a server process, two bot tables, one second."""

from __future__ import annotations

import pytest

from benchmarks.bench_tables import run


@pytest.mark.slow
def test_the_table_benchmark_measures_tables_moves_round_trips_and_memory():
    figures = run(tables=2, seconds=1.5, think=0.05, fsync=False)
    assert figures["held"] == 2 and figures["errors"] == 0
    assert figures["moves_per_second"] > 0
    assert 0 < figures["median_ms"] <= figures["p99_ms"] < 5000
    assert isinstance(figures["kib_per_table"], float)
