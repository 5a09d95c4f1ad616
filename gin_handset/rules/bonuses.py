"""A match's final score, with the match bonuses when the options have them (off by default, as
the handset plays).

The match is won by reaching the points to win with the hands' points, as always; the bonuses
are added once it is won: the **game bonus** (100) to the winner, a **box bonus** (25) to each
player for every hand they won, and a **shutout**, when the loser won no hand, doubles the
winner's total (points and bonuses). Without the option the final score is the hands' points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gin_handset.rules.hand import HandResult

GAME_BONUS = 100
BOX_BONUS = 25
SHUTOUT_FACTOR = 2


@dataclass(frozen=True)
class FinalScore:
    """Each seat's points and hands won, the match's winner, and whether bonuses apply."""

    points: tuple[int, int]  # the hands' points, by seat
    hands_won: tuple[int, int]
    winner: int
    bonuses: bool

    @property
    def loser(self) -> int:
        return 1 - self.winner

    @property
    def shutout(self) -> bool:
        """The bonuses apply and the loser won no hand: the winner's total is doubled."""
        return self.bonuses and self.hands_won[self.loser] == 0

    def box(self, seat: int) -> int:
        return BOX_BONUS * self.hands_won[seat] if self.bonuses else 0

    def game(self, seat: int) -> int:
        return GAME_BONUS if self.bonuses and seat == self.winner else 0

    def total(self, seat: int) -> int:
        """``seat``'s final score: its points, its bonuses, doubled by a shutout it won."""
        before = self.points[seat] + self.box(seat) + self.game(seat)
        return before * SHUTOUT_FACTOR if self.shutout and seat == self.winner else before

    @property
    def totals(self) -> tuple[int, int]:
        return self.total(0), self.total(1)


def final_score(results: Iterable[HandResult], winner: int, bonuses: bool) -> FinalScore:
    """The final score of a match whose hands ended with ``results``, won by ``winner``, with
    the match bonuses when ``bonuses``."""
    points, won = [0, 0], [0, 0]
    for result in results:
        if result.winner is not None:
            points[result.winner] += result.points
            won[result.winner] += 1
    return FinalScore((points[0], points[1]), (won[0], won[1]), winner, bonuses)
