"""A provably fair deal: the server commits to a secret, each phone adds a contribution, and at
the match's end the secret is revealed so that either phone can replay and check the match.

The commitment alone proves that the server did not change the deck during the match; mixing
in both phones' contributions, sent after the commitment, means that no party alone chose it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from gin_handset.ai.levels import PEOPLE
from gin_handset.net import protocol
from gin_handset.net.protocol import (
    CONTRIBUTION,
    HEX,
    MAX_STEPS,
    ProtocolError,
    digest,
    options_of,
    text,
    view_message,
)
from gin_handset.rules.match import MatchState
from gin_handset.session.record import MatchRecord, ReplayError, replay_states

SECRET_BYTES = 32
SALT_BYTES = 16


def commitment(secret: bytes, salt: bytes) -> str:
    """What the server sends at the start: SHA-256 of the secret and a salt, in hex."""
    return hashlib.sha256(secret + salt).hexdigest()


def match_seed(secret: bytes, contributions: tuple[bytes, bytes]) -> int:
    """The match seed: the server's secret mixed with both phones' contributions (64 bits)."""
    mixed = hashlib.sha256(b"gin-handset table seed\0" + secret + b"\0".join(contributions))
    return int.from_bytes(mixed.digest()[:8], "big")


@dataclass(frozen=True)
class Verification:
    """The outcome of `verify`: ``problem`` is None when the match checked out."""

    problem: str | None
    match: MatchState | None = field(default=None, repr=False)  # the replayed match

    @property
    def ok(self) -> bool:
        return self.problem is None


def _hex(data: dict[str, Any], name: str, pattern: re.Pattern[str] = HEX) -> bytes:
    """The bytes that ``data[name]`` spells in hex (its pattern matches whole bytes only)."""
    return bytes.fromhex(text(data, name, pattern, "whole bytes in lowercase hex digits"))


def verify(reveal: dict[str, Any], promised: str, seat: int, contribution: str,
           seen: dict[int, str]) -> Verification:
    """Check a match's reveal on a phone: the secret matches the commitment ``promised`` at
    the start, the seed is made of that secret and both contributions (``contribution`` being
    this phone's own, for ``seat``), and replaying the steps from the seed through the rules
    core gives every view the phone was sent (``seen``: step -> `digest` of the view
    message)."""
    try:
        secret, salt = _hex(reveal, "secret"), _hex(reveal, "salt")
        given = protocol.field(reveal, "contributions", list)
        if len(given) != 2:
            raise ProtocolError("contributions", "not two contributions")
        parts = [_hex({"contributions": c}, "contributions", CONTRIBUTION) for c in given]
        seed = protocol.field(reveal, "seed", int)
        steps = protocol.field(reveal, "steps", list)
        if len(steps) > MAX_STEPS or not all(type(s) is str and len(s) <= 120 for s in steps):
            raise ProtocolError("steps", "not a list of steps")
        options = options_of(reveal)
    except ProtocolError as error:
        return Verification(f"the reveal cannot be read: {error}")
    if commitment(secret, salt) != promised:
        return Verification("the revealed secret does not match the commitment sent at the start")
    if parts[seat].hex() != contribution:
        return Verification("the seed was not made with this phone's contribution")
    if match_seed(secret, (parts[0], parts[1])) != seed:
        return Verification("the seed is not the one made of the secret and the contributions")
    record = MatchRecord(options, seed, PEOPLE, tuple(steps))
    match = None
    try:
        for step, match in enumerate(replay_states(record)):
            if step in seen and digest(view_message(match, seat, step)) != seen[step]:
                return Verification(f"step {step}: the replay differs from what this phone was "
                                    "shown", match)
    except ReplayError as error:
        return Verification(f"the steps do not replay: {error}")
    if max(seen, default=0) > len(steps):
        return Verification("this phone was shown steps that the reveal does not hold", match)
    if reveal.get("reason") == "points" and (match is None or match.winner != reveal.get("winner")):
        return Verification("the replay does not end with the match won as the table said", match)
    return Verification(None, match)
