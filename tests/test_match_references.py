"""The match screens rendered on every skin and compared with stored PNGs (tests/references/
match_*.png). The states are replayed from recorded steps, so they do not depend on how the
computer plays. Set UPDATE_REFERENCES=1 to write the references afresh, then look at them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import widgets
from gin_handset.render.fonts import wrap_text
from gin_handset.render.theme import Theme
from gin_handset.rules.bonuses import FinalScore
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA, Options
from gin_handset.screens.base import Screen
from gin_handset.screens.common import count
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.menu import HintScreen, MatchMenuScreen, PileScreen
from gin_handset.screens.match.play import PlayScreen
from gin_handset.screens.match.score import GameOverScreen, ReviewScreen, ScoreScreen
from gin_handset.screens.match.sheet import ScoreSheetScreen
from gin_handset.screens.match.showdown import fitted, result_lines, total_lines
from gin_handset.screens.match.ui import MatchUI
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import MatchRecord
from gin_handset.session.saves import SaveStore
from gin_handset.session.seats import COMPUTER_SEATS, Seats
from gin_handset.settings import Settings
from tests.conftest import skin_theme
from tests.pictures import assert_matches_reference

GAME_TYPES = {"gin": GIN_RUMMY, "okla": OKLAHOMA}
BONUSES = "+bonuses"  # after a state's game type: played with the match bonuses
NOTICE = ("Saved match /home/you/.local/share/gin-handset/match.json cannot be resumed, field "
          "steps: not readable JSON; it was moved to match.json.bad-1.")

STATES: dict[str, tuple[str, int, str]] = {  # name: (game type, match seed, steps)
    "gin_cpu_drew": ("gin", 0, (
        "take;discard Tc;end;stock"
    )),
    "gin_decide_knock": ("gin", 0, (
        "take;discard Tc;end;stock;discard Kc;end;stock;discard Kd;end;stock;discard Qd;end;"
        "stock;discard 5h"
    )),
    "gin_defender": ("gin", 1, (
        "take;discard Jc;end;stock;discard Jd;end;stock;discard Qc;end;stock;discard Qs;end;"
        "pile;discard Kh;end;stock;discard 7s;end;pile;discard Qh;knock;"
        "arrange 5s 6s 7s|Js Qs Ks;arrange 8c 8d 8h|9d 9h 9s;next;take;discard 9d;end;pile;"
        "discard Qc;end;stock;discard Kc;end;stock;discard Jd;end;stock;discard Ks;end;stock;"
        "discard Qh;end;stock;discard 9c;end;stock;discard Jh;end;stock;discard 7c;end;pile;"
        "discard 9d;end;stock;discard 7h;end;pile;discard 6c;end;stock;discard 6d;end;stock;"
        "discard 5s;end;stock;discard 6h;end;stock;discard 5h;end;stock;discard Qs;end;stock;"
        "discard 8d;end;stock;discard Th;end;stock;discard 4d;knock;"
        "arrange 7c 7d 7h|Ah 2h 3h;arrange 2c 3c 4c|8s 9s Ts;next;pass;pass;stock;discard Kc;"
        "end;stock;discard Jd;end;stock;discard Qc;end;stock;discard 9s;end;pile;discard Ks;"
        "end;stock;discard Jh;end;stock;discard Qd;end;stock;discard 9c;end;stock;discard 9s;"
        "end;stock;discard 8c;end;stock;discard 7d;end;stock;discard Qs;end;stock;discard Kh;"
        "end;stock;discard Qh;end;stock;discard 7s;end;stock;discard 8s;end;stock;discard 5h;"
        "end;pile;discard 7c;knock;arrange 5c 5d 5h|Td Th Ts"
    )),
    "gin_defender_lays_off": ("gin", 4, (
        "pass;take;discard Ts;end;stock;discard Kh;end;pile;discard Qd;end;stock;discard Js;end;"
        "stock;discard 9d;knock;arrange 9h Th Jh Qh Kh|As 2s 3s"
    )),
    "gin_draw": ("gin", 0, (
        "take;discard Tc;end;stock;discard Kc;end"
    )),
    "gin_knocker": ("gin", 0, (
        "take;discard Tc;end;stock;discard Kc;end;stock;discard Kd;end;stock;discard Qd;end;"
        "stock;discard 5h;knock"
    )),
    "gin_offer": ("gin", 0, (
        ""
    )),
    "gin_over": ("gin", 0, (
        "take;discard Tc;end;stock;discard Kc;end;stock;discard Kd;end;stock;discard Qd;end;"
        "stock;discard 5h;knock;arrange 4c 5c 6c|7h 8h 9h Th Jh;arrange 4d 5d 6d|3s 4s 5s;"
        "next;pass;take;discard Td;end;stock;discard Kc;end;stock;discard Jd;end;stock;"
        "discard Kd;end;stock;discard 8d;end;stock;discard Qc;end;stock;discard 8s;end;stock;"
        "discard 9s;end;pile;discard 7c;end;stock;discard 9d;end;stock;discard 7s;knock;"
        "arrange Th Jh Qh|9s Ts Js Qs;arrange 4h 5h 6h 7h;next;take;discard Kd;end;stock;"
        "discard Qh;end;stock;discard Qc;end;stock;discard Ks;end;stock;discard Js;end;stock;"
        "discard 9h;end;stock;discard 9s;end;stock;discard Jd;end;stock;discard 9c;end;stock;"
        "discard 8c;end;stock;discard 8h;end;stock;discard 8d;end;stock;discard Ts;end;stock;"
        "discard Qs;end;stock;discard 6h;knock;arrange 2c 2d 2h|4c 5c 6c;arrange 4d 4h 4s;"
        "next;pass;pass;stock;discard Td;end;stock;discard Kd;end;stock;discard Kh;end;pile;"
        "discard Jd;end;stock;discard Js;end;stock;discard 9h;end;pile;discard 8c;end;stock;"
        "discard Qs;end;stock;discard Ks;end;stock;discard 7s;end;stock;discard 6s;end;stock;"
        "discard Tc;end;stock;discard 4h;end;pile;discard 5s;knock;"
        "arrange 5c 6c 7c|3h 4h 5h|Jh Qh Kh;arrange 6d 7d 8d|9c 9h 9s"
    )),
    "gin_score_gin": ("gin", 8, (
        "pass;take;discard Jh;end;pile;discard Ks;end;stock;discard Kc;end;stock;discard Qd;"
        "end;stock;discard 8c;end;stock;discard Td;end;pile;discard 8h;end;stock;discard 9d;"
        "end;stock;discard 7c;end;stock;discard 8s;end;stock;discard Js;end;stock;discard 7s;"
        "end;stock;discard 9c;end;stock;discard Jd;end;stock;discard 6d;end;pile;discard 5d;"
        "end;pile;discard 4h;knock;arrange 2c 2d 2h|5c 5d 5h|Tc Td Th Ts;"
        "arrange Jh Qh Kh|6c 6d 6h"
    )),
    "gin_score_knock": ("gin", 0, (
        "take;discard Tc;end;stock;discard Kc;end;stock;discard Kd;end;stock;discard Qd;end;"
        "stock;discard 5h;knock;arrange 4c 5c 6c|7h 8h 9h Th Jh;arrange 4d 5d 6d|3s 4s 5s"
    )),
    "gin_score_undercut": ("gin", 9, (
        "pass;pass;stock;discard Qd;end;stock;discard Kd;end;stock;discard Tc;end;stock;"
        "discard 9d;end;pile;discard Jc;end;stock;discard 8s;end;stock;discard 9s;end;stock;"
        "discard 6s;knock;arrange 5h 6h 7h 8h|As 2s 3s;arrange 9h Th Jh;next;take;discard Qd;"
        "end;stock;discard Kd;end;stock;discard Kh;end;stock;discard Qs;end;stock;discard Ts;"
        "end;stock;discard Ks;end;stock;discard Qc;end;stock;discard 8d;end;stock;discard Kc;"
        "end;stock;discard Td;end;stock;discard 8h;end;pile;discard 9s;end;pile;discard 6d;"
        "knock;arrange Jc Jh Js|7s 8s 9s;arrange 6h 7h 8h|3d 3h 3s;next;take;discard Td;end;"
        "pile;discard Kc;end;stock;discard Jc;end;stock;discard Qd;end;pile;discard 9s;end;"
        "stock;discard 8h;end;stock;discard 7h;end;pile;discard 8s;end;stock;discard 7s;end;"
        "stock;discard 7h;end;stock;discard 8d;end;stock;discard 7c;end;pile;discard 3h;"
        "knock;arrange 7c 8c 9c|4c 4d 4s|Qd Qh Qs;arrange Tc Td Ts;next;take;discard Jd;end;"
        "stock;discard Jc;end;stock;discard Kd;end;stock;discard 6d;end;pile;discard Kh;end;"
        "stock;discard 6h;end;pile;discard Qs;end;pile;discard 5h;end;pile;discard 9d;end;"
        "stock;discard Tc;end;stock;discard 9h;end;stock;discard Ts;end;stock;discard 8h;end;"
        "stock;discard 9s;end;stock;discard 8s;end;stock;discard Kc;end;stock;discard 7d;end;"
        "stock;discard 6s;end;pile;discard 5h;knock;arrange 6d 6h 6s|5c 6c 7c;"
        "arrange Qc Qd Qh Qs"
    )),
    "gin_cpu_wins_at_once": ("gin", 125, (
        "pass;pass;stock;discard Qd;end;stock;discard Th;knock;arrange 8c 8d 8h|Jd Jh Js;arrange "
    )),
    "gin_taken": ("gin", 0, (
        "take"
    )),
    "okla_draw": ("okla", 0, (
        "take;discard Tc;end;stock;discard Kc;end"
    )),
    "okla_score_doubled": ("okla", 0, (
        "take;discard Tc;end;stock;discard Kc;end;stock;discard Kd;end;stock;discard Qd;end;"
        "stock;discard 5h;end;stock;discard 9s;end;stock;discard 9c;end;stock;discard 8c;"
        "knock;arrange 4d 5d 6d 7d|3s 4s 5s 6s;arrange 4c 5c 6c|7h 8h 9h Th Jh;next;pass;"
        "take;discard Td;end;stock;discard Kc;end;stock;discard Jd;end;stock;discard Kd;end;"
        "stock;discard 8d;end;stock;discard Qc;end;stock;discard 8s;end;stock;discard 9s;end;"
        "pile;discard 7c;end;stock;discard 9d;end;stock;discard 7s;end;stock;discard 6s;"
        "knock;arrange 4h 5h 6h 7h|3c 3h 3s;arrange Th Jh Qh|9s Ts Js Qs"
    )),
    "okla_score_doubled_undercut": ("okla", 271, (  # the longest sum: room made on flip
        "pass;pass;stock;discard 9s;end;stock;discard Qc;end;pile;discard Qd;end;stock;"
        "discard Ks;end;stock;discard 7h;end;stock;discard Kd;end;stock;discard 9h;end;stock;"
        "discard Th;end;stock;discard Jd;end;stock;discard Qh;end;stock;discard 7s;end;stock;"
        "discard Jh;end;stock;discard 7d;end;stock;discard 8h;end;stock;discard Td;end;stock;"
        "discard 9d;end;stock;discard 6s;end;stock;discard Js;end;stock;discard 6c;end;stock;"
        "discard 8s;end;stock;discard 5h;knock;arrange 8c 9c Tc Jc Qc|4d 5d 6d;"
        "arrange 2c 2h 2s|3d 3h 3s"
    )),
    "okla_score_dead": ("okla", 113, (
        "take;discard Qc;end;stock;discard Jh;end;pile;discard 9c;end;pile;discard Kh;end;"
        "stock;discard 9h;end;pile;discard Js;end;pile;discard 8s;end;pile;discard 9c;end;"
        "stock;discard Qd;end;stock;discard 9h;end;stock;discard 7d;end;stock;discard 7c;end;"
        "stock;discard Ks;end;stock;discard 6d;end;stock;discard Td;end;stock;discard Ts;end;"
        "stock;discard 7s;end;stock;discard 5c;end;stock;discard Qs;end;stock;discard 9d;end;"
        "stock;discard Tc;end;stock;discard 5d;end;stock;discard 6s;end;stock;discard 4h;end;"
        "pile;discard 5h;end;stock;discard 4s;end;pile;discard 2s;end;stock;discard 2d;end;"
        "stock;discard 7h;end;stock;discard 9s;end;stock;discard Qh;end;stock;discard Th;end;"
        "stock;discard Kd;end;stock;discard 2c;end;stock;discard 3s;end;pile;discard 2h;end;"
        "stock;discard 6h;end;stock;discard 6c;end"
    )),
}
STATES["gin_over_bonuses"] = ("gin" + BONUSES, *STATES["gin_over"][1:])  # won by a shutout


def ui_at(theme: Theme, state: str, folder: Path) -> MatchUI:
    game, seed, steps = STATES[state]
    options = Options(points_to_win=50, game_type=GAME_TYPES[game.removesuffix(BONUSES)],
                      undercut_bonus=25, oklahoma_spade_doubles=True,
                      match_bonuses=game.endswith(BONUSES))
    record = MatchRecord(options, seed, "normal", tuple(s for s in steps.split(";") if s))
    context = AppContext(theme, initial_settings=Settings(options=options))
    ui = MatchUI(MatchSession(record, SaveStore(folder)), context)
    ui.sync_order()
    return ui


def keys(screen: Screen, *pressed: K) -> Screen:
    for key in pressed:
        screen.on_key(key)
    return screen


def deal(ui: MatchUI) -> Screen:
    screen = DealScreen(ui)
    screen.update(900)
    return screen


def computer(ui: MatchUI) -> Screen:
    """The computer's turn showing its last recorded step."""
    ui.session.computer_step = ui.view().log[-1]
    return ComputerTurnScreen(ui)


def taken(ui: MatchUI) -> Screen:
    """The cursor brought onto the card just taken from the pile, and 5 pressed on it."""
    screen = PlayScreen(ui)
    target = ui.hand_cards().index(ui.view().taken)
    while screen.hand_cursor != target:
        screen.on_key(K.NUM4 if target < screen.hand_cursor else K.NUM6)
    return keys(screen, K.NUM5)


def hint(ui: MatchUI) -> Screen:
    """The coach's hint, worked out."""
    screen = HintScreen(ui)
    while ui.session.hint_pending():
        time.sleep(0.005)
    screen.update(16)
    return screen


def review(ui: MatchUI) -> Screen:
    """The coach's review of the hand just over, worked out."""
    screen = ReviewScreen(ui)
    while ui.session.review() is None:
        time.sleep(0.005)
    screen.update(16)
    return screen


def notice(ui: MatchUI) -> Screen:
    return NoticeScreen([NOTICE, "A new match starts."], DealScreen(ui), ui.theme)


SCREENS: dict[str, tuple[str, Callable[[MatchUI], Screen]]] = {
    "deal": ("gin_offer", deal),
    "offer": ("gin_offer", PlayScreen),
    "draw": ("gin_draw", PlayScreen),
    "draw_pile": ("gin_draw", lambda f: keys(PlayScreen(f), K.NUM6)),
    "discard_taken": ("gin_taken", taken),
    "decide_knock": ("gin_decide_knock", PlayScreen),
    "computer_turn": ("gin_cpu_drew", computer),
    "knocker": ("gin_knocker", lambda f: keys(ArrangeScreen(f), K.NUM6, K.NUM5, K.NUM6,
                                              K.NUM5)),
    "defender": ("gin_defender", ArrangeScreen),
    "defender_lays_off": ("gin_defender_lays_off", ArrangeScreen),
    "score_gin": ("gin_score_gin", ScoreScreen),
    "score_knock": ("gin_score_knock", ScoreScreen),
    "score_undercut": ("gin_score_undercut", ScoreScreen),
    "score_dead": ("okla_score_dead", ScoreScreen),
    "score_doubled": ("okla_score_doubled", ScoreScreen),
    "score_doubled_undercut": ("okla_score_doubled_undercut", ScoreScreen),
    "sheet_doubled": ("okla_score_doubled_undercut", ScoreSheetScreen),
    "oklahoma_draw": ("okla_draw", PlayScreen),
    "game_over": ("gin_over", GameOverScreen),
    "game_over_cpu": ("gin_cpu_wins_at_once", GameOverScreen),
    "menu": ("gin_draw", MatchMenuScreen),
    "pile": ("gin_score_knock", PileScreen),
    "hint": ("gin_draw", hint),
    "hint_discard": ("gin_taken", hint),
    "hint_knock": ("gin_decide_knock", hint),
    "review": ("gin_score_undercut", review),
    "notice": ("gin_offer", notice),
    "sheet": ("gin_score_undercut", ScoreSheetScreen),
    "sheet_bonuses": ("gin_over_bonuses", ScoreSheetScreen),
    "game_over_bonuses": ("gin_over_bonuses", GameOverScreen),
    "score_final_bonuses": ("gin_over_bonuses", ScoreScreen),
}


@pytest.mark.parametrize("screen_name", sorted(SCREENS))
def test_match_screen_matches_its_reference(screen_name, skin, tmp_path):
    skin_name, theme = skin
    state, build = SCREENS[screen_name]
    lcd = pygame.Surface((theme.width, theme.height))
    build(ui_at(theme, state, tmp_path)).draw(lcd, theme)
    assert_matches_reference(lcd, f"match_{screen_name}_{skin_name}", tmp_path)


def test_the_game_over_headline_keeps_clear_of_the_edges(skin, tmp_path):
    """"CPU wins the match" (title type, the accent colour) wraps rather than run edge to edge
    (the reference game_over_cpu shows it, and "in 1 hand")."""
    _, theme = skin
    ui = ui_at(theme, "gin_cpu_wins_at_once", tmp_path)
    assert ui.session.match_over and ui.session.winner == 1 and len(ui.session.results) == 1
    lcd = pygame.Surface((theme.width, theme.height))
    screen = GameOverScreen(ui)
    screen.draw(lcd, theme)
    accent = theme.color("accent")
    top = widgets.layout(theme).content.top
    xs = [x for x in range(theme.width) for y in range(top, widgets.prompt_rect(theme).top)
          if lcd.get_at((x, y))[:3] == accent]
    assert xs, "the headline is drawn"
    margin = theme.width // 16
    assert min(xs) >= margin and max(xs) < theme.width - margin, (min(xs), max(xs))


def test_the_score_lines_give_way_last_first_and_keep_the_totals(theme) -> None:
    """Where the score lines do not fit, the deal's name goes first, then the sum is told in
    figures, then by its points alone, then not at all; the totals stay whole while they fit."""
    spec, width = theme.font("small"), theme.width - 2 * widgets.MARGIN
    sums = ("You score (6 - 6 deadwood + 25 undercut bonus) x2 for the spade upcard = 50.",
            "You score (6 - 6 + 25 undercut) x2 = 50.", "You score 50.", "")
    final = FinalScore((50, 0), (1, 0), 0, True)
    lines = [sums, *total_lines((50, 0), final, COMPUTER_SEATS), ("Seed 271 hand 1", "")]

    def wrapped(*texts: str) -> list[str]:
        return [line for text in texts for line in wrap_text(text, spec, width)]

    totals = wrapped("Total: You 50, CPU 0", "With bonuses: You 350, CPU 0")
    whole = wrapped(sums[0], *totals, "Seed 271 hand 1")
    assert fitted(lines, spec, width, len(whole)) == whole
    assert fitted(lines, spec, width, len(whole) - 1) == wrapped(sums[0], *totals)
    assert fitted(lines, spec, width, len(wrapped(sums[1])) + 2) == wrapped(sums[1], *totals)
    assert fitted(lines, spec, width, 3) == wrapped(sums[2], *totals)
    assert fitted(lines, spec, width, 2) == totals
    assert len(wrapped(sums[0])) > len(wrapped(sums[1])) > len(wrapped(sums[2])) == 1


def test_on_the_smallest_screen_long_names_keep_both_totals(tmp_path: Path) -> None:
    """Two ten-letter nicknames at the end of a match won with the bonuses, on flip (three
    lines under the hands): both players' totals and final scores show, by their names."""
    theme = skin_theme("flip")
    seats = Seats(0, ("Alexandria", "Maximilian"))
    final = FinalScore((150, 120), (3, 2), 0, True)
    result = ui_at(theme, "gin_score_undercut", tmp_path).session.result
    assert result is not None
    lines = result_lines(result, (150, 120), final, seats, "Seed 9 hand 4")
    shown = " ".join(fitted(lines, theme.font("small"), theme.width - 2 * widgets.MARGIN, 3))
    for name, total, final_total in (("Alexandria", 150, final.totals[0]),
                                     ("Maximilian", 120, final.totals[1])):
        assert f"{name} {total}" in shown and f"{name} {final_total}" in shown, shown


def test_a_count_of_one_is_singular() -> None:
    assert (count(1, "hand"), count(4, "hand"), count(0, "hand")) == ("1 hand", "4 hands",
                                                                      "0 hands")
