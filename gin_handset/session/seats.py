"""Who sits where, as the phone names them: the seat this phone shows, and each seat's name."""

from __future__ import annotations

from dataclasses import dataclass

YOU = "You"
COMPUTER_NAME = "CPU"
MAX_NICKNAME = 10  # characters: a nickname fits beside the opponent's cards on every skin


def is_nickname(text: str) -> bool:
    """1 to `MAX_NICKNAME` letters, digits and inner spaces (what the keypad types)."""
    return (0 < len(text) <= MAX_NICKNAME and text == text.strip()
            and all(c.isascii() and (c.isalnum() or c == " ") for c in text))


def told_apart(first: str, second: str, longest: int = MAX_NICKNAME) -> str:
    """``second``, or ``second`` with a 2 when it is ``first`` too (whatever the case), so two
    Anns at one table are Ann and Ann2; at most ``longest`` characters."""
    return second if second.lower() != first.lower() else f"{second[:longest - 1]}2"


def as_nickname(text: str, fallback: str) -> str:
    """``text`` as the phone can show and keep a nickname (`is_nickname`): other characters
    dropped, cut to `MAX_NICKNAME`; ``fallback`` when nothing is left."""
    kept = "".join(c for c in text if c.isascii() and (c.isalnum() or c == " "))
    kept = " ".join(kept.split())[:MAX_NICKNAME].strip()
    return kept or fallback


@dataclass(frozen=True)
class Seats:
    """The seat whose view this phone shows now (``me``) and each seat's name, by seat: against
    the computer "You" and "CPU"; between people their nicknames."""

    me: int = 0
    names: tuple[str, str] = (YOU, COMPUTER_NAME)

    @property
    def other(self) -> int:
        return 1 - self.me

    def name(self, seat: int) -> str:
        """How lines both players may see name ``seat`` (the title, the score)."""
        return self.names[seat]

    def who(self, seat: int) -> str:
        """How lines for this phone's player alone name ``seat``: "You" for their own."""
        return YOU if seat == self.me else self.names[seat]

    def does(self, seat: int, verb: str, *, to_me: bool = False) -> str:
        """``seat`` (its `name`, or `who` ``to_me``) and ``verb`` agreeing with it: "You
        score", "Ann scores"."""
        name = self.who(seat) if to_me else self.name(seat)
        return f"{name} {verb}" if name == YOU else f"{name} {verb}s"

    def scores(self, scores: tuple[int, int], between: str = "  ") -> str:
        """Both names and scores, this phone's seat first: "You 12  CPU 30"."""
        return (f"{self.name(self.me)} {scores[self.me]}{between}"
                f"{self.name(self.other)} {scores[self.other]}")


COMPUTER_SEATS = Seats()
