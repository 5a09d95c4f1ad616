"""A match: hands dealt one after another until a player reaches the points to win."""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin_handset.rules.actions import Action
from gin_handset.rules.bonuses import FinalScore, final_score
from gin_handset.rules.hand import HandResult, HandState, evolve
from gin_handset.rules.options import LOSER, WINNER, Options


def hand_seed(match_seed: int, number: int) -> int:
    """The seed of a match's hand ``number`` (0-based): that seed alone replays the deal."""
    return random.Random(f"gin-handset/{match_seed}/{number}").getrandbits(32)


def first_dealer(match_seed: int, number: int = 0) -> int:
    """The dealer of hand ``number`` when every earlier hand was scored and the deal alternated:
    the first dealer is drawn at random from the seed."""
    return (random.Random(f"gin-handset/{match_seed}/dealer").randrange(2) + number) % 2


def next_dealer(options: Options, dealer: int, result: HandResult) -> int:
    """Who deals after ``result``: the same dealer after a dead hand, else by the option."""
    return dealer_after(options.next_dealer, dealer, result.winner)


def dealer_after(rule: str, dealer: int, winner: int | None) -> int:
    """Who deals after a hand ``dealer`` dealt and ``winner`` won (None: a dead hand, the same
    dealer again), by the next-dealer ``rule`` (an ``Options.next_dealer`` value)."""
    if winner is None:
        return dealer
    if rule == WINNER:
        return winner
    if rule == LOSER:
        return 1 - winner
    return 1 - dealer


@dataclass(frozen=True)
class MatchState:
    options: Options
    seed: int
    scores: tuple[int, int]
    hand: HandState
    hand_number: int = 0
    results: tuple[HandResult, ...] = ()

    @classmethod
    def new(cls, options: Options, seed: int, first_hand: int = 0,
            dealer: int | None = None) -> MatchState:
        """A new match from hand ``first_hand`` (0-based) of the match ``seed`` deals: that hand
        is dealt as it was there, given its ``dealer`` (by default the seed's first dealer, the
        deal alternating once per earlier hand)."""
        if dealer is None:
            dealer = first_dealer(seed, first_hand)
        hand = HandState.deal(options, dealer, random.Random(hand_seed(seed, first_hand)))
        return cls(options=options, seed=seed, scores=(0, 0), hand=hand, hand_number=first_hand)

    @property
    def hand_seed(self) -> int:
        return hand_seed(self.seed, self.hand_number)

    @property
    def winner(self) -> int | None:
        """The seat that won the match, once a finished hand took it to the points to win."""
        if not self.hand.is_over:
            return None
        best = max(range(2), key=lambda seat: self.scores[seat])
        return best if self.scores[best] >= self.options.points_to_win else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def final(self) -> FinalScore | None:
        """The final score once the match is won: the hands' points, and the match bonuses
        when the options have them."""
        winner = self.winner
        if winner is None:
            return None
        return final_score(self.results, winner, self.options.match_bonuses)

    def apply(self, action: Action) -> MatchState:
        """Apply a hand action; a hand that ends adds its points to the scores."""
        hand = self.hand.apply(action)
        if not hand.is_over:
            return evolve(self, hand=hand)
        result = hand.result
        assert result is not None
        scores = list(self.scores)
        if result.winner is not None:
            scores[result.winner] += result.points
        return evolve(
            self, hand=hand, scores=(scores[0], scores[1]), results=(*self.results, result)
        )

    def next_hand(self) -> MatchState:
        """Deal the next hand once this one is over and the match is not."""
        if not self.hand.is_over or self.is_over:
            raise ValueError("the next hand is dealt only after a hand ends and the match goes on")
        result = self.hand.result
        assert result is not None
        number = self.hand_number + 1
        dealer = next_dealer(self.options, self.hand.dealer, result)
        hand = HandState.deal(self.options, dealer, random.Random(hand_seed(self.seed, number)))
        return evolve(self, hand=hand, hand_number=number)
