"""Saving through the screens: CLR asks, leaves with the match saved, Continue resumes it exactly
on another skin; a save that cannot be read is set aside, the player told, a new match dealt."""

from __future__ import annotations

import json

import pytest

from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.rules.hand import Phase
from gin_handset.rules.options import Options
from gin_handset.screens.base import Screen, ScreenStack
from gin_handset.screens.dialogs import NoticeScreen, QuestionScreen
from gin_handset.screens.main_menu import CONTINUE, ITEMS, NEW_GAME, MainMenu
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.menu import MatchMenuScreen, PileScreen
from gin_handset.screens.match.play import Focus, PlayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import GameOverScreen
from gin_handset.session.saves import SaveStore
from gin_handset.settings import Settings, SettingsStore
from tests.test_play_app import Driver


def menu_stack(skin: str, seed: int | None = None) -> ScreenStack:
    return ScreenStack(main_menu(load_skin(skin).theme, start=MatchStart(seed)))


def shown(stack: ScreenStack) -> Screen:
    """The screen shown: during a match, the match screen the match host shows."""
    top = stack.top
    return top.current if isinstance(top, MatchHost) else top


def to_new_game(stack: ScreenStack) -> None:
    """Choose New Game on the main menu (the cursor may start on Continue)."""
    while stack.top.cursor != ITEMS.index(NEW_GAME):
        stack.key(K.NUM2)
    stack.key(K.SELECT)


def to_continue(stack: ScreenStack) -> None:
    menu = stack.top
    assert isinstance(menu, MainMenu)
    while menu.cursor != ITEMS.index(CONTINUE):
        stack.key(K.NUM8)
    stack.key(K.SELECT)


def test_leave_mid_hand_and_continue_on_another_skin(data_dir, display):
    driver = Driver("classic", 77)
    while not (
        isinstance(driver.top, PlayScreen)
        and driver.top.ui.view().phase is Phase.DISCARD
        and len(driver.top.ui.session.record.steps) > 6
    ):
        driver.step()
    session = driver.top.ui.session
    before = session.match
    driver.press(K.CLEAR)
    menu = driver.top
    assert isinstance(menu, MainMenu), "CLR returns to the main menu, as the manual says"
    assert ITEMS[menu.cursor] == CONTINUE, "Continue is the highlighted item"
    assert session.closed and SaveStore(data_dir).exists()

    stack = menu_stack("qvga")
    to_continue(stack)
    resumed = shown(stack)
    assert isinstance(resumed, PlayScreen)
    assert resumed.ui.session.match == before
    assert resumed.focus is Focus.HAND


def test_every_step_is_saved(data_dir, display):
    driver = Driver("candybar", 5)
    for _ in range(40):
        driver.step()
    session = driver.top.ui.session
    saved = json.loads((data_dir / "match.json").read_text())
    assert saved["steps"] == list(session.record.steps)
    assert saved["seed"] == 5


@pytest.mark.parametrize(
    "garbage",
    ["{not json", '{"format": "gin-handset match", "version": 1, "seed": 3, "steps": ["knock"]}'],
)
def test_unreadable_save_is_set_aside_and_a_new_match_starts(garbage, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "match.json").write_text(garbage)
    stack = menu_stack("classic", seed=9)
    to_continue(stack)
    notice = stack.top
    assert isinstance(notice, NoticeScreen)
    assert "cannot be resumed" in notice.view.messages[0]
    assert (data_dir / "match.json.bad-1").read_text() == garbage
    while isinstance(stack.top, NoticeScreen):
        stack.key(K.SELECT)
    assert isinstance(shown(stack), DealScreen)
    record, messages = SaveStore(data_dir).load()
    assert record is not None and record.seed == 9 and not messages


def test_new_game_sets_an_unreadable_save_aside_first(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "match.json").write_text("truncated")
    stack = menu_stack("classic", seed=4)
    stack.key(K.SELECT)
    assert isinstance(stack.top, NoticeScreen)
    assert (data_dir / "match.json.bad-1").read_text() == "truncated"


def test_seed_from_the_command_line_or_fresh(data_dir):
    stack = menu_stack("classic", seed=1234)
    to_new_game(stack)
    assert stack.top.ui.session.record.seed == 1234
    seeds = set()
    for _ in range(3):
        stack = menu_stack("classic")
        to_new_game(stack)
        if isinstance(stack.top, QuestionScreen):
            stack.key(K.SELECT)
        seeds.add(stack.top.ui.session.record.seed)
    assert len(seeds) == 3


def test_new_game_asks_before_replacing_a_saved_match(data_dir):
    stack = menu_stack("classic", seed=21)
    stack.key(K.SELECT)
    saved = (data_dir / "match.json").read_text()
    stack = menu_stack("classic", seed=22)
    to_new_game(stack)
    assert isinstance(stack.top, QuestionScreen) and stack.top.title == "New match"
    stack.key(K.CLEAR)
    assert isinstance(stack.top, MainMenu)
    assert (data_dir / "match.json").read_text() == saved
    to_new_game(stack)
    stack.key(K.SELECT)
    assert stack.top.ui.session.record.seed == 22
    assert '"seed": 22' in (data_dir / "match.json").read_text()


def test_a_save_that_fails_is_shown_on_the_next_screen(data_dir):
    stack = menu_stack("classic", seed=5)
    stack.key(K.SELECT)
    host = stack.top
    assert isinstance(host, MatchHost)
    (data_dir / "match.json").unlink()
    (data_dir / "match.json").mkdir()  # a folder where the file goes: every save now fails
    stack.key(K.SELECT)  # skip the deal: the first turn is shown
    while not isinstance(stack.top, NoticeScreen):
        assert stack.top is host
        stack.key(K.SELECT)
        decision = host.ui.session.decision_in_progress()
        if decision is not None:
            decision.wait()
        stack.update(2000)
    notice = stack.top
    assert notice.title == "Saving" and "could not be saved" in notice.view.messages[0]
    stack.key(K.SELECT)
    assert stack.top is host, "the notice goes back to the match"
    assert host.ui.session.problems == [], "each failure is shown once"


def test_match_menu_pile_and_rearranging_through_the_app(data_dir, display):
    driver = Driver("candybar", 77)
    while not isinstance(driver.top, ComputerTurnScreen):
        driver.step()
    host = driver.app.stack.top
    steps = host.ui.session.record.steps
    driver.press(K.STAR)
    ranks = [card.rank for card in host.ui.hand_cards()]
    assert ranks == sorted(ranks), "* sorts during the computer's turn"
    driver.press(K.SOFT_RIGHT)
    menu = driver.app.stack.top
    assert isinstance(menu, MatchMenuScreen)
    driver.press(K.NUM8)
    driver.press(K.NUM8)
    driver.press(K.SELECT)
    assert isinstance(driver.app.stack.top, PileScreen)
    driver.press(K.CLEAR)
    assert driver.app.stack.top is host
    driver.press(K.NUM9)
    assert isinstance(driver.app.stack.top, PileScreen)
    driver.press(K.SELECT)
    assert driver.app.stack.top is host and host.ui.session.record.steps[:len(steps)] == steps


def test_continue_in_the_same_run_keeps_the_hand_as_the_player_left_it(data_dir):
    theme = load_skin("classic").theme
    stack = ScreenStack(main_menu(theme, start=MatchStart(31, 0, 1)))
    to_new_game(stack)
    stack.key(K.SELECT)  # skip the deal
    stack.key(K.SELECT)  # take the upcard
    host = stack.top
    assert isinstance(host, MatchHost) and host.current.focus is Focus.HAND
    stack.key(K.STAR)  # by rank
    stack.key(K.NUM4)
    stack.key(K.NUM1)  # a card moved left
    left = host.ui.hand_cards()
    assert left != sorted(left, key=lambda c: (c.rank, c.suit)), "an order of the player's own"
    stack.key(K.CLEAR)
    assert isinstance(stack.top, MainMenu)
    to_continue(stack)
    resumed = stack.top
    assert isinstance(resumed, MatchHost) and resumed is not host
    assert resumed.ui.hand_cards() == left
    stack.key(K.STAR)
    assert resumed.ui.hand_cards() != left

    again = menu_stack("classic")  # the app started anew: the usual order
    to_continue(again)
    assert shown(again).ui.hand_cards() != left


@pytest.mark.slow
def test_a_match_continued_and_played_to_its_end_leaves_the_cursor_on_new_game(data_dir, display):
    """As after a match begun with New Game: Continue is greyed once the match is over, so the
    cursor goes back to New Game, never on to the row after Continue."""
    SettingsStore(data_dir).save(Settings(options=Options(points_to_win=50)))
    driver = Driver("classic", 8)
    while not isinstance(driver.top, PlayScreen):
        driver.step()
    driver.press(K.CLEAR)
    menu = driver.top
    assert isinstance(menu, MainMenu) and ITEMS[menu.cursor] == CONTINUE
    driver.press(K.SELECT)
    while not isinstance(driver.top, GameOverScreen):
        driver.step()
    driver.press(K.CLEAR)
    assert driver.top is menu and not menu.enabled()[ITEMS.index(CONTINUE)]
    assert ITEMS[menu.cursor] == NEW_GAME
