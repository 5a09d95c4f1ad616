"""The match on the handset: the person in seat 0, the computer in seat 1, every step recorded.

A session is the match seed plus the list of everything done since the deal, so a save is
that list and resuming replays it: the state comes back exactly, on any skin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gin_handset.ai.player import Player, make_player
from gin_handset.rules.actions import Action, action_text, parse_action
from gin_handset.rules.hand import HandState
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of

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


@lru_cache(maxsize=2)
def replay(record: MatchRecord) -> MatchState:
    """The match the record leads to (remembered: loading a save checks it by replaying it, and
    resuming it then needs the same state)."""
    match = MatchState.new(record.options, record.seed)
    for number, step in enumerate(record.steps):
        try:
            match = match.next_hand() if step == NEXT_HAND else match.apply(parse_action(step))
        except ValueError as error:
            raise ReplayError(f"steps[{number}] {step!r}: {error}") from error
    return match


class MatchSession:
    def __init__(
        self, record: MatchRecord, on_change: Callable[[MatchSession], None] | None = None
    ) -> None:
        self.record = record
        self.match = replay(record)
        self.on_change = on_change
        # The computer's randomness is seeded afresh for each decision from the match seed and
        # the step number, so a resumed match plays on as the uninterrupted one would; only the
        # simple and easy players' memory of the hand in progress starts afresh.
        self._rng = random.Random()
        self.computer: Player = make_player(record.difficulty, self._rng)

    @classmethod
    def new(
        cls,
        options: Options,
        seed: int,
        difficulty: str,
        on_change: Callable[[MatchSession], None] | None = None,
    ) -> MatchSession:
        return cls(MatchRecord(options, seed, difficulty), on_change)

    @property
    def hand(self) -> HandState:
        return self.match.hand

    @property
    def steps(self) -> Sequence[str]:
        return self.record.steps

    def view(self, seat: int = HUMAN) -> PlayerView:
        return view_of(self.match.hand, seat, self.match.scores)

    @property
    def human_to_act(self) -> bool:
        return not self.hand.is_over and self.hand.turn == HUMAN

    @property
    def computer_to_act(self) -> bool:
        return not self.hand.is_over and self.hand.turn == COMPUTER

    def computer_choice(self) -> Action:
        """The computer's next action, decided from its view alone (not yet applied)."""
        self._rng.seed(f"{self.record.seed}/computer/{len(self.record.steps)}")
        return self.computer.choose(self.view(COMPUTER))

    def apply(self, action: Action) -> None:
        """Apply an action of the player on turn; IllegalAction leaves everything as it was."""
        self.match = self.match.apply(action)
        self._record(action_text(action))

    def next_hand(self) -> None:
        self.match = self.match.next_hand()
        self._record(NEXT_HAND)

    def _record(self, step: str) -> None:
        r = self.record
        self.record = MatchRecord(r.options, r.seed, r.difficulty, (*r.steps, step))
        if self.on_change is not None:
            self.on_change(self)
