"""A match as the seed plus every step taken since the deal: what a save holds.

Replaying the steps through the rules core rebuilds the match exactly, on any skin; the
positions it passes through are what the replay screens show (`replayer`).
"""

from __future__ import annotations

import gc
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache

from gin_handset.rules.actions import parse_action
from gin_handset.rules.bonuses import FinalScore, final_score
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Event
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.session.seats import COMPUTER_SEATS, Seats

HUMAN = 0
COMPUTER = 1
NEXT_HAND = "next"


class ReplayError(ValueError):
    """A recorded step that does not replay; names the step and what is wrong."""


@dataclass(frozen=True)
class MatchRecord:
    """What a save holds: enough to rebuild the match exactly."""

    options: Options
    seed: int
    difficulty: str
    steps: tuple[str, ...] = ()
    first_hand: int = 0  # the match started at this hand (0-based) of the seed's deals
    first_dealer: int | None = None  # its dealer, when not the seed's own
    assisted: bool = False  # the player asked the coach for a hint
    started: str = ""  # when the match began (ISO 8601, local time); tells matches apart
    names: tuple[str, ...] = ()  # the players' nicknames by seat, at a table of two people
    ended: str = ""  # when it ended (ISO 8601), in the save of a match that is over
    seat: int = HUMAN  # this phone's player's seat (1 when they joined a network table)
    conceded: int | None = None  # the seat that lost before the match was won on points

    def plus(self, step: str) -> MatchRecord:
        return replace(self, steps=(*self.steps, step))

    @property
    def key(self) -> str:
        """Names this match as played so far: the same record always gives the same key, two
        matches (told apart by seed, start time or steps) never in practice."""
        text = json.dumps([self.options.to_dict(), self.seed, self.difficulty, self.first_hand,
                           self.first_dealer, self.started, self.steps, *self.names])
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    @property
    def seats(self) -> Seats:
        """The seats as a replay names them: this phone's player at the bottom; between
        people their nicknames."""
        if len(self.names) == 2:
            return Seats(self.seat, (self.names[0], self.names[1]))
        return COMPUTER_SEATS

    def winner(self, match: MatchState) -> int | None:
        """Who won the match the record leads to: on points, or the seat that did not
        concede (its time ran out, its phone was away too long, or it left the table)."""
        final = self.final(match)
        return None if final is None else final.winner

    def final(self, match: MatchState) -> FinalScore | None:
        """The final score of the match the record leads to: won on points (with the match
        bonuses when the options have them), or conceded: the hands' points, no bonuses."""
        if match.is_over:
            return match.final
        if self.conceded is None:
            return None
        return final_score(match.results, 1 - self.conceded, False)


def replay_states(record: MatchRecord) -> Iterator[MatchState]:
    """The match as dealt, then after each step in turn; ReplayError at a step that does not
    replay."""
    match = MatchState.new(record.options, record.seed, record.first_hand, record.first_dealer)
    yield match
    for number, step in enumerate(record.steps):
        try:
            match = match.next_hand() if step == NEXT_HAND else match.apply(parse_action(step))
        except ValueError as error:
            raise ReplayError(f"steps[{number}] {step!r}: {error}") from error
        yield match


def replay(record: MatchRecord) -> MatchState:
    """The match the record leads to; ReplayError naming a step that does not replay. The
    positions it passes through are remembered (`positions`): loading a save checks it by
    replaying it, and resuming it, or showing it, then replays nothing again."""
    return _positions(record)[-1].match


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
    with _no_collection():
        return _replayed(record)


@contextmanager
def _no_collection() -> Iterator[None]:
    """No cyclic garbage collection while a replay builds its positions: it makes no cycles,
    and looking through its growing heap again and again costs nearly as much as the replay."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _replayed(record: MatchRecord) -> tuple[Position, ...]:
    match = MatchState.new(record.options, record.seed, record.first_hand, record.first_dealer)
    parse = lru_cache(maxsize=256)(parse_action)  # a long hand repeats its steps
    found = [Position(match, None, None, None)]
    for number, step in enumerate(record.steps):
        try:
            if step == NEXT_HAND:
                match = match.next_hand()
                found.append(Position(match, None, None, None))
                continue
            before, seat, previous = len(match.hand.log), match.hand.turn, match
            match = match.apply(parse(step))
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


def forget_replays() -> None:
    """Forget the positions remembered (a benchmark replays from nothing)."""
    _positions.cache_clear()
