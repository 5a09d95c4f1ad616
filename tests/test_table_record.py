"""A network match in the phone's record, and Continue rejoining a table, on 127.0.0.1 only:
both phones keep a finished match in History (from their own seat, replayable) and count it
apart in Statistics; a phone closed mid-match keeps its seat, and Continue sits it down again
(also when it served the table itself); the seat file is checked like every file of the game.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from gin_handset.ai.levels import PEOPLE, make_player
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.net.bot import create_hello, join_hello
from gin_handset.net.server import ServerHandle, start_in_thread
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.screens.history import row_details, row_label
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import GameOverScreen
from gin_handset.screens.tables import TableWaitScreen
from gin_handset.session.history import Finished
from gin_handset.session.ledger import Ledger
from gin_handset.session.record import MatchRecord
from gin_handset.session.remote import RemoteSession
from gin_handset.session.statistics import ALL, Outcome, scope
from gin_handset.session.table_seat import HeldSeat, SeatStore
from gin_handset.settings import Settings, SettingsStore
from tests.net_tools import wait_until
from tests.test_phone_table import FAST, SECONDS, TableDriver, open_table, run_bot


@pytest.fixture
def served():
    handle = start_in_thread("127.0.0.1", 0, None, FAST)
    yield handle
    handle.stop()


def folder_for(root: Path, name: str, **settings) -> Path:
    folder = root / name
    folder.mkdir()
    SettingsStore(folder).save(Settings(nickname=name, **settings))
    return folder


def play_out(*drivers: TableDriver) -> None:
    playing = list(drivers)
    deadline = time.monotonic() + SECONDS
    while playing:
        assert time.monotonic() < deadline, "the match did not end"
        playing = [driver for driver in playing if driver.step()]


def session_of(driver: TableDriver) -> RemoteSession | None:
    for screen in driver.app.stack.screens:
        if isinstance(screen, MatchHost) and isinstance(screen.ui.session, RemoteSession):
            return screen.ui.session
        if isinstance(screen, TableWaitScreen) and screen.session is not None:
            return screen.session
    return None


def test_both_phones_keep_the_match_in_history_and_count_it_against_people(
        tmp_path: Path, display, monkeypatch) -> None:
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)
    ann_folder = folder_for(tmp_path, "Ann", options=Options(points_to_win=50))
    bob_folder = folder_for(tmp_path, "Bob")
    ann = TableDriver(folder=ann_folder)
    top = open_table(ann)
    assert top.session is not None and top.session.server is not None
    host, port = top.session.server.address
    skin = load_skin("flip")
    bob = TableDriver(f"{host}:{port}/{top.session.client.code}", "flip",
                      pygame.Surface(skin.body_size), folder=bob_folder)
    bob.player = make_player("simple", random.Random(8))
    play_out(ann, bob)
    entries = {}
    for folder, me in ((ann_folder, 0), (bob_folder, 1)):
        ledger = Ledger(folder)
        history, problems = ledger.history()
        assert not problems and len(history) == 1
        entry = history[0]
        entries[me] = entry
        assert entry.record.difficulty == PEOPLE and entry.record.seat == me
        assert entry.record.names == ("Ann", "Bob")
        assert entry.record.started and entry.record.conceded is None
        other = ("Ann", "Bob")[1 - me]
        assert row_details(entry)[0] == f"Gin to 50 vs {other}"
        assert row_label(entry).split()[3] == ("W" if entry.won else "L")
        assert row_label(entry).endswith(f"{entry.own_scores[0]}-{entry.own_scores[1]}")
        final = entry.check()[-1].match  # replayable: the steps lead to the scores kept
        assert final.is_over and final.scores == entry.scores and final.winner == entry.winner
        stats, problems = ledger.statistics()
        assert not problems
        people = stats.tally(scope(ALL, PEOPLE))
        assert people.matches == 1 and people.won == (entry.winner == me)
        assert people.hands == len(final.results)
        assert stats.tally(scope(ALL, ALL)).matches == 0, "kept apart from the computer's"
        assert not (folder / "table.json").exists(), "the seat is forgotten at the end"
    assert entries[0].record.steps == entries[1].record.steps
    assert entries[0].won != entries[1].won


def steps_until(driver: TableDriver, check, limit: int = 400) -> None:
    for _ in range(limit):
        if check():
            return
        driver.step()
    raise AssertionError("never came")


def joined_mid_match(served: ServerHandle, folder: Path, out: dict, steps: int,
                     retry_for: float = 5) -> tuple[TableDriver, RemoteSession, threading.Thread]:
    """The app on ``folder`` joined a table a bot made (the bot in ``out``, retrying a lost
    link for ``retry_for`` seconds), played through its keys until the match has taken more
    than ``steps`` steps and is shown."""
    bot_thread = run_bot(served.url, create_hello("Ann", Options(points_to_win=100)), out,
                         retry_for=retry_for)
    wait_until(lambda: "bot" in out and out["bot"].link.code is not None, 10)
    host, port = served.address
    driver = TableDriver(f"{host}:{port}/{out['bot'].link.code}", folder=folder)
    steps_until(driver, lambda: (s := session_of(driver)) is not None and s.ready
                and s.step > steps and isinstance(driver.app.stack.top, MatchHost))
    session = session_of(driver)
    assert session is not None
    return driver, session, bot_thread


def test_a_phone_closed_mid_match_rejoins_its_seat_with_continue(
        tmp_path: Path, display, served: ServerHandle) -> None:
    """The joining phone is closed in the middle of the match (as the window's close button
    does), opened again on its data folder, and Continue sits it down where it was; the match
    ends, and both the bot and the phone verify it."""
    folder = folder_for(tmp_path, "Bob")
    out: dict = {}
    first, session, bot_thread = joined_mid_match(served, folder, out, 20)
    code, seat = session.client.code, session.seats.me
    first.app.stack.close()  # the app closes: the seat is kept, not left
    assert session.closed and not session.client.running
    held, problems = SeatStore(folder).load()
    assert held is not None and not problems
    assert held.link["code"] == code and held.link["seat"] == seat and held.server is None
    assert served.tables.tables[code].status == "playing", "the table waits for the phone"

    again = TableDriver(folder=folder)
    again.press_continue()
    assert isinstance(again.app.stack.top, TableWaitScreen)
    assert again.app.stack.top.lines() == ["Rejoining the table..."]
    deadline = time.monotonic() + SECONDS
    while again.step():
        assert time.monotonic() < deadline, "the match did not end"
    bot_thread.join(20)
    over = again.log.over
    assert over is not None and over.seats.me == seat
    assert over.client.verification is not None and over.client.verification.ok
    assert over.table["reason"] == "points"
    history, _ = Ledger(folder).history()
    assert len(history) == 1 and history[0].record.seat == seat
    assert not (folder / "table.json").exists()
    assert not out["bot"].errors, out["bot"].errors


def test_a_match_both_phones_stayed_away_from_shows_no_winner_on_continue(
        tmp_path: Path, display) -> None:
    """The server goes down under both seats, then the phone is closed and the bot gives up;
    after the restart neither comes back within the table's patience: the match ends with no
    winner, and the phone's Continue shows that game over (not kept: no winner to count)."""
    tables = tmp_path / "server"
    served = start_in_thread("127.0.0.1", 0, tables, replace(FAST, patience=2.0))
    folder = folder_for(tmp_path, "Bob")
    out: dict = {}
    first, _session, bot_thread = joined_mid_match(served, folder, out, 5, retry_for=0.2)
    host, port = served.address
    served.stop()  # both links go at once
    first.app.stack.close()  # the seat is kept
    bot_thread.join(20)
    assert not bot_thread.is_alive(), "the bot gave up"
    again_served = start_in_thread(host, port, tables, FAST)  # the table keeps its patience
    try:
        wait_until(lambda: all(t.status == "over" for t in again_served.tables.tables.values()))
        assert [t.winner for t in again_served.tables.tables.values()] == [None]
        again = TableDriver(folder=folder)
        again.press_continue()
        steps_until(again, lambda: isinstance(again.top, GameOverScreen))
        over = again.top.ui.session
        wait_until(lambda: (again.wait(), over.client.verification is not None)[1])
        again.wait()
        assert over.ending == "Both phones were out of reach too long: no winner; Deal verified"
        assert Ledger(folder).history()[0] == []
    finally:
        again_served.stop()


def test_the_phone_that_served_the_table_starts_its_server_again_on_continue(
        tmp_path: Path, display, monkeypatch) -> None:
    """Closing the phone that created the table stops its server; Continue starts the server
    again where it listened, on the table it saved, and both seats sit down again."""
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)
    # 100 points: a match to 50 is over by step 10 about one time in a hundred
    folder = folder_for(tmp_path, "Ann", options=Options(points_to_win=100))
    first = TableDriver(folder=folder)
    top = open_table(first)
    session = top.session
    assert session is not None and session.server is not None
    address = session.server.address
    out: dict = {}
    bot_thread = run_bot(session.server.url, join_hello(session.client.code, "Bob"), out,
                         retry_for=60)
    steps_until(first, lambda: session.ready and session.step > 10)
    first.app.stack.close()
    assert session.server is None, "the server stopped with the app"
    held, _ = SeatStore(folder).load()
    assert held is not None and held.server == address

    again = TableDriver(folder=folder)
    again.press_continue()
    deadline = time.monotonic() + SECONDS
    while again.step():
        assert time.monotonic() < deadline, "the match did not end"
    bot_thread.join(20)
    over = again.log.over
    assert over is not None and over.client.verification is not None
    assert over.client.verification.ok and over.server is None
    assert not out["bot"].errors, out["bot"].errors
    assert Ledger(folder).history()[0][0].record.seat == 0


def test_a_bad_seat_file_is_set_aside_and_continue_goes_on_without_it(
        tmp_path: Path, display) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "table.json").write_text(json.dumps({"format": "gin-handset table seat",
                                                   "version": 1, "url": "ws://x:1"}))
    driver = TableDriver(folder=folder)
    driver.press_continue()
    assert not (folder / "table.json").exists()
    assert any(path.name.startswith("table.json") for path in folder.iterdir()), "set aside"
    driver.app.step([], 0)
    top = driver.app.stack.top
    assert isinstance(top, MainMenu)
    assert any("table.json" in line and "code" in line for line in top.notice.messages)


GOOD = {"format": "gin-handset table seat", "version": 1, "url": "ws://127.0.0.1:8765",
        "code": "123456", "token": "ab" * 24, "seat": 1, "contribution": "cd" * 16,
        "commitment": "ef" * 32, "seen": {"3": "01" * 32}, "started": "2026-12-01T18:00:00",
        "server": None}


def test_the_seat_file_round_trips_and_names_every_bad_field(tmp_path: Path) -> None:
    held = HeldSeat.from_dict(GOOD)
    assert held.link["seen"] == {3: "01" * 32} and held.link["seat"] == 1
    assert HeldSeat.from_dict(held.to_dict()) == held
    bad = {"url": "http://evil/", "code": "12345", "token": "x" * 48, "seat": 2,
           "contribution": "zz", "commitment": 5, "seen": {"a": "b"}, "started": "yesterday",
           "server": ["h", 70000], "extra": 1}
    for name, value in bad.items():
        store = SeatStore(tmp_path / name)
        store.folder.mkdir()
        store.path.write_text(json.dumps({**GOOD, name: value}))
        found, problems = store.load()
        assert found is None and len(problems) == 1 and name in problems[0], (name, problems)
        assert not store.path.exists(), "set aside, never read again as it is"
    store = SeatStore(tmp_path / "digit")  # a digit that is not 0-9 ("²".isdigit() holds)
    store.folder.mkdir()
    store.path.write_text(json.dumps({**GOOD, "seen": {"\u00b2": "01" * 32}}))
    found, problems = store.load()
    assert found is None and "field seen." in problems[0], problems
    store = SeatStore(tmp_path / "huge")
    store.folder.mkdir()
    store.path.write_text(json.dumps({**GOOD, "seen": {str(i): "01" * 32
                                                       for i in range(20_002)}}))
    assert store.load()[0] is None


def conceded_record(seat: int) -> tuple[MatchRecord, MatchState]:
    """A match between people that Ann (seat 0) left after a few steps."""
    from gin_handset.rules.actions import action_text

    options = Options(points_to_win=100)
    match = MatchState.new(options, 5)
    steps = []
    rng = random.Random(3)
    for _ in range(6):
        action = rng.choice(match.hand.legal_actions())
        match = match.apply(action)
        steps.append(action_text(action))
    record = MatchRecord(options, 5, PEOPLE, tuple(steps), names=("Ann", "Bob"), seat=seat,
                         conceded=0, started="2026-12-01T18:00:00")
    return record, match


def test_a_match_won_because_the_other_left_is_kept_and_counted_from_the_phones_seat(
        tmp_path: Path) -> None:
    for seat in (0, 1):
        record, match = conceded_record(seat)
        assert not match.is_over and record.winner(match) == 1
        outcome = Outcome.of(record, match)
        assert outcome.won == (seat == 1) and outcome.seat == seat
        ledger = Ledger(tmp_path / f"seat{seat}")
        assert ledger.count_finished(record, match) == []
        history, problems = ledger.history()
        assert not problems and history[0].winner == 1 and history[0].won == (seat == 1)
        assert history[0].own_scores == (match.scores[seat], match.scores[1 - seat])
        history[0].check()  # the steps lead where the entry says
        people = ledger.statistics()[0].tally(scope(ALL, PEOPLE))
        assert people.matches == 1 and people.won == (seat == 1)
    record, match = conceded_record(1)
    entry = Finished.of(record, match, datetime.now())
    forged = Finished(replace(record, conceded=None), entry.ended, entry.scores, entry.winner)
    with pytest.raises(ValueError):
        forged.check()


def test_only_a_match_between_people_may_name_a_seat_or_a_concession() -> None:
    from gin_handset.session.saves import SaveError, record_from_dict, record_to_dict

    record, _ = conceded_record(1)
    assert record_from_dict(record_to_dict(record)) == record
    data = record_to_dict(MatchRecord(Options(), 1, "hard"))
    for name, value in (("seat", 1), ("conceded", 0), ("seat", 3), ("conceded", True)):
        with pytest.raises(SaveError, match=name):
            record_from_dict({**data, name: value})



def test_a_table_server_that_cannot_start_again_gives_the_seat_up_and_says_so(
        tmp_path: Path, display) -> None:
    """Continue for a table this phone served, when its port is taken by something else: the
    seat file is set aside (Continue is not stuck on it) and the player told."""
    import socket

    folder = tmp_path / "data"
    folder.mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        (folder / "table.json").write_text(json.dumps(
            {**GOOD, "url": f"ws://127.0.0.1:{port}", "server": ["127.0.0.1", port]}))
        driver = TableDriver(folder=folder)
        driver.press_continue()
    top = driver.app.stack.top
    assert isinstance(top, TableWaitScreen) and top.problem is not None
    assert "could not start again" in top.problem and "given up" in top.problem
    assert not (folder / "table.json").exists()
    assert any(path.name.startswith("table.json.bad") for path in folder.iterdir())
    driver.press(K.CLEAR)
    assert isinstance(driver.app.stack.top, MainMenu)


def test_the_player_who_leaves_a_match_keeps_it_as_lost(tmp_path: Path, display,
                                                        served: ServerHandle, monkeypatch) -> None:
    """CLR (and OK to the question) in the middle of a network match leaves the table: the
    match is lost, and the phone that left keeps it too (History, Statistics), as the other
    phone does, once the table's reveal checks out."""
    import gin_handset.net.client as client
    import gin_handset.session.remote as remote

    for module in (client, remote):  # a loaded machine may answer later than a player waits
        monkeypatch.setattr(module, "REVEAL_WAIT", 30.0)
    folder = folder_for(tmp_path, "Bob")
    out: dict = {}
    driver, session, bot_thread = joined_mid_match(served, folder, out, 10)
    me = session.seats.me
    driver.press(K.CLEAR)  # asks first
    driver.press(K.SELECT)  # OK: leave
    assert isinstance(driver.app.stack.top, MainMenu)
    assert session.closed and not session.client.running
    bot_thread.join(20)
    assert out["bot"].link.table["reason"] == "left"
    assert out["bot"].link.table["winner"] == 1 - me
    history, problems = Ledger(folder).history()
    assert not problems and len(history) == 1
    entry = history[0]
    assert entry.record.conceded == me and entry.winner == 1 - me and not entry.won
    entry.check()
    people = Ledger(folder).statistics()[0].tally(scope(ALL, PEOPLE))
    assert people.matches == 1 and people.won == 0
    assert not (folder / "table.json").exists()
