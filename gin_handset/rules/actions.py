"""What a player can do, and the text form of each action (for saves and replays)."""

from __future__ import annotations

from dataclasses import dataclass

from gin_handset.rules.cards import Card, parse_card, parse_cards
from gin_handset.rules.melds import Meld


@dataclass(frozen=True)
class TakeUpcard:
    """Take the upcard when it is offered."""


@dataclass(frozen=True)
class PassUpcard:
    """Decline the offered upcard."""


@dataclass(frozen=True)
class DrawStock:
    pass


@dataclass(frozen=True)
class DrawDiscard:
    pass


@dataclass(frozen=True)
class Discard:
    card: Card


@dataclass(frozen=True)
class Knock:
    pass


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class CancelDiscard:
    """Take the card just discarded back into the hand and discard again."""


@dataclass(frozen=True)
class Arrange:
    """At the showdown: the melds this player lays down; the other cards are deadwood."""

    melds: tuple[Meld, ...]


Action = (
    TakeUpcard | PassUpcard | DrawStock | DrawDiscard | Discard | Knock | EndTurn | CancelDiscard
    | Arrange
)

_WORDS: dict[str, type] = {
    "take": TakeUpcard,
    "pass": PassUpcard,
    "stock": DrawStock,
    "pile": DrawDiscard,
    "knock": Knock,
    "end": EndTurn,
    "cancel": CancelDiscard,
}
_NAMES = {cls: word for word, cls in _WORDS.items()}


def action_text(action: Action) -> str:
    """``take``, ``discard 7h``, ``arrange 7h 8h 9h|Kc Kd Ks`` ..."""
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, Arrange):
        return "arrange " + "|".join(str(m) for m in action.melds)
    return _NAMES[type(action)]


def parse_action(text: str) -> Action:
    """The action of ``action_text``; ValueError naming what is wrong."""
    word, _, rest = text.strip().partition(" ")
    if word in _WORDS and not rest:
        return _WORDS[word]()
    if word == "discard":
        return Discard(parse_card(rest))
    if word == "arrange":
        return Arrange(tuple(Meld(tuple(parse_cards(m))) for m in rest.split("|") if m.strip()))
    raise ValueError(f"not an action: {text!r}")
