"""Pass and play: two people on one phone, through the app's keys; and typing a name with
multi-tap."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from gin_handset.ai.levels import PEOPLE, make_player
from gin_handset.device.keys import PhoneKey as K
from gin_handset.rules.options import Options
from gin_handset.screens.base import Pop
from gin_handset.screens.main_menu import ITEMS, TWO_PLAYERS, MainMenu
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.passing import PassScreen
from gin_handset.screens.match.play import PlayScreen
from gin_handset.screens.match.score import GameOverScreen, ScoreScreen
from gin_handset.screens.text_entry import TAP_MS, TextEntryScreen
from gin_handset.screens.two_players import TwoPlayersScreen
from gin_handset.session.ledger import Ledger
from gin_handset.session.statistics import ALL, scope
from gin_handset.settings import Settings, SettingsStore
from tests.test_play_app import Driver

MAX_STEPS = 20_000


def typed(*keys: K, pause_after: bool = True) -> TextEntryScreen:
    """An empty entry after ``keys`` (and a pause, which keeps the last letter)."""
    names: list[str] = []
    entry = TextEntryScreen("Name", "Name?", "", 10, lambda name: names.append(name) or Pop())
    for key in keys:
        entry.on_key(key)
    if pause_after:
        entry.update(TAP_MS)
    return entry


def test_multi_tap_cycles_a_keys_letters_and_a_pause_or_another_key_keeps_one() -> None:
    assert typed(K.NUM2).text == "A", "Abc: a capital first"
    assert typed(K.NUM2, K.NUM2, K.NUM2).text == "C"
    assert typed(K.NUM2, K.NUM2, K.NUM2, K.NUM2, K.NUM2).text == "A", "past 2 it starts again"
    assert typed(K.NUM2, K.NUM6, K.NUM6).text == "An", "another key keeps the letter"
    held = typed(K.NUM6, K.NUM6, pause_after=False)
    assert held.text == "" and held.letter() == "N" and held.wake_in() == TAP_MS
    held.update(TAP_MS - 1)
    assert held.text == ""
    held.update(1)
    assert held.text == "N" and held.wake_in() is None


def test_case_space_delete_limit_and_done() -> None:
    entry = typed(K.NUM2, K.NUM6, K.NUM6, K.POUND, K.STAR, K.NUM2)
    assert entry.text == "An a", "# a space; * from Abc to abc"
    entry.on_key(K.STAR)
    entry.on_key(K.NUM9)
    entry.update(TAP_MS)
    assert entry.text == "An aW"
    entry.on_key(K.CLEAR)
    assert entry.text == "An a"
    for _ in range(20):
        entry.on_key(K.NUM1)
        entry.update(TAP_MS)
    assert entry.text == "An a111111" and len(entry.text) == 10, "at most the limit"
    assert isinstance(entry.on_key(K.SELECT), Pop)
    empty = typed()
    assert empty.on_key(K.SELECT) is None, "no empty name"
    assert isinstance(empty.on_key(K.CLEAR), Pop), "CLR on nothing cancels"


class PeopleDriver(Driver):
    """Two people taking turns on the phone: each plays as a simple player from the view the
    phone shows them; at each pass the phone changes hands."""

    def __init__(self, skin_name: str, seed: int) -> None:
        super().__init__(skin_name, seed)
        self.players = [make_player("simple", random.Random(seat)) for seat in (0, 1)]
        self.holder: int | None = None  # who has the phone
        self.passes = 0
        self.shown_to: list[tuple[int, int | None]] = []  # (seat shown, who held the phone)

    def type_name(self, letters: list[list[K]]) -> None:
        """Each letter's taps, then a pause that keeps it; then OK."""
        for taps in letters:
            for key in taps:
                self.press(key)
            self.wait(TAP_MS)
        self.press(K.SELECT)

    def step(self) -> bool:
        top = self.top
        self.seen.add(type(top).__name__)
        if isinstance(top, MainMenu):
            if self.results:
                return False
            while ITEMS[top.cursor] != TWO_PLAYERS:
                self.press(K.NUM8)
            self.press(K.SELECT)
        elif isinstance(top, TwoPlayersScreen):
            self.press(K.SELECT)
        elif isinstance(top, TextEntryScreen):
            if top.title == "Nickname":
                self.type_name([[K.NUM2], [K.NUM6, K.NUM6], [K.NUM6, K.NUM6]])  # Ann
                self.seen.add("nickname")
            else:
                self.type_name([[K.NUM2, K.NUM2], [K.NUM6] * 3, [K.NUM2, K.NUM2]])  # Bob
        elif isinstance(top, PassScreen):
            self.passes += 1
            self.press(K.SELECT)
            self.holder = top.ui.session.to_act
        elif isinstance(top, DealScreen):
            self.shown_to.append((top.ui.seats.me, self.holder))
            self.press(K.SELECT)
        elif isinstance(top, PlayScreen | ArrangeScreen):
            session = top.ui.session
            self.shown_to.append((top.ui.seats.me, self.holder))
            if isinstance(top, ArrangeScreen):
                self.press(K.SELECT)
            else:
                action = self.players[session.to_act].choose(session.view())
                for key in self.turn_keys(top, action):
                    self.press(key)
        elif isinstance(top, ScoreScreen):
            if len(self.results) < len(top.ui.session.results):
                self.results.append(top.result)
            self.press(K.SELECT)
        elif isinstance(top, GameOverScreen):
            self.seen.add("names:" + top.ui.seats.scores(top.ui.session.scores))
            self.press(K.CLEAR)
        else:
            raise AssertionError(f"unexpected screen {type(top).__name__}")
        return True


@pytest.mark.slow
def test_two_people_play_a_whole_match_on_one_phone(data_dir: Path, display) -> None:
    SettingsStore(data_dir).save(Settings(options=Options(points_to_win=50)))
    driver = PeopleDriver("classic", 11)
    for _ in range(MAX_STEPS):
        if not driver.step():
            break
    else:
        raise AssertionError("the match did not end")
    assert "nickname" in driver.seen, "asked once, the first time"
    assert SettingsStore(data_dir).load()[0].nickname == "Ann"
    assert driver.shown_to, "hands were shown"
    assert all(seat == holder for seat, holder in driver.shown_to), \
        "a hand is shown only to the player who took the phone for it"
    assert driver.passes >= len(driver.results) * 2, "the phone changes hands every turn"
    assert any(name.startswith("names:") and "Ann" in name and "Bob" in name
               for name in driver.seen), "the game over names both players"
    entries, _ = Ledger(data_dir).history()
    assert entries[0].record.difficulty == PEOPLE and entries[0].record.names == ("Ann", "Bob")
    stats, _ = Ledger(data_dir).statistics()
    assert stats.tally(scope(ALL, PEOPLE)).matches == 1
    assert stats.tally(scope(ALL, ALL)).matches == 0, "kept apart from the computer's matches"


def test_the_pass_screen_shows_no_hand_and_ok_hands_the_phone_over(data_dir: Path, theme) -> None:
    from gin_handset.compose import build_context
    from gin_handset.screens.match.router import MatchHost
    from gin_handset.screens.match.ui import MatchUI, Route
    from gin_handset.session.pass_and_play import PassAndPlaySession

    pictures = set()
    for seed in (1, 2, 3):
        session = PassAndPlaySession.new(Options(), seed, ("Ann", "Bob"))
        host = MatchHost(MatchUI(session, build_context(theme, settings=Settings())), Route.DEAL)
        assert isinstance(host.current, PassScreen) and session.needs_pass
        lcd = pygame.Surface((theme.width, theme.height))
        host.draw(lcd, theme)
        pictures.add((session.to_act, pygame.image.tobytes(lcd, "RGB")))
        assert isinstance(host.on_key(K.NUM9), type(None)), "no pile behind the pass screen"
        assert host.on_key(K.SELECT) is None
        assert isinstance(host.current, DealScreen) and not session.needs_pass
        assert session.seats.me == session.to_act
    for seat in (0, 1):
        assert len({picture for shown, picture in pictures if shown == seat}) <= 1, \
            "the same picture whatever the cards dealt"


def test_the_pass_screen_reads_the_same_after_continue(data_dir: Path, theme) -> None:
    """Ann plays her turn; the pass screen to Bo names the passer first. Left with CLR and
    resumed with Continue, it shows the same: the same order, the same picture."""
    from gin_handset.compose import main_menu
    from gin_handset.screens.base import ScreenStack
    from gin_handset.screens.main_menu import CONTINUE
    from gin_handset.screens.match.door import MatchStart
    from gin_handset.screens.match.router import MatchHost

    SettingsStore(data_dir).save(Settings(nickname="Ann"))
    stack = ScreenStack(main_menu(theme, start=MatchStart(11)))

    def shown() -> object:
        top = stack.top
        return top.current if isinstance(top, MatchHost) else top

    def picture() -> bytes:
        lcd = pygame.Surface((theme.width, theme.height))
        stack.draw(lcd, theme)
        return pygame.image.tobytes(lcd, "RGB")

    while ITEMS[stack.top.cursor] != TWO_PLAYERS:
        stack.key(K.NUM8)
    stack.key(K.SELECT)  # Two Players
    stack.key(K.SELECT)  # Pass and Play
    assert stack.top.question == "Who plays against Ann? Their nickname:", "the second player"
    for taps in ([K.NUM2, K.NUM2], [K.NUM6] * 3):  # Bo
        for key in taps:
            stack.key(key)
        stack.update(TAP_MS)
    stack.key(K.SELECT)
    passes = []
    for _ in range(40):  # OK takes the phone, OK plays: a turn is OK to draw, OK to discard
        screen = shown()
        if isinstance(screen, PassScreen):
            passes.append(screen.receiver())
            if passes[1:] and screen.receiver() == "Bo":  # after Ann's turn
                break
        stack.key(K.SELECT)
    else:
        raise AssertionError(f"no pass to Bo after Ann's turn: {passes}")
    title, before = screen.title(), picture()
    assert title == "Ann 0  Bo 0", "the passer first, as on her turn just before"
    stack.key(K.CLEAR)
    assert isinstance(stack.top, MainMenu) and ITEMS[stack.top.cursor] == CONTINUE
    stack.key(K.SELECT)
    resumed = shown()
    assert isinstance(resumed, PassScreen) and resumed.receiver() == "Bo"
    assert resumed.title() == title
    assert picture() == before, "the same picture"


def test_the_keys_page_of_a_pass_and_play_match_is_true_to_it(data_dir: Path, theme) -> None:
    """How to Play from the match menu: CLR saves the match and leaves at once (as it does),
    there is no hint between people, and a hand can be replayed."""
    from gin_handset.compose import build_context
    from gin_handset.screens.base import Push, ScreenStack
    from gin_handset.screens.help import HelpScreen
    from gin_handset.screens.match.menu import HINT, HOW_TO_PLAY, MatchMenuScreen
    from gin_handset.screens.match.router import MatchHost
    from gin_handset.screens.match.shortcuts import HINT_ENTRY, REPLAY_ENTRY
    from gin_handset.screens.match.ui import MatchUI, Route
    from gin_handset.session.pass_and_play import PassAndPlaySession

    context = build_context(theme, settings=Settings())
    session = PassAndPlaySession.new(Options(), 1, ("Ann", "Bob"))
    stack = ScreenStack(MainMenu(context))
    stack.apply(Push(MatchHost(MatchUI(session, context), Route.DEAL)))
    stack.key(K.SELECT)  # the player to act has the phone
    for _ in range(10):  # a key first ends what moves
        stack.key(K.SOFT_RIGHT)
        if isinstance(stack.top, MatchMenuScreen):
            break
    assert HINT not in stack.top.items, "no Hint in the menu between people"
    while stack.top.items[stack.top.cursor] != HOW_TO_PLAY:
        stack.key(K.NUM8)
    stack.key(K.SELECT)
    help_screen = stack.top
    assert isinstance(help_screen, HelpScreen)
    shown: list[tuple[str, str]] = []
    while not help_screen.last():
        page = help_screen.pages()[help_screen.page]
        if page.heading == "Keys: in a match":
            shown.extend(page.legend)
        stack.key(K.NUM8)
    assert ("CLR", "Main menu; the match is saved") in shown and REPLAY_ENTRY in shown
    assert HINT_ENTRY not in shown, "no hint between people"
    stack.key(K.CLEAR)  # How to Play
    stack.key(K.CLEAR)  # the match menu
    stack.key(K.CLEAR)  # the match: left at once, saved
    assert isinstance(stack.top, MainMenu)


def test_the_seed_is_kept_from_both_players_until_the_match_is_over(theme) -> None:
    """It fixes the order of the stock, so neither player may see it while the match is
    played (RULES: two people at one table): the match menu and each hand's score (and so its
    replay) say it is shown at the end; the last hand's score then names it."""
    from gin_handset.compose import build_context
    from gin_handset.screens.match.menu import match_info
    from gin_handset.screens.match.score import deal_name
    from gin_handset.screens.match.ui import MatchUI
    from gin_handset.session.pass_and_play import PassAndPlaySession

    session = PassAndPlaySession.new(Options(points_to_win=50), 11, ("Ann", "Bob"))
    ui = MatchUI(session, build_context(theme, settings=Settings()))
    players = [make_player("normal", random.Random(seat)) for seat in (0, 1)]
    hands = 0
    while not session.match_over:
        assert session.seed is None and match_info(ui).startswith("Seed: at the end")
        if session.hand_over:
            assert deal_name(session, session.seats) == "Seed: shown at the end"
            hands += 1
            session.next_hand()
        elif session.needs_pass:
            session.take_over()
        else:
            assert session.act(players[session.to_act].choose(session.view())) is None
    assert hands and session.seed == 11
    assert deal_name(session, session.seats).startswith(f"Seed 11 hand {hands + 1}")
    assert match_info(ui).startswith("Seed 11")
