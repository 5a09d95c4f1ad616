"""The phone at a network table, on 127.0.0.1 only: the real app joins a table served in a
thread and plays a whole match against a bot through its keys; the app creates a table and a
bot joins it; the address typed on the keypad; the phone holds only the views it was sent."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType

import pygame
import pytest

from gin_handset.ai.levels import make_player
from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.net.bot import Bot, create_hello, join_hello
from gin_handset.net.client import SeatLink
from gin_handset.net.server import Limits, ServerHandle, start_in_thread
from gin_handset.rules.actions import DrawStock
from gin_handset.rules.hand import HandResult
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA, Options
from gin_handset.screens.base import Screen
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.main_menu import CONTINUE, ITEMS, TWO_PLAYERS, MainMenu
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.play import PlayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import GameOverScreen, ReviewScreen, ScoreScreen
from gin_handset.screens.match.sheet import ScoreSheetScreen, SheetRow, sheet_rows
from gin_handset.screens.tables import DIGITS, AddressScreen, TableWaitScreen, TimeScreen
from gin_handset.screens.two_players import CREATE, TwoPlayersScreen
from gin_handset.screens.two_players import ITEMS as TABLE_ITEMS
from gin_handset.session.addresses import parse_address
from gin_handset.session.remote import RemoteSession, keypad_address
from gin_handset.settings import Settings, SettingsStore
from tests.net_tools import wait_until
from tests.test_play_app import Driver

FAST = Limits(rate=1000, burst=1000)
SECONDS = 300  # a guard against a hang: a whole match of 50 points takes far less


@pytest.fixture
def server():
    handle = start_in_thread("127.0.0.1", 0, None, FAST)
    yield handle
    if handle._thread.is_alive():  # not stopped by the test
        handle.stop()


def run_bot(url: str, hello: dict, out: dict, retry_for: float = 5,
            think: float = 0.0) -> threading.Thread:
    """A bot playing one seat in a thread of its own, for at most `SECONDS`."""

    def go() -> None:
        async def play() -> None:
            bot = Bot(SeatLink(url, hello, retry_for=retry_for), "simple", 4, think)
            out["bot"] = bot
            await asyncio.wait_for(bot.play(), SECONDS)

        asyncio.run(play())

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    return thread


@dataclass
class Seen:
    screens: set[str] = field(default_factory=set)
    results: list[HandResult] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    views: list[object] = field(default_factory=list)  # every view the screens were given
    over: RemoteSession | None = None
    sheet: list[SheetRow] = field(default_factory=list)  # the score sheet at the game over


class TableDriver(Driver):
    """The app with a dummy window, played through its keys by a simple player reading only
    what the phone shows."""

    def __init__(self, join: str | None = None, skin_name: str = "classic",
                 window: pygame.Surface | None = None, folder: Path | None = None) -> None:
        skin = load_skin(skin_name)
        window = window or pygame.display.set_mode(skin.body_size)
        self.app = assemble(skin, window, 1, join=join, folder=folder)
        self.app.step([], 0)
        self.player = make_player("simple", random.Random(7))
        self.log = Seen()

    def wait(self, ms: int = 50) -> None:
        time.sleep(ms / 5000)  # the network runs in real time
        self.app.step([], ms)

    def cursor_to(self, kind: type, items: Sequence[object], item: object) -> None:
        """With a menu of ``kind`` on top, press 8 until its cursor is on ``item`` of
        ``items``."""
        top = self.top
        assert isinstance(top, kind), top
        while items[top.cursor] != item:
            self.press(K.NUM8)

    def step(self) -> bool:
        top: Screen = self.top
        seen = self.log
        seen.screens.add(type(top).__name__)
        if isinstance(top, MatchHost | PlayScreen | ComputerTurnScreen | ArrangeScreen
                      | ScoreScreen | DealScreen):
            session = top.ui.session  # type: ignore[union-attr]
            assert isinstance(session, RemoteSession)
            if session.ready:
                seen.views.append(session.view())
        if isinstance(top, MainMenu):
            return seen.over is None and self._to_create(top)
        if isinstance(top, TwoPlayersScreen):
            self.cursor_to(TwoPlayersScreen, TABLE_ITEMS, CREATE)
            self.press(K.SELECT)
        elif isinstance(top, TimeScreen):
            self.press(K.SELECT)
        elif isinstance(top, TableWaitScreen | ComputerTurnScreen):
            self.wait()
        elif isinstance(top, DealScreen):
            self.press(K.SELECT)
        elif isinstance(top, PlayScreen):
            session = top.ui.session
            if not session.human_to_act:
                self.wait()
                return True
            for key in self.turn_keys(top, self.player.choose(session.view())):
                self.press(key)
        elif isinstance(top, ArrangeScreen):
            self.press(K.SELECT)
        elif isinstance(top, ScoreScreen):
            if len(seen.results) < len(top.ui.session.results):
                seen.results.append(top.result)
            self.press(K.SELECT)
        elif isinstance(top, ReviewScreen):
            self.press(K.SELECT)
        elif isinstance(top, NoticeScreen):
            seen.notices.extend(top.view.messages)
            self.press(K.SELECT)
        elif isinstance(top, GameOverScreen):
            session = top.ui.session
            assert isinstance(session, RemoteSession)
            wait_until(lambda: session.client.verification is not None, 10)
            seen.over = session
            self.press(K.NUM3)  # the score sheet, then back to the game over
            sheet = self.app.stack.top
            assert isinstance(sheet, ScoreSheetScreen)
            seen.sheet = sheet_rows(session, session.seats)
            self.press(K.CLEAR)
            assert self.top is top
            self.press(K.CLEAR)
        else:
            raise AssertionError(f"unexpected screen {type(top).__name__}")
        return True

    def press_continue(self) -> None:
        """Continue on the main menu, which must offer it. The last key goes to the screens
        without a frame after it, so the screen Continue opens is on top before any clock or
        network news can replace it."""
        top = self.app.stack.top
        assert isinstance(top, MainMenu)
        assert top.enabled()[ITEMS.index(CONTINUE)], "Continue is offered"
        self.cursor_to(MainMenu, ITEMS, CONTINUE)
        self.app.stack.key(K.SELECT)

    def _to_create(self, top: MainMenu) -> bool:
        self.cursor_to(MainMenu, ITEMS, TWO_PLAYERS)
        self.press(K.SELECT)
        return True

    def step_to(self, kinds: type | UnionType, what: str) -> Screen:
        """Step the app until a screen of ``kinds`` is on top (``what`` must happen)."""
        deadline = time.monotonic() + SECONDS
        while not isinstance(self.top, kinds):
            self.step()
            assert time.monotonic() < deadline, what
        return self.top

    def play(self) -> Seen:
        deadline = time.monotonic() + SECONDS
        while self.step():
            assert time.monotonic() < deadline, f"the match did not end: {self.log.screens}"
        return self.log


def open_table(driver: TableDriver) -> TableWaitScreen:
    """Create Table through ``driver``'s keys until the table's code is shown."""
    for _ in range(200):
        top = driver.top
        if isinstance(top, TableWaitScreen) and top.session is not None \
                and top.session.client.code is not None:
            return top
        driver.step()
    raise AssertionError("no table was opened")


def check_match(seen: Seen, bot: Bot, me: str) -> None:
    over = seen.over
    assert over is not None, "the game over was shown"
    verification = over.client.verification
    assert verification is not None and verification.ok, verification
    assert over.table["reason"] == "points" and over.winner == bot.link.table["winner"]
    assert bot.link.verification is not None and bot.link.verification.ok
    assert not bot.errors, bot.errors
    assert not seen.notices, seen.notices
    assert len(seen.results) >= 1
    assert over.seats.name(over.seats.me) == me
    assert over.closed and not over.client.running
    assert {"PlayScreen", "ComputerTurnScreen", "ScoreScreen", "GameOverScreen"} <= seen.screens
    assert all(view.seat == over.seats.me for view in seen.views), "only this seat's views"
    check_sheet(seen)


def check_sheet(seen: Seen) -> None:
    """The phone's score sheet at the game over: every hand, as the table's own replay of the
    match scored them, and the final score with the table's rules."""
    over = seen.over
    assert over is not None and over.client.verification is not None
    replayed = over.client.verification.match
    assert replayed is not None and over.results == replayed.results
    assert list(over.results)[:len(seen.results)] == seen.results
    hands = [row for row in seen.sheet if row.label[0].isdigit()]
    assert len(hands) == len(replayed.results)
    final = replayed.final
    assert final is not None and over.final == final
    me, other = over.seats.me, over.seats.other
    assert seen.sheet[-1].cells == (str(final.total(me)), str(final.total(other)))
    assert seen.sheet[-1].label == ("Final" if over.options.match_bonuses else "Total")


def joined_a_bot(data_dir: Path, server: ServerHandle, out: dict,
                 points: int = 50) -> tuple[TableDriver, threading.Thread]:
    """Bob's app, opened with --join on a table that a bot (Ann, in ``out``) made. The deal is
    the table's own: a match to 50 is won in its first hand about one time in ten."""
    SettingsStore(data_dir).save(Settings(nickname="Bob"))
    bot_thread = run_bot(server.url, create_hello("Ann", Options(points_to_win=points)), out)
    wait_until(lambda: "bot" in out and out["bot"].link.code is not None, 10)
    host, port = server.address
    return TableDriver(join=f"{host}:{port}/{out['bot'].link.code}"), bot_thread


def test_the_app_joins_a_table_from_the_command_line_and_plays_a_whole_match(
        data_dir: Path, display, server: ServerHandle) -> None:
    out: dict = {}
    driver, bot_thread = joined_a_bot(data_dir, server, out)
    seen = driver.play()
    bot_thread.join(20)
    check_match(seen, out["bot"], "Bob")
    assert isinstance(driver.app.stack.top, MainMenu)


def test_the_score_says_when_the_other_player_waits_for_the_next_hand(
        data_dir: Path, display, server: ServerHandle) -> None:
    from gin_handset.render import table

    out: dict = {}
    driver, bot_thread = joined_a_bot(data_dir, server, out, points=100)  # never one hand
    driver.step_to(ScoreScreen, "a hand ends")
    score = driver.top
    session = score.ui.session
    wait_until(lambda: (driver.wait(), session.other_ready)[1], 10)  # the bot asks at once
    driver.wait()  # a frame drawn since the news came
    app = driver.app
    expected = app.lcd.copy()
    table.draw_prompt(expected, app.theme, ["Ann waits  OK: next"])
    assert pygame.image.tobytes(app.lcd, "RGB") == pygame.image.tobytes(expected, "RGB")
    driver.press(K.SELECT)
    assert not session.other_ready, "asked: the phone waits for the table"
    driver.step_to(PlayScreen | ComputerTurnScreen, "the next hand is dealt")
    driver.press(K.CLEAR)
    driver.press(K.SELECT)  # leave: a match to 100 is long
    bot_thread.join(20)
    assert out["bot"].link.table["reason"] == "left"


def test_the_app_creates_a_table_a_bot_joins_and_the_match_is_played(
        data_dir: Path, display, monkeypatch) -> None:
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)  # any free port of 127.0.0.1
    SettingsStore(data_dir).save(Settings(nickname="Ann", options=Options(
        points_to_win=50, match_bonuses=True)))
    driver = TableDriver()
    out: dict = {}
    top = open_table(driver)
    assert top.session.server is not None
    lines = top.lines()
    code = top.session.client.code
    assert lines[0] == f"Code {code}" and lines[-1] == "Waiting for a player..."
    bot_thread = run_bot(top.session.server.url, join_hello(code, "Bob"), out)
    seen = driver.play()
    bot_thread.join(20)
    check_match(seen, out["bot"], "Ann")


@pytest.mark.parametrize("game", [GIN_RUMMY, pytest.param(OKLAHOMA, marks=pytest.mark.slow)])
def test_two_apps_play_a_whole_match_against_each_other(data_dir: Path, display, monkeypatch,
                                                        game: str) -> None:
    """Two phones in one process (the second drawing into a surface of its own), one creating
    the table in itself, the other joining it with --join."""
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)
    SettingsStore(data_dir).save(Settings(nickname="Ann", options=Options(points_to_win=50,
                                                                          game_type=game)))
    ann = TableDriver()
    top = open_table(ann)
    assert top.session is not None and top.session.server is not None
    host, port = top.session.server.address
    SettingsStore(data_dir).save(Settings(nickname="Bob"))
    skin = load_skin("flip")
    bob = TableDriver(f"{host}:{port}/{top.session.client.code}", "flip",
                      pygame.Surface(skin.body_size))
    bob.player = make_player("simple", random.Random(8))
    playing = [ann, bob]
    deadline = time.monotonic() + SECONDS
    while playing:
        assert time.monotonic() < deadline, "the match did not end"
        playing = [driver for driver in playing if driver.step()]
    for driver, me in ((ann, "Ann"), (bob, "Bob")):
        seen = driver.log
        assert seen.over is not None and not seen.notices, seen.notices
        verification = seen.over.client.verification
        assert verification is not None and verification.ok, verification
        assert seen.over.seats.name(seen.over.seats.me) == me
        assert seen.over.options.game_type == game
        assert all(view.seat == seen.over.seats.me for view in seen.views)
    assert ann.log.over.winner == bob.log.over.winner is not None
    assert ann.log.over.scores == bob.log.over.scores


def test_clr_while_waiting_cancels_the_table_and_stops_its_server(data_dir: Path, display,
                                                                  monkeypatch) -> None:
    import gin_handset.screens.tables as tables

    monkeypatch.setattr(tables, "TABLE_PORT", 0)
    SettingsStore(data_dir).save(Settings(nickname="Ann"))
    driver = TableDriver()
    for _ in range(3):
        driver.step()  # main menu, Two Players, Time per Hand
    top = driver.top
    assert isinstance(top, TableWaitScreen) and top.session is not None
    server = top.session.server
    assert server is not None
    driver.press(K.CLEAR)
    assert isinstance(driver.top, TwoPlayersScreen | MainMenu)
    assert top.session.closed and not server._thread.is_alive()


def test_an_address_is_typed_on_the_keypad() -> None:
    screen = AddressScreen.__new__(AddressScreen)
    Screen.__init__(screen)
    screen.text, screen.note, screen.context = "", None, None  # type: ignore[assignment]
    keys = [K.NUM1, K.NUM2, K.NUM7, K.STAR, K.NUM0, K.STAR, K.NUM0, K.STAR, K.NUM1, K.POUND,
            K.NUM8, K.NUM7, K.NUM6, K.NUM5, K.SOFT_LEFT, K.NUM1, K.NUM2, K.NUM3, K.NUM4,
            K.NUM5, K.NUM6, K.NUM7, K.CLEAR]
    for key in keys:
        assert screen.on_key(key) is None
    assert screen.text == "127.0.0.1:8765/123456"
    assert parse_address(screen.text) == ("ws://127.0.0.1:8765", "123456")
    assert keypad_address(screen.text) == "127*0*0*1#8765/123456"
    assert parse_address("10.0.0.2/000042") == ("ws://10.0.0.2:8765", "000042"), "port 8765"
    for bad in ("127.0.0.1:8765", "127.0.0.1:8765/12345", "1.2.3.4:99999/123456", ""):
        with pytest.raises(ValueError):
            parse_address(bad)
    screen.text = "127.0.0.1/12"
    assert screen.on_key(K.SELECT) is None and screen.note is not None, "not an address: said"
    for _ in range(len(screen.text)):
        screen.on_key(K.CLEAR)
    assert screen.text == ""
    assert type(screen.on_key(K.CLEAR)).__name__ == "Pop", "CLR on nothing goes back"


def test_the_command_line_takes_a_table_address() -> None:
    from gin_handset.cli import build_parser

    args = build_parser().parse_args(["--join", "127.0.0.1:8765/123456"])
    assert args.join == "127.0.0.1:8765/123456"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--join", "127.0.0.1:8765"])



def test_the_phone_holds_only_its_seats_view_and_no_seed(data_dir: Path) -> None:
    from gin_handset.net.client import TableClient
    from gin_handset.rules.match import MatchState
    from gin_handset.session.remote import host_table

    session = host_table("Ann", Options(), 0, port=0)
    assert session.server is not None
    try:
        wait_until(lambda: session.client.code is not None)
        other = TableClient.join(session.server.url, session.client.code or "", "Bob")
        wait_until(lambda: (session.advance(10), session.ready)[1])
        wait_until(lambda: other.view is not None)
        view = session.view()
        assert view.seat == session.seats.me == 0 and session.seats.names == ("Ann", "Bob")
        assert view.opponent_hand is None and not set(view.hand) & set(other.view.hand)
        with pytest.raises(LookupError):
            session.view(1)
        assert session.seed is None and not session.replayable, "the seed is the table's"
        held = [value for value in vars(session).values()
                if isinstance(value, MatchState | Bot)]
        assert not held, "no match state on the phone"
        other.close()
    finally:
        session.close()
    assert session.server is None and not session.client.running


def test_a_lost_link_and_a_friend_out_of_reach_are_told(data_dir: Path, server) -> None:
    from gin_handset.net.client import TableClient
    from gin_handset.session.remote import join_table

    ann = TableClient.create(server.url, "Ann", Options())
    wait_until(lambda: ann.code is not None)
    bob = join_table(server.url, ann.code or "", "Bob")
    try:
        wait_until(lambda: (bob.advance(10), bob.ready)[1])
        assert bob.seats.names == ("Ann", "Bob") and bob.seats.me == 1
        assert bob.notice is None
        ann.close()
        wait_until(lambda: (bob.advance(10), bob.notice)[1] == "Ann's phone is out of reach")
        server.stop()
        wait_until(lambda: (bob.advance(10), bob.notice)[1] == "Connection lost, retrying...")
        assert bob.computer_playing and not bob.human_to_act
        assert bob.act(DrawStock()) == "Connection lost, retrying..."
    finally:
        bob.close()


def test_a_refused_join_is_told_once_and_clr_goes_back_to_the_address(data_dir: Path,
                                                                       server) -> None:
    from gin_handset.compose import build_context
    from gin_handset.screens.base import Replace
    from gin_handset.screens.tables import joining
    from tests.conftest import skin_theme

    context = build_context(skin_theme("classic"), settings=Settings(nickname="Bob"))
    screen = joining(context, server.url, "000000")
    wait_until(lambda: (screen.update(50), screen.problem)[1] is not None)
    assert screen.problem is not None and screen.problem.count("no table has the code") == 1
    back = screen.on_key(K.CLEAR)
    assert isinstance(back, Replace) and isinstance(back.screen, AddressScreen)
    assert back.screen.text.endswith("/000000"), "the address joined, to mend"
    assert screen.session is not None and screen.session.closed


def test_a_join_keeps_its_address_and_nothing_the_command_line_chose(data_dir: Path,
                                                                     server) -> None:
    """The address joined is written over the stored settings, not the run's: a skin given
    with --skin is remembered only once it has drawn (cli.remember_skin)."""
    from dataclasses import replace

    from gin_handset.compose import build_context
    from gin_handset.screens.tables import joining
    from tests.conftest import skin_theme

    SettingsStore(data_dir).save(Settings(nickname="Bob"))
    run = Settings(nickname="Bob", skin="flip")  # as --skin flip sets it for this run
    context = build_context(skin_theme("classic"), settings=run)
    screen = joining(context, server.url, "000000")
    host, port = server.address
    address = f"{host}:{port}/000000"
    assert context.settings == replace(run, table_address=address)
    assert SettingsStore(data_dir).load() == (Settings(nickname="Bob", table_address=address), [])
    wait_until(lambda: (screen.update(50), screen.problem)[1] is not None)
    screen.on_key(K.CLEAR)


def test_no_hurry_is_offered_while_a_person_plays(data_dir: Path, display,
                                                  server: ServerHandle) -> None:
    out: dict = {}
    driver, bot_thread = joined_a_bot(data_dir, server, out)
    driver.step_to(ComputerTurnScreen, "the other player's turn comes")
    assert driver.app.stack.top.soft_keys() == ("", "Menu"), "a person is not hurried"
    driver.app.stack.close()
    bot_thread.join(20)


def test_a_server_that_cannot_be_reached_is_said_in_a_few_words(data_dir: Path) -> None:
    import socket

    from gin_handset.compose import build_context
    from gin_handset.screens.tables import joining
    from tests.conftest import skin_theme

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    context = build_context(skin_theme("classic"), settings=Settings(nickname="Bob"))
    screen = joining(context, f"ws://127.0.0.1:{port}", "123456")
    wait_until(lambda: (screen.update(50), screen.problem)[1] is not None)
    assert screen.problem == (f"No table: the table server at 127.0.0.1:{port} cannot be "
                              f"reached (connection refused)"), "no table was had, no errno"
    screen.on_key(K.CLEAR)


def test_why_a_server_cannot_be_reached_is_put_in_words() -> None:
    import socket

    from gin_handset.net.client import unreachable_reason

    both = OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 9, 0, 0), "
                   "[Errno 99] Cannot assign requested address")
    assert unreachable_reason(both) == "connection refused"
    assert unreachable_reason(socket.gaierror(-2, "Name or service not known")) == \
        "name not found"
    assert unreachable_reason(TimeoutError()) == "timed out"
    assert unreachable_reason(OSError(113, "No route to host")) == "host unreachable"


def test_join_table_offers_again_the_address_last_typed(data_dir: Path, display,
                                                        server: ServerHandle) -> None:
    """A wrong code, CLR: back at the address typed, to mend the code; then the main menu,
    and Join Table again: the address is still there, and after the app is started again."""
    from gin_handset.screens.two_players import JOIN

    SettingsStore(data_dir).save(Settings(nickname="Bob"))
    driver = TableDriver()
    host, port = server.address
    address = f"{host}:{port}/123456"
    keys = {value: key for key, value in DIGITS.items()}
    for attempt in range(3):
        if attempt == 2:
            driver.app.stack.close()
            driver = TableDriver()  # the app started again
        driver.cursor_to(MainMenu, ITEMS, TWO_PLAYERS)
        driver.press(K.SELECT)
        driver.cursor_to(TwoPlayersScreen, TABLE_ITEMS, JOIN)
        driver.press(K.SELECT)
        typing = driver.top
        assert isinstance(typing, AddressScreen)
        if attempt == 0:
            for char in address:
                driver.press(keys[char])
            driver.press(K.SELECT)
            wait = driver.top
            assert isinstance(wait, TableWaitScreen)
            wait_until(lambda w=wait, d=driver: (d.wait(), w.problem)[1] is not None, 10)
            assert wait.problem == "The table said: no table has the code 123456"
            driver.press(K.CLEAR)
            mending = driver.top
            assert isinstance(mending, AddressScreen) and mending.text == address
        else:
            assert typing.text == address, "the address last joined, offered again"
        for _ in range(len(address) + 1):  # CLR deletes, then leaves the empty field
            driver.press(K.CLEAR)
        if isinstance(driver.top, TwoPlayersScreen):
            driver.press(K.CLEAR)


def test_clr_at_a_table_asks_before_leaving_and_the_keys_page_says_so(
        data_dir: Path, display, server: ServerHandle) -> None:
    """CLR in play asks; CLR there stays at the table. How to Play from the match menu says
    what CLR does here. Main menu asks too, and OK leaves: the match is lost."""
    from gin_handset.screens.dialogs import LEAVE_TEXT, QuestionScreen
    from gin_handset.screens.help import HelpScreen
    from gin_handset.screens.match.menu import HINT, HOW_TO_PLAY, MAIN_MENU, MatchMenuScreen
    from gin_handset.screens.match.shortcuts import HINT_ENTRY, LEAVE_TABLE, REPLAY_ENTRY

    out: dict = {}
    driver, bot_thread = joined_a_bot(data_dir, server, out)
    driver.step_to(PlayScreen | ComputerTurnScreen, "the match starts")
    host = driver.app.stack.top
    assert isinstance(host, MatchHost)
    session = host.ui.session
    driver.press(K.CLEAR)
    question = driver.app.stack.top
    assert isinstance(question, QuestionScreen) and question.text == LEAVE_TEXT
    assert question.soft_keys() == ("Leave", "Stay")
    driver.press(K.CLEAR)
    assert driver.app.stack.top is host and not session.closed, "CLR: stay"

    def choose(item: str) -> None:
        driver.press(K.SOFT_RIGHT)
        menu = driver.app.stack.top
        assert isinstance(menu, MatchMenuScreen)
        assert HINT not in menu.items, "no Hint in the menu at a table"
        while menu.items[menu.cursor] != item:
            driver.press(K.NUM8)
        driver.press(K.SELECT)

    choose(HOW_TO_PLAY)
    help_screen = driver.app.stack.top
    assert isinstance(help_screen, HelpScreen)
    shown: list[tuple[str, str]] = []  # the match keys, as paged through
    while not help_screen.last():
        page = help_screen.pages()[help_screen.page]
        if page.heading == "Keys: in a match":
            shown.extend(page.legend)
        driver.press(K.NUM8)
    assert LEAVE_TABLE in shown and not any("the match is saved" in m for _, m in shown)
    assert HINT_ENTRY not in shown and REPLAY_ENTRY not in shown, "no hint, no replay here"
    driver.press(K.CLEAR)
    driver.press(K.CLEAR)  # the match menu closed
    assert driver.app.stack.top is host
    choose(MAIN_MENU)
    assert isinstance(driver.app.stack.top, QuestionScreen), "Main menu asks too"
    driver.press(K.SELECT)
    assert isinstance(driver.app.stack.top, MainMenu) and session.closed
    bot_thread.join(20)
    assert out["bot"].link.table["reason"] == "left", "the match was lost by leaving"
