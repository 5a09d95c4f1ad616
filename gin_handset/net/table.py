"""One table: two seats claimed with tokens, one match through the rules core, the hand clock
and the table's patience with a seat that is away.

A table knows no network: each request returns the messages to send, as (seat, message)
pairs, and it reads time only from the clock it is given (a logical one in tests).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gin_handset.ai.levels import PEOPLE
from gin_handset.net.fair import SALT_BYTES, SECRET_BYTES, commitment, match_seed
from gin_handset.net.protocol import (
    CODE,
    CONTRIBUTION,
    HEX,
    MAX_NICKNAME,
    MAX_STEPS,
    MINUTES,
    REASONS,
    STATUSES,
    VERSION,
    ProtocolError,
    field,
    nickname,
    options_of,
    text,
    view_message,
    whole,
)
from gin_handset.rules.actions import parse_action
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.session.record import NEXT_HAND, MatchRecord, ReplayError, replay
from gin_handset.session.seats import told_apart
from gin_handset.storage import checked_format, show

WAITING, SEEDING, PLAYING, OVER = STATUSES
PATIENCE = 300.0  # seconds a seat may be away before it loses the match
FORMAT = "gin-handset table"
FILE_VERSION = 1
TOKEN_HASH = re.compile(r"[0-9a-f]{64}")

Out = tuple[int, dict[str, Any]]  # a message for a seat


class TableError(ValueError):
    """A request the table refuses, saying why; the table is unchanged."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    nickname: str
    token_hash: str  # the file keeps no token, only its hash
    contribution: bytes | None = None
    present: bool = False
    away_since: float | None = None
    clock_left: float = 0.0  # seconds left of this hand's time, while the clock is on
    ready: bool = False  # asked for the next hand
    ready_since: float | None = None  # when it asked


class Table:
    """A table for two, from the first seat's arrival to the match's end."""

    def __init__(self, code: str, options: Options, minutes: int, clock: Callable[[], float],
                 patience: float = PATIENCE) -> None:
        self.code, self.options, self.minutes = code, options, minutes
        self.clock, self.patience = clock, patience
        self.seats: list[Seat] = []
        self.status = WAITING
        self.secret, self.salt = b"", b""
        self.match: MatchState | None = None
        self.steps: list[str] = []
        self.winner: int | None = None
        self.reason: str | None = None
        self.ended_at: float | None = None
        self.revision = 0  # counts the changes a saved file must hold
        self.seeding_since: float | None = None  # when both seats were taken
        self._running: int | None = None  # the seat whose clock runs
        self._noted_at: float | None = None  # when a wait was last counted as a change
        self._since = 0.0

    # Seats.

    def sit(self, name: str) -> tuple[int, str, list[Out]]:
        """Seat ``name`` at the next free seat: (seat, token, messages)."""
        if len(self.seats) == 2 or self.status != WAITING:
            raise TableError("this table is full")
        token = secrets.token_hex(24)
        if self.seats:
            name = told_apart(self.seats[0].nickname, name, MAX_NICKNAME)
        self.seats.append(Seat(name, _hash(token), present=True))
        seat = len(self.seats) - 1
        out: list[Out] = [(seat, {"v": VERSION, "type": "joined", "code": self.code,
                                  "seat": seat, "token": token})]
        if len(self.seats) == 2:
            self.status, self.seeding_since = SEEDING, self.clock()
            self.secret, self.salt = secrets.token_bytes(SECRET_BYTES), secrets.token_bytes(
                SALT_BYTES)
        self.revision += 1
        return seat, token, out + self._tables()

    def claim(self, token: str) -> int:
        """The seat that ``token`` holds; TableError if none does."""
        for seat, held in enumerate(self.seats):
            if hmac.compare_digest(held.token_hash, _hash(token)):
                return seat
        raise TableError("no seat at this table has that token")

    def arrive(self, seat: int) -> list[Out]:
        """The seat's phone is connected (again): it gets everything it needs to go on."""
        self.seats[seat].present, self.seats[seat].away_since = True, None
        self.revision += 1
        out = self._tables()
        if self.match is not None:
            out.append((seat, view_message(self.match, seat, len(self.steps))))
        if self.status == OVER and self.match is not None:
            out.append((seat, self._reveal()))
        return out

    def depart(self, seat: int) -> list[Out]:
        """The seat's phone is gone (a lost link, the app closed): the table waits for it."""
        if not self.seats[seat].present:
            return []
        self.seats[seat].present, self.seats[seat].away_since = False, self.clock()
        self.revision += 1  # the file keeps how long each seat has been away
        return self._tables()

    def leave(self, seat: int) -> list[Out]:
        """The seat leaves for good: during a match it loses it."""
        if self.status == OVER:
            return []
        if self.status == WAITING:
            return self._finish(None, "closed")
        return self._finish(1 - seat, "left")

    # The match.

    def contribute(self, seat: int, contribution: str) -> list[Out]:
        """The seat's random contribution to the seed, sent after the commitment."""
        if self.status != SEEDING:
            raise TableError("the table is not waiting for contributions")
        if self.seats[seat].contribution is not None:
            raise TableError("this seat has already sent its contribution")
        self.seats[seat].contribution = bytes.fromhex(contribution)
        self.revision += 1
        if any(s.contribution is None for s in self.seats):
            return self._tables()
        self.status = PLAYING
        self.match = MatchState.new(self.options, self.seed)
        self._start_hand()
        return self._tables() + self._views()

    @property
    def seed(self) -> int:
        parts = [s.contribution for s in self.seats]
        assert self.secret and len(parts) == 2 and parts[0] and parts[1]
        return match_seed(self.secret, (parts[0], parts[1]))

    def act(self, seat: int, step: int, action: str) -> list[Out]:
        """Apply the seat's action after ``step`` steps, checked by the rules core."""
        match = self._playing(step)
        if match.hand.is_over:
            raise TableError("the hand is over: ask for the next hand")
        if match.hand.turn != seat:
            raise TableError("it is not your turn")
        try:
            after = match.apply(parse_action(action))
        except ValueError as error:  # IllegalAction, or not an action
            raise TableError(str(error)) from None
        self._charge()
        if self.minutes and self.seats[seat].clock_left <= 0:
            return self._finish(1 - seat, "time")
        self.match = after
        self.steps.append(action)
        self.revision += 1
        if after.is_over:
            return self._views() + self._finish(after.winner, "points")
        self._run_clock()
        return self._views() + (self._tables() if after.hand.is_over else [])

    def next_hand(self, seat: int, step: int) -> list[Out]:
        """The seat is ready for the next hand; it is dealt once both are. The other has the
        table's patience to say it is ready too."""
        match = self._playing(step)
        if not match.hand.is_over:
            raise TableError("the hand is not over")
        if self.seats[seat].ready:  # asked again: nothing changes, nothing to save
            return self._tables()
        self.seats[seat].ready, self.seats[seat].ready_since = True, self.clock()
        self.revision += 1
        if not all(s.ready for s in self.seats):
            return self._tables()
        self.match = match.next_hand()
        self.steps.append(NEXT_HAND)
        self._start_hand()
        return self._tables() + self._views()

    def _playing(self, step: int) -> MatchState:
        if self.status != PLAYING or self.match is None:
            raise TableError(f"no match is being played (the table is {self.status})")
        if step != len(self.steps):
            raise TableError(f"stale: the match is at step {len(self.steps)}, not {step}")
        if len(self.steps) >= MAX_STEPS:
            raise TableError("the match is longer than any match may be")
        return self.match

    def _start_hand(self) -> None:
        for s in self.seats:
            s.clock_left, s.ready, s.ready_since = 60.0 * self.minutes, False, None
        self._running = None
        self._run_clock()

    # Time.

    def _charge(self) -> None:
        """Take the time since the clock last started from the seat whose clock runs."""
        now = self.clock()
        if self._running is not None:
            self.seats[self._running].clock_left -= now - self._since
        self._since = now

    def _run_clock(self) -> None:
        """Start the clock of the seat to act now (none between hands, or with the clock off)."""
        self._charge()
        hand = None if self.match is None else self.match.hand
        on = self.minutes and self.status == PLAYING and hand is not None and not hand.is_over
        self._running = hand.turn if on and hand is not None else None

    def clock_left(self, seat: int) -> float:
        left = self.seats[seat].clock_left
        if self._running == seat:
            left -= self.clock() - self._since
        return max(0.0, left)

    def note_wait(self, every: float) -> bool:
        """While a seat is away, one has asked for the next hand or the deal is not yet made,
        the table's file should keep up with how long: every ``every`` seconds of such a wait
        this counts a change (so the file is saved again) and is true."""
        waits = self.status == SEEDING or (self.status != OVER and any(
            s.away_since is not None or s.ready_since is not None for s in self.seats))
        if not waits:
            return False
        now = self.clock()
        if self._noted_at is None:
            self._noted_at = now
        if now - self._noted_at < every:
            return False
        self._noted_at = now
        self.revision += 1
        return True

    def tick(self) -> list[Out]:
        """Check the clocks and the patience: a seat out of time or away too long loses (the
        one that went away first; two that went away at the same moment: the match ends with
        no winner), and so does one that, both phones here, has not said it is ready for the
        next hand within the patience after the other did. A deal that both phones have not
        made within the patience (one never sent its part) ends the table with no winner."""
        if self.status == OVER:
            return []
        now = self.clock()
        if self._running is not None and self.clock_left(self._running) <= 0:
            self._charge()
            return self._finish(1 - self._running, "time")
        away = [(s.away_since, i) for i, s in enumerate(self.seats)
                if s.away_since is not None and now - s.away_since >= self.patience]
        here = all(s.present for s in self.seats)
        if (self.status == SEEDING and here and self.seeding_since is not None
                and now - self.seeding_since >= self.patience):
            return self._finish(None, "unready")  # a phone never sent its part of the deal
        asked = [(s.ready_since, i) for i, s in enumerate(self.seats) if s.ready_since is not None]
        if not away and len(asked) == 1 and now - asked[0][0] >= self.patience and here:
            return self._finish(asked[0][1], "unready")
        if not away:
            return []
        if self.status == WAITING:
            return self._finish(None, "closed")
        (since, seat), *later = sorted(away)
        return self._finish(None if later and later[0][0] == since else 1 - seat, "away")

    def _finish(self, winner: int | None, reason: str) -> list[Out]:
        self._charge()
        had_match = self.match is not None
        self._running = None
        self.status, self.winner, self.reason, self.ended_at = OVER, winner, reason, self.clock()
        self.revision += 1
        return self._tables() + ([(s, self._reveal()) for s in range(2)] if had_match else [])

    # Messages.

    def _views(self) -> list[Out]:
        assert self.match is not None
        return [(s, view_message(self.match, s, len(self.steps))) for s in range(2)]

    def _tables(self) -> list[Out]:
        return [(s, self.table_message(s)) for s in range(len(self.seats))]

    def table_message(self, seat: int) -> dict[str, Any]:
        """Who sits where, their clocks, whether they are here: no card, no seed."""
        now = self.clock()
        return {
            "v": VERSION,
            "type": "table",
            "code": self.code,
            "seat": seat,
            "status": self.status,
            "nicknames": [s.nickname for s in self.seats],
            "present": [s.present for s in self.seats],
            "away": [None if s.away_since is None else round(now - s.away_since, 1)
                     for s in self.seats],
            "contributed": [s.contribution is not None for s in self.seats],
            "ready": [s.ready for s in self.seats],
            "commitment": commitment(self.secret, self.salt) if self.secret else None,
            "options": self.options.to_dict(),
            "minutes": self.minutes,
            "clock": [round(self.clock_left(s), 1) for s in range(len(self.seats))]
            if self.minutes else None,
            "running": self._running,
            "patience": self.patience,
            "step": len(self.steps),
            "winner": self.winner,
            "reason": self.reason,
        }

    def _reveal(self) -> dict[str, Any]:
        """At the match's end: the secret, the salt, the contributions and the seed."""
        return {
            "v": VERSION,
            "type": "reveal",
            "secret": self.secret.hex(),
            "salt": self.salt.hex(),
            "contributions": [(s.contribution or b"").hex() for s in self.seats],
            "seed": self.seed,
            "options": self.options.to_dict(),
            "steps": list(self.steps),
            "winner": self.winner,
            "reason": self.reason,
        }

    # The table's file.

    def to_dict(self) -> dict[str, Any]:
        now = self.clock()
        return {
            "format": FORMAT,
            "version": FILE_VERSION,
            "code": self.code,
            "options": self.options.to_dict(),
            "minutes": self.minutes,
            "patience": self.patience,
            "status": self.status,
            "seats": [{"nickname": s.nickname, "token_hash": s.token_hash,
                       "contribution": None if s.contribution is None else s.contribution.hex(),
                       "clock_left": self.clock_left(i), "ready": s.ready,
                       "away_for": None if s.away_since is None else now - s.away_since,
                       "ready_for": None if s.ready_since is None else now - s.ready_since}
                      for i, s in enumerate(self.seats)],
            "seeding_for": None if self.status != SEEDING or self.seeding_since is None
            else now - self.seeding_since,
            "secret": self.secret.hex(),
            "salt": self.salt.hex(),
            "steps": self.steps,
            "winner": self.winner,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: Any, clock: Callable[[], float]) -> Table:
        """A table from its file, its match replayed; ProtocolError naming a bad field. Every
        seat starts away: one that was away when the file was written for as long as it had
        been (the time the server was down is not counted, as on the hand clocks), the others
        from now. The phones rejoin with their tokens."""
        data = checked_format(data, FORMAT, FILE_VERSION, ProtocolError)
        minutes = field(data, "minutes", int)
        if minutes not in MINUTES:
            raise ProtocolError("minutes", f"{show(minutes)} is not one of {MINUTES}")
        patience = field(data, "patience", (int, float))
        if not 0 < patience <= 86_400:
            raise ProtocolError("patience", f"{show(patience)} is not 0 to 86400 seconds")
        table = cls(text(data, "code", CODE, "a table code"), options_of(data), minutes, clock,
                    float(patience))
        status = field(data, "status", str)
        if status not in STATUSES:
            raise ProtocolError("status", f"{show(status)} is not one of {', '.join(STATUSES)}")
        now = clock()
        seats = field(data, "seats", list)
        # one seat while waiting, and at a table closed while waiting; else two
        allowed = (WAITING, OVER) if len(seats) == 1 else (SEEDING, PLAYING, OVER)
        if not 1 <= len(seats) <= 2 or status not in allowed:
            raise ProtocolError("seats", "not the seats of a table in this status")
        for entry in seats:
            if not isinstance(entry, dict):
                raise ProtocolError("seats", "a seat is not an object")
            part = entry.get("contribution")
            left = field(entry, "clock_left", (int, float))
            if not 0 <= left <= 60 * max(MINUTES):
                raise ProtocolError("clock_left", f"{show(left)} is not a time left")
            away, ready_for = _seconds_for(entry, "away_for"), _seconds_for(entry, "ready_for")
            ready = field(entry, "ready", bool)
            table.seats.append(Seat(
                nickname(entry), text(entry, "token_hash", TOKEN_HASH, "a token's hash"),
                None if part is None else bytes.fromhex(
                    text(entry, "contribution", CONTRIBUTION, "a contribution in hex")),
                False, now if away is None else now - away, float(left), ready,
                None if not ready else now - (ready_for or 0.0)))
        if len(seats) == 2:
            table.secret = bytes.fromhex(text(data, "secret", HEX, "whole bytes in hex digits"))
            table.salt = bytes.fromhex(text(data, "salt", HEX, "whole bytes in hex digits"))
        table.status = status
        seeding_for = _seconds_for(data, "seeding_for")
        table.seeding_since = now - (seeding_for or 0.0) if status == SEEDING else None
        steps = field(data, "steps", list)
        if len(steps) > MAX_STEPS or not all(type(s) is str and len(s) <= 120 for s in steps):
            raise ProtocolError("steps", "not a list of steps")
        if all(s.contribution for s in table.seats) and len(table.seats) == 2:
            try:
                table.match = replay(MatchRecord(table.options, table.seed, PEOPLE, tuple(steps)))
            except ReplayError as error:
                raise ProtocolError("steps", str(error)) from None
        elif steps or status == PLAYING:
            raise ProtocolError("steps", "a match with no seed")
        table.steps = list(steps)
        winner = data.get("winner")
        if winner is not None:
            whole(data, "winner", 0, 1)
        reason = data.get("reason")
        if reason is not None and reason not in REASONS:
            raise ProtocolError("reason", f"{show(reason)} is not one of {', '.join(REASONS)}")
        table.winner, table.reason = winner, reason
        table.ended_at = now if status == OVER else None
        table._since = now
        table._run_clock()
        return table


def _seconds_for(data: dict[str, Any], name: str) -> float | None:
    """How long a wait had run when the file was written (``away_for``, ``ready_for``,
    ``seeding_for``): 0 to a day, or None (none ran, or a file of an earlier server, which
    did not keep it: the wait then runs from now)."""
    value = field(data, name, (int, float, type(None))) if name in data else None
    if value is not None and not 0 <= value <= 86_400:
        raise ProtocolError(name, f"{show(value)} is not 0 to 86400 seconds")
    return value

