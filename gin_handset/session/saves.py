"""The saved match: one JSON file in the data folder, written atomically after every step.

A save that cannot be read (truncated, edited, from another version) is renamed aside, never
deleted, and the reason is returned as a message naming the file, the field and the problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gin_handset.ai.levels import PEOPLE, PLAYER_NAMES
from gin_handset.rules.options import CHOICES as OPTION_CHOICES
from gin_handset.rules.options import Options
from gin_handset.session.files import MATCH_FILE, has_save
from gin_handset.session.record import HUMAN, MatchRecord, ReplayError, replay
from gin_handset.session.seats import is_nickname
from gin_handset.storage import (
    FieldError,
    checked_format,
    is_time,
    read_json,
    refuse_unknown,
    remove,
    show,
    write_atomically,
)

FILE_NAME = MATCH_FILE
FORMAT = "gin-handset match"
VERSION = 1
MAX_HAND = 9999  # the highest hand a match may start at (--hand)
MAX_STEPS = 20_000  # far more than a match to 500 takes
MAX_STEP_TEXT = 120



class SaveError(FieldError):
    """A value in the save that cannot be used, naming its field."""


FIELDS = ("format", "version", "options", "seed", "difficulty", "steps", "first_hand",
          "first_dealer", "assisted", "started", "names", "ended", "seat", "conceded")


def record_to_dict(record: MatchRecord) -> dict[str, Any]:
    ended = {"ended": record.ended} if record.ended else {}
    return {
        "format": FORMAT,
        "version": VERSION,
        "options": record.options.to_dict(),
        "seed": record.seed,
        "difficulty": record.difficulty,
        "steps": list(record.steps),
        "first_hand": record.first_hand,
        "first_dealer": record.first_dealer,
        "assisted": record.assisted,
        "started": record.started,
        **({"names": list(record.names)} if record.names else {}),
        **ended,
        **({"seat": record.seat} if record.seat != HUMAN else {}),
        **({"conceded": record.conceded} if record.conceded is not None else {}),
    }


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise SaveError(name, "missing")
    value = data[name]
    if type(value) is not kind:
        raise SaveError(name, f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def record_from_dict(data: Any, check_steps: bool = True) -> MatchRecord:
    """A record from parsed JSON; SaveError naming the field when anything is wrong. Its steps
    are replayed to check them unless ``check_steps`` is False (the caller replays them later
    and reports a `ReplayError` itself)."""
    data = checked_format(data, FORMAT, VERSION, SaveError)
    refuse_unknown(data, FIELDS, "", SaveError)
    options_given = _field(data, "options", dict)
    refuse_unknown(options_given, tuple(OPTION_CHOICES), "options.", SaveError)
    try:
        options = Options.from_dict(options_given)
    except (TypeError, ValueError) as error:
        raise SaveError("options", str(error)) from error
    difficulty = _field(data, "difficulty", str)
    if difficulty not in (*PLAYER_NAMES, PEOPLE):
        raise SaveError("difficulty", f"{show(difficulty)} is not one of "
                        f"{', '.join((*PLAYER_NAMES, PEOPLE))}")
    steps = _field(data, "steps", list)
    if len(steps) > MAX_STEPS:
        raise SaveError("steps", f"{len(steps)} steps, more than the {MAX_STEPS} of any match")
    if not all(isinstance(step, str) and len(step) <= MAX_STEP_TEXT for step in steps):
        raise SaveError("steps", f"every step must be a text of at most {MAX_STEP_TEXT} "
                        "characters")
    first_hand = data.get("first_hand", 0)  # absent in saves from before --hand
    if type(first_hand) is not int or not 0 <= first_hand <= MAX_HAND:
        raise SaveError("first_hand", f"{show(first_hand)} is not a hand number 0 to {MAX_HAND}")
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and (type(first_dealer) is not int or first_dealer not in (0, 1)):
        raise SaveError("first_dealer", f"{show(first_dealer)} is not 0, 1 or null")
    assisted = data.get("assisted", False)
    if type(assisted) is not bool:
        raise SaveError("assisted", f"{show(assisted)} is not true or false")
    started = data.get("started", "")
    if started != "" and not is_time(started):  # empty in saves from before
        raise SaveError("started", f"{show(started)} is not a date and time like "
                        "2026-11-30T21:49:33")
    ended = data.get("ended", "")
    if ended != "" and not is_time(ended):
        raise SaveError("ended", f"{show(ended)} is not a date and time like 2026-11-30T21:49:33")
    names = data.get("names", [])
    if (type(names) is not list or len(names) not in (0, 2)
            or not all(type(name) is str and is_nickname(name) for name in names)):
        raise SaveError("names", "expected two nicknames of letters, digits and spaces")
    if (difficulty == PEOPLE) != bool(names):
        raise SaveError("names", "a table of two people names both players, and only it")
    seat = data.get("seat", HUMAN)
    if seat not in (0, 1) or type(seat) is not int:
        raise SaveError("seat", f"{show(seat)} is not 0 or 1")
    conceded = data.get("conceded")
    if conceded is not None and (type(conceded) is not int or conceded not in (0, 1)):
        raise SaveError("conceded", f"{show(conceded)} is not 0, 1 or null")
    if (seat != HUMAN or conceded is not None) and difficulty != PEOPLE:
        raise SaveError("seat" if seat != HUMAN else "conceded",
                        "only a match between two people has it")
    record = MatchRecord(options, _field(data, "seed", int), difficulty, tuple(steps),
                         first_hand, first_dealer, assisted, started, tuple(names), ended, seat,
                         conceded)
    if not check_steps:
        return record
    try:
        replay(record)
    except ReplayError as error:
        raise SaveError("steps", str(error)) from error
    return record


class SaveStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def exists(self) -> bool:
        return has_save(self.folder)

    def save(self, record: MatchRecord) -> None:
        write_atomically(self.path, json.dumps(record_to_dict(record), indent=1) + "\n")

    def clear(self) -> None:
        """Remove the save of a match that has ended and is in every record file."""
        remove(self.path)

    def load(self) -> tuple[MatchRecord | None, list[str]]:
        """The saved record, or None and a message when there is none or it was set aside."""
        record, problem = read_json(self.path, record_from_dict)
        if problem is not None:
            return None, [f"Saved match {self.path} cannot be resumed, {problem}."]
        return record, []
