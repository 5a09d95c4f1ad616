"""What a record costs to open at the largest size the game accepts: a finished match of
`MAX_STEPS` steps (its first decision a discard cancelled and made again thousands of times),
continued one step before its end, opened from the History, and given to ``--replay``; the
time of each and the most memory a replay holds. Replay is linear in the steps, so the figures
at a tenth of the size are about a tenth.

``python -m benchmarks bench_records``; `measure` with a few thousand steps is what the tests
call (they check sizes and counts, never times), and ``--tiny`` runs it on a few hundred.
"""

from __future__ import annotations

import random
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from gin_handset.ai.levels import make_player
from gin_handset.rules.actions import CancelDiscard, Discard, action_text
from gin_handset.rules.hand import Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of
from gin_handset.session.ledger import Ledger, read_shared
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import NEXT_HAND, MatchRecord, forget_replays, positions
from gin_handset.session.saves import MAX_STEPS, SaveStore

SEED = 11
OPTIONS = Options(points_to_win=50)
WHEN = datetime(2026, 12, 1, 12, 0, 0)


def _played(padding: int) -> tuple[str, ...]:
    """A whole match between two simple players, the first discard of seat 0 cancelled and
    made again ``padding`` times; each player seeded by the steps before the padding counted
    out, so the padding changes nothing else."""
    match = MatchState.new(OPTIONS, SEED)
    steps: list[str] = []
    rng = random.Random()
    players = [make_player("simple", rng), make_player("simple", rng)]
    padded = False
    while not match.is_over:
        if match.hand.is_over:
            match = match.next_hand()
            steps.append(NEXT_HAND)
            continue
        hand = match.hand
        if not padded and hand.phase is Phase.DECIDE and hand.turn == 0:
            again = Discard(hand.discarded) if hand.discarded else None
            for _ in range(padding):
                for action in (CancelDiscard(), again):
                    match = match.apply(action)
                    steps.append(action_text(action))
            padded = True
            continue
        rng.seed(f"{SEED}/{len(steps) - 2 * padding * padded}")
        action = players[hand.turn].choose(view_of(hand, hand.turn, match.scores))
        match = match.apply(action)
        steps.append(action_text(action))
    return tuple(steps)


def longest_match(steps: int = MAX_STEPS) -> MatchRecord:
    """A finished match of at most ``steps`` steps, as near to it as the padding goes."""
    bare = len(_played(0))
    padding = max(0, (steps - bare) // 2)
    found = _played(padding)
    while len(found) > steps and padding > 0:  # the players chose otherwise: pad less
        padding -= (len(found) - steps + 1) // 2
        found = _played(padding)
    return MatchRecord(OPTIONS, SEED, "simple", found, started="2026-12-01T11:00:00")


def _timed(work: Callable[[], None]) -> float:
    """Seconds of this process's CPU that ``work`` takes (other work on a shared machine does
    not count; nothing here waits)."""
    forget_replays()
    start = time.process_time()
    work()
    return time.process_time() - start


def measure(steps: int = MAX_STEPS, folder: Path | None = None) -> dict[str, float]:
    """Figures for a finished match of about ``steps`` steps: ``steps``; CPU seconds to
    ``continue``, to open it from the ``history``, to ``replay`` it from a shared file;
    ``peak_mb``, the most memory its replay holds; ``positions``, how many it shows."""
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        record = longest_match(steps)
        ledger = Ledger(where, lambda: WHEN)
        final = MatchSession(record, None)
        assert final.match_over
        assert ledger.count_finished(record, final.match) == []
        shared = ledger.export(ledger.history()[0][0])
        store = SaveStore(where)
        store.save(replace(record, steps=record.steps[:-1]))

        def resume() -> None:
            saved, problems = store.load()
            assert saved is not None and not problems
            MatchSession(saved, store, ledger=ledger)

        def history() -> None:
            entries, _ = ledger.history()
            entries[0].check()

        def replay() -> None:
            entry, problem = read_shared(shared)
            assert entry is not None, problem
            positions(entry.record)

        figures = {"steps": float(len(record.steps)), "continue": _timed(resume),
                   "history": _timed(history), "replay": _timed(replay)}
        forget_replays()
        tracemalloc.start()
        found = positions(record)
        figures["peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        figures["positions"] = float(len(found))
        forget_replays()
        return figures


def main(sizes: tuple[int, ...] = (MAX_STEPS // 10, MAX_STEPS)) -> None:
    print(f"{'steps':>6} {'continue':>9} {'history':>9} {'--replay':>9} {'peak MB':>8}"
          "  (CPU seconds; a finished match, one hand thousands of steps long)")
    for steps in sizes:
        f = measure(steps)
        print(f"{f['steps']:6.0f} {f['continue']:9.3f} {f['history']:9.3f} {f['replay']:9.3f} "
              f"{f['peak_mb']:8.1f}")


def tiny() -> None:
    """A match of a few hundred steps."""
    main((300,))


if __name__ == "__main__":
    main()
