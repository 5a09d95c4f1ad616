"""A hand between lookahead players always ends: none takes back a card it threw.

The position below came up in a check of Expert's search (seed 9940): late in a hand, each seat
at one point of deadwood, an ace, neither willing to knock, and each taking the other's ace from
the pile and throwing its own. Hard played that swap for ever, the stock never shrinking.
"""

from __future__ import annotations

import random

import pytest

from gin_handset.ai.coach import advise
from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.hard import thrown_before
from gin_handset.ai.levels import make_player
from gin_handset.ai.tournament import EAAI
from gin_handset.rules.actions import Discard, DrawDiscard, DrawStock, EndTurn
from gin_handset.rules.cards import parse_card, parse_cards
from gin_handset.rules.hand import Event, EventKind, HandState, Phase
from gin_handset.rules.view import view_of

KINDS = {"p": EventKind.PASS, "t": EventKind.TAKE, "s": EventKind.STOCK, "k": EventKind.PILE,
         "d": EventKind.DISCARD, "e": EventKind.END}
LOG = (  # seat, kind (KINDS), card shown
    "0p 1t3h 1dTs 1e 0s 0d7c 0e 1k7c 1dQs 1e 0s 0d9s 0e 1s 1dKs 1e 0s 0dJd 0e 1s 1dQd 1e 0s "
    "0d9d 0e 1s 1dKd 1e 0s 0d8d 0e 1s 1d8c 1e 0s 0d8s 0e 1s 1dTd 1e 0s 0d6c 0e 1k6c 1d7h 1e 0s "
    "0d5s 0e 1s 1d6s 1e 0s 0dJc 0e 1s 1d8h 1e 0s 0dTc 0e 1s 1dTh 1e 0kTh 0dAd 0e 1kAd 1d6h 1e 0s "
    "0d9c 0e 1s 1dAs 1e 0s 0dKh 0e 1s 1d5h 1e 0s 0dQh 0e 1s 1d7s 1e 0s 0d6d 0e 1s 1dAd 1e 0kAd "
    "0d5d 0e 1s 1dAc 1e"
)
PILE = "Ts Qs 9s Ks Jd Qd 9d Kd 8d 8c 8s Td 7h 5s 6s Jc 8h Tc 6h 9c As Kh 5h Qh 7s 6d 5d Ac"


def swapping_aces() -> HandState:
    """Seat 0 to draw, seat 1's ace of clubs on the pile; both seats at one point of deadwood
    (seat 0 the ace of diamonds, which it threw once and took back, seat 1 the ace of hearts);
    four cards in the stock."""
    log = tuple(Event(int(word[0]), KINDS[word[1]], parse_card(word[2:]) if word[2:] else None)
                for word in LOG.split())
    return HandState(
        options=EAAI, dealer=1,
        hands=(tuple(parse_cards("Jh 3s 2d 2h 2s Th 9h 2c 4s Ad")),
               tuple(parse_cards("4d 5c 3h 7c 3c 4h 6c 3d 4c Ah"))),
        stock=tuple(parse_cards("7d Qc Kc Js")), discard_pile=tuple(parse_cards(PILE)),
        upcard=parse_card("3h"), turn=0, phase=Phase.DRAW, log=log)


def test_the_position_accounts_for_every_card_once() -> None:
    state = swapping_aces()
    cards = [*state.hands[0], *state.hands[1], *state.stock, *state.discard_pile]
    assert len(cards) == len(set(cards)) == 52


def test_hard_takes_a_card_from_the_pile_but_never_one_it_threw() -> None:
    state = swapping_aces()
    hard = make_player("hard", random.Random(1))
    view = view_of(state, 0)
    assert not thrown_before(view)
    assert hard.choose(view) == DrawDiscard(), "the other seat's ace: a fair swap"
    state = state.apply(DrawDiscard())
    for _ in range(2):  # the discard, then playing on
        state = state.apply(hard.choose(view_of(state, 0)))
    assert state.discard_pile[-1] == parse_card("Ad"), "seat 0 throws its own ace again"
    view = view_of(state, 1)
    assert state.phase is Phase.DRAW and thrown_before(view), "seat 1 threw that ace before"
    assert make_player("hard", random.Random(2)).choose(view) == DrawStock()
    expert = ExpertPlayer(random.Random(3), samples=8)
    assert expert.candidates(view) == [], "Expert does not weigh taking it back either"


def test_the_coach_says_it_never_takes_back_a_card_it_threw() -> None:
    """Where the face-up card is one the seat threw earlier in the hand, the hint draws from the
    stock and says why (before, it said the look at the draws rated a stock card higher)."""
    state = swapping_aces().apply(DrawDiscard()).apply(Discard(parse_card("Ad")))
    view = view_of(state.apply(EndTurn()), 1)
    assert thrown_before(view)
    advice = advise(view)
    assert advice.action == DrawStock()
    assert advice.reason == ("Draw from the stock: you threw A\u2666 earlier this hand, and the "
                             "coach never takes back a card it threw")


@pytest.mark.parametrize("seed", range(4))
def test_two_hards_swapping_through_the_pile_still_end_the_hand(seed: int) -> None:
    state = swapping_aces()
    players = [make_player("hard", random.Random(f"{seed}/{seat}")) for seat in range(2)]
    for _ in range(60):  # the stock holds four cards: a few turns at most
        if state.is_over:
            return
        state = state.apply(players[state.turn].choose(view_of(state, state.turn)))
    raise AssertionError("the hand went on swapping cards through the pile")
