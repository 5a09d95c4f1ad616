"""Bot-against-bot tables on one table server over loopback: how many tables it holds, moves a
second, each move's round trip (median and p99) and the server's memory per table.

The server is ``gin-handset serve`` in a process of its own (saving every table after every
step, as it always does); the bots all run in this process, on one asyncio loop. Each bot
thinks for a random time (``--think`` seconds on average) before each move, as a person would,
so the load is that of ``tables`` matches being played at once.

    python -m benchmarks.bench_tables --tables 500 --seconds 30 --think 2 [--no-fsync]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gin_handset import arguments
from gin_handset.net.bot import Bot, create_hello, join_hello
from gin_handset.net.cli import GC_THRESHOLDS
from gin_handset.net.client import SeatLink
from gin_handset.rules.options import Options

ROOT = Path(__file__).parent.parent
SERVING = re.compile(r"serving tables at (ws://127\.0\.0\.1:\d+)")
OPTIONS = Options(points_to_win=500)  # long matches: no table ends during the measurement


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _table(url: str, think: float, level: str, seed: int) -> tuple[Bot, Bot, list]:
    first = Bot(SeatLink(url, create_hello("A", OPTIONS), retry_for=10), level, seed, think)
    tasks = [asyncio.create_task(first.play())]
    while first.link.code is None:
        if tasks[0].done():
            raise RuntimeError(f"a table could not be made: {first.link.failed}")
        await asyncio.sleep(0.01)
    second = Bot(SeatLink(url, join_hello(first.link.code, "B"), retry_for=10), level, seed + 1,
                 think)
    tasks.append(asyncio.create_task(second.play()))
    return first, second, tasks


async def _measure(url: str, pid: int, tables: int, seconds: float, think: float,
                   level: str) -> dict[str, Any]:
    idle = _rss_kib(pid)
    bots: list[Bot] = []
    tasks: list[asyncio.Task] = []
    for start in range(0, tables, 25):
        made = await asyncio.gather(*(_table(url, think, level, 2 * n)
                                      for n in range(start, min(tables, start + 25))))
        for first, second, pair in made:
            bots += [first, second]
            tasks += pair
    deadline = time.monotonic() + 60
    while not all(b.link.view is not None for b in bots):
        if time.monotonic() > deadline:
            raise RuntimeError("the tables did not all start within a minute")
        await asyncio.sleep(0.05)
    for bot in bots:
        bot.latencies.clear()
    moves_before = sum(b.moves for b in bots)
    began = time.monotonic()
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - began
    held = sum(1 for b in bots[::2] if (b.link.table or {}).get("status") == "playing")
    moves = sum(b.moves for b in bots) - moves_before
    latencies = sorted(t for b in bots for t in b.latencies)
    full = _rss_kib(pid)
    for bot in bots:
        await bot.link.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if not latencies:
        raise RuntimeError("no move was measured")
    return {
        "tables": tables,
        "held": held,
        "seconds": round(elapsed, 1),
        "moves_per_second": round(moves / elapsed, 1),
        "median_ms": round(1000 * statistics.median(latencies), 2),
        "p99_ms": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
                        2),
        "kib_per_table": round((full - idle) / tables, 1),
        "errors": sum(len(b.errors) for b in bots),
    }


def run(tables: int = 500, seconds: float = 30.0, think: float = 2.0, level: str = "simple",
        fsync: bool = True) -> dict[str, Any]:
    """Start a server process, play ``tables`` tables for ``seconds``; the figures."""
    thresholds = gc.get_threshold()
    with tempfile.TemporaryDirectory(prefix="bench-tables-") as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "gin_handset", "serve", "--port", "0", "--data", data,
             "--per-address", str(2 * tables + 10), "--rate", "1000",
             "--tables-per-minute", str(tables + 10), *([] if fsync else ["--no-fsync"])],
            cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            found = SERVING.search(server.stdout.readline())
            if found is None:
                raise RuntimeError("the table server did not start")
            gc.set_threshold(*GC_THRESHOLDS)  # the bots collect as rarely as the server
            return asyncio.run(_measure(found[1], server.pid, tables, seconds, think, level))
        finally:
            gc.set_threshold(*thresholds)
            server.terminate()
            server.wait(10)
            if server.stdout is not None:
                server.stdout.close()


def tables(text: str) -> int:
    """A command-line count of tables: from 1 to 10,000."""
    return arguments.whole(text, 1, 10_000)


def seconds(text: str) -> float:
    """The measurement's length: from 1 second to an hour."""
    return arguments.real(text, 1, 3600)


def think(text: str) -> float:
    """A bot's mean thinking time before a move: up to a minute."""
    return arguments.real(text, 0, 60)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench_tables", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=tables, default=500)
    parser.add_argument("--seconds", type=seconds, default=30.0)
    parser.add_argument("--think", type=think, default=2.0, help="mean seconds before a move")
    parser.add_argument("--level", default="simple")
    parser.add_argument("--no-fsync", action="store_true", help="serve --no-fsync")
    args = parser.parse_args(argv or [])
    figures = run(args.tables, args.seconds, args.think, args.level, not args.no_fsync)
    print(f"{figures['held']} of {figures['tables']} tables held; "
          f"{figures['moves_per_second']} moves/s over {figures['seconds']} s; round trip "
          f"median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms; server memory "
          f"{figures['kib_per_table']} KiB a table; {figures['errors']} errors", flush=True)


def tiny() -> None:
    """Two tables for a second and a half (the tests' check that it still runs)."""
    main(["--tables", "2", "--seconds", "1.5", "--think", "0.05", "--no-fsync"])


if __name__ == "__main__":
    main(sys.argv[1:])
