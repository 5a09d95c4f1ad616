"""Why the coach plays its move: what sets it apart from the runner-up, in words and cards.

A reason is ``Words``: pieces of text and cards, which the phone draws as rank and pip
(``text`` writes them ``9♣``). Every figure is worked out from the view alone, and those about the
hand are exact: the deadwood a move leaves is the least deadwood of the cards kept, a card that
"would meld" is an unseen card (not in the hand, the pile or known in the opponent's) that
joins a meld of the hand once drawn, and an average over a stock draw is over the unseen cards
alike. Figures of the opponent's likely hands come from the coach's own model of it (Hard's),
from the same sampled hands it decided by; Expert's, from its search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gin_handset.ai.expert import Searched
from gin_handset.ai.forecast import EXPECTED, UNDERCUT, Forecast, features
from gin_handset.ai.knocks import knock_points
from gin_handset.ai.knowledge import NEIGHBOURS, VALUES, Knowledge, bits
from gin_handset.ai.lookahead import Evaluator
from gin_handset.ai.simple import arrangement_deadwood
from gin_handset.rules.actions import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, Card, mask_of, shown
from gin_handset.rules.hand import Phase, thrown
from gin_handset.rules.melds import best_arrangement, best_discards_mask, deadwood, deadwood_mask
from gin_handset.rules.view import PlayerView

Words = tuple[str | Card, ...]  # words and cards: the phone draws a card as its rank and pip
RISKIER = 0.05  # a card is named the riskier when the opponent melds it this much more likely


def text(words: Iterable[str | Card]) -> str:
    """The words as plain text, each card as the phone writes it: ``Discard 9♣``."""
    return "".join(shown(part) if isinstance(part, Card) else part for part in words)


def listed(cards: Iterable[Card]) -> list[str | Card]:
    """Cards one after another, a space between each."""
    words: list[str | Card] = []
    for card in cards:
        words += [" ", card] if words else [card]
    return words


# The facts, each exact from the hand and the unseen cards.


def left_after(hand: Sequence[Card], card: Card) -> int:
    """The deadwood the hand leaves once ``card`` is discarded."""
    return deadwood(c for c in hand if c != card)


def melding(hand: int, unseen: int) -> int:
    """How many unseen cards would meld with a ten-card hand: drawn, it joins a meld (the
    hand's least deadwood grows by less than the card's value)."""
    now = deadwood_mask(hand)
    return sum(deadwood_mask(hand | 1 << c) < now + VALUES[c] for c in bits(unseen))


def knock_ways(hand: int, unseen: int, limit: int) -> int:
    """How many unseen cards, drawn, would let a ten-card hand knock after a discard (with
    deadwood ``limit`` or less)."""
    return sum(best_discards_mask(hand | 1 << c)[0] <= limit for c in bits(unseen))


def gin_ways(hand: int, unseen: int) -> int:
    """How many unseen cards, drawn, would give a ten-card hand gin after a discard."""
    return sum(best_discards_mask(hand | 1 << c)[0] == 0 for c in bits(unseen))


def mean_after_draw(hand: int, unseen: int) -> float:
    """The deadwood a ten-card hand leaves on average after drawing an unseen card and
    discarding the best card."""
    cards = bits(unseen)
    return sum(best_discards_mask(hand | 1 << c)[0] for c in cards) / max(1, len(cards))


def take_leaves(hand: Sequence[Card], top: Card) -> tuple[int, Card]:
    """Taking ``top``: the least deadwood after a discard (never ``top``), and that discard
    (the dearest of those that reach it)."""
    best = min((left_after((*hand, top), c), -c.value, c) for c in hand)
    return best[0], best[2]


def near(cards: Iterable[Card], card: Card) -> list[Card]:
    """The cards of ``cards`` that could meld with ``card`` given more: the same rank, or the
    same suit one or two ranks away."""
    found = [c for c in cards if c != card and (c.rank == card.rank or (
        c.suit == card.suit and abs(c.rank - card.rank) <= 2))]
    return sorted(found, key=lambda c: (c.rank, c.suit))


def partners(cards: Sequence[Card], card: Card) -> list[Card]:
    """The unmelded cards of ``cards`` (``card`` aside) near ``card``: those it pairs with
    towards a meld."""
    return near(best_arrangement([c for c in cards if c != card]).deadwood, card)


def melds_with(cards: Sequence[Card], card: Card) -> list[Card]:
    """The other cards of the meld ``card`` joins in the best arrangement of ``cards``."""
    for meld in best_arrangement(cards).melds:
        if card in meld.cards:
            return [c for c in meld.cards if c != card]
    return []


def evidence(know: Knowledge, card: Card) -> Card | None:
    """A card the opponent surely holds (taken from the pile) that ``card`` could meld with."""
    close = {c for group in NEIGHBOURS[card.index] for c in group}
    held = [c for c in bits(know.opp_known) if c in close]
    return DECK[held[0]] if held else None


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def about(value: float) -> str:
    """A figure to one decimal, or whole when it is large."""
    return f"{value:.0f}" if abs(value) >= 10 else f"{value:.1f}"


@dataclass
class Grounds:
    """What a reason may draw on besides the view: the coach's judge of hands, its sampled
    opponent hands (as it decided with them), what Expert's search found, and the least points
    at which it knocks: expected against those hands, or forecast by ``forecast`` when set."""

    judge: Evaluator
    hands: Callable[[], list[int]]
    searched: Searched | None
    knock_value: float | None
    forecast: Forecast | None = None


def reason(view: PlayerView, action: Action, runner_up: Action | None,
           grounds: Grounds) -> Words:
    """Why ``action`` rather than ``runner_up`` (the coach's next best, None when there is
    none)."""
    if isinstance(action, Discard):
        other = runner_up.card if isinstance(runner_up, Discard) else None
        return discard_reason(view, action.card, other, grounds)
    if view.phase is Phase.FORCED_DRAW:
        return ("Draw from the stock: both passed the upcard",)
    if view.phase in (Phase.OFFER, Phase.DRAW):
        return draw_reason(view, action, grounds)
    if isinstance(action, Knock | EndTurn):
        return knock_reason(view, action, grounds)
    if isinstance(action, Arrange):
        return arrange_reason(view, action, grounds)
    return ("Cancel the discard",)


def searched_points(grounds: Grounds, action: Action, other: Action | None) -> float | None:
    """How many points a hand more ``action`` scored than ``other`` when Expert played both
    out (None if it did not), when ``action`` is what Expert chose over Hard's ``other``."""
    found = grounds.searched
    if found is None or other is None or action not in found.candidates:
        return None
    if other not in found.candidates or found.candidates[0] == action:
        return None
    return found.points(action) - found.points(other)


def played_out(points: float, worlds: int, than: Sequence[str | Card]) -> list[str | Card]:
    return [f"played out in {worlds} deals, it scores about {about(points)} points a hand "
            "more than ", *than]


def discard_reason(view: PlayerView, card: Card, other: Card | None, grounds: Grounds) -> Words:
    hand = view.hand
    left = left_after(hand, card)
    if other is None:
        return ("Discard ", card, f": leaves deadwood {left}")
    other_left = left_after(hand, other)
    judge = grounds.judge
    know = judge.know
    head: list[str | Card] = ["Discard ", card, ", not ", other, ": "]
    tail: list[str | Card] = [f". Leaves deadwood {left}"]
    if other_left != left:
        tail += [" (", other, f" would leave {other_left})"]
    extra = searched_points(grounds, Discard(card), Discard(other))
    if extra is not None:
        assert grounds.searched is not None
        return (*head, *played_out(extra, grounds.searched.worlds, [other]), *tail)
    if left < other_left:
        return (*head, f"it leaves deadwood {left}, ", other, f" would leave {other_left}")
    mine, rest_mine = mask_of(hand) & ~(1 << card.index), mask_of(hand) & ~(1 << other.index)
    risk, other_risk = know.meld_risk(card.index), know.meld_risk(other.index)
    safer = other_risk > risk + RISKIER
    value_gap = judge.value(rest_mine) - judge.value(mine)
    if safer and judge.risk(other.index) - judge.risk(card.index) >= value_gap:
        return (*head, *riskier(know, other, other_risk, risk), *tail)
    unseen, limit = know.unseen, view.knock_limit
    counts: list[tuple[str, Callable[[int], int]]] = [
        ("would give you gin", lambda h: gin_ways(h, unseen)),
        ("would let you knock", lambda h: knock_ways(h, unseen, limit)),
        ("would meld", lambda h: melding(h, unseen))]
    for what, ways_of in counts:
        ways, other_ways = ways_of(mine), ways_of(rest_mine)
        if ways > other_ways:
            kept = partners([c for c in hand if c != card], other)
            group = sorted([other, *kept], key=lambda c: (c.rank, c.suit))
            keeps: list[str | Card] = ["it keeps ", *listed(group), " together: "] if kept else []
            return (*head, *keeps, f"{ways} unseen cards {what}, not {other_ways}", *tail)
    mean, other_mean = mean_after_draw(mine, unseen), mean_after_draw(rest_mine, unseen)
    if round(mean, 1) < round(other_mean, 1):
        return (*head, f"after the next draw it leaves deadwood {mean:.1f} on average, "
                f"not {other_mean:.1f}", *tail)
    if round(100 * other_risk) > round(100 * risk):
        return (*head, *riskier(know, other, other_risk, risk), *tail)
    if left == other_left:
        return (*head, "as good as ", other, " by these counts; the coach's look at the draws "
                "to come puts it a little ahead", *tail)
    return (*head, "the coach's look at the draws to come rates it higher", *tail)


def riskier(know: Knowledge, card: Card, risk: float, safe_risk: float) -> list[str | Card]:
    """``card`` is likelier to give the opponent a meld, with the card that shows it."""
    held = evidence(know, card)
    chances = f" ({percent(risk)}, not {percent(safe_risk)})"
    if held is not None:
        return ["the opponent took ", held, " and may meld ", card, chances]
    return [card, " is likelier to meld for the opponent", chances]


def draw_reason(view: PlayerView, action: Action, grounds: Grounds) -> Words:
    top = view.discard_pile[-1]
    hand = view.hand
    unseen = grounds.judge.know.unseen
    now = deadwood(hand)
    take_left, out = take_leaves(hand, top)
    stock_mean = mean_after_draw(mask_of(hand), unseen)
    takes = isinstance(action, TakeUpcard | DrawDiscard)
    head: list[str | Card] = (["Take ", top, ": "] if takes else ["Pass ", top, ": "]
                              if isinstance(action, PassUpcard) else ["Draw from the stock: "])
    kept = mask_of(c for c in (*hand, top) if c != out)
    ways, stock_ways = melding(kept, unseen), melding(mask_of(hand), unseen)
    if takes:
        rest = [c for c in (*hand, top) if c != out]
        joined, goes = melds_with(rest, top), partners(rest, top)
        melds: list[str | Card] = (["it melds with ", *listed(joined), "; "] if joined else
                                   ["it goes with ", *listed(goes), "; "] if goes else [])
        if take_left < stock_mean:
            return (*head, *melds, f"deadwood {now} -> {take_left} after a discard, a stock "
                    f"card leaves {stock_mean:.1f} on average")
        if ways > stock_ways:
            return (*head, *melds, f"then {ways} unseen cards would meld, not "
                    f"{stock_ways}; deadwood {now} -> {take_left} after a discard")
        return (*head, *melds, f"deadwood {now} -> {take_left} after a discard; the coach's "
                "look at the draws to come rates it above an unknown card")
    if top in thrown(view.log, view.seat):
        return (*head, "you threw ", top, " earlier this hand, and the coach never takes back "
                "a card it threw")
    if not near(hand, top):
        return (*head, "your hand has no card of ", top, "'s rank or near it in its suit. "
                f"Deadwood now {now}")
    if take_left >= stock_mean:
        return (*head, "taking ", top, f" leaves deadwood {take_left} after a discard, a "
                f"stock card {stock_mean:.1f} on average")
    if ways < stock_ways:
        return (*head, "taking ", top, f" leaves deadwood {take_left} but only {ways} unseen "
                f"cards that would meld, not {stock_ways}")
    return (*head, "taking ", top, f" leaves deadwood {take_left}; the coach's look at the "
            "draws to come rates an unknown card higher")


def below_the_bar(points: float, bar: float | None) -> str:
    """``points`` to the nearest point, or to a tenth cut down where rounding would show a
    figure under the knock bar as the bar itself (19.7 is not "+20" when the bar is 20)."""
    if bar is not None and points < bar <= round(points):
        return f"{math.floor(points * 10) / 10:+.1f}"
    return f"{points:+.0f}"


def knock_reason(view: PlayerView, action: Action, grounds: Grounds) -> Words:
    now = deadwood(view.hand)
    if Knock() not in view.legal_actions:
        return (f"End the turn: deadwood {now} is over the knock limit {view.knock_limit}",)
    if now == 0:
        return (f"Knock: gin! The {view.options.gin_bonus} bonus and all the opponent's "
                "deadwood",)
    read = features(view, grounds.hands())
    points, under = read[EXPECTED], read[UNDERCUT]
    knocks = isinstance(action, Knock)
    other = EndTurn() if knocks else Knock()
    extra = searched_points(grounds, action, other)
    bar = grounds.knock_value
    held = bar if grounds.forecast is None else None  # the bar the points are held to
    odds = (f"about {below_the_bar(points, held)} on average against the opponent's likely "
            f"hands (undercut in {percent(under)})")
    if extra is not None:
        assert grounds.searched is not None
        than = "playing on" if knocks else "knocking"
        return (("Knock" if knocks else "Play on") + ": ", *played_out(
            extra, grounds.searched.worlds, [than]), f". A knock with {now} would score " + odds)
    enough = f"; the coach knocks from {bar:+.0f}" if bar is not None else ""
    if grounds.forecast is not None and bar is not None:
        told = below_the_bar(grounds.forecast.weigh(read), bar)
        enough = f"; from the play so far the coach forecasts {told} and knocks from {bar:+.0f}"
    if knocks:
        return (f"Knock with {now}: it scores " + odds + enough,)
    return (f"Play on: a knock with {now} would score " + odds + enough,)


def arrange_reason(view: PlayerView, action: Arrange, grounds: Grounds) -> Words:
    left = arrangement_deadwood(view.hand, action)
    if view.phase is not Phase.KNOCKER_ARRANGE:
        return (f"Arrange these melds: deadwood {left} before lay-offs, the least",)
    least = view.legal_actions[0]
    assert isinstance(least, Arrange)
    if least == action:
        return (f"Lay down these melds: the least deadwood, {left}",)
    hands = grounds.hands()
    other_left = arrangement_deadwood(view.hand, least)
    points = knock_points(list(action.melds), left, hands, view)
    other_points = knock_points(list(least.melds), other_left, hands, view)
    return (f"Lay down these melds: deadwood {left}, not {other_left}, but less for the "
            f"opponent to lay off: about {points:+.0f} points, not {other_points:+.0f}",)
