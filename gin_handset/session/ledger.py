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
from gin_handset.session.record import MatchRecord
from gin_handset.session.statistics import Outcome, Statistics
from gin_handset.storage import MAX_BYTES, parse_file, read_json, write_atomically

STATISTICS_FILE = "statistics.json"
HISTORY_FILE = "history.json"
EXPORTS = "exports"
MAX_SHARED_BYTES = 1024 * 1024  # one match: far more than the longest


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
        """Add a finished match to the statistics and the history (once); what went wrong."""
        key = record.key
        stats, problems = self.statistics()
        history, more = self.history()
        problems += more
        try:
            counted = stats.finished(key, Outcome.of(record, match))
            if counted is not stats:
                self._write_statistics(counted)
            if all(entry.record.key != key for entry in history):
                self._write_history([Finished.of(record, match, self.now()), *history])
        except OSError as error:
            problems.append(f"The match could not be added to your statistics: {error}")
        return problems

    def count_abandoned(self, record: MatchRecord) -> list[str]:
        """Count a match left unfinished for a new one (once); what went wrong."""
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
        stamp = re.sub(r"[^0-9]", "", entry.ended)[:12] or "match"
        path = self.folder / EXPORTS / f"gin-{stamp}-seed{entry.record.seed}.json"
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
        return None, f"Match file {path} cannot be replayed, {problem}."
    return entry, None
