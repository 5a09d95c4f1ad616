"""The score sheet: every hand with how it ended and who scored what, the running totals, the
match bonuses once a match with them is won; reached from the match menu, a hand's score and
the game over; paged with the keys where a long match does not fit, on every skin; its columns
this phone's player first, at a table of two people too."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from gin_handset.ai.levels import make_player
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render.fonts import line_height, text_width
from gin_handset.render.theme import Theme
from gin_handset.rules.options import Options
from gin_handset.screens.base import Pop, Push
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.menu import ITEMS, SHEET, MatchMenuScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.sheet import (
    BONUS_RULE,
    GAP,
    ScoreSheetScreen,
    SheetRow,
    sheet_rows,
)
from gin_handset.screens.match.ui import MatchUI, Route
from gin_handset.session.match_session import MatchSession
from gin_handset.session.pass_and_play import PassAndPlaySession
from gin_handset.session.record import MatchRecord
from gin_handset.settings import Settings
from tests.conftest import skin_theme
from tests.test_match_references import STATES, ui_at
from tests.test_session import play_steps


def cells(rows: list[SheetRow]) -> list[tuple[str, tuple[str, str] | None]]:
    return [(row.label, row.cells) for row in rows]


def test_every_hand_with_who_scored_what_and_how_and_the_running_totals(tmp_path: Path) -> None:
    ui = ui_at(skin_theme("classic"), "gin_score_undercut", tmp_path)
    rows = sheet_rows(ui.session, ui.seats)
    assert cells(rows) == [
        ("1 Knock +28", ("28", "")),
        ("2 Knock +15", ("43", "")),
        ("3 Knock +19", ("", "19")),
        ("4 Undercut +25", ("", "44")),
        ("Total (to 50)", ("43", "44")),
    ]
    assert [row.marked for row in rows[:4]] == [(True, False)] * 2 + [(False, True)] * 2
    assert ScoreSheetScreen(ui).names() == ("You", "CPU")


def test_a_dead_hand_scores_nothing(tmp_path: Path) -> None:
    ui = ui_at(skin_theme("classic"), "okla_score_dead", tmp_path)
    assert cells(sheet_rows(ui.session, ui.seats)) == [("1 Dead hand", ("", "")),
                                                       ("Total (to 50)", ("0", "0"))]


def test_a_match_won_with_bonuses_adds_them_up_to_the_final_score(tmp_path: Path) -> None:
    ui = ui_at(skin_theme("classic"), "gin_over_bonuses", tmp_path)  # 4 hands won, none lost
    assert cells(sheet_rows(ui.session, ui.seats))[4:] == [
        ("Hand points", ("50", "0")),
        ("Box 25 a hand", ("100", "0")),
        ("Game bonus", ("100", "")),
        ("Shutout", ("x2", "")),
        ("Final", ("500", "0")),
    ]
    plain = ui_at(skin_theme("classic"), "gin_over", tmp_path / "plain")
    assert cells(sheet_rows(plain.session, plain.seats))[4:] == [("Total", ("50", "0"))]


def test_while_a_match_with_bonuses_goes_on_the_sheet_counts_the_hands_won(
        tmp_path: Path) -> None:
    _, seed, steps = STATES["gin_score_undercut"]
    options = Options(points_to_win=50, undercut_bonus=25, match_bonuses=True)
    session = MatchSession(MatchRecord(options, seed, "normal", tuple(steps.split(";"))))
    ui = MatchUI(session, AppContext(skin_theme("classic"), initial_settings=Settings()))
    assert cells(sheet_rows(session, ui.seats))[4:] == [
        ("Total (to 50)", ("43", "44")), ("Hands won", ("2", "2")), (BONUS_RULE, None)]


def test_reached_from_a_score_the_game_over_and_the_match_menu(tmp_path: Path) -> None:
    theme = skin_theme("flip")
    score = MatchHost(ui_at(theme, "gin_score_knock", tmp_path))
    step = score.on_key(K.NUM3)
    assert isinstance(step, Push) and isinstance(step.screen, ScoreSheetScreen)
    assert isinstance(step.screen.on_key(K.SELECT), Pop), "one page: OK goes back"
    over = MatchHost(ui_at(theme, "gin_over", tmp_path / "over"), Route.GAME_OVER)
    step = over.on_key(K.NUM3)
    assert isinstance(step, Push) and isinstance(step.screen, ScoreSheetScreen)
    assert isinstance(step.screen.on_key(K.CLEAR), Pop)
    menu = MatchMenuScreen(score.ui)
    while ITEMS[menu.cursor] != SHEET:
        menu.on_key(K.NUM8)
    assert isinstance(menu.on_key(K.NUM5).screen, ScoreSheetScreen)  # type: ignore[union-attr]


@functools.cache
def long_record() -> MatchRecord:
    """A match to 500 between two simple computer players, played to its end."""
    session = MatchSession.new(Options(points_to_win=500, match_bonuses=True), 21, "simple")
    play_steps(session, 100_000)
    assert session.match_over and len(session.results) > 12
    return session.record


def long_match(theme: Theme) -> MatchUI:
    return MatchUI(MatchSession(long_record()), AppContext(theme, initial_settings=Settings()))


def fits(screen: ScoreSheetScreen, theme: Theme) -> None:
    """Every page fits above the prompt, every label and number in its room, uncut."""
    found = screen.layout(theme)
    area = screen.area(theme)
    room = found.right[0] - found.column - GAP - area.left
    for page in screen.pages(theme):
        assert (len(page) + 1) * (line_height(found.font) + 1) <= area.height
        for row in page:
            if row.cells is None:
                assert text_width(row.label, found.font) <= area.width
                continue
            assert text_width(row.label, found.font) <= room, row.label
            assert all(text_width(c, found.font) <= found.column for c in row.cells)


def test_a_long_match_pages_with_the_keys_on_every_skin(skin) -> None:
    _, theme = skin
    ui = long_match(theme)
    screen = ScoreSheetScreen(ui)
    pages = screen.pages(theme)
    fits(screen, theme)
    assert len(pages) > 1 or theme.height > 208, "the small screens page a long match"
    rows = sheet_rows(ui.session, ui.seats)
    assert [row for page in pages for row in page] == rows, "every line once, in order"
    assert screen.shown_page(theme) == len(pages) - 1, "it opens on the totals"
    if len(pages) == 1:
        assert isinstance(screen.on_key(K.SELECT), Pop)
        return
    seen = [screen.shown_page(theme)]
    for _ in range(len(pages) - 1):
        assert screen.on_key(K.NUM2) is None
        seen.append(screen.shown_page(theme))
    assert seen == list(range(len(pages) - 1, -1, -1))
    screen.on_key(K.NUM2)
    assert screen.shown_page(theme) == 0, "2 stops at the first page"
    assert screen.on_key(K.SELECT) is None and screen.shown_page(theme) == 1, "OK turns on"
    screen.on_key(K.NUM8)
    while screen.shown_page(theme) < len(pages) - 1:
        screen.on_key(K.NUM6)
    assert isinstance(screen.on_key(K.SELECT), Pop), "OK on the last page goes back"


@pytest.mark.parametrize("viewer", [0, 1])
def test_at_a_table_of_two_people_the_player_holding_the_phone_comes_first(viewer: int) -> None:
    session = PassAndPlaySession.new(Options(points_to_win=50), 5, ("Ann", "Bob"))
    players = [make_player("simple", random.Random(seat)) for seat in (0, 1)]
    while len(session.results) < 2:
        if session.hand_over:
            session.next_hand()
            continue
        session.take_over()
        assert session.act(players[session.to_act].choose(session.view())) is None
    session.viewer = viewer
    ui = MatchUI(session, AppContext(skin_theme("classic"), initial_settings=Settings()))
    names = ("Ann", "Bob") if viewer == 0 else ("Bob", "Ann")
    assert ScoreSheetScreen(ui).names() == names
    total = sheet_rows(session, ui.seats)[-1]
    assert total.cells == (str(session.scores[viewer]), str(session.scores[1 - viewer]))
