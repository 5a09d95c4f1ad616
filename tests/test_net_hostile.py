"""Every input hostile: while two bots play a match at a table server (a process of its own on
127.0.0.1), raw sockets and websocket clients send it garbage, oversized frames, bad JSON, deep
nesting, huge numbers, unknown fields, actions out of turn, another seat's token, replayed
messages and floods. Each gets an error or a disconnect; the server's memory stays bounded and
the bots' match goes on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from gin_handset.net.bot import create_hello, join_hello
from gin_handset.net.protocol import request
from gin_handset.rules.options import Options
from tests.net_tools import ServerProcess, seat_pair

pytestmark = pytest.mark.slow
PER_ADDRESS = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = ServerProcess(tmp_path_factory.mktemp("hostile"), "--idle", "1",
                            "--per-address", str(PER_ADDRESS))
    yield process
    process.stop()


async def reply(ws: ClientConnection, limit: float = 5.0) -> dict:
    async with asyncio.timeout(limit):
        return json.loads(await ws.recv())


async def error_for(ws: ClientConnection, raw: str | bytes) -> str:
    await ws.send(raw)
    answer = await reply(ws)
    assert answer["type"] == "error", answer
    return answer["reason"]


async def closed(ws: ClientConnection, limit: float = 5.0) -> int | None:
    """Wait for the server to close the link; its close code."""
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(limit):
            while True:
                await ws.recv()
    return ws.close_code


async def raw_socket(url: str, data: bytes) -> bytes:
    """Send bytes on a plain TCP connection; what came back before the server closed it."""
    host, port = url.removeprefix("ws://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(data)
    await writer.drain()
    try:
        async with asyncio.timeout(15):
            return await reader.read()
    finally:
        writer.close()


async def seated_pair(url: str) -> tuple[ClientConnection, ClientConnection, list[dict]]:
    """An attacker's own table, both seats its own: the two links and their joined messages."""
    one = await connect(url, proxy=None)
    await one.send(json.dumps(create_hello("Mal", Options())))
    first = await reply(one)
    two = await connect(url, proxy=None)
    await two.send(json.dumps(join_hello(first["code"], "Mal2")))
    second = await reply(two)
    return one, two, [first, second]


async def view_of(ws: ClientConnection) -> dict:
    """The first view, the seat's contribution sent once on the way."""
    sent = False
    while True:
        message = await reply(ws)
        if message["type"] == "view":
            return message
        if message["type"] == "table" and message["status"] == "seeding" and not sent:
            await ws.send(json.dumps(request("contribute", contribution="ab" * 16)))
            sent = True


async def floods(url: str) -> None:
    """Garbage of every kind, from raw sockets and websocket clients."""
    # Raw sockets: garbage, a bad request, nothing at all (closed once idle).
    for data in (os.urandom(3000), b"GET / HTTP/1.1\r\n\r\n", b"\x00" * 10, b""):
        assert b"101 Switching" not in await raw_socket(url, data)
    # Websocket clients: each kind of bad message gets an error naming what is wrong.
    async with connect(url, proxy=None, max_size=2**20) as ws:
        assert "not JSON" in await error_for(ws, "{this is not json")
        assert "nested too deeply" in await error_for(ws, "[" * 2000 + "]" * 2000)
        assert "between" in await error_for(ws, '{"v":1,"type":"next","step":' + "9" * 1000 + "}")
        assert "unknown" in await error_for(ws, '{"v":1,"type":"leave","x":1}')
        assert "binary" in await error_for(ws, b"\x01\x02")
        assert "no seat yet" in await error_for(ws, json.dumps(request("act", step=0,
                                                                         action="stock")))
    async with connect(url, proxy=None) as ws:  # an oversized frame: disconnected
        await ws.send("x" * 100_000)
        assert await closed(ws) == 1009
    async with connect(url, proxy=None) as ws:  # a flood of bad messages: disconnected
        with contextlib.suppress(ConnectionClosed):
            for _ in range(5000):
                await ws.send("garbage")
        assert await closed(ws) == 1008
    async with connect(url, proxy=None) as ws:  # silent with no seat: disconnected
        assert await closed(ws, 5) == 1008


async def mischief(url: str) -> None:
    """A seated client's tricks, guesses, and too many connections."""
    # Seated mischief at the attacker's own table.
    one, two, joined = await seated_pair(url)
    first, second = await asyncio.gather(view_of(one), view_of(two))
    views = {0: first, 1: second}
    mover = first["view"]["to_act"]
    links = {joined[0]["seat"]: one, joined[1]["seat"]: two}
    waiting = links[1 - mover]
    assert "not your turn" in await error_for(waiting, json.dumps(
        request("act", step=0, action="pass")))
    assert "already has a seat" in await error_for(waiting, json.dumps(
        request("rejoin", code=joined[0]["code"], token=joined[mover]["token"])))
    move = json.dumps(request("act", step=0, action=views[mover]["view"]["legal_actions"][0]))
    await links[mover].send(move)
    assert (await view_of(links[mover]))["step"] == 1
    assert "stale" in await error_for(links[mover], move), "a replayed message is refused"
    for link in (one, two):
        await link.close()
    # Guessing codes and tokens: a few tries a minute from one address, then refused.
    guess = json.dumps(request("rejoin", code="000000", token="0" * 48))
    async with connect(url, proxy=None) as ws:
        reasons = []
        with pytest.raises(ConnectionClosed):
            for _ in range(30):
                await ws.send(guess)
                reasons.append((await reply(ws))["reason"])
        assert len(reasons) <= 11 and ws.close_code == 1008
    async with connect(url, proxy=None) as ws:
        assert "too many wrong" in await error_for(ws, guess)
        assert await closed(ws) == 1008
    # Too many connections from one address: the one past the limit is refused at its opening
    # (the bots' two links count too while their match lasts; it may be over by now).
    held: list[ClientConnection] = []
    with pytest.raises((ConnectionClosed, InvalidHandshake, OSError, TimeoutError)):
        for _ in range(PER_ADDRESS + 1):
            held.append(await connect(url, proxy=None, open_timeout=5))
    assert PER_ADDRESS - 2 <= len(held) <= PER_ADDRESS, len(held)
    for ws in held:
        await ws.close()


def test_hostile_clients_get_errors_or_disconnects_and_the_match_goes_on(server):
    async def scenario() -> tuple:
        first, second, *tasks = await seat_pair(server.url, Options(points_to_win=100),
                                                ("normal", "simple"), seed=4, retry_for=60)
        async with asyncio.timeout(20):
            while first.link.step < 5:
                await asyncio.sleep(0.01)
        before = server.memory_kib
        at = first.link.step
        for _ in range(3):
            await floods(server.url)
        await mischief(server.url)
        after = server.memory_kib
        assert first.link.step > at, "the match went on during the attacks"
        async with asyncio.timeout(120):
            await asyncio.gather(*tasks)
        return first, second, before, after

    first, second, before, after = asyncio.run(scenario())
    assert after - before < 30_000, f"the server grew from {before} KiB to {after} KiB"
    for bot in (first, second):
        assert bot.link.table["reason"] == "points"
        assert bot.link.verification.ok
