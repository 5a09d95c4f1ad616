"""After a hand: the player's knock decisions that the coach would have played differently.

The hand is played again from the record through the rules core; at every decision of the
player's seat whether to knock (the knock was legal), the coach is asked from that seat's view
alone (Expert in a match against Expert, else Hard: the coach of the hints, within the same
``REVIEW_SECONDS`` a decision), and where it would have chosen otherwise the decision and its
reason are kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin_handset.ai.coach import Coach, coach_level
from gin_handset.ai.reasons import Words, text
from gin_handset.rules.actions import EndTurn, Knock, parse_action
from gin_handset.rules.hand import Phase
from gin_handset.rules.melds import deadwood
from gin_handset.rules.view import view_of
from gin_handset.session.record import NEXT_HAND, MatchRecord, replay

REVIEW_SECONDS = 1.0  # the most Expert takes over a decision it reviews (as over a hint)


@dataclass(frozen=True)
class Reconsidered:
    """One knock decision the coach would have made the other way."""

    yours: str  # what the player did, with the deadwood
    coach: Words  # what the coach would have done, and why, in words and cards

    @property
    def coach_text(self) -> str:
        """The coach's words as plain text, cards written as the phone does."""
        return text(self.coach)


def reconsider(record: MatchRecord, seat: int) -> list[Reconsidered]:
    """The knock decisions of ``seat`` in the last hand of ``record`` that the coach would have
    made otherwise, in the order they were made."""
    steps = record.steps
    start = max((i + 1 for i, step in enumerate(steps) if step == NEXT_HAND), default=0)
    match = replay(MatchRecord(record.options, record.seed, record.difficulty, steps[:start],
                               record.first_hand, record.first_dealer))
    found: list[Reconsidered] = []
    for number, step in enumerate(steps[start:], start):
        hand = match.hand
        action = parse_action(step)
        deciding = hand.phase is Phase.DECIDE and hand.turn == seat
        if deciding and isinstance(action, Knock | EndTurn) and Knock() in hand.legal_actions():
            view = view_of(hand, seat, match.scores)
            coach = Coach(coach_level(record.difficulty),
                          random.Random(f"{record.seed}/review/{number}"), seconds=REVIEW_SECONDS)
            advice = coach.advise(view)
            if type(advice.action) is not type(action) and isinstance(advice.action,
                                                                       Knock | EndTurn):
                count = deadwood(view.hand)
                did = "knocked" if isinstance(action, Knock) else "played on"
                found.append(Reconsidered(f"You {did} with deadwood {count}", advice.words))
        match = match.apply(action)
    return found
