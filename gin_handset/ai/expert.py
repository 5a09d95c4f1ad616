"""Expert: Hard's play, checked by playing each choice out in sampled worlds.

At a real choice Expert takes the move Hard's play gives (the incumbent: Hard's, but for the
knock rule below) and lists the runners-up: Hard's next best discards (up to ``DISCARDS``, those
it scores within ``CLOSE`` of its choice, while the stock holds ``EARLY_STOCK`` cards: later,
checked against the real hidden cards, the playouts' choice of discard did worse than Hard's)
and, once a seat is near the points to win (``endgame``), playing on where its knock rule would
knock (never a knock where the rule plays on: checked against the real hidden cards, the knocks
the search added lost points and match chances). Its draws are Hard's: the other draw, played
out, lost points in truth (README). Its knock rule is Hard's in the style for short hands; in
its own style it knocks with deadwood when a forecast of the knock's points (``ai/forecast.py``:
Hard's expected points, corrected by what the view shows of the opponent's progress and of the
time left) reaches ``KNOCK_FORECAST``, where Hard waits for its expected points to reach 20
(README).

Where it searches, Expert samples worlds consistent with its view: the opponent's hand drawn
from Hard's model of it (``Knowledge``: its pickups, discards and refusals), as good as its
stock draws let it make it, and the other unseen cards shuffled into the stock. Each candidate
is played out to the end of the hand in every world, both seats following a fast greedy policy
(``playout``), and scored by what the result does to the match (``Table.equity``): the chance of
winning the match from the scores after it, with the dealer of the next hand, read from the
match-win table (``ai/matchwin.py``, learned from self-play); a result that takes a seat to the
points to win counts as the match won or lost. The same worlds serve every candidate, and a
runner-up replaces the incumbent only when its paired gain over those worlds is clear (``GATE``
standard errors above zero): most differences between moves are below the noise of a few hundred
playouts, and the playouts' policy is cruder than Hard.

The budget is a number of worlds a decision (``samples``); the same view and seed give the same
move. A ``deadline`` (a ``time.monotonic`` value), when set, stops the sampling early with the
worlds played so far, and so does ``hurried`` set by another thread: the phone's OK hurries a
decision that way (looked at every ``BATCH`` worlds).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from gin_handset.ai.forecast import Forecast, shipped
from gin_handset.ai.hard import HardPlayer, discardable
from gin_handset.ai.knocks import knock_score
from gin_handset.ai.knowledge import VALUES, Knowledge, bits
from gin_handset.ai.lookahead import connected
from gin_handset.ai.matchwin import deals_next, table_for
from gin_handset.rules.actions import (
    Action,
    Discard,
    EndTurn,
    Knock,
)
from gin_handset.rules.cards import DECK, mask_of
from gin_handset.rules.hand import DEAD_STOCK, Phase, thrown
from gin_handset.rules.melds import best_arrangement, best_discards_mask, deadwood_mask
from gin_handset.rules.view import PlayerView

SAMPLES = 200  # worlds a decision: within 1 s a move on one core of the development machine
DISCARDS = 3  # discards played out: Hard's choice and its next best,
CLOSE = 4.0  # those Hard scores within this of its choice (in deadwood points),
EARLY_STOCK = 20  # while the stock holds at least this many cards (later: Hard's discard)
GATE = 2.0  # a runner-up must beat the incumbent by this many standard errors of the gain
ROLL_EARLY = 3  # in a playout a seat knocks at the knock limit on its first turns only,
ROLL_LATE = 0  # later at this deadwood or less (an opponent read as eager: at the limit)
ENDGAME = 30  # play a knock out once a seat is this close to the points to win
BATCH = 16  # worlds sampled between looks at the deadline
SPAN = 10  # points either side of the scores over which a point's worth is measured
KNOCK_FORECAST = 15.0  # knock with deadwood when the forecast points reach this (README)


def endgame(view: PlayerView) -> bool:
    """Whether the hand may decide the match: a seat is within ``ENDGAME`` of the points to
    win. Only then does Expert play its knock out against playing on (before that, its knock
    rule does better than the playouts, whose knocks are too simple)."""
    return max(view.scores) + ENDGAME >= view.options.points_to_win


class World:
    """One way the hidden cards may lie: the opponent's hand and the stock, next card last."""

    __slots__ = ("opponent", "stock")

    def __init__(self, opponent: int, stock: list[int]) -> None:
        self.opponent = opponent
        self.stock = stock


class Table:
    """What a playout needs of the view: seats, limits, scores and the points of each result."""

    def __init__(self, view: PlayerView) -> None:
        self.options = view.options
        self.limit = view.knock_limit
        self.factor = 2 if view.doubled else 1
        self.mine, self.theirs = view.scores[view.seat], view.scores[view.opponent]
        self.wins = table_for(view.options)
        self.dealt = view.dealer == view.seat
        # discards made this hand, by playout seat (0: me)
        self.turns = [len(thrown(view.log, seat)) for seat in (view.seat, view.opponent)]
        self.eager = False  # the opponent knocks whenever it may

    def knock_at(self, seat: int, turns: int) -> int:
        """The deadwood at which a playout seat knocks, after ``turns`` discards this hand."""
        if turns <= ROLL_EARLY or (seat == 1 and self.eager):
            return self.limit
        return min(self.limit, ROLL_LATE)

    def equity(self, points: int) -> float:
        """The worth to me of a hand result worth ``points`` to me (negative: to the opponent;
        0: a dead hand): my chance of winning the match from the scores after it, as the next
        hand is dealt by the options' rule (1 if it wins me the match, 0 if it loses it)."""
        return self.wins.chance(
            self.mine + max(points, 0),
            self.theirs + max(-points, 0),
            deals_next(self.options.next_dealer, self.dealt, points),
        )

    def per_point(self) -> float:
        """About what a point of a hand is worth in equity at these scores: the slope of
        ``equity`` over ``SPAN`` points either way."""
        return max(self.equity(SPAN) - self.equity(-SPAN), 1e-9) / (2 * SPAN)

    def knock(self, knocker: int, defender: int) -> int:
        """Points to the knocker (negative: to the defender) of a knock with these hands."""
        arrangement = best_arrangement([DECK[c] for c in bits(knocker)])
        return self.factor * knock_score(list(arrangement.melds), arrangement.deadwood_count,
                                         defender, self.options)


def _discard(hand: int, taken: int) -> tuple[int, int]:
    """The greedy discard from eleven cards (never ``taken``): (deadwood left, card)."""
    left, cards = best_discards_mask(hand)
    if taken >= 0:
        cards &= ~(1 << taken)
    if not cards:
        options = [(deadwood_mask(hand & ~(1 << c)), -VALUES[c], c) for c in bits(hand)]
        best = min(o for o in options if o[2] != taken)
        return best[0], best[2]
    card = max(bits(cards), key=lambda c: (VALUES[c], c))
    return left, card


def _takes(hand: int, top: int) -> bool:
    """The greedy draw: the face-up card when it may meld and lowers the deadwood."""
    return bool(connected(hand) >> top & 1) and (
        best_discards_mask(hand | 1 << top)[0] < deadwood_mask(hand)
    )


def playout(
    table: Table, hands: list[int], stock: list[int], pile: list[int], turn: int, taken: int
) -> int:
    """Play the hand out greedily from ``turn``'s discard (``hands[turn]`` has eleven cards);
    points to seat 0 (negative: to seat 1). Both seats take the top card when it may meld and
    lowers their deadwood, discard the dearest card of a least-deadwood discard, and knock by
    ``table.knock_at``."""
    turns = list(table.turns)
    while True:
        hand = hands[turn]
        left, card = _discard(hand, taken)
        hand &= ~(1 << card)
        hands[turn] = hand
        pile.append(card)
        turns[turn] += 1
        if left <= table.knock_at(turn, turns[turn]):
            points = table.knock(hand, hands[1 - turn])
            return points if turn == 0 else -points
        if len(stock) <= DEAD_STOCK:
            return 0
        turn = 1 - turn
        hand = hands[turn]
        top = pile[-1]
        if _takes(hand, top):
            pile.pop()
            hands[turn], taken = hand | 1 << top, top
        else:
            hands[turn], taken = hand | 1 << stock.pop(), -1


def _opponent_takes(table: Table, hands: list[int], stock: list[int], pile: list[int]
                    ) -> int | None:
    """Points to seat 0 of the hand played out from the opponent (seat 1) taking the face-up
    card, or None if the greedy opponent leaves it."""
    top = pile[-1]
    if not _takes(hands[1], top):
        return None
    pile.pop()
    hands[1] |= 1 << top
    return playout(table, hands, stock, pile, 1, top)


@dataclass(frozen=True)
class Searched:
    """What a search found: each candidate's mean equity over the same worlds, as a gain over
    the incumbent (``candidates[0]``, 0 by definition), and the standard error of that gain."""

    candidates: tuple[Action, ...]
    gains: tuple[float, ...]
    worlds: int
    per_point: float  # the equity of a point of a hand at the scores searched (Table.per_point)
    errors: tuple[float, ...]  # the standard error of each gain (0 for the incumbent)

    def points(self, action: Action) -> float:
        """About how many points a hand ``action`` scores over the incumbent, in the search: its
        gain in equity over what a point is worth there."""
        return self.gains[self.candidates.index(action)] / self.per_point


class ExpertPlayer(HardPlayer):
    name = "expert"

    def __init__(self, rng: random.Random, samples: int | None = None,
                 forecast: Forecast | None = None) -> None:
        super().__init__(rng)
        self.forecast = shipped() if forecast is None else forecast  # of a knock's points
        self.samples = SAMPLES if samples is None else samples  # the budget: worlds a decision
        self.deadline: float | None = None  # stop sampling at this time.monotonic()
        self.worlds_played = 0  # worlds played out for the last decision
        self.searched: Searched | None = None  # what the last decision's search found
        # the stream the search samples its worlds from; None: one seeded by a draw of self.rng
        self.search_rng: random.Random | None = None

    def decide(self, view: PlayerView) -> Action:
        self.reading.see(view)
        self.searched = None
        candidates = self.candidates(view)
        if not candidates:
            return super().decide(view)
        return self.search(view, candidates)

    @property
    def forecasts(self) -> bool:
        """Whether it knocks by the forecast: in its own style (in the style for short hands,
        against an opponent read as eager, it knocks as Hard does)."""
        return self.style is self.base_style

    def knock_bar(self) -> float | None:
        return KNOCK_FORECAST if self.forecasts else super().knock_bar()

    def knock_figure(self, view: PlayerView) -> float:
        """In its own style, the forecast of the knock's points; else Hard's figure."""
        forecast = self.knock_forecast()
        if forecast is not None:
            return forecast.points(view, self.opponents(view))
        return super().knock_figure(view)

    def knock_forecast(self) -> Forecast | None:
        return self.forecast if self.forecasts else None

    def candidates(self, view: PlayerView) -> list[Action]:
        """The moves worth playing out, the incumbent first; none where Expert plays it without
        a search (its draws, its discards late in a hand), or the incumbent alone once the knock
        rule has weighed it here (asked again, the rule would sample the opponent's hand
        afresh)."""
        phase = view.phase
        if phase is Phase.DISCARD:
            if view.stock_count < EARLY_STOCK:
                return []  # late in a hand the playouts misjudge discards (README)
            judge = self.evaluator(view)
            scores = sorted(judge.discard_scores(mask_of(view.hand), discardable(view)))
            close = [c for score, c in scores[:DISCARDS] if score <= scores[0][0] + CLOSE]
            return [Discard(DECK[c]) for c in close]
        if phase is Phase.DECIDE and Knock() in view.legal_actions and endgame(view):
            return [Knock(), EndTurn()] if self.knocks(view) else [EndTurn()]  # none added
        return []

    def search(self, view: PlayerView, candidates: list[Action]) -> Action:
        """The incumbent (``candidates[0]``) unless a runner-up clearly does better when played
        out in sampled worlds; what was found is kept in ``searched`` (nothing, with no
        runner-up)."""
        if len(candidates) == 1:
            self.searched = None
            return candidates[0]
        rng = self.search_rng if self.search_rng is not None else random.Random(self.rng.random())
        know, extra = self.fitting(view)
        table = Table(view)
        table.eager = self.eager
        gains: list[list[float]] = [[] for _ in candidates[1:]]
        played = 0
        while played < self.samples:
            if played and (self.hurried or self._late()):
                break
            for _ in range(min(BATCH, self.samples - played)):
                world = self._world(know, extra, rng)
                first = self.play(view, table, world, candidates[0])
                for gain, candidate in zip(gains, candidates[1:], strict=True):
                    gain.append(self.play(view, table, world, candidate) - first)
                played += 1
        self.worlds_played = played
        best, best_mean = candidates[0], 0.0
        means, errors = [0.0], [0.0]
        for gain, candidate in zip(gains, candidates[1:], strict=True):
            mean = sum(gain) / len(gain)
            error = math.sqrt(sum((g - mean) ** 2 for g in gain) / len(gain)) / math.sqrt(len(gain))
            means.append(mean)
            errors.append(error)
            if mean > best_mean and mean > GATE * error:
                best, best_mean = candidate, mean
        self.searched = Searched(
            tuple(candidates), tuple(means), played, table.per_point(), tuple(errors)
        )
        return best

    def _late(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    @staticmethod
    def _world(know: Knowledge, extra: int, rng: random.Random) -> World:
        opponent = know.sample_fitted(extra, rng)
        stock = bits(know.unseen & ~opponent)
        rng.shuffle(stock)
        return World(opponent, stock)

    def play(self, view: PlayerView, table: Table, world: World, action: Action) -> float:
        """My equity of ``action`` (a discard, a knock or ending the turn) in ``world``, the
        hand played out greedily after it."""
        hands = [mask_of(view.hand), world.opponent]  # seat 0 of the playout is me
        stock = list(world.stock)
        pile = [c.index for c in view.discard_pile]
        if isinstance(action, Knock):
            return table.equity(table.knock(hands[0], hands[1]))
        if isinstance(action, Discard):
            card = action.card.index
            hands[0] &= ~(1 << card)
            pile.append(card)
            if deadwood_mask(hands[0]) <= table.knock_at(0, table.turns[0] + 1):
                return table.equity(table.knock(hands[0], hands[1]))
        if len(stock) <= DEAD_STOCK:
            return table.equity(0)
        return table.equity(self._opponent_turn(table, hands, stock, pile))

    @staticmethod
    def _opponent_turn(table: Table, hands: list[int], stock: list[int], pile: list[int]) -> int:
        points = _opponent_takes(table, hands, stock, pile)
        if points is not None:
            return points
        hands[1] |= 1 << stock.pop()
        return playout(table, hands, stock, pile, 1, -1)
