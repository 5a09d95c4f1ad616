"""The hand clock on the phone, on 127.0.0.1 only: a table created with a time per hand shows
the clock of the seat to act at the title's right, counts it down on that seat's turn only (by
its own clock, between the table's word on it), and the player's screen follows the table
while the player acts."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pygame
import pytest

from gin_handset.device.keys import PhoneKey as K
from gin_handset.net.bot import join_hello
from gin_handset.screens.match.play import PlayScreen
from gin_handset.screens.match.table import clock_shown
from gin_handset.screens.tables import MINUTES, TimeScreen
from gin_handset.session.remote import RemoteSession, clocks_of
from gin_handset.settings import Settings, SettingsStore
from tests.test_phone_table import SECONDS, TableDriver, run_bot


def title_of(driver: TableDriver) -> bytes:
    lcd = driver.app.lcd
    return pygame.image.tobytes(lcd.subsurface((0, 0, lcd.get_width(), 12)), "RGB")


def test_the_clock_of_the_seat_to_act_runs_on_its_turn_only(
        data_dir: Path, display, monkeypatch, request: pytest.FixtureRequest) -> None:
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)
    SettingsStore(data_dir).save(Settings(nickname="Ann"))
    driver = TableDriver()
    # the match is left mid-hand: the phone closes at the end, and its table server with it
    request.addfinalizer(driver.app.stack.close)
    for _ in range(2):
        driver.step()  # main menu, Two Players
    time_screen = driver.top
    assert isinstance(time_screen, TimeScreen)
    while MINUTES[time_screen.cursor] != 2:
        driver.press(K.NUM8)
    driver.press(K.SELECT)
    session = driver.top.session
    assert isinstance(session, RemoteSession) and session.server is not None
    deadline = time.monotonic() + SECONDS
    while session.client.code is None:
        assert time.monotonic() < deadline
        driver.wait()
    out: dict = {}
    run_bot(session.server.url, join_hello(session.client.code, "Bob"), out, think=2.0)
    while not (isinstance(driver.top, PlayScreen) and session.human_to_act):
        assert time.monotonic() < deadline, "never the player's turn"
        driver.step()
    me = session.seats.me
    play = driver.top
    before = session.clock
    assert before is not None and 100 < before <= 120, "two minutes a hand, some used"
    assert clock_shown(play.ui) == f"{before // 60}:{before % 60:02d}"
    title = title_of(driver)
    start = time.monotonic()
    time.sleep(2.1)  # two seconds of the player's turn, on a clock of its own: whatever the
    driver.app.step([], 0)  # loop was doing meanwhile, the time is counted
    spent = time.monotonic() - start  # a loaded machine may take longer than the sleep
    assert before - math.ceil(spent) - 1 <= session.clock <= before - 2, (session.clock, before)
    assert title_of(driver) != title, "the clock shown on the title ticked"
    mine = session._clocks[me]
    while session.to_act == me or session.waiting:
        assert time.monotonic() < deadline, "the turn never passed"
        driver.step()
    if session.hand_over or session.match_over:
        pytest.skip("the hand ended on the player's turn")  # a gin on the first turn
    assert session.to_act != me and session._clocks[me] <= mine
    mine, theirs = session._clocks[me], session.clock
    driver.app.step([], 0)
    assert session.to_act != me, "the bot waits before it moves"
    assert session._clocks[me] == mine, "the player's clock stands on the other's turn"
    assert theirs is not None and session.clock in (theirs, theirs - 1)

def test_a_table_message_gives_the_clocks_only_when_they_are_two_times_of_a_hand() -> None:
    assert clocks_of({"clock": [120, 95.5]}) == [120.0, 95.5]
    for bad in (None, [1], [1, 2, 3], [True, 1], ["1", 2], [-1, 3], [1, 10**9], [1, float("nan")]):
        assert clocks_of({"clock": bad}) is None, bad
    assert clocks_of({}) is None
