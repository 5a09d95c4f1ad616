"""Whole matches through a real table server on 127.0.0.1: bots against bots (gin and
Oklahoma), the phone's threaded client against a bot, a link dropped and rejoined, and a
server killed with SIGKILL mid-match and restarted from its data folder."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import pytest

from gin_handset.ai.levels import make_player
from gin_handset.net.bot import Bot, join_hello
from gin_handset.net.client import SeatLink, TableClient
from gin_handset.net.server import Limits, start_in_thread
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.rules.view import PlayerView
from gin_handset.session.record import NEXT_HAND
from tests.net_tools import ServerProcess, play_pair, seat_pair, wait_until

FAST = Limits(rate=1000, burst=1000)  # bots play with no pause for thought
# The server is restarted the first time the table waits on the phone after this step: the
# match cannot move on without the phone, so the restart comes mid-match with a step on file
# (a 100-point match is not won in the opponent's first turn; a 50-point one can be).
RESTART_AFTER = 0
# The server process is killed once a seat has seen this step. The deal is the table's own, so
# the match's length is not known, but the shortest of 300 matches to 100 points of normal
# against simple took 24 steps: the match goes on more than 10 steps past the kill.
KILL_AT = 4


def check_finished(first, second) -> None:
    for bot in (first, second):
        assert bot.link.table["status"] == "over" and bot.link.table["reason"] == "points"
        assert bot.link.verification is not None and bot.link.verification.ok, \
            bot.link.verification
        assert not bot.errors, bot.errors
    match = first.link.verification.match
    assert match.is_over and match.winner == first.link.table["winner"]


@pytest.mark.parametrize("game", ["gin", pytest.param(OKLAHOMA, marks=pytest.mark.slow)])
def test_two_bots_play_a_whole_match_through_the_server(game, tmp_path):
    server = start_in_thread("127.0.0.1", 0, tmp_path, FAST)
    try:
        options = Options(points_to_win=100, game_type=game)
        first, second = asyncio.run(play_pair(server.url, options, ("easy", "simple"), seed=3))
        check_finished(first, second)
        saved = json.loads((tmp_path / "tables" / f"{first.link.code}.json").read_text())
        assert saved["steps"] == first.link.reveal["steps"] and saved["status"] == "over"
        actions = [step for step in saved["steps"] if step != NEXT_HAND]
        assert first.moves > 0 and second.moves > 0  # one hand may end a match: no fixed count
        assert first.moves + second.moves == len(actions)  # every move the bots made, kept
    finally:
        server.stop()


def test_the_phones_client_plays_a_match_and_rejoins_after_the_server_comes_back(tmp_path):
    server = start_in_thread("127.0.0.1", 0, tmp_path, FAST)
    port = server.address[1]
    phone = TableClient.create(server.url, "Ann", Options(points_to_win=100))
    wait_until(lambda: phone.code is not None)
    bot_thread_result: dict = {}

    def run_bot() -> None:
        async def go():
            bot = Bot(SeatLink(server.url, join_hello(phone.code, "Bob")), "simple", 2)
            await asyncio.wait_for(bot.play(), 240)
            bot_thread_result["bot"] = bot

        asyncio.run(go())

    opponent = threading.Thread(target=run_bot, daemon=True)
    opponent.start()
    player = make_player("simple", random.Random(1))
    latest: tuple[int, PlayerView] | None = None  # the newest view, with its step
    acted = -1  # the step last acted on
    restarted = False
    end = time.monotonic() + 200
    try:
        while time.monotonic() < end:
            updates = phone.updates()
            if any(u.kind == "closed" for u in updates) or phone.verification is not None:
                break
            for update in updates:
                if update.kind == "view" and update.view is not None:
                    latest = update.message["step"], update.view
                elif update.kind in ("link", "error"):
                    acted = -1  # lost as the link dropped, or refused: act again
            if latest is not None and latest[0] != acted and not phone.retrying:
                step, view = latest
                to_act = bool(view.legal_actions) and view.to_act == view.seat
                to_ready = view.phase.value == "over" and phone.table["ready"][view.seat] is False
                if (to_act or to_ready) and step > RESTART_AFTER and not restarted:
                    server.stop()
                    wait_until(lambda: phone.retrying, 60)
                    server = start_in_thread("127.0.0.1", port, tmp_path, FAST)
                    restarted = True
                    wait_until(lambda: not phone.retrying, 60)
                elif to_act:
                    phone.act(player.choose(view), step)
                    acted = step
                elif to_ready:
                    phone.next_hand(step)
                    acted = step
            time.sleep(0.005)
        opponent.join(240)
        assert restarted, f"match over before the phone was waited on after step {RESTART_AFTER}"
        assert phone.verification is not None and phone.verification.ok, phone.verification
        assert phone.table["reason"] == "points"
        assert bot_thread_result["bot"].link.verification.ok
    finally:
        phone.close()
        server.stop()


def test_an_action_goes_with_the_step_of_the_view_it_was_chosen_from(tmp_path):
    """An action chosen from a view the match has since moved past is refused as stale, not
    applied to the newer position (which the player never saw)."""
    server = start_in_thread("127.0.0.1", 0, tmp_path, FAST)
    phone = TableClient.create(server.url, "Ann", Options(points_to_win=50))
    try:
        wait_until(lambda: phone.code is not None)
        bot = Bot(SeatLink(server.url, join_hello(phone.code, "Bob"), retry_for=1), "simple", 2)
        opponent = threading.Thread(target=lambda: asyncio.run(bot.play()), daemon=True)
        opponent.start()
        views: dict[int, PlayerView] = {}
        refusals: list[str] = []

        def take() -> None:
            for update in phone.updates():
                if update.kind == "view" and update.view is not None:
                    views[update.message["step"]] = update.view
                elif update.kind == "error":
                    refusals.append(str(update.message.get("reason")))

        def my_turn() -> int | None:
            take()
            step = max(views, default=None)
            return step if step is not None and views[step].to_act == views[step].seat else None

        wait_until(lambda: my_turn() is not None)
        step = my_turn()
        chosen = views[step].legal_actions[0]
        phone.act(chosen, step)
        wait_until(lambda: my_turn() != step and max(views) > step)
        phone.act(chosen, step)  # again, from the view it was chosen from
        wait_until(lambda: take() or refusals)
        assert len(refusals) == 1 and "stale" in refusals[0], refusals
        assert not bot.errors, bot.errors
    finally:
        phone.close()
        server.stop()


@pytest.mark.slow
def test_a_server_killed_mid_match_restarts_from_its_data_folder_and_the_match_ends(tmp_path):
    process = ServerProcess(tmp_path, "--rate", "1000")
    port = process.port

    async def scenario():
        first, second, *tasks = await seat_pair(process.url, Options(points_to_win=100),
                                                ("normal", "simple"), seed=9)
        async with asyncio.timeout(30):
            while first.link.step < KILL_AT:
                await asyncio.sleep(0.01)
        process.kill()
        killed_at = first.link.step
        async with asyncio.timeout(10):
            while not (first.link.retrying and second.link.retrying):
                await asyncio.sleep(0.01)
        return first, second, tasks, killed_at

    async def finish(state):
        first, second, tasks, killed_at = state
        async with asyncio.timeout(90):
            await asyncio.gather(*tasks)
        return first, second, killed_at

    async def both():
        state = await scenario()
        nonlocal restarted
        restarted = ServerProcess(tmp_path, "--rate", "1000", port=port)
        return await finish(state)

    restarted = None
    try:
        first, second, killed_at = asyncio.run(both())
        check_finished(first, second)
        steps = first.link.reveal["steps"]
        assert len(steps) > killed_at + 10
    finally:
        process.stop()
        if restarted is not None:
            restarted.stop()



def test_a_seat_away_past_the_patience_loses_and_the_other_is_told_meanwhile():
    server = start_in_thread("127.0.0.1", 0, None, Limits(patience=3.0))
    ann = TableClient.create(server.url, "Ann", Options())
    try:
        wait_until(lambda: ann.code is not None)
        bob = TableClient.join(server.url, ann.code, "Bob")
        wait_until(lambda: ann.view is not None and bob.view is not None)
        bob.close()
        wait_until(lambda: ann.table["present"] == [True, False])
        assert ann.table["status"] == "playing", "the table waits for the seat meanwhile"
        wait_until(lambda: ann.verification is not None, 5)
        assert (ann.table["winner"], ann.table["reason"]) == (0, "away")
        assert ann.verification.ok
    finally:
        ann.close()
        server.stop()


def test_a_seat_is_rejoined_with_its_token_alone():
    server = start_in_thread("127.0.0.1", 0, None, FAST)
    ann = TableClient.create(server.url, "Ann", Options())
    try:
        wait_until(lambda: ann.code is not None)
        bob = TableClient.join(server.url, ann.code, "Bob")
        wait_until(lambda: bob.view is not None)
        data = bob.link.resume_data()
        bob.close()
        wrong = TableClient.resume({**data, "token": "0" * 48})
        wait_until(lambda: not wrong.running)
        assert "no seat at this table has that token" in wrong.link.failed
        back = TableClient.resume(data)
        wait_until(lambda: back.view is not None and ann.table["present"] == [True, True])
        assert back.seat == 1 and back.view.hand == bob.view.hand
        back.close()
    finally:
        ann.close()
        server.stop()


def test_work_still_waiting_when_the_link_ends_is_cancelled_not_destroyed(caplog):
    """A ``leave`` still waiting for the reveal when the table closes the link (or any work
    submitted to the client's loop) is cancelled as the loop ends: no task is left to be
    destroyed pending ("Task was destroyed but it is pending!")."""
    import gc
    import logging

    server = start_in_thread("127.0.0.1", 0, None, FAST)
    ann = TableClient.create(server.url, "Ann", Options())
    try:
        wait_until(lambda: ann.code is not None)
        waiting = ann._submit(asyncio.sleep(3600))
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            ann.close()
            assert not ann.running
            gc.collect()
        assert waiting is not None and waiting.cancelled()
        assert not [r for r in caplog.records if "destroyed" in r.getMessage()]
    finally:
        server.stop()
