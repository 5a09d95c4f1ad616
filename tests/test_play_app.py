"""A scripted player drives the whole app through its input layer, from the main menu to the
end of a match, on every bundled skin: pygame key events in, frames out.

It reads the visible screen (cursor, focus, choices) to decide which phone keys to press, and
plays the strategy of tests/test_play_seeds.py; the seeds make the first hand end in gin, a
knock, an undercut, a dead hand, or an Oklahoma deal with a spade upcard.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.rules.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
)
from gin_handset.rules.hand import HandResult
from gin_handset.screens.base import Screen
from gin_handset.screens.main_menu import ITEMS, NEW_GAME, MainMenu
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.play import PILE, STOCK, Focus, PlayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import GameOverScreen, ReviewScreen, ScoreScreen
from gin_handset.screens.match.table import TableScreen
from gin_handset.session.saves import SaveStore
from gin_handset.settings import Settings, SettingsStore
from gin_handset.storage import data_dir as data_folder
from tests.conftest import SKINS
from tests.test_play_seeds import SCENARIOS, choose, options_for

PYGAME_KEYS = {
    K.NUM0: pygame.K_0, K.NUM9: pygame.K_9, K.NUM2: pygame.K_2, K.NUM4: pygame.K_4,
    K.NUM5: pygame.K_5, K.NUM7: pygame.K_7,
    K.NUM6: pygame.K_6, K.NUM8: pygame.K_8, K.SELECT: pygame.K_RETURN, K.UP: pygame.K_UP,
    K.DOWN: pygame.K_DOWN, K.LEFT: pygame.K_LEFT, K.RIGHT: pygame.K_RIGHT,
    K.STAR: pygame.K_KP_MULTIPLY, K.NUM1: pygame.K_1, K.NUM3: pygame.K_3,
    K.POUND: pygame.K_KP_DIVIDE, K.CLEAR: pygame.K_BACKSPACE, K.SOFT_LEFT: pygame.K_F1,
    K.SOFT_RIGHT: pygame.K_F2,
}
MAX_STEPS = 20000


def moving(screen: Screen) -> bool:
    """Whether a card slides on ``screen``."""
    return isinstance(screen, TableScreen) and screen.tracker.motion is not None


class Driver:
    """The app with a dummy window; presses phone keys as a keyboard would."""

    def __init__(self, skin_name: str, seed: int) -> None:
        skin = load_skin(skin_name)
        window = pygame.display.set_mode(skin.body_size)
        self.app = assemble(skin, window, 1, start=MatchStart(seed))
        self.app.step([], 0)
        self.results: list[HandResult] = []
        self.seen: set[str] = set()

    @property
    def top(self) -> Screen:
        """The screen shown: during a match, the match screen the match host shows."""
        top = self.app.stack.top
        return top.current if isinstance(top, MatchHost) else top

    def press(self, key: K) -> None:
        """Press ``key`` as a player does: once nothing moves and the screen shown is seen."""
        self.calm()
        code = PYGAME_KEYS[key]
        events = [pygame.event.Event(kind, key=code, mod=0, scancode=0)
                  for kind in (pygame.KEYDOWN, pygame.KEYUP)]
        self.app.step(events, 16)

    def wait(self, ms: int = 100) -> None:
        self.app.step([], ms)

    def calm(self) -> None:
        """Wait, frame by frame, until no card slides and a key acts again (a key ends a
        slide only; one just after the clock changed the screen does nothing)."""
        host = self.app.stack.top
        while isinstance(host, MatchHost) and (host.grace or moving(host.current)):
            self.wait(16)

    def turn_keys(self, screen: PlayScreen, action: Action) -> list[K]:
        """The keys that bring the cursor onto ``action`` and pick it, from what is shown."""
        if screen.focus is Focus.CHOICES:
            targets = [i for i, (_, a) in enumerate(screen.choices()) if a == action]
            assert targets, f"{action} not offered"
            return [K.NUM8] if screen.choice_cursor != targets[0] else [K.NUM5]
        if isinstance(action, DrawStock | DrawDiscard):
            if screen.focus is not Focus.PILES:
                return [K.UP]
            want = STOCK if isinstance(action, DrawStock) else PILE
            if screen.pile_cursor != want:
                return [K.NUM4 if want == STOCK else K.NUM6]
            return [K.SELECT]
        assert isinstance(action, Discard)
        if screen.focus is not Focus.HAND:
            return [K.NUM8]
        index = screen.ui.hand_cards().index(action.card)
        if index != screen.hand_cursor:
            return [K.NUM4 if index < screen.hand_cursor else K.RIGHT]
        return [K.NUM5]

    def play_again_then_leave(self, over: GameOverScreen) -> None:
        """OK at game over deals a new match on the same options and level; CLR leaves it."""
        finished = over.ui.session
        assert not SaveStore(data_folder()).exists(), "the save is cleared when the match ends"
        self.press(K.SELECT)
        host = self.app.stack.top
        assert isinstance(host, MatchHost) and isinstance(host.current, DealScreen)
        again = host.ui.session.record
        assert again.steps == () and again is not finished.record
        assert (again.options, again.difficulty) == (finished.options, finished.record.difficulty)
        assert finished.closed, "the finished match's session is closed"
        self.press(K.CLEAR)
        self.seen.add("again")

    def step(self) -> bool:
        """One decision from the visible screen; False once back on the main menu after a
        match."""
        top = self.top
        self.seen.add(type(top).__name__)
        if isinstance(top, MainMenu):
            if self.results:
                return False
            assert top.cursor == ITEMS.index(NEW_GAME)
            self.press(K.SELECT)
        elif isinstance(top, DealScreen):
            self.wait(250) if len(self.seen) % 2 else self.press(K.SELECT)
        elif isinstance(top, ComputerTurnScreen):
            decision = top.ui.session.decision_in_progress()
            if decision is not None:
                decision.wait()
            self.wait(60)
            self.press(K.SELECT)
        elif isinstance(top, PlayScreen):
            if "sorted" not in self.seen and top.focus is Focus.HAND:
                self.seen.add("sorted")
                for key in (K.STAR, K.NUM1, K.NUM3, K.POUND):
                    self.press(key)
            for key in self.turn_keys(top, choose(top.ui.session)):
                self.press(key)
        elif isinstance(top, ArrangeScreen):
            if "arranged" not in self.seen:
                self.seen.add("arranged")
                for key in (K.NUM0, K.STAR):  # break a meld, then back to the best
                    self.press(key)
            self.press(K.SELECT)
        elif isinstance(top, ScoreScreen):
            result = top.result
            if len(self.results) < len(top.ui.session.results):
                self.results.append(result)
            self.press(K.SELECT)
        elif isinstance(top, ReviewScreen):
            while top.ui.session.review() is None:
                time.sleep(0.005)
            self.wait(16)  # an empty review goes on by itself
            if self.top is top:
                self.press(K.SELECT)
        elif isinstance(top, GameOverScreen):
            self.play_again_then_leave(top)
        else:
            raise AssertionError(f"unexpected screen {type(top).__name__}")
        return True


def play_match(skin_name: str, scenario_name: str, data_dir: Path) -> Driver:
    scenario = SCENARIOS[scenario_name]
    seed = scenario.seed
    SettingsStore(data_dir).save(Settings(options=options_for(scenario), difficulty="normal"))
    driver = Driver(skin_name, seed)
    for _ in range(MAX_STEPS):
        if not driver.step():
            break
    else:
        raise AssertionError("the match did not end")
    return driver


@pytest.mark.slow
@pytest.mark.parametrize("scenario_name", sorted(SCENARIOS))
@pytest.mark.parametrize("skin_name", SKINS)
def test_scripted_match_through_the_app(skin_name, scenario_name, data_dir, display):
    driver = play_match(skin_name, scenario_name, data_dir)
    first = driver.results[0]
    if scenario_name == "spade":
        assert first.doubled and first.points % 2 == 0
    else:
        assert first.kind == scenario_name
    totals = [0, 0]
    for result in driver.results:
        if result.winner is not None:
            totals[result.winner] += result.points
    assert max(totals) >= 50
    assert {"DealScreen", "PlayScreen", "ComputerTurnScreen", "ScoreScreen",
            "GameOverScreen", "again"} <= driver.seen
    assert SaveStore(data_dir).load()[0].steps == (), "the match played again is saved"


@pytest.mark.slow
def test_the_record_of_matches_played_through_the_app(data_dir, display):
    """A match played through the app counts once in the statistics and in the history (and
    its replay ends as it did); killed at game over and continued, it is not counted again;
    the match begun after it and then replaced by New Game counts as abandoned."""
    from gin_handset.session.ledger import Ledger
    from gin_handset.session.replayer import positions
    from gin_handset.session.statistics import ALL, scope

    driver = play_match("classic", "knock", data_dir)
    ledger = Ledger(data_dir)
    stats, history = ledger.statistics()[0], ledger.history()[0]
    tally = stats.tally(scope(ALL, "normal"))
    totals = [sum(r.points for r in driver.results if r.winner == seat) for seat in (0, 1)]
    assert (tally.matches, tally.won, tally.hands) == (1, int(totals[0] > totals[1]),
                                                       len(driver.results))
    assert tally.best_margin == totals[0] - totals[1]
    assert len(history) == 1 and list(history[0].scores) == totals
    replayed = [p.match.hand.result for p in positions(history[0].record)
                if p.match.hand.is_over and p.step is not None]
    assert replayed == driver.results, "the replay ends every hand as it was played"

    store = SaveStore(data_dir)
    again = store.load()[0]
    assert again is not None and again.steps == ()
    menu = driver.app.stack.top
    assert isinstance(menu, MainMenu) and ITEMS[menu.cursor] == "Continue"
    driver.press(K.NUM2)
    driver.press(K.SELECT)  # New Game over the saved match: asked first
    driver.press(K.SELECT)
    assert isinstance(driver.top, DealScreen)
    driver.press(K.CLEAR)
    abandoned = ledger.statistics()[0].tally(scope(ALL, "normal"))
    assert (abandoned.abandoned, abandoned.matches) == (1, 1)

    store.save(history[0].record)  # as if killed at game over, before the save was cleared
    driver.app.stack.top.on_resume()
    driver.press(K.SELECT)  # Continue: the last score shows again, then the game over
    assert isinstance(driver.top, ScoreScreen)
    driver.press(K.CLEAR)
    assert ledger.statistics()[0].tally(scope(ALL, "normal")) == abandoned
    assert len(ledger.history()[0]) == 1 and not store.exists()
