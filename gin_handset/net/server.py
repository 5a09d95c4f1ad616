"""The table server: many tables in one asyncio process, over websockets.

Every input is hostile: messages are bounded in size and read no faster than a rate;
connections are bounded in number per address and in idle time; wrong table codes and tokens in
tries per minute. A bad message gets an error, and a connection that keeps sending them is
closed. Each table is saved atomically in the data folder after every step, so a server killed
and restarted resumes every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from gin_handset.net.protocol import (
    MAX_REQUEST,
    ProtocolError,
    dumps,
    error_message,
    options_of,
    parse_request,
)
from gin_handset.net.table import PATIENCE, Out, Table, TableError
from gin_handset.storage import read_json, write_atomically

LOG = logging.getLogger("gin_handset.net.server")
TABLES = "tables"  # the data folder's subfolder of table files
POLICY = 1008  # the websocket close code for a broken rule
TICK = 0.25  # seconds between checks of the clocks and the patience


@dataclass(frozen=True)
class Limits:
    """What one client may do; every number bounds a resource."""

    rate: float = 30.0  # messages a second read from a connection, sustained
    burst: int = 60
    errors: int = 10  # bad messages in a burst before the connection is closed
    error_rate: float = 0.1  # bad messages a second forgiven
    per_address: int = 16  # connections at once from one address
    guesses: int = 10  # wrong table codes or tokens per address per minute
    creates: int = 20  # tables made per address per minute
    idle: float = 60.0  # seconds a connection with no seat may stay silent
    seated_idle: float = 1800.0  # seconds a seated connection may stay silent
    open_timeout: float = 10.0  # seconds to finish the websocket handshake
    max_tables: int = 10_000
    outbox: int = 64  # messages waiting for a slow reader before it is dropped
    linger: float = 600.0  # seconds an ended table is kept for phones to fetch its end
    patience: float = PATIENCE
    note_waits: float = 10.0  # seconds between saves of a table waiting on a seat (a restart
    # then loses at most this much of how long the seat has been away or kept the other waiting)


class Bucket:
    """A token bucket: ``take`` is False once more than ``burst`` came faster than ``rate``."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.level, self.when = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.when) * self.rate)
        self.when = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Client:
    """One connection: its seat once it has one, its budgets and its outgoing messages."""

    def __init__(self, ws: ServerConnection, limits: Limits, now: float) -> None:
        self.ws = ws
        self.address = _address(ws)
        self.seat: tuple[str, int] | None = None  # (table code, seat)
        self.messages = Bucket(limits.rate, limits.burst, now)
        self.errors = Bucket(limits.error_rate, limits.errors, now)
        self.outbox: asyncio.Queue[str] = asyncio.Queue(limits.outbox)

    def put(self, message: dict[str, Any]) -> None:
        """Queue a message; a reader too slow to keep up is disconnected."""
        try:
            self.outbox.put_nowait(dumps(message))
        except asyncio.QueueFull:
            self.ws.transport.abort()


def _address(ws: ServerConnection) -> str:
    peer = ws.transport.get_extra_info("peername") if ws.transport else None
    return str(peer[0]) if peer else "?"


class Tries:
    """Events per address in the last minute (wrong codes, tables made)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.times: dict[str, deque[float]] = {}

    def allowed(self, address: str, now: float) -> bool:
        times = self.times.get(address)
        while times and now - times[0] > 60:
            times.popleft()
        return not times or len(times) < self.limit

    def add(self, address: str, now: float) -> None:
        self.times.setdefault(address, deque()).append(now)

    def forget_old(self, now: float) -> None:
        for address in [a for a, t in self.times.items() if not t or now - t[-1] > 60]:
            del self.times[address]


class TableServer:
    """The tables, the connections seated at them, and the rules for every client."""

    def __init__(self, data_dir: Path | None, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic, durable: bool = True) -> None:
        self.folder = None if data_dir is None else Path(data_dir) / TABLES
        self.durable = durable  # wait for the disk after each save (see write_atomically)
        self.limits = limits or Limits()
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.seated: dict[tuple[str, int], Client] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.saved: dict[str, int] = {}
        self.connections: defaultdict[str, int] = defaultdict(int)
        self.guesses = Tries(self.limits.guesses)
        self.creates = Tries(self.limits.creates)
        self.stopping = False  # the links closing now are the server's doing, not the phones'
        self.problems: list[str] = []

    # Files.

    def load(self) -> None:
        """Resume every table saved in the data folder; a bad file is set aside."""
        if self.folder is None or not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("*.json")):
            table, problem = read_json(path, lambda d: Table.from_dict(d, self.clock))
            if problem is not None:
                self.problems.append(f"table file {path}: {problem}")
            elif table is not None and f"{table.code}.json" == path.name:
                self.tables[table.code] = table
                self.saved[table.code] = table.revision
            elif table is not None:
                self.problems.append(f"table file {path}: its code is {table.code}")

    async def _save(self, table: Table) -> None:
        if self.folder is None or self.saved.get(table.code) == table.revision:
            return
        text, revision = dumps(table.to_dict()), table.revision
        await asyncio.to_thread(write_atomically, self.folder / f"{table.code}.json", text,
                                self.durable)
        self.saved[table.code] = revision

    def _drop(self, code: str) -> None:
        self.tables.pop(code, None)
        self.locks.pop(code, None)
        self.saved.pop(code, None)
        for seat in range(2):
            client = self.seated.pop((code, seat), None)
            if client is not None:
                client.seat = None
        if self.folder is not None:
            (self.folder / f"{code}.json").unlink(missing_ok=True)

    # Connections.

    def connection_class(self) -> type[ServerConnection]:
        """Connections counted per address from their first byte: over the limit, refused."""
        counts, limit = self.connections, self.limits.per_address

        class Counted(ServerConnection):
            counted = ""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if peer else "?"
                if counts[address] >= limit:
                    transport.abort()
                    return
                counts[address] += 1
                self.counted = address

            def connection_lost(self, exc: Exception | None) -> None:
                super().connection_lost(exc)
                if self.counted:
                    counts[self.counted] -= 1
                    if not counts[self.counted]:
                        del counts[self.counted]
                    self.counted = ""

        return Counted

    async def handle(self, ws: ServerConnection) -> None:
        client = Client(ws, self.limits, self.clock())
        writer = asyncio.create_task(self._write(client))
        try:
            await self._read(client)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            await self._depart(client)

    async def _depart(self, client: Client) -> None:
        """A closed link's seat is away, unless a new link took it up meanwhile: the check is
        made under the table's lock, which a rejoin holds while it binds. A server stopping
        records no departure: its downtime counts for neither seat, whichever link it closed
        first."""
        if client.seat is None or self.stopping:
            return
        code, seat = client.seat
        async with self.locks.setdefault(code, asyncio.Lock()):
            if self.seated.get((code, seat)) is not client:
                return
            del self.seated[(code, seat)]
            table = self.tables.get(code)
            if table is None:
                return
            out = table.depart(seat)
            await self._save(table)  # when it went away outlives a restart
            self._deliver(code, out)

    async def _write(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await client.ws.send(await client.outbox.get())

    async def _read(self, client: Client) -> None:
        while True:
            idle = self.limits.idle if client.seat is None else self.limits.seated_idle
            try:
                raw = await asyncio.wait_for(client.ws.recv(), idle)
            except TimeoutError:
                await client.ws.close(POLICY, "idle for too long")
                return
            now = self.clock()
            while not client.messages.take(now):  # a flood is read no faster than the rate
                await asyncio.sleep(1 / client.messages.rate)
                now = self.clock()
            about = None
            try:
                request = parse_request(raw)
                about = request["type"]
                await self._dispatch(client, request, now)
            except (ProtocolError, TableError) as error:
                if not client.errors.take(now):
                    await client.ws.close(POLICY, "too many bad messages")
                    return
                client.put(error_message(str(error), about))
            except Refused as error:
                await client.ws.send(dumps(error_message(str(error))))
                await client.ws.close(POLICY, str(error)[:100])
                return

    # Requests.

    async def _dispatch(self, client: Client, request: dict[str, Any], now: float) -> None:
        kind = request["type"]
        if kind in ("create", "join", "rejoin"):
            if client.seat is not None:
                raise TableError("this connection already has a seat")
            await getattr(self, f"_{kind}")(client, request, now)
            return
        if client.seat is None:
            raise TableError("no seat yet: create, join or rejoin a table first")
        code, seat = client.seat
        table = self.tables.get(code)
        if table is None:
            raise TableError("this table is closed")
        async with self.locks[code]:
            if kind == "contribute":
                out = table.contribute(seat, request["contribution"])
            elif kind == "act":
                out = table.act(seat, request["step"], request["action"])
            elif kind == "next":
                out = table.next_hand(seat, request["step"])
            else:
                out = table.leave(seat)
                if table.reason == "closed":  # the lone seat left: no match to keep
                    self._deliver(code, out)
                    self._drop(code)
                    return
            await self._save(table)
            self._deliver(code, out)

    async def _create(self, client: Client, request: dict[str, Any], now: float) -> None:
        if not self.creates.allowed(client.address, now):
            raise Refused("too many tables made from this address: wait a minute")
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("this server holds all the tables it can: try later")
        self.creates.add(client.address, now)
        code = self._new_code()
        table = Table(code, options_of(request), request["minutes"], self.clock,
                      self.limits.patience)
        self.tables[code], self.locks[code] = table, asyncio.Lock()
        async with self.locks[code]:
            seat, _token, out = table.sit(request["nickname"])
            self._bind(client, code, seat)
            await self._save(table)
            self._deliver(code, out)

    async def _join(self, client: Client, request: dict[str, Any], now: float) -> None:
        table = self._guess(client, request["code"], now)
        async with self.locks[table.code]:
            seat, _token, out = table.sit(request["nickname"])  # a full table: no guess
            self._bind(client, table.code, seat)
            await self._save(table)
            self._deliver(table.code, out)

    async def _rejoin(self, client: Client, request: dict[str, Any], now: float) -> None:
        """The seat of a right code and token, whatever the guesses from its address; a wrong
        one is a guess, refused once the address has made too many."""
        table = self.tables.get(request["code"])
        try:
            if table is None:
                raise TableError(f"no table has the code {request['code']}")
            seat = table.claim(request["token"])
        except TableError:
            self._check_guesses(client, now)
            self.guesses.add(client.address, now)
            raise
        async with self.locks[table.code]:
            old = self.seated.get((table.code, seat))
            if old is not None:  # a link that died unnoticed, or the token used elsewhere
                old.seat = None
                old.put(error_message("this seat was taken up by another connection"))
                old.ws.transport.abort()
            self._bind(client, table.code, seat)
            out = table.arrive(seat)
            await self._save(table)
            self._deliver(table.code, out)

    def _check_guesses(self, client: Client, now: float) -> None:
        if not self.guesses.allowed(client.address, now):
            raise Refused("too many wrong table codes or tokens from this address: wait a "
                          "minute")

    def _guess(self, client: Client, code: str, now: float) -> Table:
        self._check_guesses(client, now)
        table = self.tables.get(code)
        if table is None:
            self.guesses.add(client.address, now)
            raise TableError(f"no table has the code {code}")
        return table

    def _new_code(self) -> str:
        while True:
            code = f"{secrets.randbelow(10**6):06d}"
            taken = self.folder is not None and (self.folder / f"{code}.json").exists()
            if code not in self.tables and not taken:
                return code

    def _bind(self, client: Client, code: str, seat: int) -> None:
        client.seat = (code, seat)
        self.seated[(code, seat)] = client

    def _deliver(self, code: str, out: list[Out]) -> None:
        for seat, message in out:
            client = self.seated.get((code, seat))
            if client is not None:
                client.put(message)

    # Time.

    async def tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            await self.tick()

    async def tick(self) -> None:
        """Run the clocks and the patience of every table; drop tables long over."""
        now = self.clock()
        for code, table in list(self.tables.items()):
            if table.ended_at is not None and now - table.ended_at >= self.limits.linger:
                self._drop(code)
                continue
            out = table.tick()
            note = not out and self.folder is not None and table.note_wait(
                self.limits.note_waits)
            if out or note:
                async with self.locks.setdefault(code, asyncio.Lock()):
                    await self._save(table)
                    self._deliver(code, out)
        self.guesses.forget_old(now)
        self.creates.forget_old(now)


class Refused(Exception):
    """A client that broke a limit: told why, then disconnected."""


async def run_server(host: str, port: int, data_dir: Path | None,
                     tls: ssl.SSLContext | None = None, limits: Limits | None = None,
                     started: Callable[[Server, TableServer], None] | None = None,
                     stop: asyncio.Event | None = None, durable: bool = True) -> None:
    """Serve tables until ``stop`` is set (or forever)."""
    tables = TableServer(data_dir, limits, durable=durable)
    tables.load()
    for table in tables.tables.values():
        tables.locks[table.code] = asyncio.Lock()
    async with serve(tables.handle, host, port, ssl=tls, max_size=MAX_REQUEST,
                     max_queue=4, compression=None, open_timeout=tables.limits.open_timeout,
                     close_timeout=1,
                     create_connection=tables.connection_class(), logger=LOG) as server:
        ticker = asyncio.create_task(tables.tick_forever())
        if started is not None:
            started(server, tables)
        try:
            await (stop or asyncio.Event()).wait()
        finally:
            tables.stopping = True
            ticker.cancel()


@dataclass
class ServerHandle:
    """A server running in a background thread: its ``address`` and ``stop()``."""

    address: tuple[str, int]
    tables: TableServer
    _loop: asyncio.AbstractEventLoop
    _stop: asyncio.Event
    _thread: threading.Thread
    secure: bool = False  # speaks wss (TLS)

    @property
    def url(self) -> str:
        scheme = "wss" if self.secure else "ws"
        return f"{scheme}://{self.address[0]}:{self.address[1]}"

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=10)


def start_in_thread(host: str = "127.0.0.1", port: int = 0, data_dir: Path | None = None,
                    limits: Limits | None = None,
                    tls: ssl.SSLContext | None = None) -> ServerHandle:
    """Start a table server in a background thread (the phone app hosts a table this way);
    port 0 picks a free port; with ``tls`` it speaks wss. OSError if it cannot listen."""
    ready = threading.Event()
    found: dict[str, Any] = {}

    def started(server: Server, tables: TableServer) -> None:
        sock = next(iter(server.sockets))
        found.update(address=sock.getsockname()[:2], tables=tables,
                     loop=asyncio.get_running_loop())
        ready.set()

    def run() -> None:
        stop = asyncio.Event()
        found["stop"] = stop
        try:
            asyncio.run(run_server(host, port, data_dir, tls, limits, started, stop))
        except Exception as error:  # reported to the caller, which is waiting
            found["error"] = error
            ready.set()

    thread = threading.Thread(target=run, name="table-server", daemon=True)
    thread.start()
    ready.wait(timeout=30)
    if "error" in found or "address" not in found:
        raise OSError(f"the table server did not start: {found.get('error', 'timed out')}")
    return ServerHandle(tuple(found["address"]), found["tables"], found["loop"], found["stop"],
                        thread, tls is not None)
