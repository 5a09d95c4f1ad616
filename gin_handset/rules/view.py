"""What one seat may know: the only thing a computer player ever receives.

A view is built by copying public facts out of the state; it holds no reference to the state,
so the other hand and the stock order cannot be reached through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_handset.rules.actions import Action
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Event, HandState, Phase
from gin_handset.rules.melds import Arrangement
from gin_handset.rules.options import Options


@dataclass(frozen=True)
class PlayerView:
    seat: int
    phase: Phase
    to_act: int  # the seat whose decision it is
    dealer: int
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]  # bottom first; the top is the last
    upcard: Card  # the card that started the discard pile
    log: Sequence[Event]  # every public event of the hand, in order (a tuple or a Log)
    opponent_pickups: tuple[Card, ...]  # cards the opponent took from the discard pile
    stock_count: int
    opponent_hand_count: int
    options: Options
    knock_limit: int
    doubled: bool
    scores: tuple[int, int]  # by seat
    taken: Card | None  # the card this seat took from the pile this turn, if any
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's decision
    opponent_hand: tuple[Card, ...] | None = None  # see ``view_of``
    knocker: int | None = None
    knocker_arrangement: Arrangement | None = None

    @property
    def opponent(self) -> int:
        return 1 - self.seat


def view_of(hand: HandState, seat: int, scores: tuple[int, int] = (0, 0)) -> PlayerView:
    """What ``seat`` may know now. The knocker lays down without seeing the defender's hand: it
    gets ``opponent_hand`` once the hand is over; the defender once the knocker has laid down."""
    opponent = 1 - seat
    mine = hand.turn == seat
    revealed = hand.is_over if seat == hand.knocker else hand.knocker_arrangement is not None
    return PlayerView(
        seat=seat,
        phase=hand.phase,
        to_act=hand.turn,
        dealer=hand.dealer,
        hand=hand.hands[seat],
        discard_pile=hand.discard_pile,
        upcard=hand.upcard,
        log=hand.log,
        opponent_pickups=hand.pickups(opponent),
        stock_count=len(hand.stock),
        opponent_hand_count=len(hand.hands[opponent]),
        options=hand.options,
        knock_limit=hand.knock_limit,
        doubled=hand.doubled,
        scores=scores,
        taken=hand.taken if mine else None,
        legal_actions=hand.legal_actions() if mine and not hand.is_over else (),
        opponent_hand=hand.hands[opponent] if revealed else None,
        knocker=hand.knocker,
        knocker_arrangement=hand.knocker_arrangement,
    )
