"""The table server's answers to one client at a time, over a real server on 127.0.0.1: a bad
contribution is refused as a bad message and the link goes on; a table cancelled while waiting
leaves no file behind; other people's guesses never lock a rightful seat out."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

from gin_handset.net.bot import Bot, create_hello, join_hello
from gin_handset.net.client import SeatLink, TableClient
from gin_handset.net.protocol import request
from gin_handset.net.server import Limits, start_in_thread
from gin_handset.rules.options import Options
from tests.net_tools import ServerProcess, wait_until


async def reply(ws: ClientConnection, kind: str, limit: float = 5.0) -> dict[str, Any]:
    """The next message of type ``kind`` (others are skipped), within ``limit`` seconds."""
    async with asyncio.timeout(limit):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind:
                return message


async def seeding_pair(url: str) -> tuple[ClientConnection, ClientConnection, list[dict]]:
    """Two links seated at a new table, which waits for their contributions; their ``joined``
    messages (code, seat, token)."""
    one = await connect(url, proxy=None)
    await one.send(json.dumps(create_hello("Ann", Options())))
    first = await reply(one, "joined")
    two = await connect(url, proxy=None)
    await two.send(json.dumps(join_hello(first["code"], "Bob")))
    return one, two, [first, await reply(two, "joined")]


def test_a_contribution_of_an_odd_number_of_hex_digits_is_a_bad_message(tmp_path):
    """Refused naming the field, like any bad message; the link stays and the match starts."""
    server = start_in_thread("127.0.0.1", 0, tmp_path)

    async def scenario() -> None:
        one, two, _joined = await seeding_pair(server.url)
        await one.send(json.dumps(request("contribute", contribution="a" * 33)))
        error = await reply(one, "error")
        assert "field contribution" in error["reason"] and "even" in error["reason"]
        for ws in (one, two):
            await ws.send(json.dumps(request("contribute", contribution="ab" * 16)))
        views = [await reply(ws, "view") for ws in (one, two)]
        assert [v["step"] for v in views] == [0, 0]
        for ws in (one, two):
            await ws.close()

    try:
        asyncio.run(scenario())
    finally:
        server.stop()


def cancel_a_waiting_table(data) -> list[str]:
    """Start a server on ``data``, make a table and cancel it as the app's CLR does; the
    problems the server had reading its folder."""
    server = start_in_thread("127.0.0.1", 0, data)
    try:
        phone = TableClient.create(server.url, "Ann", Options())
        wait_until(lambda: phone.code is not None)
        phone.leave()
        phone.close()
        assert phone.table is not None and phone.table["reason"] == "closed"
        wait_until(lambda: not server.tables.tables)
        return server.tables.problems
    finally:
        server.stop()


def test_a_table_cancelled_while_waiting_leaves_no_file_behind(tmp_path):
    """What the app's CLR on "Waiting for a player" does, three times over: no table file is
    left, and a restarted server sets nothing aside as bad."""
    for _ in range(3):
        assert cancel_a_waiting_table(tmp_path) == []
        assert list((tmp_path / "tables").iterdir()) == []


async def answer(url: str, message: dict[str, Any]) -> dict[str, Any]:
    """The first answer to ``message`` sent on a connection of its own (then closed)."""
    async with connect(url, proxy=None) as ws:
        await ws.send(json.dumps(message))
        async with asyncio.timeout(5):
            return json.loads(await ws.recv())


def test_guesses_from_an_address_never_lock_out_a_seat_rejoining_with_its_token():
    """From one address: joins of a full table are no guesses; wrong codes are, and lock the
    address out of guessing; yet a seat's phone there rejoins with its token at once."""
    server = start_in_thread("127.0.0.1", 0, None, Limits(guesses=3))

    async def scenario() -> None:
        one, two, joined = await seeding_pair(server.url)
        code, token = joined[0]["code"], joined[0]["token"]
        for _ in range(5):
            full = await answer(server.url, join_hello(code, "Eve"))
            assert full["type"] == "error" and "full" in full["reason"]
        guesses = [f"{n:06d}" for n in range(5) if f"{n:06d}" != code][:4]  # codes are random
        wrong = [await answer(server.url, join_hello(guess, "Eve")) for guess in guesses]
        assert "no table" in wrong[0]["reason"] and "too many" in wrong[-1]["reason"]
        for guess in (request("rejoin", code=code, token="0" * 48), join_hello(code, "Eve")):
            assert "too many" in (await answer(server.url, guess))["reason"]
        await one.close()
        back = await answer(server.url, request("rejoin", code=code, token=token))
        assert back["type"] == "table" and back["seat"] == 0, back
        await two.close()

    try:
        asyncio.run(scenario())
    finally:
        server.stop()


async def seat_and_drop_bob(url: str) -> str:
    """Ann and Bob seated and dealt; Bob's link closed. The table's code."""
    ann, bob, joined = await seeding_pair(url)
    for ws in (ann, bob):
        await ws.send(json.dumps(request("contribute", contribution="ab" * 16)))
    for ws in (ann, bob):
        await reply(ws, "view")
    await bob.close()
    return joined[0]["code"]


def test_the_seat_that_went_away_first_still_loses_after_the_server_is_killed(tmp_path):
    """Bob's phone goes first, then Ann's; the server is killed and restarted; neither comes
    back: Bob loses on patience, as he would have without the restart (not seat 0)."""
    server = ServerProcess(tmp_path, "--patience", "2", "--no-fsync")

    try:
        code = asyncio.run(seat_and_drop_bob(server.url))
        path = tmp_path / "tables" / f"{code}.json"
        wait_until(lambda: saved(path)["seats"][1].get("away_for") is not None)
        server.kill()
        assert saved(path)["status"] == "playing"
        server = ServerProcess(tmp_path, "--patience", "2", "--no-fsync")
        wait_until(lambda: saved(path)["status"] == "over")
        assert (saved(path)["winner"], saved(path)["reason"]) == (0, "away")
    finally:
        server.stop()


def saved(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def test_a_link_lost_between_the_end_and_the_reveal_rejoins_for_the_reveal(tmp_path):
    """Bob's link goes through a relay on 127.0.0.1 that cuts it just after the table says
    the match is over: his phone rejoins and gets the reveal, and the match checks out."""
    server = start_in_thread("127.0.0.1", 0, tmp_path, Limits(rate=1000, burst=1000))
    cuts: list[str] = []

    async def relay(phone: ServerConnection) -> None:
        async with connect(server.url, proxy=None, max_size=2**20) as table:
            async def up() -> None:
                async for message in phone:
                    await table.send(message)

            async def down() -> None:
                async for message in table:
                    await phone.send(message)
                    data = json.loads(message)
                    if not cuts and data["type"] == "table" and data["status"] == "over":
                        cuts.append(data["reason"])
                        phone.transport.abort()
                        return

            tasks = [asyncio.create_task(up()), asyncio.create_task(down())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()

    async def scenario() -> tuple[Bot, Bot]:
        async with serve(relay, "127.0.0.1", 0) as proxy:
            url = f"ws://127.0.0.1:{next(iter(proxy.sockets)).getsockname()[1]}"
            ann = Bot(SeatLink(server.url, create_hello("Ann", Options(points_to_win=50))),
                      "simple", 1)
            ann_task = asyncio.create_task(ann.play())
            async with asyncio.timeout(10):
                while ann.link.code is None:
                    await asyncio.sleep(0.01)
            bob = Bot(SeatLink(url, join_hello(ann.link.code, "Bob"), retry_for=10), "simple", 2)
            async with asyncio.timeout(90):
                await asyncio.gather(ann_task, bob.play())
            return ann, bob

    try:
        ann, bob = asyncio.run(scenario())
    finally:
        server.stop()
    assert cuts == ["points"]
    for bot in (ann, bob):
        assert bot.link.reveal is not None and bot.link.verification.ok


def test_the_table_file_keeps_up_with_how_long_a_seat_has_been_away(tmp_path):
    """While Bob's phone is away the server saves the table now and then, so a server killed
    later still knows he has been away that long (not from his departure's save alone)."""
    server = start_in_thread("127.0.0.1", 0, tmp_path, Limits(note_waits=0.2))

    try:
        code = asyncio.run(seat_and_drop_bob(server.url))
        path = tmp_path / "tables" / f"{code}.json"
        wait_until(lambda: (saved(path)["seats"][1].get("away_for") or 0) >= 1.0, 5)
    finally:
        server.stop()


def test_a_phone_whose_partner_never_sends_its_part_of_the_deal_is_told_why(tmp_path):
    """Ann's link makes the table and stays, but never sends its contribution; Bob's phone
    sends its own, and once the table's patience is over it says why the table went."""
    from gin_handset.session.remote import join_table

    server = start_in_thread("127.0.0.1", 0, None, Limits(patience=0.5))

    async def scenario() -> None:
        ann = await connect(server.url, proxy=None)
        await ann.send(json.dumps(create_hello("Ann", Options())))
        code = (await reply(ann, "joined"))["code"]
        bob = join_table(server.url, code, "Bob")
        try:
            told: list[str] = []
            async with asyncio.timeout(10):
                while not told:
                    await asyncio.sleep(0.05)
                    bob.advance(50)
                    told = bob.take_problems()
            assert told == ["The table was lost: Ann's phone did not send its part of the deal"]
        finally:
            bob.close()
            await ann.close()

    try:
        asyncio.run(scenario())
    finally:
        server.stop()
