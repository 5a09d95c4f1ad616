"""The player's record on disk: the statistics and the history of the last matches, two JSON
files in the data folder beside the settings and the save.

Each is written atomically, and a match is added to each only if its key is not there yet, so
a match killed at game over and continued counts once. A file that cannot be read is set aside
(never deleted) and the player told; counting then starts afresh. The history is bounded: at
most `MAX_MATCHES` matches and `MAX_BYTES`, the oldest dropped first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from gin_handset.rules.match import MatchState
from gin_handset.session.history import (
    MAX_MATCHES,
    Finished,
    history_from_dict,
    history_to_dict,
    shared_from_dict,
    shared_to_dict,
)
from gin_handset.session.record import MatchRecord, replay
from gin_handset.session.saves import SaveStore
from gin_handset.session.statistics import Outcome, Statistics
from gin_handset.storage import MAX_BYTES, parse_file, read_json, show_path, write_atomically

STATISTICS_FILE = "statistics.json"
HISTORY_FILE = "history.json"
EXPORTS = "exports"
MAX_SHARED_BYTES = MAX_BYTES  # one match: a save's bound, as the longest save may be shared
MAX_SEED_IN_NAME = 20  # digits of the seed an export's file name shows


def export_name(entry: Finished) -> str:
    """``gin-<date>-seed<N>.json``, bounded whatever the seed: a seed of more than
    `MAX_SEED_IN_NAME` digits shows its first digits and the match's key instead."""
    stamp = re.sub(r"[^0-9]", "", entry.ended)[:12] or "match"
    seed = str(entry.record.seed)
    if len(seed) > MAX_SEED_IN_NAME:
        seed = f"{seed[:12]}-{entry.record.key[:8]}"
    return f"gin-{stamp}-seed{seed}.json"


class Ledger:
    """The statistics and the history in ``folder``; ``now`` tells when a match ended."""

    def __init__(self, folder: Path, now: Callable[[], datetime] = datetime.now) -> None:
        self.folder = folder
        self.now = now

    @property
    def statistics_path(self) -> Path:
        return self.folder / STATISTICS_FILE

    @property
    def history_path(self) -> Path:
        return self.folder / HISTORY_FILE

    def statistics(self) -> tuple[Statistics, list[str]]:
        """The statistics (none yet: empty), and a message when the file was set aside."""
        found, problem = read_json(self.statistics_path, Statistics.from_dict)
        problems = [f"Statistics file {self.statistics_path} is bad, {problem}. Counting "
                    "starts afresh."] if problem else []
        return found or Statistics(), problems

    def history(self) -> tuple[list[Finished], list[str]]:
        """The finished matches, newest first, and a message when the file was set aside."""
        found, problem = read_json(self.history_path, history_from_dict)
        problems = [f"Match history {self.history_path} is bad, {problem}. It starts "
                    "afresh."] if problem else []
        return found or [], problems

    def count_finished(self, record: MatchRecord, match: MatchState) -> list[str]:
        """Add a finished match to the statistics and the history (each once); what went
        wrong, naming the file."""
        return self._count(record, match)[0]

    def _count(self, record: MatchRecord, match: MatchState) -> tuple[list[str], bool]:
        """`count_finished`, and whether both files now hold the match."""
        key = record.key
        stats, problems = self.statistics()
        history, more = self.history()
        problems += more
        held = True
        counted = stats.finished(key, Outcome.of(record, match))
        if counted is not stats:
            held &= self._writing(self.statistics_path, problems,
                                  lambda: self._write_statistics(counted))
        if all(entry.record.key != key for entry in history):
            entry = Finished.of(record, match, self.now())
            held &= self._writing(self.history_path, problems,
                                  lambda: self._write_history([entry, *history]))
        return problems, held

    @staticmethod
    def _writing(path: Path, problems: list[str], write: Callable[[], None]) -> bool:
        try:
            write()
        except OSError as error:
            problems.append(f"The match could not be added to {path}: {error}")
            return False
        return True

    def finish(self, record: MatchRecord, match: MatchState,
               store: SaveStore | None) -> list[str]:
        """A match's end: save it whole with when it ended, add it to the statistics and the
        history (each once, by its key), and clear the save only when both files hold it;
        otherwise the save is kept and this is done again at the next start (`finish_saved`).
        What went wrong, naming the file."""
        if not record.ended:
            record = replace(record, ended=self.now().isoformat(timespec="seconds"))
        problems: list[str] = []
        if store is not None:
            try:
                store.save(record)
            except OSError as error:
                problems.append(f"The finished match could not be saved in {store.path}: "
                                f"{error}")
        more, held = self._count(record, match)
        problems += more
        if store is None:
            return problems
        if not held:
            problems.append(f"The match is kept in {store.path} and will be added at the next "
                            "start.")
            return problems
        try:
            store.clear()
        except OSError as error:
            problems.append(f"The save of the finished match {store.path} could not be "
                            f"removed: {error}")
        return problems

    def count_abandoned(self, record: MatchRecord) -> list[str]:
        """Count a match left unfinished for a new one (once); what went wrong. A saved match
        that ended (its bookkeeping not finished) is finished instead, never abandoned."""
        match = replay(record)
        if match.is_over:
            return self.finish(record, match, None)
        stats, problems = self.statistics()
        try:
            counted = stats.abandoned(record.key, record)
            if counted is not stats:
                self._write_statistics(counted)
        except OSError as error:
            problems.append(f"The abandoned match could not be counted: {error}")
        return problems

    def reset_statistics(self) -> str | None:
        """Start counting afresh (the history stays); a message if that failed."""
        try:
            self._write_statistics(Statistics(counted=self.statistics()[0].counted))
        except OSError as error:
            return f"The statistics could not be reset: {error}"
        return None

    def export(self, entry: Finished) -> Path:
        """Write ``entry`` as a shared match in the exports folder; its path (OSError if it
        cannot be written)."""
        path = self.folder / EXPORTS / export_name(entry)
        write_atomically(path, json.dumps(shared_to_dict(entry), indent=1) + "\n")
        return path

    def _write_statistics(self, stats: Statistics) -> None:
        write_atomically(self.statistics_path, json.dumps(stats.to_dict()) + "\n")

    def _write_history(self, entries: list[Finished]) -> None:
        entries = entries[:MAX_MATCHES]
        while True:
            text = json.dumps(history_to_dict(entries)) + "\n"
            if len(text.encode()) <= MAX_BYTES or len(entries) <= 1:
                break
            entries = entries[:-1]
        write_atomically(self.history_path, text)


def read_shared(path: Path) -> tuple[Finished | None, str | None]:
    """A shared match from ``path`` (replayed to check it), or a message saying what is wrong
    with the file. The file is never moved: it is the player's."""
    entry, problem = parse_file(path, shared_from_dict, MAX_SHARED_BYTES)
    if problem is not None:
        return None, f"Match file {show_path(path)} cannot be replayed, {problem}."
    return entry, None


def finish_saved(folder: Path) -> list[str]:
    """At the start: finish the bookkeeping of a saved match that ended (`Ledger.finish`);
    what happened, for the player."""
    store = SaveStore(folder)
    record, problems = store.load()
    if record is None:
        return problems
    match = replay(record)
    if not match.is_over:
        return problems
    more = Ledger(folder).finish(record, match, store)
    if more:
        return [*problems, *more]
    return [*problems, f"The match that ended {record.ended.replace('T', ' ')} is now in your "
            "statistics and history."]
