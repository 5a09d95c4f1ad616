"""Champion: a MARJJ-style benchmark player (the winner of the EAAI 2021 Gin Rummy challenge).

Written from the public description of MARJJ and from reading its published strategy (repository
aqib-a99/MARJJ, ``MARJJ_v5-1.java``); no code is copied. Only the tournament uses it.

- Draw: takes the face-up card only when it is in a meld of the (least lay-off) best arrangement
  of the hand with it, and the best deadwood after a discard is lower than the deadwood now.
- Discard: among the cards left out of some least-deadwood arrangement (not the card just taken,
  none worth 5 less than the dearest of them, none leaving 5 more deadwood than the best), the
  least of: deadwood after the discard, plus 18 * 0.9^(turn - 1) times the mean of the seven best
  deadwoods after drawing one unseen card; plus a danger score from the suit neighbours and ranks
  the opponent took (penalties) or that are gone (bonuses). Random among ties.
- Knock: with 10 or less on its first three turns, else only with gin.
- Lay down: the least-deadwood arrangement whose melds leave the fewest lay-off points.

Published quirks kept on purpose: the opponent's pickups count as held even after it discards
them; for a queen or a king the first neighbour up counts as gone, the second never does; the
rank penalty meant for a rank the opponent took applies when no other card of the rank is gone.
"""

from __future__ import annotations

from gin_handset.ai.knowledge import FULL, VALUES, bits
from gin_handset.ai.lookahead import connected
from gin_handset.ai.player import PhasedPlayer
from gin_handset.ai.simple import arrangement_deadwood
from gin_handset.rules.actions import (
    Action,
    Arrange,
)
from gin_handset.rules.cards import Card, mask_of
from gin_handset.rules.hand import Phase, thrown
from gin_handset.rules.melds import (
    Arrangement,
    Meld,
    best_discards_mask,
    deadwood_mask,
    knock_arrangements,
)
from gin_handset.rules.view import PlayerView

SEQUENCE_BONUS = -10.0  # both run neighbours of the discard gone: the opponent cannot run it
ADJ_BONUS = -5.0  # a suit neighbour gone
ADJ2_BONUS = -3.0  # a card two ranks away in the suit gone
SEQUENCE_PENALTY = 20.0  # the opponent took both cards that would run with the discard
ADJ_PENALTY = 5.0  # the opponent took a suit neighbour
ADJ2_PENALTY = 3.0  # the opponent took a card two ranks away in the suit
SET_BONUS = -10.0  # every other card of the rank is gone
RANK_BONUS = -4.0  # one other card of the rank is gone
SET_PENALTY = 20.0  # the opponent took two cards of the rank
RANK_PENALTY = 4.0  # no other card of the rank is gone

SPREAD = 5  # candidate discards: within this of the dearest card and of the least deadwood
FUTURE_WEIGHT = 18.0
FUTURE_DECAY = 0.9
FUTURE_CARDS = 7  # the best draws averaged
EARLY_TURNS = 3  # knocks with any legal deadwood on its first turns only


def best_sets(cards: tuple[Card, ...]) -> list[Arrangement]:
    """Every least-deadwood arrangement that has melds (none if the cards make no meld)."""
    found = knock_arrangements(cards, deadwood_mask(mask_of(cards)))
    return [a for a in found if a.melds]


class ChampionPlayer(PhasedPlayer):
    name = "champion"

    def arrange(self, view: PlayerView) -> Action:
        arrangements = [a for a in view.legal_actions if isinstance(a, Arrange)]
        least = min(arrangement_deadwood(view.hand, a) for a in arrangements)
        best = [a for a in arrangements if arrangement_deadwood(view.hand, a) == least]
        if view.phase is Phase.DEFENDER_ARRANGE:
            return best[0]
        seen, opp = _seen(view), mask_of(view.opponent_pickups)
        return min(best, key=lambda a: lay_off_points(a.melds, seen, opp))

    def wants_top(self, view: PlayerView) -> bool:
        top = view.discard_pile[-1]
        cards = (*view.hand, top)
        sets = best_sets(cards)
        if not sets:
            return False
        seen, opp = _seen(view), mask_of(view.opponent_pickups)
        chosen = min(sets, key=lambda a: lay_off_points(a.melds, seen, opp))
        if not any(top in meld.cards for meld in chosen.melds):
            return False
        return best_discards_mask(mask_of(cards))[0] < deadwood_mask(mask_of(view.hand))

    def knocks(self, view: PlayerView) -> bool:
        ours = deadwood_mask(mask_of(view.hand))
        return ours == 0 or (ours <= 10 and _turns(view) <= EARLY_TURNS)

    def discard_card(self, view: PlayerView) -> Card:
        hand = view.hand
        mask = mask_of(hand)
        candidates = _candidates(hand, view.taken)
        if len(candidates) == 1:
            return candidates[0]
        seen, opp = _seen(view), mask_of(view.opponent_pickups)
        turn = _turns(view) + 1  # this discard included
        scores = [
            _future(mask & ~(1 << c.index), seen, turn) + _danger(c.index, mask, seen, opp)
            for c in candidates
        ]
        least = min(scores)
        return self.rng.choice([c for c, s in zip(candidates, scores, strict=True) if s == least])


def _seen(view: PlayerView) -> int:
    """Cards this seat has seen: its hand, the upcard and every card shown during the hand."""
    seen = mask_of(view.hand) | 1 << view.upcard.index | mask_of(view.discard_pile)
    for event in view.log:
        if event.card is not None:
            seen |= 1 << event.card.index
    return seen


def _turns(view: PlayerView) -> int:
    """How many discards this seat has made this hand (a cancelled one not counted)."""
    return len(thrown(view.log, view.seat))


def _candidates(hand: tuple[Card, ...], taken: Card | None) -> list[Card]:
    """The discards worth scoring; a single card when one discard is clearly right (or gin)."""
    sets = best_sets(hand)
    if sets:
        loose = {c for a in sets for c in a.deadwood}
        include = [c for c in hand if c in loose and c != taken]
    else:
        include = [c for c in hand if c != taken]
    if include:
        dearest = max(c.value for c in include)
        include = [c for c in include if c.value >= dearest - SPREAD]
    if len(include) == 1:
        return include
    if not include:
        include = [c for c in hand if c != taken]
    mask = mask_of(hand)
    after = [deadwood_mask(mask & ~(1 << c.index)) for c in include]
    for card, dead in zip(include, after, strict=True):
        if dead == 0:
            return [card]
    best = min(after)
    return [c for c, d in zip(include, after, strict=True) if d <= best + SPREAD]


def _future(ten: int, seen: int, turn: int) -> float:
    """Deadwood now plus the discounted mean of the best deadwoods after one unseen draw."""
    plain = deadwood_mask(ten)
    shed = best_discards_mask(ten)[0]
    near = connected(ten)
    draws = sorted(
        best_discards_mask(ten | 1 << c)[0] if near >> c & 1 else min(plain, shed + VALUES[c])
        for c in bits(FULL & ~seen)
    )[:FUTURE_CARDS]
    mean = sum(draws) / len(draws) if draws else 0.0
    return plain + FUTURE_WEIGHT * mean * FUTURE_DECAY ** (turn - 1)


def _danger(card: int, mine: int, seen: int, opp: int) -> float:
    """The published danger score of discarding ``card`` (negative: safe)."""
    rank = card % 13
    gone_mask = (mine | seen) & ~opp
    offsets = (1, -1, 2, -2)  # up, down, two up, two down
    inside = (rank < 12, rank > 0, rank < 11, rank > 1)
    held = [ok and bool(opp >> (card + d) & 1) for d, ok in zip(offsets, inside, strict=True)]
    gone = [
        (ok and bool(gone_mask >> (card + d) & 1)) or not ok
        for d, ok in zip(offsets, inside, strict=True)
    ]
    if rank >= 11:  # the published code marks the first neighbour up, not the second, as gone
        gone[0], gone[2] = True, False
    score = 0.0
    for marks, sequence, adjacent, adjacent2 in (
        (gone, SEQUENCE_BONUS, ADJ_BONUS, ADJ2_BONUS),
        (held, SEQUENCE_PENALTY, ADJ_PENALTY, ADJ2_PENALTY),
    ):
        up, down, up2, down2 = marks
        if (up and (down or down2)) or (down and (up or up2)):
            score += sequence
        else:
            score += adjacent * (up + down) + adjacent2 * (up2 + down2)
    same = [s * 13 + rank for s in range(4)]
    held_rank = sum(opp >> c & 1 for c in same)
    gone_rank = sum(gone_mask >> c & 1 for c in same)  # the card itself included
    if gone_rank >= 3:
        score += SET_BONUS
    elif gone_rank == 2:
        score += RANK_BONUS
    if held_rank >= 2:
        score += SET_PENALTY
    elif gone_rank == 1:
        score += RANK_PENALTY
    return score


def lay_off_points(melds: tuple[Meld, ...], seen: int, opp: int) -> int:
    """The published lay-off estimate: meld ends and set cards the defender may still hold."""
    points = 0

    def open_(index: int) -> bool:
        return bool(opp >> index & 1 or not seen >> index & 1)

    for meld in melds:
        first, last = meld.cards[0], meld.cards[-1]
        if meld.is_run:
            if first.rank > 1 and open_(first.index - 1):
                points += first.value
            if last.rank < 13 and open_(last.index + 1):
                points += last.value
        else:
            for card in meld.cards:
                if open_((card.index + 13) % 52):
                    points += card.value
    return points

