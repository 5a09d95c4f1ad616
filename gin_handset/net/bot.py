"""A computer player at a network table: it is given only the `PlayerView` that comes over
the wire, as a phone is."""

from __future__ import annotations

import asyncio
import random
import ssl
import time
from typing import Any

from gin_handset.ai.levels import make_player
from gin_handset.net.client import SeatLink, Update
from gin_handset.net.protocol import request
from gin_handset.rules.hand import Phase
from gin_handset.rules.options import Options


class Bot:
    """Plays one seat until the match ends; ``latencies`` holds each move's round trip (from
    sending the action to receiving the view it led to), in seconds."""

    def __init__(self, link: SeatLink, level: str = "hard", seed: int | None = None,
                 think: float = 0.0) -> None:
        self.link, self.think = link, think
        self.player = make_player(level, random.Random(seed))
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []
        self._sent: tuple[int, float] | None = None  # (step, when) of the action awaiting
        self._answered = -1  # the last step acted on

    async def play(self) -> None:
        await self.link.run(self._react)

    async def _react(self, update: Update) -> None:
        if update.kind == "error":
            self.errors.append(str(update.message.get("reason")))
            self._answered = -1  # act again on the view that comes next
            return
        if update.kind == "link" and not self.link.retrying:
            self._answered = -1
            return
        if update.kind != "view" or update.view is None:
            return
        view, step = update.view, update.message["step"]
        if self._sent is not None and step > self._sent[0]:
            self.latencies.append(time.perf_counter() - self._sent[1])
            self._sent = None
        if step == self._answered:
            return
        if view.phase is Phase.OVER:
            ready = (self.link.table or {}).get("ready") or [False, False]
            if update.message.get("match_winner") is None and not ready[view.seat]:
                self.player.recall(view)
                self._answered = step
                await self.link.next_hand(step)
            return
        if view.to_act != view.seat or not view.legal_actions:
            return
        if self.think:
            await asyncio.sleep(self.think * self.rng.random() * 2)
        action = self.player.choose(view)
        self._answered = step
        self._sent = (step, time.perf_counter())
        if await self.link.act(action, step):
            self.moves += 1


def create_hello(nickname: str, options: Options, minutes: int = 0) -> dict[str, Any]:
    return request("create", nickname=nickname, options=options.to_dict(), minutes=minutes)


def join_hello(code: str, nickname: str) -> dict[str, Any]:
    return request("join", code=code, nickname=nickname)


async def play_bot(url: str, hello: dict[str, Any], level: str = "hard", seed: int | None = None,
                   tls: ssl.SSLContext | None = None, think: float = 0.0) -> Bot:
    """Seat a bot with ``hello`` (create or join) and play until the match ends."""
    bot = Bot(SeatLink(url, hello, tls), level, seed, think)
    await bot.play()
    return bot
