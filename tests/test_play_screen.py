"""The play screen's keys: focus and cursors, the card just taken, knock only when legal, cancel,
sorting and moving cards, CLR asking first. States are replayed from recorded steps."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest

from gin_handset.ai import make_player
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import table, widgets
from gin_handset.render.fonts import text_width
from gin_handset.rules.actions import Knock, parse_action
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import EventKind, Phase
from gin_handset.rules.options import Options
from gin_handset.screens.base import Pop, PopToRoot, Push, Replace
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.menu import HINT, ITEMS, HintScreen, MatchMenuScreen, PileScreen
from gin_handset.screens.match.play import PILE, STOCK, Focus, PlayScreen
from gin_handset.screens.match.replay import describe_step
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.score import GameOverScreen, ReviewScreen, ScoreScreen, match_length
from gin_handset.screens.match.sheet import ScoreSheetScreen
from gin_handset.screens.match.table import fitted_scores
from gin_handset.screens.match.ui import MatchUI, Route
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import HUMAN
from gin_handset.session.replayer import last_hand
from gin_handset.session.review import Reconsidered, reconsider
from gin_handset.session.saves import SaveStore
from gin_handset.session.seats import COMPUTER_SEATS, Seats
from tests.conftest import SKINS, skin_theme
from tests.test_match_references import ui_at
from tests.test_play_seeds import play_computer_step


def hosted(state: str, tmp_path: Path) -> MatchHost:
    """The match host at a recorded state, as the app shows it."""
    return MatchHost(ui_at(skin_theme("classic"), state, tmp_path))


def play(state: str, tmp_path: Path) -> PlayScreen:
    screen = hosted(state, tmp_path).current
    assert isinstance(screen, PlayScreen)
    return screen


def cursor_to(screen: PlayScreen, card: Card) -> None:
    """Press 4 or 6 until the cursor is on ``card``."""
    target = screen.ui.hand_cards().index(card)
    for _ in range(20):
        if screen.hand_cursor == target:
            return
        screen.on_key(K.NUM4 if target < screen.hand_cursor else K.NUM6)
    raise AssertionError(f"the cursor never reached {card}")


def test_the_card_just_taken_cannot_be_discarded_and_the_prompt_says_why(tmp_path):
    screen = play("gin_taken", tmp_path)
    taken = screen.ui.view().taken
    assert screen.focus is Focus.HAND and screen.ui.hand_cards()[screen.hand_cursor] != taken
    cursor_to(screen, taken)
    assert screen.on_key(K.NUM5) is None
    assert screen.ui.view().phase is Phase.DISCARD
    assert screen.prompt() == [taken, " was just taken: not now"]


def test_draw_from_either_pile_with_2_4_6_and_5(tmp_path):
    screen = play("gin_draw", tmp_path)
    assert (screen.focus, screen.pile_cursor) == (Focus.PILES, STOCK)
    screen.on_key(K.NUM8)
    assert screen.focus is Focus.HAND
    screen.on_key(K.NUM2)
    screen.on_key(K.NUM6)
    assert screen.pile_cursor == PILE
    top = screen.ui.view().discard_pile[-1]
    assert screen.on_key(K.NUM5) is None
    assert screen.ui.view().taken == top
    assert screen.focus is Focus.HAND


def test_knock_offered_only_when_legal_then_cancel_returns_the_card(tmp_path):
    screen = play("gin_decide_knock", tmp_path)
    labels = [label for label, _ in screen.choices()]
    assert screen.focus is Focus.CHOICES and labels == ["Knock", "End turn", "Cancel"]
    discarded = screen.ui.view().discard_pile[-1]
    screen.on_key(K.NUM8)
    screen.on_key(K.NUM8)
    assert screen.on_key(K.SELECT) is None
    assert screen.ui.view().phase is Phase.DISCARD
    assert discarded in screen.ui.hand_cards()
    worst = max(screen.ui.hand_cards(), key=lambda c: c.value)
    cursor_to(screen, worst)
    screen.on_key(K.NUM5)
    legal = Knock() in screen.ui.view().legal_actions
    assert ("Knock" in [label for label, _ in screen.choices()]) == legal


def test_knocking_goes_to_the_showdown(tmp_path):
    host = hosted("gin_decide_knock", tmp_path)
    assert host.on_key(K.NUM5) is None
    assert isinstance(host.current, ArrangeScreen)


def test_end_turn_hands_over_to_the_computer(tmp_path):
    host = hosted("gin_decide_knock", tmp_path)
    host.on_key(K.NUM6)
    assert host.on_key(K.SOFT_LEFT) is None
    assert isinstance(host.current, ComputerTurnScreen)
    host.on_exit()
    assert host.ui.session.closed, "leaving the match closes its session"


def test_sort_and_move_cards(tmp_path):
    screen = play("gin_taken", tmp_path)
    screen.on_key(K.STAR)
    ranks = [c.rank for c in screen.ui.hand_cards()]
    assert ranks == sorted(ranks)
    screen.on_key(K.POUND)
    cards = screen.ui.hand_cards()
    assert cards == sorted(cards, key=lambda c: (c.suit, c.rank))
    screen.hand_cursor = 3
    moved = cards[3]
    screen.on_key(K.NUM1)
    assert screen.ui.hand_cards()[2] == moved and screen.hand_cursor == 2
    screen.on_key(K.NUM3)
    screen.on_key(K.NUM3)
    assert screen.ui.hand_cards()[4] == moved


def test_clear_leaves_and_the_right_soft_key_opens_the_match_menu(tmp_path):
    host = hosted("gin_draw", tmp_path)
    assert isinstance(host.on_key(K.CLEAR), PopToRoot)
    step = host.on_key(K.SOFT_RIGHT)
    assert isinstance(step, Push) and isinstance(step.screen, MatchMenuScreen)
    menu = step.screen
    assert isinstance(menu.on_key(K.CLEAR), Pop), "CLR closes the match menu"
    assert isinstance(menu.on_key(K.SELECT), Pop), "Resume"
    menu.on_key(K.NUM8)
    menu.on_key(K.NUM8)
    pile = menu.on_key(K.SELECT)
    assert isinstance(pile, Replace) and isinstance(pile.screen, PileScreen)
    menu.on_key(K.NUM8)
    sheet = menu.on_key(K.SELECT)
    assert isinstance(sheet, Replace) and isinstance(sheet.screen, ScoreSheetScreen)
    menu.on_key(K.NUM8)
    assert isinstance(menu.on_key(K.NUM5), Push), "How to Play"
    menu.on_key(K.NUM8)
    assert isinstance(menu.on_key(K.SOFT_LEFT), PopToRoot), "Main menu"
    step = host.on_key(K.NUM9)
    assert isinstance(step, Push) and isinstance(step.screen, PileScreen)


@pytest.mark.parametrize(("state", "route", "shown"), [
    ("gin_offer", Route.DEAL, DealScreen),
    ("gin_offer", Route.PRESENT, PlayScreen),
    ("gin_cpu_drew", Route.PRESENT, ComputerTurnScreen),
    ("gin_knocker", Route.PRESENT, ArrangeScreen),
    ("gin_score_knock", Route.PRESENT, ScoreScreen),
    ("gin_over", Route.GAME_OVER, GameOverScreen),
])
def test_the_match_host_takes_the_keys_every_match_screen_shares(state, route, shown, tmp_path):
    host = MatchHost(ui_at(skin_theme("classic"), state, tmp_path), route)
    assert isinstance(host.current, shown)
    assert isinstance(host.on_key(K.CLEAR), PopToRoot), "CLR leaves the match"
    right = host.on_key(K.SOFT_RIGHT)
    if shown is GameOverScreen:  # after the match the right soft key means Back
        assert isinstance(right, PopToRoot)
        assert host.on_key(K.NUM9) is None and host.on_key(K.NUM7) is None
    else:
        assert isinstance(right, Push) and isinstance(right.screen, MatchMenuScreen)
        pile, hint = host.on_key(K.NUM9), host.on_key(K.NUM7)
        assert isinstance(pile, Push) and isinstance(pile.screen, PileScreen)
        assert isinstance(hint, Push) and isinstance(hint.screen, HintScreen)
    assert isinstance(host.current, shown), "the screen shown stays"


def arrange(state: str, tmp_path: Path) -> tuple[MatchUI, MatchHost, ArrangeScreen]:
    host = hosted(state, tmp_path)
    assert isinstance(host.current, ArrangeScreen)
    return host.ui, host, host.current


def test_arrange_pick_meld_break_and_limit(tmp_path):
    ui, host, screen = arrange("gin_knocker", tmp_path)
    best = list(screen.melds)
    assert best
    first = screen.row().cards[0]
    screen.on_key(K.NUM0)
    assert len(screen.melds) == len(best) - 1
    if screen.deadwood_count() > ui.view().knock_limit:
        assert screen.on_key(K.SELECT) is None
        assert "over" in screen.prompt()[0]
    meld = next(m for m in best if first in m.cards)
    for count, card in enumerate(meld.cards, 1):
        screen.cursor = screen.row().cards.index(card)
        screen.on_key(K.NUM5)
        wanted = "OK melds them" if count >= 3 else f"pick {3 - count} more"
        assert screen.prompt() == [f"{count} picked: {wanted}"]
    screen.on_key(K.SELECT)
    assert set(screen.melds) == set(best)
    assert host.on_key(K.SELECT) is None
    assert host.current is not screen
    assert ui.view().knocker_arrangement is not None


def test_a_defender_sees_the_deadwood_the_score_will_count(tmp_path):
    ui, _host, screen = arrange("gin_defender_lays_off", tmp_path)
    best = screen.outcome()
    assert best is not None and screen.counted_as_laid() and screen.lay_offs()
    while screen.melds:
        screen.cursor = screen.row().cards.index(screen.melds[0].cards[0])
        screen.on_key(K.NUM0)
    assert screen.deadwood_count() > best.deadwood_count
    assert screen.outcome().deadwood_count == best.deadwood_count
    assert not screen.counted_as_laid() and screen.lay_offs() == []
    assert screen.prompt() == ["Your best melds count"]
    screen.on_key(K.SELECT)
    assert ui.session.result.defender_deadwood == best.deadwood_count


def test_a_hint_shows_the_coachs_move_and_marks_the_match_assisted(tmp_path):
    host = hosted("gin_draw", tmp_path)
    session = host.ui.session
    step = host.on_key(K.NUM7)
    assert isinstance(step, Push) and isinstance(step.screen, HintScreen)
    hint = step.screen
    assert session.record.assisted and SaveStore(tmp_path).load()[0].assisted
    while session.hint_pending():
        assert hint.wake_in() is not None, "the phone stays awake for the hint"
        time.sleep(0.01)
    hint.update(16)
    advice = session.hint()
    assert advice is not None and advice.action in session.view().legal_actions
    assert hint.text() == advice.reason and hint.dirty
    assert hint.prompt(1) == "The match counts as assisted"
    assert isinstance(hint.on_key(K.SELECT), Pop)


@pytest.mark.parametrize("skin_name", SKINS)
def test_a_long_hint_pages_with_2_and_8_and_every_line_fits(skin_name, tmp_path):
    theme = skin_theme(skin_name)
    host = MatchHost(ui_at(theme, "gin_draw", tmp_path))
    hint = host.on_key(K.NUM7).screen
    hint.refused = " ".join(["Discard the nine of clubs, not the king of diamonds."] * 40)
    pages = hint.pages(theme)
    room = hint.room(theme)
    assert len(pages) > 1
    assert all(table.rich_width(line, theme.font("body")) <= room.width - 4 * widgets.MARGIN
               for page in pages for line in page)
    lcd = pygame.Surface((theme.width, theme.height))
    for page in range(len(pages)):
        hint.draw(lcd, theme)
        assert hint.page == page
        hint.on_key(K.NUM8)
    hint.draw(lcd, theme)
    assert hint.page == len(pages) - 1, "the last page stays"
    hint.on_key(K.NUM2)
    hint.draw(lcd, theme)
    assert hint.page == len(pages) - 2
    assert isinstance(hint.on_key(K.SELECT), Pop)


def test_no_hint_in_the_computers_turn(tmp_path):
    host = hosted("gin_cpu_drew", tmp_path)
    step = host.on_key(K.NUM7)
    assert step.screen.text() == "No move of yours to hint at now"
    assert not host.ui.session.record.assisted
    assert step.screen.prompt(1) == "OK: back", "no hint given: the match is not assisted"
    assert step.screen.prompt(2) == "2/8: page 1/2"


def test_after_a_hand_the_coach_reviews_the_knocks_it_would_have_made_otherwise(theme):
    session = MatchSession.new(Options(), 5, "hard")
    knocker = make_player("simple", random.Random(5))  # knocks as soon as it may
    reviewed: list[Reconsidered] = []
    while not reviewed and not session.match_over:
        if session.hand_over:
            reviewed = reconsider(session.record, HUMAN)
            if not reviewed:
                session.next_hand()
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(knocker.choose(session.view())) is None
    assert reviewed, "simple's early knocks are not all what hard would do"
    assert all(item.yours.startswith("You knocked with deadwood") for item in reviewed)
    assert all(not item.coach_text.startswith("Knock") for item in reviewed)

    session.hurry()  # the computer's last step is not held on screen
    host = MatchHost(MatchUI(session, AppContext(theme)))
    host.on_enter()
    assert isinstance(host.current, ScoreScreen)
    host.on_key(K.SELECT)
    review = host.current
    assert isinstance(review, ReviewScreen)
    while session.review() is None:
        time.sleep(0.005)
    host.update(16)
    assert host.current is review and review.dirty
    assert session.review() == reviewed
    host.on_key(K.SELECT)
    assert isinstance(host.current, DealScreen | GameOverScreen)


def test_the_review_says_what_each_knock_decision_was_worth():
    """Over the hands of a match where the player (simple) knocks as soon as it may, the
    coach's second thoughts name each knock's own deadwood and expected points: no stock
    sentence said again and again."""
    session = MatchSession.new(Options(points_to_win=100), 5, "hard")
    knocker = make_player("simple", random.Random(5))
    reviewed: list[Reconsidered] = []
    while not session.match_over and len(reviewed) < 3:
        if session.hand_over:
            reviewed += reconsider(session.record, HUMAN)
            session.next_hand()
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(knocker.choose(session.view())) is None
    session.close()
    said = [item.coach_text for item in reviewed]
    assert len(said) >= 3 and len(set(said)) == len(said)
    for item, text in zip(reviewed, said, strict=True):
        count = item.yours.rsplit(" ", 1)[1]
        assert text.startswith(f"Play on: a knock with {count} would score about ")


def test_a_gin_is_called_gin_at_the_showdown_and_in_the_replay(tmp_path):
    """Seed 38025: the player takes the upcard, throws 2h and holds gin. The showdown and the
    hand's replay say so (they said "You knock: deadwood 0 of 10" and "You knocked")."""
    options = Options(points_to_win=50)
    session = MatchSession.new(options, 38025, "normal", SaveStore(tmp_path))
    for step in ("take", "discard 2h", "knock"):
        assert session.act(parse_action(step)) is None, step
    ui = MatchUI(session, AppContext(skin_theme("classic")))
    screen = ArrangeScreen(ui)
    assert screen.knocking and screen.captions()[1] == "You go gin: deadwood 0"
    knock = next(p for p in last_hand(session.record)
                 if p.event is not None and p.event.kind is EventKind.KNOCK)
    assert describe_step(knock, COMPUTER_SEATS) == ["You went gin "]


def test_the_upcard_offer_says_when_the_other_player_passed_it(tmp_path):
    """The offer's box covers the event lines, so the prompt tells that the computer passed
    the upcard first (at a network table the other player's pass was never shown)."""
    for seed in range(40):
        session = MatchSession.new(Options(), seed, "normal", SaveStore(tmp_path))
        if session.computer_to_act:
            play_computer_step(session)
        view = session.view()
        if view.phase is Phase.OFFER and session.human_to_act and view.log:
            break
    else:
        raise AssertionError("no deal where the computer passes the upcard first")
    screen = PlayScreen(MatchUI(session, AppContext(skin_theme("classic"))))
    assert screen.prompt() == ["Take ", view.upcard, " or pass? CPU passed"]
    first = MatchSession.new(Options(), 0, "normal", SaveStore(tmp_path / "first"))
    while first.computer_to_act:
        first = MatchSession.new(Options(), first.record.seed + 1, "normal",
                                 SaveStore(tmp_path / "first"))
    offered = PlayScreen(MatchUI(first, AppContext(skin_theme("classic"))))
    assert offered.prompt() == ["Take ", first.view().upcard, " or pass?"]


def test_the_game_over_tells_a_match_lost_before_a_hand_was_played():
    assert match_length(100, 5) == "to 100, in 5 hands"
    assert match_length(50, 1) == "to 50, in 1 hand"
    assert match_length(50, 0) == "to 50, no hand played", "it said 'in 0 hands'"


def test_the_match_menu_offers_a_hint_against_the_computer(tmp_path):
    menu = MatchMenuScreen(hosted("gin_draw", tmp_path).ui)
    assert menu.items == ITEMS and HINT in menu.items


@pytest.mark.parametrize("skin_name", SKINS)
def test_the_title_keeps_both_scores_and_the_clock_apart_from_them(skin_name):
    """Long nicknames are shortened, never a score, and the hand clock stands apart: on
    candybar "Ann 07:57" read as a score, and "Christophe 85  Alexandra.." lost one."""
    theme = skin_theme(skin_name)
    font = theme.font("title")
    for names, scores, clock in ((("Christophe", "Alexandra"), (85, 70), ""),
                                 (("Ann2", "Ann"), (176, 0), "7:57"),
                                 (("W" * 10, "M" * 10), (499, 488), "7:59"),
                                 (("You", "CPU"), (0, 0), "")):
        seats = Seats(0, names)
        text = fitted_scores(seats, scores, theme, clock)
        assert text_width(text, font) <= widgets.title_room(theme, clock), (skin_name, text)
        mine, my_score, theirs, their_score = text.split()
        assert (my_score, their_score) == (str(scores[0]), str(scores[1])), text
        if text != seats.scores(scores):
            assert mine.endswith(".") or theirs.endswith("."), text
    assert widgets.TITLE_GAP >= 4
