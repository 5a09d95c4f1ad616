"""``gin-handset serve`` (a table server) and ``gin-handset bot`` (a computer player at a
network table). Bad values get a one-line error and status 2."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import re
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from websockets.asyncio.server import Server

from gin_handset.arguments import digits, real, whole
from gin_handset.net.server import Limits, TableServer, run_server

PROG = "gin-handset"
ADDRESS = re.compile(r"(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253}):(?P<port>[0-9]{1,5})"
                     r"(?:/(?P<code>[0-9]{6}))?")

GC_THRESHOLDS = (20_000, 50, 100)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _port(text: str) -> int:
    return whole(text, 0, 65535, "a port")


def _small(text: str) -> int:
    """A whole number for an argument with choices, which argparse then checks."""
    return digits(text, 6)


def _seconds(text: str) -> float:
    return real(text, 0.001, 86_400, "seconds")


def _count(text: str) -> int:
    return whole(text, 1, 1_000_000)


def serve_main(argv: Sequence[str]) -> int:
    """``gin-handset serve [--host H] [--port P] [--tls-cert F --tls-key F] [--data DIR]``."""
    parser = _Parser(prog=f"{PROG} serve", description="Hold tables for phones to play at.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0 for every network)")
    parser.add_argument("--port", type=_port, default=8765, help="default 8765")
    parser.add_argument("--tls-cert", metavar="FILE", type=Path, help="certificate (PEM): wss")
    parser.add_argument("--tls-key", metavar="FILE", type=Path, help="its private key (PEM)")
    parser.add_argument("--data", metavar="DIR", type=Path,
                        help="where each table's match is saved (default: the game's data "
                        "folder)")
    parser.add_argument("--patience", metavar="SECONDS", type=_seconds, default=300.0,
                        help="how long a seat may be away before it loses (default 300)")
    parser.add_argument("--per-address", metavar="N", type=_count, default=16,
                        help="connections at once from one address (default 16)")
    parser.add_argument("--rate", metavar="N", type=_count, default=30,
                        help="messages a second read from one connection (default 30)")
    parser.add_argument("--tables-per-minute", metavar="N", type=_count, default=20,
                        help="tables one address may make a minute (default 20)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="save tables without waiting for the disk: faster; a killed server "
                        "still resumes, a machine that loses power may lose the last moves")
    parser.add_argument("--idle", metavar="SECONDS", type=_seconds, default=60.0,
                        help="how long a connection with no seat may stay silent (default 60)")
    args = parser.parse_args(argv)
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    tls = None
    if args.tls_cert is not None:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            tls.load_cert_chain(args.tls_cert, args.tls_key)
        except (OSError, ssl.SSLError) as error:
            parser.error(f"argument --tls-cert/--tls-key: cannot be used ({error})")
    data = args.data
    if data is None:
        from gin_handset.storage import data_dir

        data = data_dir() / "server"
    limits = Limits(patience=args.patience, per_address=args.per_address, rate=args.rate,
                    burst=2 * args.rate, idle=args.idle,
                    creates=args.tables_per_minute, open_timeout=min(args.idle, 10.0))
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    scheme = "wss" if tls else "ws"

    def started(server: Server, tables: TableServer) -> None:
        host, port = next(iter(server.sockets)).getsockname()[:2]
        print(f"{PROG}: serving tables at {scheme}://{host}:{port}, saved in {data}; "
              f"{len(tables.tables)} table(s) resumed", flush=True)
        for problem in tables.problems:
            print(f"{PROG}: warning: {problem}", file=sys.stderr, flush=True)

    # Tables are many small objects and make few reference cycles: collect them rarely (the
    # default thresholds spent seconds a minute in full collections at 500 tables).
    gc.set_threshold(*GC_THRESHOLDS)

    async def serve_until_stopped() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signal_number in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
                loop.add_signal_handler(signal_number, stop.set)
        await run_server(args.host, args.port, data, tls, limits, started, stop,
                         durable=not args.no_fsync)

    try:
        asyncio.run(serve_until_stopped())
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(f"{PROG} serve: error: cannot listen on {args.host}:{args.port} ({error})",
              file=sys.stderr)
        return 1
    return 0


def parse_address(text: str) -> tuple[str, int, str | None]:
    """``HOST:PORT[/CODE]`` -> (host, port, code); ValueError saying what is wrong."""
    found = ADDRESS.fullmatch(text.strip())
    if found is None or int(found["port"]) > 65535:
        raise ValueError(f"expected HOST:PORT or HOST:PORT/CODE (a code of six digits), got "
                         f"{text[:60]!r}")
    return found["host"], int(found["port"]), found["code"]


def bot_main(argv: Sequence[str]) -> int:
    """``gin-handset bot --join HOST:PORT[/CODE] --level hard``: with no code, it makes a table
    and prints its code."""
    from gin_handset.ai.levels import PLAYER_NAMES
    from gin_handset.net.bot import Bot, create_hello, join_hello
    from gin_handset.net.client import SeatLink
    from gin_handset.net.protocol import MINUTES, ProtocolError, nickname
    from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA, Options

    parser = _Parser(prog=f"{PROG} bot", description="Seat a computer player at a table.")
    parser.add_argument("--join", metavar="HOST:PORT[/CODE]", required=True,
                        help="the table server, and the table's code (none: make a table)")
    parser.add_argument("--level", choices=PLAYER_NAMES, default="hard")
    parser.add_argument("--nickname", default="Bot")
    parser.add_argument("--game", choices=(GIN_RUMMY, OKLAHOMA), default=GIN_RUMMY,
                        help="for a table it makes")
    parser.add_argument("--points", type=_small, choices=(50, 100, 200, 500), default=100,
                        help="for a table it makes")
    parser.add_argument("--minutes", type=_small, choices=MINUTES, default=0,
                        help="time per hand for a table it makes (0: off)")
    parser.add_argument("--seed", type=digits, help="seed its decisions")
    parser.add_argument("--tls", action="store_true", help="connect with TLS (wss)")
    parser.add_argument("--tls-ca", metavar="FILE", type=Path,
                        help="trust this certificate (a server's own, self-signed)")
    args = parser.parse_args(argv)
    try:
        host, port, code = parse_address(args.join)
    except ValueError as error:
        parser.error(f"argument --join: {error}")
    try:
        nickname({"nickname": args.nickname})  # as the server will check it
    except ProtocolError as problem:
        parser.error(f"argument --nickname: {problem.problem}")
    tls = None
    if args.tls or args.tls_ca:
        try:
            tls = ssl.create_default_context(cafile=args.tls_ca)
        except (OSError, ssl.SSLError) as error:
            parser.error(f"argument --tls-ca: cannot be used ({error})")
    options = Options(points_to_win=args.points, game_type=args.game)
    hello = (join_hello(code, args.nickname) if code else
             create_hello(args.nickname, options, args.minutes))
    url = f"{'wss' if tls else 'ws'}://{host}:{port}"

    async def run() -> int:
        bot = Bot(SeatLink(url, hello, tls), args.level, args.seed)
        task = asyncio.create_task(bot.play())
        if code is None:
            while bot.link.code is None and not task.done():
                await asyncio.sleep(0.05)
            if bot.link.code is not None:
                print(f"table {host}:{port}/{bot.link.code}", flush=True)
        await task
        return _report(bot)

    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(run())
    return 1


def _report(bot: object) -> int:
    link = bot.link  # type: ignore[attr-defined]
    if link.failed:
        print(f"{PROG} bot: {link.failed}", file=sys.stderr)
        return 1
    table = link.table or {}
    verified = link.verification
    shown = "not verified" if verified is None else (
        "deal verified" if verified.ok else f"deal NOT verified: {verified.problem}")
    print(f"match over: winner seat {table.get('winner')} ({table.get('reason')}), you were "
          f"seat {link.seat}; {shown}", flush=True)
    return 0 if verified is not None and verified.ok else 1
