"""A seat's link to a table: ``SeatLink`` (asyncio) and the phone's ``TableClient``, which runs
a link in a thread of its own so that the game loop never waits on the network.

A link keeps its seat's token; after a dropped link it connects again on its own and rejoins
its seat (``retrying`` is True meanwhile), for up to ``retry_for`` seconds. It sends the seat's
random contribution to the seed when the table asks, keeps a fingerprint of every view it is
sent, and verifies the match when the table reveals its seed at the end.
"""

from __future__ import annotations

import asyncio
import errno
import os
import queue
import re
import secrets
import socket
import ssl
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from gin_handset.net.fair import Verification, verify
from gin_handset.net.protocol import (
    MAX_REPLY,
    ProtocolError,
    decode_result,
    decode_view,
    digest,
    dumps,
    parse_reply,
    request,
)
from gin_handset.rules.actions import Action, action_text
from gin_handset.rules.hand import HandResult
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView

RETRY_FOR = 300.0  # seconds of trying to reconnect before giving up (the table's patience)
DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0)  # seconds between tries, the last repeated
REVEAL_WAIT = 1.0  # seconds a seat that leaves waits for the table's reveal
ERRNO_REASONS = {errno.ECONNREFUSED: "connection refused", errno.ETIMEDOUT: "timed out",
                 errno.EHOSTUNREACH: "host unreachable", errno.ENETUNREACH: "network unreachable",
                 errno.ECONNRESET: "connection reset"}


def unreachable_reason(error: BaseException) -> str:
    """Why a server could not be reached, in a few words, without the raw error text."""
    if isinstance(error, ssl.SSLCertVerificationError):
        return f"its certificate is not trusted: {error.verify_message}"
    if isinstance(error, ssl.SSLError):
        return "the TLS handshake failed"
    if isinstance(error, socket.gaierror):
        return "name not found"
    if isinstance(error, TimeoutError):
        return "timed out"
    if isinstance(error, InvalidHandshake):
        return "no table server answered there"
    if isinstance(error, ConnectionClosed):
        return "the link was closed"
    # asyncio joins the errors of each address tried: "Multiple exceptions: [Errno 111] ..."
    numbers = [error.errno] if isinstance(error, OSError) and error.errno else [
        int(n) for n in re.findall(r"\[Errno (\d+)\]", str(error))]
    known = [ERRNO_REASONS[n] for n in numbers if n in ERRNO_REASONS]
    if known:
        return known[0]
    return os.strerror(numbers[0]).lower() if numbers else "no answer"


@dataclass(frozen=True)
class Update:
    """Something the table said: ``kind`` is its type (joined, table, view, reveal, error) or
    ``link`` (the connection was lost, or is back: see ``SeatLink.retrying``)."""

    kind: str
    message: dict[str, Any] = field(default_factory=dict)
    view: PlayerView | None = None
    result: HandResult | None = None


React = Callable[[Update], Awaitable[None]]


class SeatLink:
    """One seat's connection to a table, rejoined with its token after a dropped link."""

    def __init__(self, url: str, hello: dict[str, Any], tls: ssl.SSLContext | None = None,
                 retry_for: float = RETRY_FOR) -> None:
        self.url, self.hello, self.tls, self.retry_for = url, hello, tls, retry_for
        self.code: str | None = hello.get("code")
        self.token: str | None = hello.get("token")
        self.seat: int | None = None
        self.contribution = secrets.token_hex(16)
        self.commitment: str | None = None
        self.table: dict[str, Any] | None = None
        self.step = 0
        self.view: PlayerView | None = None
        self.result: HandResult | None = None
        self.seen: dict[int, str] = {}  # step -> digest of the view message sent
        self.reveal: dict[str, Any] | None = None
        self.verification: Verification | None = None
        self.retrying = False
        self.failed: str | None = None  # why the link gave up
        self.closing = False
        self._ws: ClientConnection | None = None
        self._contributed = False  # sent on this connection

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.get("status") == "over"

    @property
    def dealt(self) -> bool:
        """Both phones sent their part of the deal: a match was dealt."""
        return all((self.table or {}).get("contributed") or [False])

    @property
    def finished(self) -> bool:
        """The table is over and has told all it will: the reveal, when a match was dealt."""
        return self.over and (self.reveal is not None or not self.dealt)

    async def run(self, react: React | None = None) -> None:
        """Connect, rejoin after every lost link, until closed, refused or given up."""
        lost_at: float | None = None
        tries = 0
        while not self.closing:
            problem = "the link was closed"
            try:
                async with connect(self.url, ssl=self.tls, max_size=MAX_REPLY, compression=None,
                                   open_timeout=5, close_timeout=2, proxy=None) as ws:
                    self._ws, self._contributed = ws, False
                    hello = request("rejoin", code=self.code, token=self.token) \
                        if self.token else self.hello
                    await ws.send(dumps(hello))
                    if self.retrying:
                        self.retrying, lost_at, tries = False, None, 0
                        await _tell(react, Update("link"))
                    async for raw in ws:
                        await self._receive(ws, raw, react)
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as error:
                problem = unreachable_reason(error)
            except InvalidURI as error:
                self.failed = f"not a table address: {error}"
                return
            finally:
                self._ws = None
            if self.closing or self.finished:  # over, the reveal not come: rejoin for it
                return
            if self.token is None:  # never seated: nothing to rejoin
                self.failed = (f"the table server at {self.url.removeprefix('ws://')} cannot "
                               f"be reached ({problem})")
                return
            lost_at = lost_at or time.monotonic()
            if time.monotonic() - lost_at > self.retry_for:
                self.failed = f"the table could not be reached ({problem})"
                return
            if not self.retrying:
                self.retrying = True
                await _tell(react, Update("link"))
            await asyncio.sleep(DELAYS[min(tries, len(DELAYS) - 1)])
            tries += 1

    async def send(self, message: dict[str, Any]) -> bool:
        """Send now; False when there is no link (the view that comes on rejoining tells
        the seat what to do next)."""
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(dumps(message))
        except ConnectionClosed:
            return False
        return True

    async def act(self, action: Action, step: int) -> bool:
        """Send the action chosen from the view of ``step``; the table refuses it as stale
        if the match has moved on since."""
        return await self.send(request("act", step=step, action=action_text(action)))

    async def next_hand(self, step: int) -> bool:
        return await self.send(request("next", step=step))

    async def leave(self) -> None:
        """Leave the table for good (a match being played is lost); the table's reveal of the
        match so ended is waited for a moment (`REVEAL_WAIT`), so that the phone can check it
        and keep the lost match. The link stays open: ``close`` it next."""
        if await self.send(request("leave")):
            end = time.monotonic() + REVEAL_WAIT
            while self.reveal is None and self._ws is not None and time.monotonic() < end:
                await asyncio.sleep(0.02)

    async def close(self) -> None:
        """Close the link; the seat stays the table's until its patience runs out."""
        self.closing = True
        if self._ws is not None:
            await self._ws.close()

    async def _receive(self, ws: ClientConnection, raw: str | bytes, react: React | None) -> None:
        try:
            message = parse_reply(raw)
            update = self._take(message)
        except ProtocolError as error:
            await _tell(react, Update("error", {"reason": f"a bad message from the table: "
                                                          f"{error}"}))
            return
        if update.kind == "table" and self._owes_contribution() and not self._contributed:
            self._contributed = True
            await ws.send(dumps(request("contribute", contribution=self.contribution)))
        refused = self.token is None or message.get("about") in ("create", "join", "rejoin")
        if update.kind == "error" and refused:  # the table refused the seat: final
            self.failed = message["reason"]
            self.closing = True
            await _tell(react, update)
            await ws.close()
            return
        await _tell(react, update)
        if update.kind == "reveal" or (update.kind == "table" and self.finished):
            await ws.close()

    def _take(self, message: dict[str, Any]) -> Update:
        kind = message["type"]
        if kind == "joined":
            self.code, self.seat, self.token = message["code"], message["seat"], message["token"]
        elif kind == "table":
            self.table = message
            if self.commitment is None and isinstance(message.get("commitment"), str):
                self.commitment = message["commitment"]
            if self.seat is None and message.get("seat") in (0, 1):
                self.seat = message["seat"]
        elif kind == "view":
            view = decode_view(message["view"])
            result = message.get("result")
            self.view, self.step = view, message["step"]
            self.result = None if result is None else decode_result(result)
            self.seat = view.seat
            self.seen[self.step] = digest(message)
            return Update(kind, message, view, self.result)
        elif kind == "reveal":
            self.reveal = message
            if self.commitment is None or self.seat is None:
                self.verification = Verification("no commitment was sent at the start")
            else:
                self.verification = verify(message, self.commitment, self.seat,
                                           self.contribution, self.seen)
        return Update(kind, message)

    def _owes_contribution(self) -> bool:
        table = self.table
        return (table is not None and table.get("status") == "seeding" and self.seat is not None
                and not (table.get("contributed") or [False, False])[self.seat])

    def resume_data(self) -> dict[str, Any]:
        """What a phone keeps to rejoin after being closed (see `TableClient.resume`)."""
        return {"url": self.url, "code": self.code, "token": self.token, "seat": self.seat,
                "contribution": self.contribution, "commitment": self.commitment,
                "seen": dict(self.seen)}


async def _tell(react: React | None, update: Update) -> None:
    if react is not None:
        await react(update)


class TableClient:
    """The phone's client: a `SeatLink` in a thread; the game polls ``updates()`` each frame
    and reads ``view``, ``table``, ``retrying`` and ``verification``; nothing here blocks."""

    def __init__(self, link: SeatLink) -> None:
        self.link = link
        self._updates: queue.Queue[Update] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._ending = threading.Lock()  # held to submit work, and to mark the link ended
        self._ended = False
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self._thread.start()

    @classmethod
    def create(cls, url: str, nickname: str, options: Options, minutes: int = 0,
               tls: ssl.SSLContext | None = None) -> TableClient:
        """Make a table at the server ``url`` (``ws://host:port``) and sit at it."""
        return cls(SeatLink(url, request("create", nickname=nickname,
                                         options=options.to_dict(), minutes=minutes), tls))

    @classmethod
    def join(cls, url: str, code: str, nickname: str,
             tls: ssl.SSLContext | None = None) -> TableClient:
        return cls(SeatLink(url, request("join", code=code, nickname=nickname), tls))

    @classmethod
    def resume(cls, data: dict[str, Any], tls: ssl.SSLContext | None = None) -> TableClient:
        """Rejoin a seat with what `SeatLink.resume_data` gave (the app was closed)."""
        link = SeatLink(data["url"], request("rejoin", code=data["code"], token=data["token"]),
                        tls)
        link.seat, link.contribution = data["seat"], data["contribution"]
        link.commitment, link.seen = data["commitment"], dict(data["seen"])
        return cls(link)

    def _run(self) -> None:
        async def react(update: Update) -> None:
            self._updates.put(update)

        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self.link.run(react))
        finally:
            self._finish_pending()
            self._updates.put(Update("closed", {"reason": self.link.failed}))
            self._loop.close()

    def _finish_pending(self) -> None:
        """Cancel what is still waiting on the loop once the link has ended (a ``leave``
        waiting for a reveal the table sent just before it closed the link), so that no task
        is destroyed pending, and no work submitted just before the end is left unstarted."""
        with self._ending:
            self._ended = True
        self._loop.run_until_complete(asyncio.sleep(0))  # start what was submitted last
        pending = asyncio.all_tasks(self._loop)
        for task in pending:
            task.cancel()
        if pending:
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))

    def _submit(self, work: Coroutine[Any, Any, Any]) -> Future[Any] | None:
        with self._ending:
            if not self._ended:
                return asyncio.run_coroutine_threadsafe(work, self._loop)
        work.close()
        return None

    def updates(self) -> list[Update]:
        """Everything that came since the last call, oldest first."""
        found = []
        while True:
            try:
                found.append(self._updates.get_nowait())
            except queue.Empty:
                return found

    def wait(self, timeout: float) -> Update | None:
        """The next update, waiting at most ``timeout`` seconds (for tests and tools)."""
        try:
            return self._updates.get(timeout=timeout)
        except queue.Empty:
            return None

    def act(self, action: Action, step: int) -> None:
        """Send the action chosen from the view of ``step`` (see `SeatLink.act`)."""
        self._submit(self.link.act(action, step))

    def next_hand(self, step: int) -> None:
        self._submit(self.link.next_hand(step))

    def leave(self) -> None:
        """Leave the table for good and wait (about `REVEAL_WAIT` at most) for the table's
        reveal; ``close`` the link next. A ``close`` sent at once would cut that wait short,
        and the phone would lose the record of the match it left."""
        left = self._submit(self.link.leave())
        end = time.monotonic() + REVEAL_WAIT + 0.5
        while (left is not None and not left.done() and self._thread.is_alive()
               and time.monotonic() < end):
            time.sleep(0.01)  # the table may close the link as soon as it has revealed

    def close(self, timeout: float = 5.0) -> None:
        """Close the link (the seat is kept until the table's patience runs out)."""
        self._submit(self.link.close())
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def retrying(self) -> bool:
        """The link was lost and is being tried again ("Connection lost, retrying...")."""
        return self.link.retrying

    @property
    def view(self) -> PlayerView | None:
        return self.link.view

    @property
    def result(self) -> HandResult | None:
        return self.link.result

    @property
    def table(self) -> dict[str, Any] | None:
        return self.link.table

    @property
    def verification(self) -> Verification | None:
        return self.link.verification

    @property
    def code(self) -> str | None:
        return self.link.code

    @property
    def seat(self) -> int | None:
        return self.link.seat
