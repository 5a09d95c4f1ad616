"""Fewer presses a turn, as an option: with Confirm Discard off a discard that may not knock ends
the turn at once, one that may knock still asks. A drawn card lands in its sorted place once the
player sorted the hand, at the right end otherwise, the cursor on it either way. Through the
keys, on states replayed from recorded steps, and a whole match through the app."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gin_handset.device.keys import PhoneKey as K
from gin_handset.rules.actions import Knock
from gin_handset.rules.cards import Card, parse_card
from gin_handset.rules.hand import Phase
from gin_handset.rules.melds import deadwood
from gin_handset.rules.options import Options
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.play import Focus, PlayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.ui import MatchUI, sorted_hand
from gin_handset.session.ledger import Ledger
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import MatchRecord
from gin_handset.session.replayer import positions
from gin_handset.session.saves import SaveStore
from gin_handset.settings import Settings, SettingsStore
from tests.conftest import skin_theme
from tests.test_match_references import STATES
from tests.test_play_app import Driver
from tests.test_play_screen import cursor_to


def host_at(steps: tuple[str, ...], folder: Path, confirm: bool) -> MatchHost:
    """The match host after ``steps`` of the match of seed 0, with Confirm Discard ``confirm``."""
    options = Options(points_to_win=50, undercut_bonus=25)
    session = MatchSession(MatchRecord(options, 0, "normal", steps), SaveStore(folder))
    context = AppContext(skin_theme("classic"),
                         initial_settings=Settings(options=options, confirm_discard=confirm))
    return MatchHost(MatchUI(session, context))


DRAW = tuple(STATES["gin_draw"][2].split(";"))  # the player is to draw
BEFORE_KNOCK = tuple(STATES["gin_decide_knock"][2].split(";"))[:-1]  # discarding 5h may knock


def no_knock_discard(screen: PlayScreen) -> Card:
    """A card whose discard leaves too much deadwood to knock."""
    view = screen.ui.view()
    return next(c for c in screen.ui.hand_cards()
                if c != view.taken and deadwood([d for d in view.hand if d != c]) > 10)


def test_with_confirm_off_a_discard_that_may_not_knock_ends_the_turn(tmp_path: Path) -> None:
    host = host_at(DRAW, tmp_path, confirm=False)
    play = host.current
    assert isinstance(play, PlayScreen) and play.focus is Focus.PILES
    host.on_key(K.NUM5)  # draw from the stock
    assert play.ui.view().phase is Phase.DISCARD
    card = no_knock_discard(play)
    cursor_to(play, card)
    host.on_key(K.NUM5)
    assert isinstance(host.current, ComputerTurnScreen), "no End turn to press"
    assert host.ui.session.record.steps[-2:] == (f"discard {card}", "end")


def test_with_confirm_on_the_discard_waits_for_end_turn_as_on_the_handset(tmp_path: Path) -> None:
    host = host_at(DRAW, tmp_path, confirm=True)
    host.on_key(K.NUM5)
    play = host.current
    assert isinstance(play, PlayScreen)
    cursor_to(play, no_knock_discard(play))
    host.on_key(K.NUM5)
    assert host.current is play and play.focus is Focus.CHOICES
    assert [label for label, _ in play.choices()] == ["End turn", "Cancel"]
    assert host.ui.session.record.steps[-1].startswith("discard")


@pytest.mark.parametrize("confirm", [True, False])
def test_a_discard_that_may_knock_always_asks(tmp_path: Path, confirm: bool) -> None:
    host = host_at(BEFORE_KNOCK, tmp_path, confirm=confirm)
    play = host.current
    assert isinstance(play, PlayScreen)
    cursor_to(play, parse_card("5h"))
    host.on_key(K.NUM5)
    assert host.current is play and Knock() in play.ui.view().legal_actions
    assert [label for label, _ in play.choices()] == ["Knock", "End turn", "Cancel"]


def test_a_discard_decided_before_the_screen_came_ends_at_the_next_update(tmp_path: Path) -> None:
    """As a table's answer or a resumed match brings it: the turn ends without a key."""
    host = host_at(DRAW, tmp_path, confirm=True)
    host.on_key(K.NUM5)
    card = no_knock_discard(host.current)  # type: ignore[arg-type]
    steps = (*DRAW, "stock", f"discard {card}")
    waiting = host_at(steps, tmp_path / "resumed", confirm=False)
    assert isinstance(waiting.current, PlayScreen) and waiting.wake_in() == 0
    waiting.update(0)
    assert isinstance(waiting.current, ComputerTurnScreen)
    assert waiting.ui.session.record.steps[-1] == "end"


def test_a_drawn_card_joins_the_right_end_until_the_hand_is_sorted(tmp_path: Path) -> None:
    host = host_at(DRAW, tmp_path, confirm=True)
    play = host.current
    assert isinstance(play, PlayScreen)
    before = play.ui.hand_cards()
    host.on_key(K.NUM5)
    cards = play.ui.hand_cards()
    assert cards[:-1] == before, "the handset's way: the new card at the right end"
    assert play.hand_cursor == len(cards) - 1, "the cursor on the card drawn"


def test_a_sorted_hand_takes_a_drawn_card_into_its_place_until_a_card_is_moved(
        tmp_path: Path) -> None:
    host = host_at(DRAW, tmp_path, confirm=True)
    play = host.current
    assert isinstance(play, PlayScreen)
    host.on_key(K.STAR)  # sort by rank
    host.on_key(K.NUM5)
    cards = play.ui.hand_cards()
    drawn = play.ui.view().hand[-1]  # the rules add a drawn card at the end
    assert cards == sorted_hand(cards, "rank") and cards[-1] != drawn
    assert cards[play.hand_cursor] == drawn, "the cursor on the card drawn, in its place"
    # the player moves it: the hand is the player's order from now on
    host.on_key(K.NUM3 if play.hand_cursor < len(cards) - 1 else K.NUM1)
    moved = play.ui.hand_cards()
    assert moved != sorted_hand(moved, "rank")
    discard = no_knock_discard(play)
    cursor_to(play, discard)
    host.on_key(K.NUM5)
    host.on_key(K.NUM8)  # End turn -> Cancel
    host.on_key(K.NUM5)
    assert play.ui.view().phase is Phase.DISCARD
    assert play.ui.hand_cards()[-1] == discard, "taken back to the right end: not re-sorted"
    assert play.ui.hand_cards()[play.hand_cursor] == discard


def test_melds_sorting_keeps_each_drawn_card_with_its_meld(tmp_path: Path) -> None:
    host = host_at(DRAW, tmp_path, confirm=True)
    play = host.current
    assert isinstance(play, PlayScreen)
    host.on_key(K.NUM0)
    host.on_key(K.NUM5)
    cards = play.ui.hand_cards()
    assert cards == sorted_hand(cards, "melds")


def test_a_settings_file_from_before_the_option_confirms_the_discard(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(json.dumps(
        {"version": 1, "options": {"points_to_win": 200}, "difficulty": "hard"}))
    settings, problems = SettingsStore(data_dir).load()
    assert problems == [] and settings.confirm_discard and not settings.options.match_bonuses
    assert (settings.options.points_to_win, settings.difficulty) == (200, "hard")
    SettingsStore(data_dir).save(replace(settings, confirm_discard=False))
    assert not SettingsStore(data_dir).load()[0].confirm_discard


class QuickDriver(Driver):
    """The app played through its keys; every choice after a discard it is shown is noted."""

    def __init__(self, skin_name: str, seed: int) -> None:
        super().__init__(skin_name, seed)
        self.asked: list[bool] = []  # for each knock decision shown: whether a knock was legal

    def step(self) -> bool:
        top = self.top
        if isinstance(top, PlayScreen) and top.phase is Phase.DECIDE:
            self.asked.append(Knock() in top.ui.view().legal_actions)
        return super().step()


def test_a_whole_match_with_confirm_off_asks_only_when_a_knock_is_possible(
        data_dir: Path, display) -> None:
    SettingsStore(data_dir).save(Settings(options=Options(points_to_win=50),
                                          confirm_discard=False))
    driver = QuickDriver("classic", 3)
    for _ in range(20_000):
        if not driver.step():
            break
    else:
        raise AssertionError("the match did not end")
    assert driver.results, "hands were played"
    assert all(driver.asked), "the choices were shown only when a knock was possible"
    assert "GameOverScreen" in driver.seen
    record = Ledger(data_dir).history()[0][0].record
    discards = [p for p in positions(record) if p.seat == 0 and p.step
                and p.step.startswith("discard")]
    assert len(driver.asked) < len(discards) / 2, "most discards ended the turn at once"
