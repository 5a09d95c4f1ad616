"""The rule options of RULES.md as one frozen, validated object."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

GIN_RUMMY = "gin"
OKLAHOMA = "oklahoma"

NON_DEALER = "non-dealer"
DEALER = "dealer"

ALTERNATE = "alternate"
WINNER = "winner"
LOSER = "loser"

UPCARD_LIMIT = "upcard"  # Oklahoma: the upcard's value is the knock limit (the handset's way)
TEN_LIMIT = "10"  # Oklahoma as some sources play it: the usual knock limit of 10

# Allowed values of each option, in the order a menu offers them.
CHOICES: dict[str, tuple[Any, ...]] = {
    "points_to_win": (50, 100, 200, 500),
    "game_type": (GIN_RUMMY, OKLAHOMA),
    "gin_bonus": (20, 25),
    "undercut_bonus": (10, 20, 25),
    "oklahoma_ace_gin_only": (True, False),
    "oklahoma_spade_doubles": (False, True),
    "oklahoma_knock_limit": (UPCARD_LIMIT, TEN_LIMIT),
    "upcard_first": (NON_DEALER, DEALER),
    "next_dealer": (ALTERNATE, WINNER, LOSER),
    "match_bonuses": (False, True),
}

# Options added after saves were first written, each with the value a file that leaves it out
# means: `to_dict` leaves them out at that value, so a match written with the same rules as
# before is written as before (its record's key, and what older copies can read, unchanged).
ADDED: dict[str, Any] = {"match_bonuses": False}


@dataclass(frozen=True)
class Options:
    points_to_win: int = 100
    game_type: str = GIN_RUMMY
    gin_bonus: int = 25
    undercut_bonus: int = 20
    oklahoma_ace_gin_only: bool = True
    oklahoma_spade_doubles: bool = False
    oklahoma_knock_limit: str = UPCARD_LIMIT
    upcard_first: str = NON_DEALER
    next_dealer: str = ALTERNATE
    match_bonuses: bool = False  # game, box and shutout bonuses at the match's end (bonuses.py)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = CHOICES[f.name]
            # bool is an int: keep True from passing as 1 and 1 as True.
            if not any(value == a and type(value) is type(a) for a in allowed):
                shown = ", ".join(repr(a) for a in allowed)
                shown_value = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
                raise ValueError(f"option {f.name}: {shown_value} is not one of {shown}")

    @property
    def oklahoma(self) -> bool:
        return self.game_type == OKLAHOMA

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, but those of `ADDED` at the value their absence means."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {name: value for name, value in values.items()
                if name not in ADDED or value != ADDED[name]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Options from a mapping: one of `ADDED` left out has the value its absence means, any
        other its default; unknown names or bad values raise ValueError naming them."""
        unknown = sorted(set(data) - set(CHOICES), key=str)
        if unknown:  # named short and escaped: a name from a file may be anything
            named = ", ".join(ascii(name)[:40] for name in unknown[:3])
            raise ValueError(f"unknown option(s): {named}{', ...' * (len(unknown) > 3)}")
        return cls(**{**ADDED, **data})
