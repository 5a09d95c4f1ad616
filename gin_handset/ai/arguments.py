"""Command-line numbers of the computer players' tools (the tournament, the builds of Expert's
data files, the benchmarks): each bounded, so a mistyped count cannot ask for a billion matches
or a thousand processes (a run's length is still the product of its counts)."""

from __future__ import annotations

from gin_handset.arguments import whole

MAX_COUNT = 100_000  # matches, rollouts or worlds a decision
MAX_JOBS = 64  # worker processes
MAX_SEED = 10**18  # a run's seed


def count(text: str) -> int:
    """A command-line count: a whole number from 1 to ``MAX_COUNT``."""
    return whole(text, 1, MAX_COUNT)


def seed(text: str) -> int:
    """A command-line seed: a whole number from 0 to ``MAX_SEED``."""
    return whole(text, 0, MAX_SEED)


def jobs(text: str) -> int:
    """A command-line count of worker processes: from 1 to ``MAX_JOBS``."""
    return whole(text, 1, MAX_JOBS)
