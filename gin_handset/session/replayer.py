"""A finished match (or the hand just played) played again from its record, step by step.

It is the record replayed through the rules core from its seed, so what it shows is what was
played, by construction. A position is the match after a step; the step that ends a turn is
folded into the discard before it, and each hand starts with its deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gin_handset.rules.actions import parse_action
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Event
from gin_handset.rules.match import MatchState
from gin_handset.session.record import NEXT_HAND, MatchRecord, ReplayError

END_TURN = "end"


@dataclass(frozen=True)
class Position:
    match: MatchState
    step: str | None  # the step that led here; None for a deal
    seat: int | None  # who took that step
    event: Event | None  # what both players saw happen at that step, if anything
    gained: Card | None = None  # the card the step brought into the seat's hand

    @property
    def hand_number(self) -> int:
        return self.match.hand_number


def positions(record: MatchRecord) -> list[Position]:
    """Every position of the record's match, the first deal first; ReplayError naming a step
    that does not replay. Linear in the steps (a hand's states share its log), and remembered
    for the last records asked for: a record is replayed once whoever asks."""
    return list(_positions(record))


@lru_cache(maxsize=2)
def _positions(record: MatchRecord) -> tuple[Position, ...]:
    match = MatchState.new(record.options, record.seed, record.first_hand, record.first_dealer)
    found = [Position(match, None, None, None)]
    for number, step in enumerate(record.steps):
        try:
            if step == NEXT_HAND:
                match = match.next_hand()
                found.append(Position(match, None, None, None))
                continue
            before, seat, previous = len(match.hand.log), match.hand.turn, match
            match = match.apply(parse_action(step))
        except ValueError as error:
            raise ReplayError(f"steps[{number}] {step!r}: {error}") from error
        log = match.hand.log
        if step == END_TURN:
            last = found[-1]
            found[-1] = Position(match, last.step, last.seat, last.event)
        else:
            event = log[-1] if len(log) > before else None
            found.append(Position(match, step, seat, event, _gained(previous, match, seat)))
    return tuple(found)


def _gained(before: MatchState, after: MatchState, seat: int) -> Card | None:
    """The card a step brought into ``seat``'s hand: the rules add a drawn, taken or cancelled
    card at the hand's end."""
    old, new = before.hand.hands[seat], after.hand.hands[seat]
    return new[-1] if len(new) == len(old) + 1 else None


def hand_starts(found: list[Position]) -> list[int]:
    """The index of each hand's deal among ``found``."""
    return [i for i, position in enumerate(found) if position.step is None]


def last_hand(record: MatchRecord) -> list[Position]:
    """The positions of the record's last hand, from its deal."""
    found = positions(record)
    return found[hand_starts(found)[-1]:]
