"""The coach: the move Hard (or Expert) would make, with one short reason, from a PlayerView.

``advise(view)`` is pure Python (no pygame) and may be called off the main loop; the same view,
level and seed give the same advice. ``advise(view, rng, "expert")`` asks Expert, within its
budget (``samples`` worlds, by default ``expert.SAMPLES``: within 1 s on one core).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.hard import HardPlayer, knock_points
from gin_handset.ai.simple import arrangement_deadwood
from gin_handset.rules.actions import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, Card, format_cards, mask_of
from gin_handset.rules.hand import Phase
from gin_handset.rules.melds import best_arrangement, deadwood
from gin_handset.rules.view import PlayerView


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: str


def advise(
    view: PlayerView,
    rng: random.Random | None = None,
    level: str = "hard",
    samples: int | None = None,
) -> Advice:
    """The move of ``level`` (hard or expert) for this view and why; ValueError if the view has
    no decision to make."""
    seeded = rng or random.Random(0)
    if level == "expert":
        player: HardPlayer = ExpertPlayer(seeded, samples=samples)
    elif level == "hard":
        player = HardPlayer(seeded)
    else:
        raise ValueError(f"the coach is hard or expert, not {level!r}")
    action = player.choose(view)
    return Advice(action, _reason(view, action, player))


def _open_cards(cards: list[Card]) -> list[Card]:
    """Unmelded cards that a single card more could meld: a pair, or suit neighbours."""
    loose = list(best_arrangement(cards).deadwood)
    found = []
    for card in loose:
        for other in loose:
            same_rank = other.rank == card.rank
            near = other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2
            if other != card and (same_rank or near):
                found.append(card)
                break
    return found


def _runner_up(view: PlayerView, chosen: Card, player: HardPlayer) -> Card | None:
    """The discard Hard scores next best after ``chosen`` (None if there is no other)."""
    judge = player.evaluator(view)
    allowed = mask_of(a.card for a in view.legal_actions if isinstance(a, Discard))
    allowed &= ~(1 << chosen.index)
    if not allowed:
        return None
    return DECK[min(judge.discard_scores(mask_of(view.hand), allowed))[1]]


def _reason(view: PlayerView, action: Action, player: HardPlayer) -> str:
    hand = list(view.hand)
    now = deadwood(hand)
    if isinstance(action, (TakeUpcard, DrawDiscard)):
        top = view.discard_pile[-1]
        best = min(deadwood([c for c in (*hand, top) if c != out]) for out in hand)
        gin = " (gin)" if best == 0 else ""
        return f"Take {top}: deadwood {now} -> {best} after a discard{gin}"
    if isinstance(action, (PassUpcard, DrawStock)):
        if view.phase is Phase.FORCED_DRAW:
            return "Draw from the stock: both passed the upcard"
        top = view.discard_pile[-1]
        verb = "Pass" if isinstance(action, PassUpcard) else "Draw from the stock"
        return f"{verb}: {top} helps less than an unknown card is likely to"
    if isinstance(action, Discard):
        rest = [c for c in hand if c != action.card]
        after = deadwood(rest)
        kept = _open_cards(rest)[:3]
        keeps = f"keeps {format_cards(kept)} open, " if kept else ""
        other = _runner_up(view, action.card, player)
        if other is None:
            return f"Discard {action.card}: {keeps}deadwood {after} left"
        instead = deadwood([c for c in hand if c != other])
        if after < instead:
            why = f"deadwood {after} left, not {instead}"
        else:
            judge = player.evaluator(view)
            if judge.know.meld_risk(other.index) > judge.know.meld_risk(action.card.index) + 0.05:
                why = f"{other} is likelier to meld for the opponent; deadwood {after} left"
            else:
                why = f"{keeps}deadwood {after} left"
        return f"Discard {action.card} rather than {other}: {why}"
    if isinstance(action, Knock):
        if now == 0:
            return "Knock: gin!"
        melds = list(best_arrangement(hand).melds)
        points = knock_points(melds, now, player.opponents(view), view)
        return f"Knock: deadwood {now}, worth about {points:+.0f} points now"
    if isinstance(action, EndTurn):
        if Knock() in view.legal_actions:
            return f"Play on: deadwood {now} risks an undercut, or gin is near"
        return f"End the turn: deadwood {now} is over the knock limit {view.knock_limit}"
    if isinstance(action, Arrange):
        left = arrangement_deadwood(view.hand, action)
        if view.phase is Phase.KNOCKER_ARRANGE:
            return f"Lay down these melds: deadwood {left}, the fewest likely lay-offs"
        return f"Arrange these melds: deadwood {left} before lay-offs"
    return "Cancel the discard"
