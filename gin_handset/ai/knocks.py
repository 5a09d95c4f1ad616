"""What a knock scores against a defender's hand (lay-offs as ``defender_deadwood`` reckons
them): hard's knock rule, Expert's playouts and the knock forecast all weigh knocks by it."""

from __future__ import annotations

from gin_handset.rules.layoff import layable_mask
from gin_handset.rules.melds import Meld, deadwood_mask
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView


def defender_deadwood(melds: list[Meld], opponent: int) -> int:
    """About the defender's deadwood after lay-offs: lay off all that fits, or none."""
    laid = layable_mask(melds, opponent)
    plain = deadwood_mask(opponent)
    return min(plain, deadwood_mask(opponent & ~laid)) if laid else plain


def knock_score(melds: list[Meld], ours: int, defender: int, options: Options) -> int:
    """Points to the knocker (negative: to the defender) of a knock with ``melds`` and ``ours``
    deadwood against the hand ``defender``, before any doubling (lay-offs as
    ``defender_deadwood`` has them)."""
    if ours == 0:
        return options.gin_bonus + deadwood_mask(defender)
    theirs = defender_deadwood(melds, defender)
    return theirs - ours if ours < theirs else theirs - ours - options.undercut_bonus


def knock_points(melds: list[Meld], ours: int, hands: list[int], view: PlayerView) -> float:
    """Expected points of knocking with ``melds`` and ``ours`` deadwood against sampled hands."""
    total = sum(knock_score(melds, ours, hand, view.options) for hand in hands)
    return total / max(1, len(hands))
