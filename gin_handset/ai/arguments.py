"""Command-line numbers of the computer players' tools (the tournament, the builds of Expert's
data files, the benchmarks): each bounded, so a mistyped count cannot ask for a billion matches
or a thousand processes (a run's length is still the product of its counts)."""

from __future__ import annotations

import argparse
import math

MAX_COUNT = 100_000  # matches, rollouts or worlds a decision
MAX_JOBS = 64  # worker processes
MAX_SEED = 10**18  # a run's seed


def whole(text: str, top: int, low: int = 1) -> int:
    """A command-line whole number from ``low`` to ``top``; the message echoes at most 20
    characters."""
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if not low <= value <= top:
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r} is not a whole number from {low} to {top}")
    return value


def real(text: str, low: float, high: float) -> float:
    """A command-line number from ``low`` to ``high`` (never NaN or infinite)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number from {low:g} to {high:g}")
    return value


def count(text: str) -> int:
    """A command-line count: a whole number from 1 to ``MAX_COUNT``."""
    return whole(text, MAX_COUNT)


def seed(text: str) -> int:
    """A command-line seed: a whole number from 0 to ``MAX_SEED``."""
    return whole(text, MAX_SEED, low=0)


def jobs(text: str) -> int:
    """A command-line count of worker processes: from 1 to ``MAX_JOBS``."""
    return whole(text, MAX_JOBS)
