"""The last finished matches, each with its record (seed and steps), so it can be replayed; and
a match exported alone as a small file a player can share.

An entry holds what the history list shows (when it ended, the scores, who won) beside the
record; replaying the record gives the same scores, which is checked when a shared file is
opened.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gin_handset.rules.match import MatchState
from gin_handset.session.record import MatchRecord, ReplayError
from gin_handset.session.replayer import Position, positions
from gin_handset.session.saves import SaveError, record_from_dict, record_to_dict
from gin_handset.storage import FieldError, checked_format, is_time, refuse_unknown, show

FORMAT = "gin-handset history"
SHARED_FORMAT = "gin-handset replay"
VERSION = 1
MAX_MATCHES = 50
MAX_SCORE = 10**6
ENTRY_FIELDS = ("ended", "scores", "winner", "record")


class HistoryError(FieldError):
    """A value in the history or a shared match that cannot be used, naming its field."""


@dataclass(frozen=True)
class Finished:
    """A finished match: when it ended, its final scores (by seat, the match bonuses included
    when its options have them), who won, its record."""

    record: MatchRecord
    ended: str  # ISO 8601, local time
    scores: tuple[int, int]
    winner: int

    @classmethod
    def of(cls, record: MatchRecord, match: MatchState, ended: datetime) -> Finished:
        """The entry of a finished match; it ended at ``ended`` unless its record says."""
        final = record.final(match)
        assert final is not None, "only a finished match is kept"
        when = record.ended or ended.isoformat(timespec="seconds")
        return cls(replace(record, ended=""), when, final.totals, final.winner)

    @property
    def won(self) -> bool:
        """Won by this phone's player."""
        return self.winner == self.record.seat

    @property
    def own_scores(self) -> tuple[int, int]:
        """This phone's player's final score, then the other's."""
        seat = self.record.seat
        return self.scores[seat], self.scores[1 - seat]

    def to_dict(self) -> dict[str, Any]:  # the fields of ENTRY_FIELDS
        return {"ended": self.ended, "scores": list(self.scores), "winner": self.winner,
                "record": record_to_dict(self.record)}

    @classmethod
    def from_dict(cls, data: Any, where: str, check_steps: bool = False,
                  more: tuple[str, ...] = ()) -> Finished:
        """An entry from parsed JSON (which may also have the fields ``more``); HistoryError
        naming the field when anything is wrong. With ``check_steps`` the record is replayed
        and must end as the entry says."""
        if not isinstance(data, dict):
            raise HistoryError(where, f"expected an object, found {type(data).__name__}")
        refuse_unknown(data, (*ENTRY_FIELDS, *more), where, HistoryError)
        ended = data.get("ended")
        if not is_time(ended):
            raise HistoryError(f"{where}ended", f"{show(ended)} is not a date and time")
        scores = data.get("scores")
        if (not isinstance(scores, list) or len(scores) != 2
                or not all(type(s) is int and 0 <= s <= MAX_SCORE for s in scores)):
            raise HistoryError(f"{where}scores", f"{show(scores)} is not two scores")
        winner = data.get("winner")
        if winner not in (0, 1) or type(winner) is not int:
            raise HistoryError(f"{where}winner", f"{show(winner)} is not 0 or 1")
        try:
            record = record_from_dict(data.get("record"), check_steps=False)
        except SaveError as error:
            raise HistoryError(f"{where}record.{error.field}", error.problem) from error
        entry = cls(record, ended, (scores[0], scores[1]), winner)
        if check_steps:
            entry.check()
        return entry

    def check(self) -> list[Position]:
        """The positions its record replays through; HistoryError when they do not end in the
        finished match this entry says it is."""
        try:
            found = positions(self.record)
        except ReplayError as error:
            raise HistoryError("record.steps", str(error)) from error
        final = self.record.final(found[-1].match)
        if final is None or final.totals != self.scores or final.winner != self.winner:
            raise HistoryError("record.steps", "they do not lead to the scores and winner given")
        return found


def history_to_dict(entries: list[Finished]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "matches": [e.to_dict() for e in entries]}


def history_from_dict(data: Any) -> list[Finished]:
    """The entries, newest first; their steps are checked when one is replayed."""
    data = checked_format(data, FORMAT, VERSION, HistoryError)
    refuse_unknown(data, ("format", "version", "matches"), "", HistoryError)
    matches = data.get("matches")
    if not isinstance(matches, list) or len(matches) > MAX_MATCHES:
        raise HistoryError("matches", f"expected a list of at most {MAX_MATCHES} matches")
    return [Finished.from_dict(entry, f"matches[{i}].") for i, entry in enumerate(matches)]


def shared_to_dict(entry: Finished) -> dict[str, Any]:
    return {"format": SHARED_FORMAT, "version": VERSION, **entry.to_dict()}


def shared_from_dict(data: Any) -> Finished:
    """A shared match, replayed to check that it is what it says."""
    checked = checked_format(data, SHARED_FORMAT, VERSION, HistoryError)
    return Finished.from_dict(checked, "", check_steps=True, more=("format", "version"))
