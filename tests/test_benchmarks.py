"""Every benchmark runs: ``python -m benchmarks --tiny NAME`` runs each module's `tiny` (its own
code on a tiny input), so `make bench` cannot rot unseen (it once unpacked two values from a
function that had come to return three)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.__main__ import names

ROOT = Path(__file__).resolve().parent.parent
# What each benchmark prints when it has measured everything it measures.
PRINTS = {
    "bench_ai": ("simple:", "easy:", "normal:", "hard:", "champion:", "camper:"),
    "bench_expert": ("searched decisions: mean", "all decisions: mean", "expert's hint"),
    "bench_handset": ("idle on the main menu:", "idle on the player's own turn:",
                      "video driver's own wait", "launch to first frame:"),
    "bench_records": ("steps  continue   history  --replay  peak MB",),
    "bench_rules": ("deadwood(10 cards)", "best_arrangement(10 cards)",
                    "lay_off(10 defender cards)"),
    "bench_tables": ("2 of 2 tables held;", "moves/s", "round trip median", "0 errors"),
    "bench_turn_flow": ("Confirm Discard Off ends",),
}
# Tiny runs that still take seconds: bench_ai plays a match with each player, bench_tables
# starts a table server.
SLOW = {"bench_ai", "bench_tables"}


def test_every_benchmark_has_a_tiny_run_checked_here() -> None:
    assert names() == sorted(PRINTS)
    for name in names():
        assert callable(importlib.import_module(f"benchmarks.{name}").tiny), name


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name
    for name in sorted(PRINTS)])
def test_the_benchmark_runs_on_a_tiny_input(name: str) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    ran = subprocess.run([sys.executable, "-m", "benchmarks", "--tiny", name], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith(f"== {name}\n") and "Traceback" not in ran.stderr
    for line in PRINTS[name]:
        assert line in ran.stdout, f"{line!r} missing from:\n{ran.stdout}"
