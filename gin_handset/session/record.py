"""A match as the seed plus every step taken since the deal: what a save holds.

Replaying the steps through the rules core rebuilds the match exactly, on any skin.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options

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
    ended: str = ""  # when it ended (ISO 8601), in the save of a match that is over

    def plus(self, step: str) -> MatchRecord:
        return replace(self, steps=(*self.steps, step))

    @property
    def key(self) -> str:
        """Names this match as played so far: the same record always gives the same key, two
        matches (told apart by seed, start time or steps) never in practice."""
        text = json.dumps([self.options.to_dict(), self.seed, self.difficulty, self.first_hand,
                           self.first_dealer, self.started, self.steps])
        return hashlib.sha256(text.encode()).hexdigest()[:20]


def replay(record: MatchRecord) -> MatchState:
    """The match the record leads to; ReplayError naming a step that does not replay. The
    positions it passes through are remembered (`replayer.positions`): loading a save checks
    it by replaying it, and resuming it, or showing it, then replays nothing again."""
    from gin_handset.session.replayer import positions  # built on this module

    return positions(record)[-1].match
