"""Drawing changes nothing: every screen class in ``gin_handset/screens`` drawn in a state of
its own (menus, dialogs, the record screens, every match screen, the replay) leaves the screen,
its context and its match as they were. A screen that moved its page or its cursor in ``draw``
would show one thing and act on another, and a redraw (a skin change, an expose) would change
the game."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import threading
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

import pygame
import pytest

import gin_handset.screens
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render.theme import Theme
from gin_handset.rules.options import Options
from gin_handset.screens.base import Pop, Screen
from gin_handset.screens.dialogs import QuestionScreen
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.history import HistoryScreen
from gin_handset.screens.match.passing import PassScreen
from gin_handset.screens.match.replay import ReplayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import ReviewScreen
from gin_handset.screens.match.ui import MatchUI, Route
from gin_handset.screens.options import OptionsScreen
from gin_handset.screens.statistics import RESET_TEXT, StatisticsScreen
from gin_handset.screens.tables import AddressScreen, TableWaitScreen, TimeScreen
from gin_handset.screens.text_entry import TextEntryScreen
from gin_handset.screens.two_players import TwoPlayersScreen
from gin_handset.session.ledger import Ledger
from gin_handset.session.pass_and_play import PassAndPlaySession
from gin_handset.session.record import MatchRecord, replay
from gin_handset.session.replayer import positions
from tests import test_match_references as match_refs
from tests import test_render_references as menu_refs

# Memos a screen may fill while drawing: they change no behaviour, only save work.
MEMOS = {"_built",  # HelpScreen: its pages wrapped for a theme
         "_views"}  # MatchSession: each seat's view, built once per step
DEADLINE_S = 60  # a guard against a hang only: the coach's review takes a fraction of a second


def snapshot(value: Any, seen: set[int] | None = None) -> Any:
    """What ``value`` holds, as plain data to compare: the project's objects field by field (the
    memos aside), containers item by item, anything else (pygame surfaces, threads, functions)
    by its type alone."""
    seen = set() if seen is None else seen
    if value is None or isinstance(value, (str, int, float, bytes, Enum)):
        return value
    if id(value) in seen:
        return ("seen", type(value).__name__)
    seen.add(id(value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [snapshot(v, seen) for v in value])
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, sorted(repr(snapshot(v, seen)) for v in value))
    if isinstance(value, dict):
        return ("dict", [(snapshot(k, seen), snapshot(v, seen)) for k, v in value.items()])
    if type(value).__module__.startswith("gin_handset.") and hasattr(value, "__dict__"):
        return (type(value).__name__, {name: snapshot(field, seen)
                                       for name, field in vars(value).items()
                                       if name not in MEMOS})
    return type(value).__name__


def at_last_page(screen: HelpScreen | StatisticsScreen, theme: Theme) -> Screen:
    """The screen on a page past its last, as when a skin that fits more on a page replaced the
    one it was turned on: it shows its last page."""
    screen.page = len(screen.pages(theme)) + 2
    return screen


def with_history(data_dir: Path) -> None:
    """One finished match in the player's history (a recorded match, nothing played)."""
    game, seed, steps = match_refs.STATES["gin_over"]
    options = Options(points_to_win=50, game_type=match_refs.GAME_TYPES[game],
                      undercut_bonus=25, oklahoma_spade_doubles=True)  # as ui_at's
    record = MatchRecord(options, seed, "normal", tuple(steps.split(";")),
                         started="2026-11-30T20:00:00")
    assert replay(record).is_over
    assert Ledger(data_dir).count_finished(record, replay(record)) == []


def history(theme: Theme, data_dir: Path) -> Screen:
    with_history(data_dir)
    screen = HistoryScreen(menu_refs._context(theme))
    assert screen.entries, "a match to list"
    return screen


def replay_screen(theme: Theme, data_dir: Path) -> Screen:
    with_history(data_dir)
    record = Ledger(data_dir).history()[0][0].record
    screen = ReplayScreen(positions(record), record.seed)
    screen.on_key(K.NUM6)
    return screen


def statistics(theme: Theme, data_dir: Path) -> Screen:
    with_history(data_dir)
    return at_last_page(StatisticsScreen(menu_refs._context(theme)), theme)


def unreadable_statistics(theme: Theme, data_dir: Path) -> Screen:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "statistics.json").write_text("{")
    screen = StatisticsScreen(menu_refs._context(theme))
    assert screen.notice.messages
    return screen


def review(ui: MatchUI) -> Screen:
    """The coach's review of the hand just scored, worked out (the screen sets it to work)."""
    screen = ReviewScreen(ui)
    working = [t for t in threading.enumerate() if t is not threading.main_thread()]
    for thread in working:
        thread.join(DEADLINE_S)
    assert not any(t.is_alive() for t in working), "the review never came"
    return screen


def pass_screen(theme: Theme, _data_dir: Path) -> Screen:
    """Pass and Play's "pass the phone" screen, before the first deal is shown."""
    session = PassAndPlaySession.new(Options(), 1, ("Ann", "Bob"))
    host = MatchHost(MatchUI(session, menu_refs._app_context(theme)), Route.DEAL)
    assert isinstance(host.current, PassScreen)
    return host.current


def text_entry(theme: Theme, _data_dir: Path) -> Screen:
    """A name being typed with multi-tap: "Ann", its last letter still under the cursor."""
    screen = TextEntryScreen("Name", "Your name?", "", 10, lambda _name: Pop())
    for key in (K.NUM2, K.NUM6, K.NUM6, K.NUM6, K.NUM6, K.NUM6, K.NUM6):
        screen.on_key(key)
    return screen


# Menus, dialogs and the record screens: built from the theme and the (private) data folder.
OTHER_SCREENS: dict[str, Callable[[Theme, Path], Screen]] = {
    **{f"menu_{name}": lambda t, _d, build=build: build(t)
       for name, build in menu_refs.SCREENS.items() if name != "cards"},
    "help_past_the_end": lambda t, _d: at_last_page(HelpScreen(menu_refs._app_context(t)), t),
    "options_changed": lambda t, _d: menu_refs._keys(OptionsScreen(menu_refs._context(t)),
                                                     K.NUM8, K.NUM6),
    "question": lambda t, _d: QuestionScreen("Statistics", RESET_TEXT, "OK: reset  CLR: keep",
                                             ("Reset", "Keep"), Pop),
    "statistics_past_the_end": statistics,
    "statistics_unreadable": unreadable_statistics,
    "history": history,
    "history_empty": lambda t, _d: HistoryScreen(menu_refs._context(t)),
    "replay": replay_screen,
    "two_players": lambda t, _d: TwoPlayersScreen(menu_refs._app_context(t)),
    "text_entry": text_entry,
    "pass_the_phone": pass_screen,
    "time_per_hand": lambda t, _d: TimeScreen(menu_refs._app_context(t)),
    "address_typed": lambda t, _d: AddressScreen(menu_refs._app_context(t),
                                                 "192.168.1.20:8765/123456"),
    "table_refused": lambda t, _d: TableWaitScreen(menu_refs._app_context(t), None,
                                                   "The table said: no table has the code"),
}
# The match screens: built on a match replayed to a recorded state.
MATCH_SCREENS: dict[str, tuple[str, Callable[[MatchUI], Screen]]] = {
    **match_refs.SCREENS,
    "review": ("gin_score_knock", review),
    "host_play": ("gin_draw", MatchHost),
    "host_score": ("gin_score_knock", MatchHost),
    "match_replay": ("gin_score_knock",
                     lambda ui: ReplayScreen(positions(ui.session.record), ui.session.seed)),
}


def assert_draw_changes_nothing(screen: Screen, theme: Theme, *more: Any) -> None:
    before = snapshot((screen, *more))
    lcd = pygame.Surface((theme.width, theme.height))
    screen.draw(lcd, theme)
    assert snapshot((screen, *more)) == before, f"drawing {type(screen).__name__} changed it"
    again = pygame.Surface((theme.width, theme.height))
    screen.draw(again, theme)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(lcd, "RGB")


@pytest.mark.parametrize("name", sorted(OTHER_SCREENS))
def test_drawing_a_screen_changes_nothing(name: str, theme: Theme, data_dir: Path) -> None:
    assert_draw_changes_nothing(OTHER_SCREENS[name](theme, data_dir), theme)


@pytest.mark.parametrize("name", sorted(MATCH_SCREENS))
def test_drawing_a_match_screen_changes_nothing(name: str, theme: Theme, tmp_path: Path) -> None:
    state, build = MATCH_SCREENS[name]
    ui = match_refs.ui_at(theme, state, tmp_path)
    assert_draw_changes_nothing(build(ui), theme, ui)


def test_help_and_statistics_show_their_last_page_and_turn_back_from_it(
    theme: Theme, data_dir: Path,
) -> None:
    for screen in (OTHER_SCREENS["help_past_the_end"](theme, data_dir),
                   statistics(theme, data_dir)):
        assert isinstance(screen, HelpScreen | StatisticsScreen)
        last = len(screen.pages(theme)) - 1
        shown = pygame.Surface((theme.width, theme.height))
        screen.draw(shown, theme)
        screen.page = last
        expected = pygame.Surface((theme.width, theme.height))
        screen.draw(expected, theme)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
        screen.page = last + 2
        screen.on_key(K.NUM2)
        assert screen.page == last - 1, "2 turns back from the page shown"


def screen_classes() -> set[type[Screen]]:
    """Every screen class that is no other's base, in gin_handset.screens and below."""
    found: set[type[Screen]] = set()
    package = gin_handset.screens
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        module = importlib.import_module(info.name)
        found |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                  if issubclass(c, Screen) and c.__module__ == info.name}
    bases = {base for c in found for base in c.__mro__[1:]}
    return found - bases


def test_every_screen_class_is_drawn_above(theme: Theme, data_dir: Path, tmp_path: Path) -> None:
    built = {type(build(theme, data_dir)) for build in OTHER_SCREENS.values()}
    for state, build in MATCH_SCREENS.values():
        screen = build(match_refs.ui_at(theme, state, tmp_path))
        built |= {type(screen), type(getattr(screen, "current", screen))}  # a host's, too
    missing = sorted(c.__name__ for c in screen_classes() - built)
    assert not missing, f"no state drawn for {missing}: add one to OTHER_SCREENS or MATCH_SCREENS"
    assert len(screen_classes()) >= 17
