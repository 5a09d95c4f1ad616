"""A fair and faithful table: the player's screens show what the player's PlayerView holds, no
more (hidden cards swapped for others draw the same picture) and no less (the opponent's count,
the piles, the whole discard pile with who discarded what); the hand can be rearranged during
the computer's turn; the melds order; a shown deal replays through the command line."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.cli import build_parser, match_start, parse_args
from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.rules.cards import DECK, Card, parse_card
from gin_handset.rules.match import MatchState, first_dealer
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import QuestionScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.menu import pile_history, pile_lines
from gin_handset.screens.match.router import MatchHost, screen_for
from gin_handset.screens.match.score import deal_name
from gin_handset.screens.match.table import TableScreen
from gin_handset.screens.match.ui import BY_MELDS, MatchUI, sorted_hand
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import HUMAN, MatchRecord
from gin_handset.session.seats import COMPUTER_SEATS
from gin_handset.settings import Settings
from tests.test_match_references import ui_at
from tests.test_match_saves import to_new_game
from tests.test_play_seeds import choose, play_computer_step


class StagedSession(MatchSession):
    """A session standing at a given state (the record only names the match)."""

    def __init__(self, record: MatchRecord, match: MatchState) -> None:
        super().__init__(record)
        self._match = match


def with_other_hidden_cards(match: MatchState, rng: random.Random) -> MatchState:
    """The same match as the player sees it, the computer's unseen cards and the stock dealt
    afresh among themselves."""
    hand = match.hand
    known = set(hand.pickups(1 - HUMAN))
    theirs = hand.hands[1 - HUMAN]
    hidden = [c for c in theirs if c not in known]
    pool = hidden + list(hand.stock)
    rng.shuffle(pool)
    dealt = iter(pool[:len(hidden)])
    mixed = tuple(card if card in known else next(dealt) for card in theirs)
    hands = (hand.hands[0], mixed) if HUMAN == 0 else (mixed, hand.hands[1])
    return replace(match, hand=replace(hand, hands=hands, stock=tuple(pool[len(hidden):])))


def draw(screen, theme) -> bytes:
    lcd = pygame.Surface((theme.width, theme.height))
    screen.draw(lcd, theme)
    return pygame.image.tobytes(lcd, "RGB")


def check_step(session: MatchSession, context: AppContext, rng: random.Random) -> None:
    view = session.view(HUMAN)
    assert [card for card, _ in pile_history(view)] == list(view.discard_pile)
    ui = MatchUI(session, context)
    ui.sync_order()
    screen = screen_for(ui)
    if isinstance(screen, TableScreen):
        top = view.discard_pile[-1] if view.discard_pile else None
        shown = None if view.opponent_hand is None else list(view.opponent_hand)
        assert screen.opponent_cards() == (view.opponent_hand_count, shown)
        assert screen.piles() == (view.stock_count, top, len(view.discard_pile))
    if view.opponent_hand is not None or session.hand_over:
        return
    twin = StagedSession(session.record, with_other_hidden_cards(session.match, rng))
    twin.computer_step, twin.computer_laid_down = session.computer_step, session.computer_laid_down
    assert twin.match != session.match and twin.view(HUMAN) == view
    twin_ui = MatchUI(twin, context)
    twin_ui.sync_order()
    assert draw(screen_for(twin_ui), context.theme) == draw(screen, context.theme)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "game", "level"), [(3, "gin", "hard"), (4, OKLAHOMA, "normal"),
                                                     (5, "gin", "easy")])
def test_the_screen_shows_what_the_players_view_holds_at_every_step(seed, game, level, theme):
    options = Options(points_to_win=50, game_type=game if game == OKLAHOMA else "gin")
    context = AppContext(theme, initial_settings=Settings(options=options))
    session = MatchSession.new(options, seed, level)
    rng = random.Random(seed)
    steps = 0
    while not session.match_over:
        check_step(session, context, rng)
        if session.hand_over:
            session.next_hand()
        elif session.computer_to_act:
            play_computer_step(session)
            session.hurry()
        else:
            assert session.act(choose(session)) is None
        steps += 1
    assert steps > 100


def test_the_discard_pile_lists_every_card_with_who_discarded_it(theme, tmp_path):
    offer = ui_at(theme, "gin_offer", tmp_path).view()
    assert pile_lines(offer, COMPUTER_SEATS) == [[offer.upcard, " upcard"], ["CPU took nothing"]]
    # You took the upcard and discarded Tc; the CPU drew from the stock and discarded Kc.
    drawn = ui_at(theme, "gin_draw", tmp_path).view()
    assert pile_lines(drawn, COMPUTER_SEATS) == [
        [parse_card("Kc"), " by CPU"], [parse_card("Tc"), " by You"], ["CPU took nothing"]]
    over = ui_at(theme, "gin_score_knock", tmp_path).view()
    lines = pile_lines(over, COMPUTER_SEATS)
    assert [line[0] for line in lines[:-1]] == list(reversed(over.discard_pile))
    taken = [part for part in lines[-1] if isinstance(part, Card)]
    assert taken == list(over.opponent_pickups)


def test_the_hand_can_be_rearranged_during_the_computers_turn(theme, tmp_path):
    host = MatchHost(ui_at(theme, "gin_cpu_drew", tmp_path))
    screen = host.current
    assert isinstance(screen, ComputerTurnScreen)
    steps = host.ui.session.record.steps
    host.on_key(K.STAR)
    ranks = [c.rank for c in host.ui.hand_cards()]
    assert ranks == sorted(ranks)
    before = host.ui.hand_cards()
    host.on_key(K.NUM6)
    host.on_key(K.NUM3)
    after = host.ui.hand_cards()
    assert after[1:3] == [before[2], before[1]] and screen.hand_cursor == 2
    assert screen.rearranging and host.current is screen
    host.on_key(K.POUND)
    assert host.ui.hand_cards() == sorted(before, key=lambda c: (c.suit, c.rank))
    host.on_key(K.NUM0)
    assert host.ui.hand_cards() == sorted_hand(before, BY_MELDS)
    assert host.ui.session.record.steps == steps, "rearranging is no move in the game"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=11, unique=True))
def test_the_melds_order_puts_each_meld_together_then_the_deadwood_highest_first(
    cards: list[Card],
) -> None:
    ordered = sorted_hand(cards, BY_MELDS)
    assert sorted(ordered) == sorted(cards)
    arrangement = best_arrangement(cards)
    at = 0
    for meld in sorted(arrangement.melds, key=lambda m: min((c.rank, c.suit) for c in m.cards)):
        assert set(ordered[at:at + len(meld.cards)]) == set(meld.cards)
        at += len(meld.cards)
    values = [c.value for c in ordered[at:]]
    assert values == sorted(values, reverse=True)


def dealt_by_the_command_line(argv: list[str], data_dir) -> tuple:
    """Start the game with ``argv``, choose New Game; the dealt hands and the dealer."""
    args = parse_args(build_parser(), argv)
    start = match_start(args)
    skin = load_skin("classic")
    stack = ScreenStack(main_menu(skin.theme, settings=Settings(), start=start))
    to_new_game(stack)
    if isinstance(stack.top, QuestionScreen):  # replace the match saved by the last call
        stack.key(K.SELECT)
    host = stack.top
    assert isinstance(host, MatchHost)
    hand = host.ui.session.match.hand
    return hand.hands, hand.upcard, hand.dealer


@pytest.mark.parametrize("seed", [77, 1234])
def test_a_deal_the_score_screen_names_replays_through_the_command_line(seed, data_dir):
    pygame.display.init()
    session = MatchSession.new(Settings().options, seed, "simple")
    names = set()

    def as_dealt() -> tuple:
        hand = session.match.hand
        return hand.hands, hand.upcard, hand.dealer

    dealt = as_dealt()
    while session.hand_number < 4 and not session.match_over:
        if session.hand_over:
            name = deal_name(session, COMPUTER_SEATS)
            words = name.split()
            argv = ["--seed", words[1], "--hand", words[3].rstrip(",")]
            if "deals" in words or "deal" in words:
                argv += ["--dealer", "cpu" if "CPU" in words else "you"]
            assert dealt_by_the_command_line(argv, data_dir) == dealt, name
            names.add(name)
            session.next_hand()
            dealt = as_dealt()
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(session.computer.choose(session.view(HUMAN))) is None
    assert len(names) >= 2
    first = MatchSession.new(Settings().options, seed, "simple").match.hand
    assert dealt_by_the_command_line(["--seed", str(seed)], data_dir) == (
        first.hands, first.upcard, first.dealer), "--seed alone deals the match's first hand"


def test_a_deal_after_a_dead_hand_names_its_dealer_and_replays(data_dir):
    pygame.display.init()
    seed, hand = 77, 3
    usual = first_dealer(seed, hand - 1)
    session = MatchSession.new(Settings().options, seed, "simple", None, hand - 1, 1 - usual)
    name = deal_name(session, COMPUTER_SEATS)
    who = "cpu" if 1 - usual else "you"
    assert name == f"Seed {seed} hand {hand}, " + ("CPU deals" if who == "cpu" else "you deal")
    dealt = session.match.hand
    argv = ["--seed", str(seed), "--hand", str(hand), "--dealer", who]
    assert dealt_by_the_command_line(argv, data_dir) == (dealt.hands, dealt.upcard, dealt.dealer)


@pytest.mark.parametrize("argv", [["--hand", "2"], ["--dealer", "cpu"], ["--seed", "1", "--hand",
                                                                          "0"]])
def test_hand_and_dealer_need_a_seed_and_a_hand_number(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(build_parser(), argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("gin-handset: error: argument --") and error.count("\n") == 1
