"""Cards of the 52-card deck, their values, and their two-character text form."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS = "cdhs"  # clubs, diamonds, hearts, spades
RANKS = "A23456789TJQK"
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # as shown
PIPS = "\u2663\u2666\u2665\u2660"  # the suits' pips, in SUITS order


@dataclass(frozen=True, order=True)
class Card:
    """A card, ordered by suit then rank. ``rank`` is 1 (ace) to 13 (king); ``suit`` is 0-3."""

    suit: int
    rank: int

    def __post_init__(self) -> None:
        if not (0 <= self.suit < 4 and 1 <= self.rank <= 13):
            raise ValueError(f"no such card: suit {self.suit}, rank {self.rank}")

    @property
    def index(self) -> int:
        """0-51: suit * 13 + rank - 1; the bit of this card in a hand's mask."""
        return self.suit * 13 + self.rank - 1

    @property
    def value(self) -> int:
        """Deadwood value: ace 1, 2-10 face value, J Q K 10."""
        return min(self.rank, 10)

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in range(4) for r in range(1, 14))


def parse_card(token: str) -> Card:
    """``As``, ``Td``, ``10h``, ``kd`` -> a card; ValueError naming the token if it is not one."""
    text = token.strip()
    rank_text, suit_text = text[:-1].upper(), text[-1:].lower()
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text not in SUITS or not suit_text:
        raise ValueError(f"not a card: {token!r} (expected a rank A23456789TJQK and a suit cdhs)")
    return DECK[SUITS.index(suit_text) * 13 + RANKS.index(rank_text)]  # the deck's own card


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas: ``"As 3c Td 10h Kd"``."""
    return [parse_card(token) for token in text.replace(",", " ").split()]


def shown(card: Card) -> str:
    """The card as the phone writes it, rank and pip: ``10\u2663``."""
    return RANK_TEXT[card.rank - 1] + PIPS[card.suit]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out
