"""Normal and Hard: lookahead players; Hard also models the opponent.

Both value a hand by lookahead over the next stock draws (``lookahead.Evaluator``), take the
face-up card when that scores better than a stock draw (never a card they threw earlier in the
hand, ``thrown_before``), and discard the best-scoring card, avoiding cards the opponent may
meld; Normal looks one draw ahead and knocks as soon as it may. Hard values a hand by the best
of a few draws, reads the opponent's pickups, discards and refusals into a model of its hand
(which sharpens its draws and its safety), and knocks when the points expected against sampled
opponent hands, as good as the opponent's stock draws let it make them, are high enough; as the
knocker it lays down the melds that do best against those sampled hands. While the opponent is
read as knocking as soon as it may (``Reading``: it knocked with deadwood after its first few
turns in two of its last four long hands) and has not shown it discards by more than its
deadwood, Hard plays a style for short hands (``HardPlayer.eager_style``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from gin_handset.ai.forecast import Forecast
from gin_handset.ai.knocks import knock_points
from gin_handset.ai.knowledge import Knowledge
from gin_handset.ai.lookahead import Evaluator
from gin_handset.ai.player import PhasedPlayer
from gin_handset.ai.simple import arrangement_deadwood, joins_meld
from gin_handset.rules.actions import (
    Action,
    Arrange,
    Discard,
)
from gin_handset.rules.cards import DECK, Card, mask_of
from gin_handset.rules.hand import EventKind, Phase, thrown
from gin_handset.rules.melds import best_arrangement, deadwood_mask
from gin_handset.rules.view import PlayerView


@dataclass(frozen=True)
class Style:
    model: bool = True  # read the opponent's hand from its pickups, discards and refusals
    safety: float = 6.0  # cost, in deadwood points, of a discard the opponent surely melds
    knock_bonus: float = 6.0  # utility of a hand that may knock
    gin_bonus: float = 8.0  # extra utility of gin
    take_margin: float = 0.0  # take the face-up card only when it scores this much better
    horizon: float = 1.0  # a hand is worth the best of this many stock draws (1: one draw)
    knock_value: float | None = None  # knock when its expected points reach this (None: as
    # soon as it may; infinity: only with gin)
    fit: float = 1.0  # sampled opponent hands kept the best of this many more cards a stock draw
    samples: int = 40  # opponent hands sampled for a knock or lay-down decision
    best_layout: bool = True  # the knocker's melds that do best against the sampled hands


EARLY_TURNS = 3  # a knock with deadwood on these first turns says little of the opponent's way


def knocked_eagerly(view: PlayerView) -> bool:
    """Whether the opponent has just knocked with deadwood after its first few turns: it knocks
    when it may rather than waiting for gin."""
    laid = view.knocker_arrangement
    if view.knocker != view.opponent or laid is None or laid.is_gin:
        return False
    return opponent_turns(view) > EARLY_TURNS


def shrewd_shown(view: PlayerView) -> bool:
    """Whether the opponent's hand, laid open (its knock, or its hand at the end of mine),
    shows it discards by more than its deadwood: it threw a card this hand lower than one it
    keeps as deadwood, or keeps a card it took from the pile this hand that melds with nothing
    it holds. A player who throws its dearest unmelded card and takes only cards that meld
    (as simple does) never shows either."""
    if view.knocker == view.opponent and view.knocker_arrangement is not None:
        laid = view.knocker_arrangement
    elif view.knocker == view.seat and view.opponent_hand is not None:
        laid = best_arrangement(view.opponent_hand)
    else:
        return False
    if laid.is_gin:
        return False
    dearest = max(card.value for card in laid.deadwood)
    taken = set(view.opponent_pickups)
    held = (*(card for meld in laid.melds for card in meld.cards), *laid.deadwood)
    return any(card.value < dearest for card in thrown(view.log, view.opponent)) or any(
        card in taken and not joins_meld(tuple(c for c in held if c != card), card)
        for card in laid.deadwood
    )


def thrown_before(view: PlayerView) -> bool:
    """Whether the face-up card is one this seat discarded earlier in the hand. A lookahead
    player never takes such a card back: two of them swapping equal cards through the pile
    would otherwise keep a hand going for ever, the stock never shrinking (each card can then be
    taken from the pile by each seat once at most)."""
    return view.discard_pile[-1] in thrown(view.log, view.seat)


def discardable(view: PlayerView) -> int:
    """The mask of the cards this seat may discard now (none outside its discard)."""
    return mask_of(a.card for a in view.legal_actions if isinstance(a, Discard))


def opponent_turns(view: PlayerView) -> int:
    """How many discards the opponent has made this hand (a cancelled one not counted)."""
    return len(thrown(view.log, view.opponent))


@dataclass
class Reading:
    """What the player has shown of its knocking, hand by hand, over a match.

    A hand counts once the opponent has made more than ``EARLY_TURNS`` discards in it; it shows
    eagerness when the opponent then knocked with deadwood. The player is read as eager while,
    of its last ``window`` counted hands, at least ``knocks`` and at least ``share`` did: one
    early knock is not enough, and a player who stops knocking early is read again. (Until
    issue 22 Hard switched for good at the first such knock, ``Reading([], None, 1, 0.0)``: a
    strong player that knocked early once and then played patiently beat it, README.)

    The style for short hands pays against a weak eager knocker only; against one that draws
    and discards well it loses. A knock lays a hand open (the knocker's, and the defender's to
    the knocker at the hand's end), and a player who discards by more than its deadwood shows
    it there (``shrewd_shown``). A player once seen doing so is ``shrewd`` for the rest of the
    match, and Hard keeps its own style against it (``exploits``).
    """

    hands: list[bool]  # per counted hand, oldest first: it ended in the opponent's eager knock
    window: int | None = 4  # the reading looks at the last this many counted hands (None: all)
    knocks: int = 2  # of which at least this many ended in its eager knock
    share: float = 0.5  # and at least this share of them
    counts: bool = False  # the hand in progress counts
    knocked: bool = False  # the hand in progress ended in the opponent's eager knock
    shrewd: bool = False  # the opponent has shown it discards by more than its deadwood
    gauges: bool = True  # ``exploits`` asks that the opponent has not shown itself shrewd

    def see(self, view: PlayerView) -> None:
        """Take in a view of the hand in progress (or just over)."""
        self.counts = self.counts or opponent_turns(view) > EARLY_TURNS
        self.knocked = self.knocked or knocked_eagerly(view)
        self.shrewd = self.shrewd or shrewd_shown(view)

    def close(self) -> None:
        """The hand in progress is over: keep its evidence."""
        if self.counts:
            self.hands.append(self.knocked)
        self.counts = self.knocked = False

    @property
    def eager(self) -> bool:
        recent = self.hands if self.window is None else self.hands[-self.window :]
        knocks = sum(recent)
        return knocks >= self.knocks and knocks >= self.share * len(recent)

    @property
    def exploits(self) -> bool:
        """Whether to play for short hands: read as eager, and not seen to be shrewd."""
        return self.eager and not (self.gauges and self.shrewd)


class LookaheadPlayer(PhasedPlayer):
    style = Style()
    eager_style: Style | None = None  # the style while the opponent is read as eager
    reads = True  # reads the player (only with an ``eager_style``)

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.base_style = self.style
        self.reading = Reading([])
        self.eager = False  # the opponent is read as knocking as soon as it may

    def decide(self, view: PlayerView) -> Action:
        self.reading.see(view)
        return super().decide(view)

    def new_hand(self) -> None:
        self.reading.close()
        self._restyle()

    def recall(self, view: PlayerView) -> None:
        self.reading.see(view)
        self.reading.close()
        self._restyle()

    def _restyle(self) -> None:
        self.eager = self.reads and self.eager_style is not None and self.reading.exploits
        self.style = self.eager_style if self.eager and self.eager_style else self.base_style

    def arrange(self, view: PlayerView) -> Action:
        if view.phase is Phase.KNOCKER_ARRANGE:
            return self.knocker_layout(view)
        return min(view.legal_actions, key=lambda a: arrangement_deadwood(view.hand, a))

    def evaluator(self, view: PlayerView) -> Evaluator:
        style = self.style
        know = Knowledge.of(view, style.model)
        draws_left = max(1, (view.stock_count - 1) // 2)  # about this seat's stock draws left
        horizon = min(style.horizon, draws_left)
        return Evaluator(
            know, view.knock_limit, style.knock_bonus, style.gin_bonus, style.safety, horizon
        )

    def wants_top(self, view: PlayerView) -> bool:
        if thrown_before(view):
            return False
        judge = self.evaluator(view)
        hand = mask_of(view.hand)
        top = view.discard_pile[-1].index
        take = judge.best_discard(hand | 1 << top, hand)[0]
        return take + self.style.take_margin < judge.stock_value(hand)

    def discard_card(self, view: PlayerView) -> Card:
        judge = self.evaluator(view)
        return DECK[judge.best_discard(mask_of(view.hand), discardable(view))[1]]

    def knocks(self, view: PlayerView) -> bool:
        threshold = self.knock_bar()
        ours = deadwood_mask(mask_of(view.hand))
        if ours == 0 or threshold is None:
            return True
        if threshold == math.inf:
            return False
        return self.knock_figure(view) >= threshold

    def knock_bar(self) -> float | None:
        """The least ``knock_figure`` at which it knocks with deadwood (None: as soon as it may;
        infinity: only with gin)."""
        return self.style.knock_value

    def knock_figure(self, view: PlayerView) -> float:
        """What its knock rule weighs: the points a knock now is expected to score."""
        return self.expected_knock(view)

    def knock_forecast(self) -> Forecast | None:
        """The forecast its knock rule weighs, if it knocks by one (Hard: none)."""
        return None

    def expected_knock(self, view: PlayerView) -> float:
        """The points a knock now is expected to score, against sampled opponent hands."""
        arrangement = best_arrangement(view.hand)
        hands = self.opponents(view)
        return knock_points(list(arrangement.melds), arrangement.deadwood_count, hands, view)

    def fitting(self, view: PlayerView) -> tuple[Knowledge, int]:
        """The model of the opponent's hand, and how many more cards a sampled hand is kept
        the best of (``Style.fit`` a stock draw of the opponent's)."""
        know = Knowledge.of(view, self.style.model)
        draws = sum(e.kind is EventKind.STOCK and e.seat != view.seat for e in view.log)
        return know, round(self.style.fit * draws)

    def opponents(self, view: PlayerView) -> list[int]:
        """Sampled opponent hands, as good as its stock draws let it make them."""
        know, extra = self.fitting(view)
        rng = random.Random(self.rng.random())
        return [know.sample_fitted(extra, rng) for _ in range(self.style.samples)]

    def knocker_layout(self, view: PlayerView) -> Action:
        if not self.style.best_layout:
            return view.legal_actions[0]  # the knock arrangements come least deadwood first
        hands = self.opponents(view)

        def points(action: Action) -> float:
            assert isinstance(action, Arrange)
            ours = arrangement_deadwood(view.hand, action)
            return knock_points(list(action.melds), ours, hands, view) - 0.01 * ours

        return max(view.legal_actions, key=points)


class NormalPlayer(LookaheadPlayer):
    name = "normal"
    style = Style(model=False, best_layout=False)


class HardPlayer(LookaheadPlayer):
    name = "hard"
    style = Style(knock_value=20.0, knock_bonus=2.0, gin_bonus=12.0, safety=3.0, horizon=4.0)
    # Against an opponent that knocks as soon as it may, the hand is short: value a hand by the
    # best of two draws, not four, and more for knocking than for gin, so the deadwood stays low
    # enough to undercut; knock only when worth 30 points, as waiting to undercut pays better.
    eager_style = Style(knock_value=30.0, knock_bonus=6.0, gin_bonus=4.0, safety=3.0, horizon=2.0)


class CamperPlayer(LookaheadPlayer):
    """A benchmark: the lookahead with the opponent model and safety, knocking only with gin."""

    name = "camper"
    style = Style(knock_value=math.inf)
