"""The names of the files the session keeps in the data folder (a module of its own, so the
main menu can look for a save without loading the game), and the one look at the save the
start needs: whether it holds a match that ended."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from gin_handset.storage import is_time, parse_file

MATCH_FILE = "match.json"
SEAT_FILE = "table.json"  # the seat held at a network table (session/table_seat.py)


def has_save(folder: Path) -> bool:
    """Whether a save is there (no, too, where the folder cannot be searched)."""
    return os.path.isfile(folder / MATCH_FILE)


def has_seat(folder: Path) -> bool:
    """Whether a seat at a network table is kept there for Continue."""
    return os.path.isfile(folder / SEAT_FILE)


def started_now() -> str:
    """Now, as a match's start time (ISO 8601, local time)."""
    return datetime.now().isoformat(timespec="seconds")


def save_says_ended(folder: Path) -> bool:
    """Whether the save in ``folder`` says its match ended (``ended``): a match whose end was
    not yet in every record file. Nothing is checked or moved here; loading it does that."""
    if not has_save(folder):
        return False
    ended, _ = parse_file(folder / MATCH_FILE,
                          lambda data: isinstance(data, dict) and is_time(data.get("ended")))
    return bool(ended)
