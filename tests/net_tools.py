"""Shared by the network tests: servers on 127.0.0.1 (in a thread or a process of their own),
bots playing whole matches through them, and a match with a seat's hidden cards dealt anew."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from gin_handset.net.bot import Bot, create_hello, join_hello
from gin_handset.net.client import SeatLink
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options

ROOT = Path(__file__).parent.parent
SERVING = re.compile(r"serving tables at (ws://127\.0\.0\.1:\d+)")


class ServerProcess:
    """``gin-handset serve`` in a process of its own, on a free port of 127.0.0.1."""

    def __init__(self, data: Path, *extra: str, port: int = 0) -> None:
        self.data = data
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gin_handset", "serve", "--port", str(port), "--data",
             str(data), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = SERVING.search(line)
        assert found, f"the server did not start: {line!r} {self.process.stderr.read()}"
        self.url = found[1]
        self.port = int(self.url.rsplit(":", 1)[1])

    @property
    def memory_kib(self) -> int:
        """The server process's resident memory."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


async def seat_pair(url: str, options: Options, levels: tuple[str, str] = ("simple", "simple"),
                    seed: int = 1, minutes: int = 0,
                    retry_for: float = 30.0) -> tuple[Bot, Bot, asyncio.Task, asyncio.Task]:
    """Two bots at a new table: the first makes it, the second joins with its code."""
    first = Bot(SeatLink(url, create_hello("Ann", options, minutes), retry_for=retry_for),
                levels[0], seed)
    first_task = asyncio.create_task(first.play())
    async with asyncio.timeout(10):
        while first.link.code is None:
            await asyncio.sleep(0.01)
    second = Bot(SeatLink(url, join_hello(first.link.code, "Bob"), retry_for=retry_for),
                 levels[1], seed + 1)
    return first, second, first_task, asyncio.create_task(second.play())


async def play_pair(url: str, options: Options, levels: tuple[str, str] = ("simple", "simple"),
                    seed: int = 1, limit: float = 60.0) -> tuple[Bot, Bot]:
    """Two bots play a whole match at a new table, within ``limit`` seconds."""
    first, second, *tasks = await seat_pair(url, options, levels, seed)
    async with asyncio.timeout(limit):
        await asyncio.gather(*tasks)
    return first, second


def hidden_dealt_anew(match: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The match as ``seat`` may know it, with the cards it cannot see dealt anew: the stock,
    and the opponent's cards not taken from the pile (unless they are shown)."""
    hand = match.hand
    other = 1 - seat
    shown = hand.is_over if seat == hand.knocker else hand.knocker_arrangement is not None
    theirs = hand.hands[other]
    known = set(theirs) if shown else set(hand.pickups(other))
    hidden = [c for c in theirs if c not in known]
    pool = hidden + list(hand.stock)
    rng.shuffle(pool)
    dealt = iter(pool[:len(hidden)])
    mixed = tuple(card if card in known else next(dealt) for card in theirs)
    hands = (hand.hands[0], mixed) if other == 1 else (mixed, hand.hands[1])
    return replace(match, hand=replace(hand, hands=hands, stock=tuple(pool[len(hidden):])))


def wait_until(check, limit: float = 10.0, every: float = 0.02) -> None:
    """Wait for ``check()`` to be true, at most ``limit`` seconds."""
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(every)
