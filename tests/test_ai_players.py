"""Computer players: legal actions under every option set, no hidden information, simple's rules."""

from __future__ import annotations

import dataclasses
import gc
import itertools
import random
from enum import Enum
from functools import cache
from types import FunctionType, ModuleType

import pytest

from gin_handset.ai import PLAYER_NAMES, expert, make_player
from gin_handset.ai.guards import FeintGuard
from gin_handset.ai.hard import HardPlayer, Reading, discardable, shrewd_shown
from gin_handset.ai.knowledge import MELD_PAIRS, Knowledge
from gin_handset.ai.levels import BENCHMARK_NAMES
from gin_handset.ai.player import Player
from gin_handset.ai.tournament import EAAI
from gin_handset.rules.actions import (
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, Card, mask_of, parse_card, parse_cards
from gin_handset.rules.hand import Event, EventKind, HandState, Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.melds import best_arrangement, meld_problem
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.rules.view import PlayerView, view_of

ALL_NAMES = PLAYER_NAMES + BENCHMARK_NAMES
OPPONENTS = (*PLAYER_NAMES, "champion", "camper")  # the guards play as hard does, only slower


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert with a small budget (a few worlds a decision), so these games stay quick."""
    monkeypatch.setattr(expert, "SAMPLES", 6)
OPTION_SETS = (
    Options(),
    Options(points_to_win=50, gin_bonus=20, undercut_bonus=10),
    Options(game_type=OKLAHOMA),
    Options(game_type=OKLAHOMA, oklahoma_ace_gin_only=False, oklahoma_spade_doubles=False),
    Options(upcard_first="dealer", next_dealer="winner", undercut_bonus=20),
    Options(game_type=OKLAHOMA, upcard_first="dealer", next_dealer="loser"),
)


def deals(options: Options, count: int) -> list[HandState]:
    """``count`` deals, an ace upcard and a spade upcard among them."""
    found: list[HandState] = []
    wanted = [lambda h: h.upcard.rank == 1, lambda h: h.upcard.suit == 3]
    seed = 0
    while len(found) < count:
        hand = HandState.deal(options, seed % 2, random.Random(seed))
        seed += 1
        if wanted and not wanted[0](hand):
            continue
        if wanted:
            wanted.pop(0)
        found.append(hand)
    return found


def play_out(hand: HandState, players: list[Player]) -> HandState:
    for player in players:
        player.new_hand()
    for _ in range(2000):
        if hand.is_over:
            return hand
        view = view_of(hand, hand.turn)
        action = players[hand.turn].choose(view)
        assert action in view.legal_actions, (players[hand.turn].name, view.phase, action)
        hand = hand.apply(action)
    raise AssertionError("the hand did not end")


def quick_deals(options: Options) -> range:
    """Half of the first six deals, by turns: over the option sets, each player in each seat."""
    return range(0, 3) if OPTION_SETS.index(options) % 2 == 0 else range(3, 6)


@pytest.mark.parametrize("quick", [
    pytest.param(True, id="quick"), pytest.param(False, id="rest", marks=pytest.mark.slow),
])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(o.to_dict()))
def test_every_player_plays_only_legal_actions(options: Options, quick: bool) -> None:
    rng = random.Random(5)
    count = len(ALL_NAMES)
    for i, hand in enumerate(deals(options, 12)):
        names = (ALL_NAMES[i % count], ALL_NAMES[(i + 1 + i // count) % count])
        players = [make_player(name, random.Random(rng.random())) for name in names]
        if (i in quick_deals(options)) == quick:
            assert play_out(hand, players).result is not None


def test_a_short_match_under_oklahoma_ends() -> None:
    options = Options(game_type=OKLAHOMA, points_to_win=50)
    players = [make_player("hard", random.Random(1)), make_player("easy", random.Random(2))]
    match = MatchState.new(options, 3)
    while not match.is_over:
        if match.hand.is_over:
            match = match.next_hand()
            continue
        view = view_of(match.hand, match.hand.turn, match.scores)
        action = players[match.hand.turn].choose(view)
        assert action in view.legal_actions
        match = match.apply(action)


def test_make_player_names() -> None:
    for name in ALL_NAMES:
        assert make_player(name.upper(), random.Random(0)).name == name
    assert not set(BENCHMARK_NAMES) & set(PLAYER_NAMES)  # never offered as a game level
    with pytest.raises(ValueError, match="no such player"):
        make_player("grandmaster", random.Random(0))


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through data (not through classes or modules)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, ModuleType, FunctionType)):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, Enum):
            continue
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@cache
def hidden_states(seed: int) -> tuple[HandState, ...]:
    """States met while two hard players play a hand, each before any knock (played once per
    test run: every player's test looks at the same states)."""
    hand = HandState.deal(Options(), 0, random.Random(seed))
    players = [make_player("hard", random.Random(seed + s)) for s in range(2)]
    states = []
    while hand.knocker is None and not hand.is_over:
        states.append(hand)
        hand = hand.apply(players[hand.turn].choose(view_of(hand, hand.turn)))
    return tuple(states)


def test_the_view_holds_no_hidden_information() -> None:
    for state in hidden_states(11)[::3]:
        for seat in (0, 1):
            view = view_of(state, seat)
            objects = reachable(view)
            assert not any(isinstance(o, HandState) for o in objects)
            hidden = (state.hands[1 - seat], state.stock)
            assert not any(o is h or o == h for o in objects for h in hidden if h)
            assert view.opponent_hand is None and view.opponent_hand_count in (10, 11)


def test_knowledge_accounts_for_every_card() -> None:
    for state in hidden_states(12):
        seat = state.turn
        know = Knowledge.of(view_of(state, seat))
        opponent = mask_of(state.hands[1 - seat])
        assert know.opp_known & ~opponent == 0
        assert know.unseen.bit_count() == len(state.stock) + know.opp_unknown
        assert know.unseen == mask_of(state.stock) | (opponent & ~know.opp_known)
        assert abs(sum(know.opp_probability) - len(state.hands[1 - seat])) < 1e-6


def test_meld_pairs_are_every_pair_that_melds_with_a_card() -> None:
    for card in DECK:
        expected = {
            mask_of((a, b))
            for a, b in itertools.combinations([c for c in DECK if c != card], 2)
            if meld_problem((a, b, card)) is None
        }
        assert set(MELD_PAIRS[card.index]) == expected, card


def test_a_player_refuses_a_view_without_a_decision() -> None:
    state = HandState.deal(Options(), 0, random.Random(1))
    with pytest.raises(ValueError, match="not this seat's turn"):
        make_player("hard", random.Random(0)).choose(view_of(state, state.dealer))


def reshuffle_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same public state, the opponent's unknown cards and the stock dealt anew."""
    opponent = 1 - seat
    known = [c for c in state.hands[opponent] if c in state.pickups(opponent)]
    hidden = [c for c in state.hands[opponent] if c not in known] + list(state.stock)
    rng.shuffle(hidden)
    split = len(state.hands[opponent]) - len(known)
    hands = list(state.hands)
    hands[opponent] = tuple(known + hidden[:split])
    return dataclasses.replace(state, hands=(hands[0], hands[1]), stock=tuple(hidden[split:]))


@pytest.mark.parametrize("name", ALL_NAMES)
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in (21, 22):
        for state in hidden_states(seed):
            seat = state.turn
            other = reshuffle_hidden(state, seat, rng)
            assert other.hands[1 - seat] != state.hands[1 - seat] or not state.stock
            first, second = view_of(state, seat), view_of(other, seat)
            assert first == second
            choices = [make_player(name, random.Random(9)).choose(v) for v in (first, second)]
            assert choices[0] == choices[1]
            checked += 1
    assert checked > 20


def knocks(seed: int, names: tuple[str, str]) -> list[HandState]:
    """The state in which the knocker lays down, for each knock in a match between ``names``."""
    players = [make_player(name, random.Random(seed + s)) for s, name in enumerate(names)]
    match = MatchState.new(Options(), seed)
    found = []
    while not match.is_over:
        if match.hand.is_over:
            match = match.next_hand()
            continue
        if match.hand.phase is Phase.KNOCKER_ARRANGE:
            found.append(match.hand)
        match = match.apply(players[match.hand.turn].choose(view_of(match.hand, match.hand.turn)))
    return found


# The matches whose knocks are looked at. Every knock is laid down by the hard player, whoever
# knocked; the quick matches (the simple and easy players, some 27 knocks in half a second)
# reach knocks cheaply, the slow ones (hard against every player, ~30 s) as hard plays them.
QUICK_KNOCKS = [(seed, (("simple", "easy"), ("easy", "simple"))[seed % 2]) for seed in range(4)]
HARD_KNOCKS = [(seed, ("hard", OPPONENTS[seed % len(OPPONENTS)])) for seed in range(12)]


@pytest.mark.parametrize("matches", [
    pytest.param(QUICK_KNOCKS, id="quick"),
    pytest.param(HARD_KNOCKS, id="hard", marks=pytest.mark.slow),
])
def test_the_knocker_lays_down_without_seeing_the_defenders_hand(
    matches: list[tuple[int, tuple[str, str]]],
) -> None:
    checked = 0
    for seed, names in matches:
        for state in knocks(seed, names):
            knocker, defender = state.turn, state.hands[1 - state.turn]
            hidden = set(defender) - set(state.pickups(1 - knocker))
            shown = view_of(state, knocker)
            assert shown.opponent_hand is None
            assert not hidden & {o for o in reachable(shown) if isinstance(o, Card)}
            other = reshuffle_hidden(state, knocker, random.Random(seed))
            choices = [
                make_player("hard", random.Random(4)).choose(view_of(s, knocker))
                for s in (state, other)
            ]
            assert choices[0] == choices[1]
            laid = state.apply(choices[0])
            assert view_of(laid, knocker).opponent_hand is None
            assert view_of(laid, 1 - knocker).opponent_hand == state.hands[knocker]
            over = laid.apply(laid.legal_actions()[0])
            assert view_of(over, knocker).opponent_hand == defender
            checked += 1
    assert checked >= 20


def view(hand: str, top: str, phase: Phase, taken: str | None = None) -> PlayerView:
    cards = tuple(parse_cards(hand))
    pile = (parse_card(top),)
    state = HandState(
        options=Options(),
        dealer=1,
        hands=(cards, tuple(parse_cards("2c 2d 2h 3c 3d 3h 4c 4d 4h 5c"))),
        stock=tuple(parse_cards("6c 6d 6h 7c 7d")),
        discard_pile=pile,
        upcard=pile[0],
        turn=0,
        phase=phase,
        taken=parse_card(taken) if taken else None,
    )
    return view_of(state, 0)


def test_simple_takes_the_upcard_only_when_it_joins_a_meld() -> None:
    simple = make_player("simple", random.Random(0))
    hand = "9s Ts Ah Kd Qc 8h 6d Jd 2s 4c"
    assert simple.choose(view(hand, "Js", Phase.OFFER)) == TakeUpcard()
    assert simple.choose(view(hand, "7h", Phase.OFFER)) == PassUpcard()
    assert simple.choose(view(hand, "8s", Phase.DRAW)) == DrawDiscard()
    assert simple.choose(view(hand, "5h", Phase.DRAW)) == DrawStock()


def test_simple_discards_least_deadwood_never_the_card_taken() -> None:
    simple = make_player("simple", random.Random(0))
    hand = "9s Ts Js Kd Kc Kh 6d 2d 2s 4c Qh"
    assert simple.choose(view(hand, "5c", Phase.DISCARD, taken="Qh")) == Discard(parse_card("6d"))


def test_discardable_is_the_hand_less_the_card_taken_and_nothing_outside_a_discard() -> None:
    hand = "9s Ts Js Kd Kc Kh 6d 2d 2s 4c Qh"
    after_stock = view(hand, "5c", Phase.DISCARD)
    assert discardable(after_stock) == mask_of(after_stock.hand)
    after_pile = view(hand, "5c", Phase.DISCARD, taken="Qh")
    assert discardable(after_pile) == mask_of(after_pile.hand) & ~(1 << parse_card("Qh").index)
    assert discardable(view("9s Ts Js Kd Kc Kh 6d 2d 2s 4c", "5c", Phase.DRAW)) == 0


def test_simple_knocks_as_soon_as_it_may() -> None:
    simple = make_player("simple", random.Random(0))
    hand = "9s Ts Js Kd Kc Kh 2d 3d 4d 8c"
    assert simple.choose(view(hand, "5c", Phase.DECIDE)) == Knock()


@pytest.mark.parametrize(
    ("opponent", "eager"),
    [("simple", True), ("champion", False), ("feint", False), ("eager", False)],
)
def test_hard_adapts_to_an_opponent_that_knocks_as_soon_as_it_may(
    opponent: str, eager: bool
) -> None:
    """Simple knocks with deadwood late in a hand, and hard takes its eager style; the champion
    knocks with deadwood only on its first turns, and hard keeps its own; feint knocks early
    once, then plays a patient game, and hard is not fooled; the eager guard knocks as early
    as simple, but its hands laid open show it discards shrewdly, and hard keeps its own."""
    hard = HardPlayer(random.Random(1))
    players = [hard, make_player(opponent, random.Random(2))]
    match = MatchState.new(EAAI, 5)
    while not match.is_over:
        if match.hand.is_over:
            for seat, player in enumerate(players):
                player.recall(view_of(match.hand, seat, match.scores))
            match = match.next_hand()
            continue
        seat = match.hand.turn
        match = match.apply(players[seat].choose(view_of(match.hand, seat, match.scores)))
    assert hard.eager is eager
    assert hard.style is (HardPlayer.eager_style if eager else HardPlayer.style)
    assert hard.reading.shrewd is (opponent != "simple"), "simple throws its dearest card"
    if opponent == "feint":
        feint = players[1]
        assert isinstance(feint, FeintGuard) and feint.feinted
        assert True in hard.reading.hands, "it saw the eager knock"
    if opponent == "eager":
        assert hard.reading.eager, "it knocked early often enough to be read as eager"


def laid_open(hand: str, thrown: str, taken: str = "", mine: bool = False) -> PlayerView:
    """Seat 0's view of the end of a hand where seat 1 holds ``hand`` (laid down by its knock,
    or shown at the end of seat 0's knock with ``mine``), having thrown ``thrown`` and taken
    ``taken`` from the pile this hand."""
    cards = tuple(parse_cards(hand))
    log = [Event(1, EventKind.PILE, card) for card in parse_cards(taken)]
    log += [Event(1, EventKind.DISCARD, card) for card in parse_cards(thrown)]
    base = dataclasses.replace(view("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc", "Kd", Phase.OVER),
                               log=tuple(log), opponent_pickups=tuple(parse_cards(taken)))
    if mine:
        return dataclasses.replace(base, knocker=0, opponent_hand=cards)
    return dataclasses.replace(base, knocker=1, knocker_arrangement=best_arrangement(cards))


@pytest.mark.parametrize(
    ("hand", "thrown", "taken", "shrewd"),
    [
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc Td", "", False),  # threw only dearer cards
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc 9d", "", False),  # as dear as its 9h
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc 5h", "", True),  # threw a 5, kept a 9
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc", "9s", False),  # took a card for a meld
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d Ah", "Kc", "Ah", True),  # took an ace it cannot meld
        ("5h 6h 7h 5s 6s 7s 5d 2c Ad 2h", "Kh 9c", "5d", False),  # 5d left out, but may meld
        ("7s 8s 9s Qh Qd Qc 2d 3d 4d 5d", "Ac", "", False),  # gin shows nothing
    ],
)
@pytest.mark.parametrize("mine", [False, True])
def test_a_hand_laid_open_shows_a_shrewd_discarder(
    hand: str, thrown: str, taken: str, shrewd: bool, mine: bool
) -> None:
    assert shrewd_shown(laid_open(hand, thrown, taken, mine)) is shrewd


def test_a_discard_taken_back_shows_nothing() -> None:
    """A player who puts down a low card, takes it back and throws its dearest is not shrewd."""
    shown = laid_open("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc")
    five = parse_card("5h")
    log = (Event(1, EventKind.DISCARD, five), Event(1, EventKind.CANCEL, five), *shown.log)
    assert not shrewd_shown(dataclasses.replace(shown, log=log))
    assert shrewd_shown(dataclasses.replace(shown, log=log[:1] + shown.log))


def test_hard_plays_for_short_hands_only_against_an_eager_player_not_seen_shrewd() -> None:
    reading = Reading([True, True, True])
    assert reading.eager and reading.exploits
    reading.see(laid_open("7s 8s 9s Qh Qd Qc 2d 3d 4d 9h", "Kc 5h"))
    assert reading.shrewd and not reading.exploits
    reading.close()
    assert reading.eager and not reading.exploits, "shrewd for the rest of the match"
    blind = Reading([True, True, True], shrewd=True, gauges=False)
    assert blind.exploits, "the reading of before did not gauge the player"


def test_the_old_reading_switched_at_the_first_eager_knock() -> None:
    reading = Reading([], window=None, knocks=1, share=0.0)
    for seen in (False, False, True, False, False, False, False):
        reading.counts, reading.knocked = True, seen
        reading.close()
        assert reading.eager is (True in reading.hands)


def test_hards_reading_needs_evidence_and_is_revised() -> None:
    reading = Reading([])
    for seen, eager in (
        (True, False),  # one eager knock is not enough
        (False, False),
        (True, True),  # two of three
        (False, True),  # two of four
        (False, False),  # one of the last four
        (False, False),
        (True, False),
        (True, True),  # the player is knocking early again
    ):
        reading.counts, reading.knocked = True, seen
        reading.close()
        assert reading.eager is eager, reading.hands
    reading.close()  # a hand that never went long counts for nothing
    assert reading.hands[-1] is True and len(reading.hands) == 8


def test_the_guards_knock_as_they_say() -> None:
    hand = "9s Ts Js Kd Kc Kh 2d 3d 4d 8c"  # deadwood 8, late in a hand
    late = dataclasses.replace(
        view(hand, "5c", Phase.DECIDE),
        log=tuple(
            Event(seat, kind)
            for _ in range(8)
            for seat in (1, 0)
            for kind in (EventKind.STOCK, EventKind.END)
        )
        + tuple(Event(0, EventKind.DISCARD, card) for card in parse_cards("2h 3h 4h 5h 6h")),
    )
    assert make_player("eager", random.Random(0)).choose(late) == Knock()
    hard = make_player("hard", random.Random(0))
    assert hard.choose(late) == EndTurn(), "hard waits: knocking is not worth 20 points here"
    fickle = make_player("fickle", random.Random(0))
    assert {fickle.choose(late) for _ in range(12)} == {Knock(), EndTurn()}
    feint = make_player("feint", random.Random(0))
    assert isinstance(feint, FeintGuard)
    assert feint.choose(late) == Knock() and feint.feinted
    feint.new_hand()
    assert feint.choose(late) == EndTurn(), "it plays hard's game now"
