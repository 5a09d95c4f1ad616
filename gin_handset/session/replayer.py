"""A finished match (or the hand just played) played again from its record, step by step.

It is the record replayed through the rules core from its seed, so what it shows is what was
played, by construction. A position is the match after a step; the step that ends a turn is
folded into the discard before it, and each hand starts with its deal. The positions are
worked out in `record` (`positions`), where the replay of every record is.
"""

from __future__ import annotations

from gin_handset.session.record import END_TURN, MatchRecord, Position, positions

__all__ = ["END_TURN", "Position", "hand_starts", "last_hand", "positions"]


def hand_starts(found: list[Position]) -> list[int]:
    """The index of each hand's deal among ``found``."""
    return [i for i, position in enumerate(found) if position.step is None]


def last_hand(record: MatchRecord) -> list[Position]:
    """The positions of the record's last hand, from its deal."""
    found = positions(record)
    return found[hand_starts(found)[-1]:]
