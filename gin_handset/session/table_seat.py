"""The seat this phone holds at a network table, kept in the data folder so that a player who
closes the app mid-match finds Continue rejoining it.

The file holds what `SeatLink.resume_data` gives (the table's address and code, the seat's
token, this phone's contribution to the seed, the commitment and the fingerprints of the views
seen so far, for the check at the end), when the match started, and, when this phone started
the table's server itself, where that server listened: Continue starts it again there, on the
tables it saved. Like every file of the game it is written atomically, checked field by field
when read, and set aside (never deleted) when it cannot be used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gin_handset.net.protocol import CODE, CONTRIBUTION, MAX_STEPS, TOKEN
from gin_handset.session.files import SEAT_FILE
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

SERVER_FOLDER = "server"  # the data folder's subfolder for the tables this phone serves
FORMAT = "gin-handset table seat"
VERSION = 1
FIELDS = ("format", "version", "url", "code", "token", "seat", "contribution", "commitment",
          "seen", "started", "server")
URL = re.compile(r"wss?://[0-9A-Za-z.\-]{1,253}:[0-9]{1,5}")
DIGEST = re.compile(r"[0-9a-f]{64}")
MAX_HOST = 253


class SeatError(FieldError):
    """A value in the seat file that cannot be used, naming its field."""


@dataclass(frozen=True)
class HeldSeat:
    """A seat to rejoin: ``link`` for `TableClient.resume`; ``server`` is (host, port) when
    this phone served the table."""

    link: dict[str, Any]
    started: str = ""
    server: tuple[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        link = self.link
        return {"format": FORMAT, "version": VERSION, "url": link["url"], "code": link["code"],
                "token": link["token"], "seat": link["seat"],
                "contribution": link["contribution"], "commitment": link["commitment"],
                "seen": {str(step): fingerprint for step, fingerprint in link["seen"].items()},
                "started": self.started,
                "server": None if self.server is None else list(self.server)}

    @classmethod
    def from_dict(cls, data: Any) -> HeldSeat:
        data = checked_format(data, FORMAT, VERSION, SeatError)
        refuse_unknown(data, FIELDS, "", SeatError)
        link: dict[str, Any] = {}
        for name, pattern, what in (("url", URL, "a table address like ws://127.0.0.1:8765"),
                                    ("code", CODE, "a table code of 6 digits"),
                                    ("token", TOKEN, "a seat token of 48 hex digits"),
                                    ("contribution", CONTRIBUTION,
                                     "an even number (32 to 64) of hex digits")):
            value = data.get(name)
            if type(value) is not str or not pattern.fullmatch(value):
                raise SeatError(name, f"{show(value)} is not {what}")
            link[name] = value
        seat = data.get("seat")
        if seat not in (0, 1) or type(seat) is not int:
            raise SeatError("seat", f"{show(seat)} is not 0 or 1")
        commitment = data.get("commitment")
        if commitment is not None and (type(commitment) is not str
                                       or not DIGEST.fullmatch(commitment)):
            raise SeatError("commitment", f"{show(commitment)} is not 64 hex digits or null")
        link.update(seat=seat, commitment=commitment, seen=_seen(data.get("seen")))
        started = data.get("started", "")
        if started != "" and not is_time(started):
            raise SeatError("started", f"{show(started)} is not a date and time")
        return cls(link, started, _server(data.get("server")))


def _seen(value: Any) -> dict[int, str]:
    if not isinstance(value, dict) or len(value) > MAX_STEPS + 1:
        raise SeatError("seen", f"expected an object of at most {MAX_STEPS + 1} views")
    seen = {}
    for step, fingerprint in value.items():
        if not (type(step) is str and step.isascii() and step.isdigit() and len(step) <= 6
                and type(fingerprint) is str and DIGEST.fullmatch(fingerprint)):
            raise SeatError(f"seen.{show(step)}", "expected a step number and 64 hex digits")
        seen[int(step)] = fingerprint
    return seen


def _server(value: Any) -> tuple[str, int] | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2 or type(value[0]) is not str
            or not 0 < len(value[0]) <= MAX_HOST or type(value[1]) is not int
            or not 0 < value[1] < 65536):
        raise SeatError("server", f"{show(value)} is not [host, port] or null")
    return value[0], value[1]


class SeatStore:
    """The seat file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / SEAT_FILE

    @property
    def server_folder(self) -> Path:
        return self.folder / SERVER_FOLDER

    def load(self) -> tuple[HeldSeat | None, list[str]]:
        """The seat held (None: no file), and what was wrong with a file set aside."""
        found, problem = read_json(self.path, HeldSeat.from_dict)
        if problem is not None:
            return None, [f"Table seat {self.path} is bad, {problem}."]
        return found, []

    def save(self, seat: HeldSeat) -> None:
        """Write the seat (OSError when it cannot be written)."""
        write_atomically(self.path, json.dumps(seat.to_dict()) + "\n")

    def clear(self) -> None:
        remove(self.path)
