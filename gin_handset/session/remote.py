"""A seat at a table held by a table server: the match screens' interface over a `TableClient`.

The phone holds only what the client was sent: its seat's latest `PlayerView`, the table's
public facts (nicknames, presence, scores, how the match ended). An action is sent and the
screens show its outcome when the next view comes (`advance` polls the client). The other
seat's turn is shown as the computer's is ("Ann is thinking", then their draw); the match seed
is the table's secret until the end, when the client checks the table's reveal. A refused
action, an error from the table and a failed check become problems for the screens to show.
"""

from __future__ import annotations

import contextlib
import math
import ssl
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gin_handset.ai.levels import PEOPLE
from gin_handset.rules.actions import Action
from gin_handset.rules.bonuses import FinalScore, final_score
from gin_handset.rules.hand import Event, HandResult, Phase
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView
from gin_handset.session.addresses import DEFAULT_PORT
from gin_handset.session.files import started_now
from gin_handset.session.match_base import SessionBase
from gin_handset.session.record import MatchRecord
from gin_handset.session.seats import Seats, as_nickname
from gin_handset.session.table_seat import HeldSeat, SeatStore

if TYPE_CHECKING:
    from gin_handset.net.client import TableClient
    from gin_handset.net.server import ServerHandle
    from gin_handset.session.ledger import Ledger

POLL_MS = 50  # how often the phone looks for news from the table
MAX_CLOCK = 8 * 60  # seconds: the longest time per hand
REVEAL_WAIT = 1.0  # seconds a finished match left at once waits for the table's reveal
ENDINGS = {"time": "{other}'s time ran out", "away": "{other}'s phone was out of reach too long",
           "unready": "{other} did not ask for the next hand in time",
           "left": "{other} left the table", "closed": "The table was closed"}
BOTH_AWAY = "Both phones were out of reach too long: no winner"
MY_ENDINGS = {"time": "Your time ran out", "away": "Your phone was out of reach too long",
              "unready": "You did not ask for the next hand in time",
              "left": "You left the table"}


def clocks_of(message: dict[str, Any]) -> list[float] | None:
    """Each seat's seconds left, from a table message (None with the clock off, or when what
    it says is not two times of a hand)."""
    clocks = message.get("clock")
    if (not isinstance(clocks, list) or len(clocks) != 2
            or not all(type(c) in (int, float) and 0 <= c <= MAX_CLOCK for c in clocks)):
        return None
    return [float(c) for c in clocks]


def tls_for(url: str) -> ssl.SSLContext | None:
    """For a ``wss://`` table: TLS checked against the system's certificates (``SSL_CERT_FILE``
    names others)."""
    return ssl.create_default_context() if url.startswith("wss://") else None


def shown_address(address: tuple[str, int]) -> str:
    """``HOST:PORT`` for a friend to type: this machine's address when listening on all."""
    host, port = address
    if host in ("0.0.0.0", "::"):
        import socket

        with contextlib.suppress(OSError):
            host = socket.gethostbyname(socket.gethostname())
    return f"{host}:{port}"


def keypad_address(text: str) -> str:
    """``HOST:PORT/CODE`` as typed on the keypad: ``*`` for the dot, ``#`` for the colon."""
    return text.replace(".", "*").replace(":", "#")


class RemoteSession(SessionBase):
    """This phone's seat at a network table. ``server`` is the table server this phone started
    for it (stopped when the match is left), if any."""

    replayable = False  # the deals are the table's secret until the end
    kept_when_left = False  # leaving the table loses a match in play

    def __init__(self, client: TableClient, server: ServerHandle | None = None,
                 seat_store: SeatStore | None = None, ledger: Ledger | None = None,
                 started: str = "") -> None:
        self.client = client
        self.server = server
        self.seat_store = seat_store  # where the seat is kept for Continue
        self.ledger = ledger  # the player's statistics and history, told of the match's end
        self.started = started
        self._kept_hand: tuple[int, bool] | None = None  # the hand the seat file was written
        # at, and whether the commitment had come
        self._finished = False  # the match's end was dealt with
        self._clocks: list[float] | None = None  # seconds left of each seat's hand clock
        self._ticked = time.monotonic()  # when the hand clocks were last counted down
        self.problems: list[str] = []
        self.closed = False
        self._hand_number = 0
        self._winner: int | None = None  # the match winner a view named
        self._results: dict[int, HandResult] = {}  # by hand number
        self._sent_at: int | None = None  # the step an action or "next" was sent at
        self._lost = False  # the link gave up for good
        self._checked = False  # the verification was told
        # What the screens show: taken from the client's updates only when polled (`advance`),
        # so that nothing changes under a screen between two polls.
        self._view: PlayerView | None = None
        self._step = 0
        self._result: HandResult | None = None
        self.take(client.updates(), first=True)

    # What the table told.

    def take(self, updates: list[Any], first: bool = False) -> bool:
        """Take the client's updates; whether anything changed."""
        for update in updates:
            if update.kind == "view" and update.view is not None:
                self._view, self._result = update.view, update.result
                self._step = update.message.get("step", self._step)
                self._hand_number = update.message.get("hand_number", self._hand_number)
                self._winner = update.message.get("match_winner")
                if update.result is not None:
                    self._results[self._hand_number] = update.result
                self._sent_at = None
            elif update.kind == "table":
                self._clocks, self._ticked = clocks_of(update.message), time.monotonic()
            elif update.kind == "error" and not first:
                self.problems.append(f"The table said: {update.message.get('reason')}")
                self._sent_at = None
            elif update.kind == "closed" and (not self.match_over or self._view is None):
                self._lost = True
                reason = update.message.get("reason") or self._undealt_end()
                lost = "No table" if self.client.link.token is None else "The table was lost"
                if not reason or not any(str(reason) in told for told in self.problems):
                    self.problems.append(f"{lost}: {reason}" if reason else lost)
        verification = self.client.verification
        if verification is not None and not self._checked:
            self._checked = True
            if not verification.ok:
                self.problems.append(f"This table's deal could not be verified: "
                                     f"{verification.problem}")
        if updates and not first:
            self._keep()
        return bool(updates)

    def _keep(self) -> None:
        """Keep the seat for Continue (at each new hand: the fingerprints of the views seen
        go with it), and at the match's end put the match in the player's record."""
        if self._finished:
            return
        if self.match_over or self._lost:
            if self.client.verification is not None or self._lost or not self.client.running:
                self._finish()
            return
        kept = (self._hand_number, self.client.link.commitment is not None)
        if self.closed or self.client.link.token is None or self._kept_hand == kept:
            return
        self._kept_hand = kept
        self._write_seat()

    def _write_seat(self) -> None:
        store = self.seat_store
        if store is None or self.client.link.token is None:
            return
        server = None if self.server is None else self.server.address
        try:
            store.save(HeldSeat(self.client.link.resume_data(), self.started, server))
        except OSError as error:
            self.problems.append(f"The table seat could not be kept for Continue: {error}")

    def _finish(self) -> None:
        """The match is over (or the table lost): forget the seat; a verified match goes into
        the statistics and the history, from this phone's seat."""
        self._finished = True
        if self.seat_store is not None:
            try:
                self.seat_store.clear()
            except OSError as error:
                self.problems.append(f"The table seat {self.seat_store.path} could not be "
                                     f"removed: {error}")
        record = self.record()
        if record is not None and self.ledger is not None:
            match = self.client.verification.match  # type: ignore[union-attr]
            self.problems.extend(self.ledger.count_finished(record, match))

    def _undealt_end(self) -> str | None:
        """Why a table ended before its deal was made: the other phone never sent its part."""
        link = self.client.link
        if not link.over or link.dealt:
            return None
        return f"{self.seats.name(self.seats.other)}'s phone did not send its part of the deal"

    def record(self) -> MatchRecord | None:
        """The whole match as this phone's player saw it end, once the table revealed it and
        it checked out; None before (or when it did not)."""
        verification, reveal = self.client.verification, self.client.link.reveal
        if verification is None or not verification.ok or verification.match is None:
            return None
        seed, winner = self.seed, self.winner
        if reveal is None or seed is None or winner is None:
            return None
        match = verification.match
        seats = self.seats
        conceded = None if match.is_over else 1 - winner
        return MatchRecord(match.options, seed, PEOPLE, tuple(reveal["steps"]),
                           started=self.started, names=seats.names, seat=seats.me,
                           conceded=conceded)

    @property
    def table(self) -> dict[str, Any]:
        return self.client.table or {}

    @property
    def seats(self) -> Seats:
        me = self._view.seat if self._view is not None else self.client.seat or 0
        names = [str(name) for name in self.table.get("nicknames") or []][:2]
        names += [""] * (2 - len(names))
        return Seats(me, (as_nickname(names[0], "Player 1"), as_nickname(names[1], "Player 2")))

    @property
    def ready(self) -> bool:
        """The first view came: the match can be shown."""
        return self._view is not None

    @property
    def step(self) -> int:
        return self._step

    def view(self, seat: int | None = None) -> PlayerView:
        """This seat's latest view, as the table sent it (no other seat's view is here)."""
        view = self._view
        if view is None or (seat is not None and seat != view.seat):
            raise LookupError("no view of that seat on this phone")
        return view

    @property
    def seed(self) -> int | None:
        """Known only at the match's end, from the table's reveal."""
        reveal = self.client.link.reveal
        seed = None if reveal is None else reveal.get("seed")
        return seed if isinstance(seed, int) else None

    @property
    def options(self) -> Options:
        return self.view().options

    @property
    def scores(self) -> tuple[int, int]:
        return self.view().scores

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def results(self) -> tuple[HandResult, ...]:
        verification = self.client.verification
        if verification is not None and verification.match is not None:
            return verification.match.results
        return tuple(self._results[n] for n in sorted(self._results))

    @property
    def result(self) -> HandResult | None:
        return self._result if self.view().phase is Phase.OVER else None

    @property
    def hand_over(self) -> bool:
        return self.view().phase is Phase.OVER

    @property
    def match_over(self) -> bool:
        return self._winner is not None or self.table.get("status") == "over"

    @property
    def winner(self) -> int | None:
        winner = self.table.get("winner")
        return winner if winner in (0, 1) else self._winner

    @property
    def final(self) -> FinalScore | None:
        """From the hands this phone saw end (all of them: the next hand is dealt only once
        both phones have seen the last one end; at the end, the verified replay's). The match
        bonuses count only for a match won on points, not one ended by a clock or a seat
        leaving."""
        winner = self.winner
        if not self.match_over or winner is None:
            return None
        on_points = self.table.get("reason") in (None, "points")
        return final_score(self.results, winner, self.options.match_bonuses and on_points)

    @property
    def first_hand(self) -> int:
        verification = self.client.verification
        if verification is not None and verification.match is not None:
            return 0
        return min(self._results, default=self._hand_number)

    @property
    def phase(self) -> Phase:
        return self.view().phase

    @property
    def to_act(self) -> int:
        return self.view().to_act

    @property
    def waiting(self) -> bool:
        """An action or "next hand" was sent and its answer has not come."""
        return self._sent_at is not None and self._sent_at == self.step

    @property
    def human_to_act(self) -> bool:
        view = self.view()
        return (not self.hand_over and view.to_act == view.seat and not self.waiting
                and not self.match_over and not self.client.retrying and not self._lost)

    @property
    def computer_playing(self) -> bool:
        """The other player's turn, or this phone waiting for the table."""
        if self.closed or self.match_over or self._lost:
            return False
        view = self.view()
        return (self.waiting or self.client.retrying
                or (not self.hand_over and view.to_act != view.seat))

    @property
    def computer_step(self) -> Event | None:
        """The other player's last step of their turn (their draw, shown until they discard)."""
        view = self.view()
        if self.hand_over or view.to_act == view.seat or not view.log:
            return None
        last = view.log[-1]
        return last if last.seat != view.seat else None

    @property
    def thinking_shown(self) -> bool:
        return True

    @property
    def leaving_loses(self) -> bool:
        return not (self.closed or self.match_over or self._lost)

    @property
    def notice(self) -> str | None:
        if self.client.retrying:
            return "Connection lost, retrying..."
        seats = self.seats
        present = self.table.get("present") or [True, True]
        if len(present) == 2 and not present[seats.other]:
            return f"{seats.name(seats.other)}'s phone is out of reach"
        if self.waiting and self.hand_over:
            return f"Waiting for {seats.name(seats.other)}..."
        if self.waiting and self.view().to_act == seats.me:
            return "Sending..."
        return None

    @property
    def ending(self) -> str | None:
        reason = self.table.get("reason")
        if self.table.get("status") != "over" or reason == "points":
            lines = None
        elif reason == "away" and self.winner is None:
            lines = BOTH_AWAY
        elif self.winner == self.seats.other and reason in MY_ENDINGS:
            lines = MY_ENDINGS[reason]
        else:
            lines = ENDINGS.get(str(reason), "The match ended").format(
                other=self.seats.name(self.seats.other))
        verification = self.client.verification
        check = None if verification is None else (
            "Deal verified" if verification.ok else "Deal NOT verified")
        return "; ".join(part for part in (lines, check) if part) or None

    # Changes.

    @property
    def clock(self) -> int | None:
        """Whole seconds left on the hand clock of the seat to act (the one that runs), as
        this phone counts it down (by its monotonic clock, whatever screen is shown) between
        the table's word on it; None with the clock off."""
        if self._clocks is None or self._view is None:
            return None
        return math.ceil(self._clocks[self.to_act])

    def advance(self, ms: int) -> bool:
        """Take what the table sent meanwhile, and run the clock of the seat to act; whether
        what is shown changed."""
        shown = self.clock
        now = time.monotonic()
        elapsed, self._ticked = now - self._ticked, now
        changed = self.take(self.client.updates())
        if self._clocks is not None and self._view is not None and not (
                self.hand_over or self.match_over or self.client.retrying or self._lost):
            seat = self.to_act
            self._clocks[seat] = max(0.0, self._clocks[seat] - elapsed)
        return changed or self.clock != shown

    def wake_in(self) -> int | None:
        return None if self.closed else POLL_MS

    def poll(self, ms: int) -> bool:
        return self.advance(ms)

    @property
    def other_ready(self) -> bool:
        ready, seats = self.table.get("ready") or [], self.seats
        return (self.hand_over and not self.match_over and not self.waiting and len(ready) == 2
                and ready[seats.other] is True and ready[seats.me] is not True)

    def poll_in(self) -> int | None:
        return self.wake_in()

    def act(self, action: Action) -> str | None:
        """Send the action; the new view shows its outcome (a refusal comes as a problem)."""
        if self._lost:
            return "The table was lost"
        if self.client.retrying:
            return "Connection lost, retrying..."
        if not self.human_to_act:
            return "Not your turn"
        self._sent_at = self.step
        self.client.act(action, self.step)
        return None

    def next_hand(self) -> None:
        """Tell the table this player is ready for the next hand."""
        if self.match_over or self.waiting:
            return
        self._sent_at = self.step
        self.client.next_hand(self.step)

    def close(self) -> None:
        """Leave the table (a match being played is lost) and stop the server started for
        it."""
        if self.closed:
            return
        self._settle()
        leaving = not self.match_over
        self._shut(leave=leaving)
        if leaving:  # the table's answer: the match lost by leaving, revealed and kept
            self.take(self.client.updates())
        if not self._finished and self.seat_store is not None:
            self._finished = True
            with contextlib.suppress(OSError):
                self.seat_store.clear()

    def _settle(self) -> None:
        """Take what the table sent since the last poll; a match that ended waits a moment
        for the table's reveal (it follows the last view at once) so that it is checked and
        kept in the record."""
        self.take(self.client.updates())
        end = time.monotonic() + REVEAL_WAIT
        while (self.match_over and not self._finished and self.client.verification is None
               and self.client.running and time.monotonic() < end):
            update = self.client.wait(end - time.monotonic())
            if update is not None:
                self.take([update, *self.client.updates()])
        if self.match_over and not self._finished and self.client.verification is not None:
            self._finish()

    def suspend(self) -> None:
        """The app is closing: keep the seat (Continue rejoins it) and close the link without
        leaving; the table waits for this phone as for a lost link."""
        if self.closed:
            return
        self.take(self.client.updates())
        if self._finished or self.match_over or self._lost or self.seat_store is None:
            self.close()
            return
        self._write_seat()
        self._shut(leave=False)

    def _shut(self, leave: bool) -> None:
        super().close()
        if self.client.running:
            if leave:
                self.client.leave()
            self.client.close(2.0)
        server, self.server = self.server, None
        if server is not None:
            server.stop()


def host_table(nickname: str, options: Options, minutes: int, host: str = "127.0.0.1",
               port: int = DEFAULT_PORT, folder: Path | None = None,
               ledger: Ledger | None = None) -> RemoteSession:
    """Start a table server in this app (on ``port``, or any free port when it is taken) and
    make a table at it; OSError when no server can listen. With a data ``folder`` the server
    saves its table there and the seat is kept for Continue."""
    from gin_handset.net.client import TableClient
    from gin_handset.net.server import start_in_thread

    store = None if folder is None else SeatStore(folder)
    served = None if store is None else store.server_folder
    try:
        server = start_in_thread(host, port, served)
    except OSError:
        server = start_in_thread(host, 0, served)
    return RemoteSession(TableClient.create(server.url, nickname, options, minutes), server,
                         store, ledger, started_now())


def join_table(url: str, code: str, nickname: str, folder: Path | None = None,
               ledger: Ledger | None = None) -> RemoteSession:
    """Sit at the table ``code`` of the server at ``url``."""
    from gin_handset.net.client import TableClient

    store = None if folder is None else SeatStore(folder)
    return RemoteSession(TableClient.join(url, code, nickname, tls_for(url)), None, store,
                         ledger, started_now())


def rejoin_table(held: HeldSeat, folder: Path, ledger: Ledger | None = None) -> RemoteSession:
    """Sit again at the seat kept in ``folder`` (the app was closed mid-match); when this phone
    served the table, its server starts again where it listened, on the tables it saved.
    OSError when that server cannot listen there."""
    from gin_handset.net.client import TableClient
    from gin_handset.net.server import start_in_thread

    store = SeatStore(folder)
    server = None
    if held.server is not None:
        server = start_in_thread(held.server[0], held.server[1], store.server_folder)
    return RemoteSession(TableClient.resume(held.link, tls_for(held.link["url"])), server,
                         store, ledger, held.started)
