"""The chance of winning the match at given scores, solved from how hands end.

``matchwin.json`` (package data, made by ``python -m gin_handset.ai.matchwin_build``) counts
the results of self-played hands from the dealer's side: who scored, how, and the points before
the bonus. ``HandOdds`` turns the counts into the chance of each result worth so many points to
the dealer, with the options' bonuses added. ``WinTable.solve`` works out exactly, by dynamic
programming over the scores, the chance that a seat wins the match from every pair of scores
and either dealer, if every hand ends as the counts say: from the highest scores down, each
pair depends on pairs with more points only, except through the hands that leave the scores as
they are (a dead hand, the same dealer again; in coarse units, a small score), which make a
two-by-two linear system solved at each pair.

A points to win above ``CELLS`` is solved in units of ``ceil(target / CELLS)`` points (each
hand's points shared between the two nearest multiples, keeping their mean; a score between
multiples read by linear interpolation, one less than a unit short of the target as a unit
short), except where both seats are within ``CELLS`` points of the target: that is the end of
a match to ``CELLS``, solved exactly. The counts come from Gin Rummy under the
EAAI rules; other options use them with their own bonuses and next-dealer rule (the game type,
doubling and who is offered the upcard first are not in the counts).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from operator import mul
from pathlib import Path

from gin_handset.ai import package_data
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.match import dealer_after
from gin_handset.rules.options import ALTERNATE, Options

DATA_FILE = package_data.data_file("matchwin.json")
CELLS = 100  # the most score cells a side: a table of at most 2 x 100 x 100 chances
SIDES = ("dealer", "non-dealer")  # who scored, in a count's key
KINDS = (ResultKind.GIN, ResultKind.KNOCK, ResultKind.UNDERCUT)
MOST_POINTS = 200  # no hand's points before the bonus come near this (the checks' bound)


def key_of(result: HandResult, dealer: int) -> str:
    """The count a hand's result adds to: ``dead 0`` or e.g. ``non-dealer gin 12`` (who scored,
    how, and the points before the bonus and any doubling)."""
    if result.kind is ResultKind.DEAD or result.winner is None:
        return "dead 0"
    side = SIDES[result.winner != dealer]
    base = result.points // (2 if result.doubled else 1) - result.bonus
    return f"{side} {result.kind.value} {base}"


@dataclass(frozen=True)
class HandOdds:
    """How many hands ended each way: ``(side, kind, base points) -> count``, and the dead."""

    counts: Mapping[tuple[int, ResultKind, int], int]  # side: 0 the dealer scored, 1 the other
    dead: int

    @property
    def hands(self) -> int:
        return self.dead + sum(self.counts.values())

    @classmethod
    def of(cls, data: object) -> HandOdds:
        """The counts of a build's data; ValueError naming what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("counts"), dict):
            raise ValueError("no 'counts' object")
        counts: dict[tuple[int, ResultKind, int], int] = {}
        dead = 0
        for key, count in data["counts"].items():
            if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
                raise ValueError(f"count of {key!r} is {count!r}, not a whole number above 0")
            words = key.split(" ")
            if words == ["dead", "0"]:
                dead = count
                continue
            kinds = {k.value: k for k in KINDS}
            if (len(words) != 3 or words[0] not in SIDES or words[1] not in kinds
                    or not words[2].isdecimal() or not 0 <= int(words[2]) <= MOST_POINTS):
                raise ValueError(f"key {key!r} is not 'dead 0' or SIDE KIND POINTS")
            counts[SIDES.index(words[0]), kinds[words[1]], int(words[2])] = count
        if not counts:
            raise ValueError("no hand was scored")
        return cls(counts, dead)

    @classmethod
    def load(cls, path: Path = DATA_FILE) -> HandOdds:
        """The shipped counts (a bad file is a fault of the package: ValueError naming it)."""
        return package_data.load(path, cls.of)

    def points(self, gin_bonus: int, undercut_bonus: int) -> dict[int, float]:
        """The chance of each result, as points to the dealer (negative: to the non-dealer;
        0: a dead hand), with these bonuses."""
        bonus = {ResultKind.GIN: gin_bonus, ResultKind.KNOCK: 0,
                 ResultKind.UNDERCUT: undercut_bonus}
        total = self.hands
        chances: dict[int, float] = {0: self.dead / total} if self.dead else {}
        for (side, kind, base), count in self.counts.items():
            points = (base + bonus[kind]) * (-1 if side else 1)
            chances[points] = chances.get(points, 0.0) + count / total
        return chances

    def mean(self, gin_bonus: int, undercut_bonus: int) -> float:
        """The dealer's mean points a hand (negative: the non-dealer's edge)."""
        return sum(p * c for p, c in self.points(gin_bonus, undercut_bonus).items())


def deals_next(rule: str, dealt: bool, points: int) -> bool:
    """Whether a seat deals the next hand after one it ``dealt`` (or not) ended with ``points``
    to it (negative: to the other; 0: dead), by the rules' ``dealer_after`` (the seat is 0)."""
    winner = None if points == 0 else int(points < 0)
    return dealer_after(rule, 0 if dealt else 1, winner) == 0


class WinTable:
    """The chance that a seat wins the match, by its score, the other's and who deals next."""

    def __init__(self, target: int, unit: int, chances: tuple[list[list[float]], ...],
                 end: WinTable | None = None) -> None:
        self.target = target
        self.unit = unit  # points a cell
        self.cells = len(chances[0])
        self._chances = chances  # [1 if I deal next][my cell][their cell]
        self.end = end  # solved in units: the exact table of the last ``end.target`` points

    @classmethod
    def solve(cls, points: Mapping[int, float], target: int, rule: str = ALTERNATE,
              most: int = CELLS) -> WinTable:
        """The table for a match to ``target`` where each hand ends with ``points`` to the
        dealer with the given chance (0: dead), the next dealer by ``rule``, in units of
        ``ceil(target / most)`` points."""
        unit = max(1, math.ceil(target / most))
        cells = math.ceil(target / unit)
        # mine[d][k]: the chance I score k cells when d (1: I deal); theirs[d][k] they do
        mine = [[0.0] * (cells + 1) for _ in range(2)]
        theirs = [[0.0] * (cells + 1) for _ in range(2)]
        dead = points.get(0, 0.0)
        for value, chance in points.items():
            if value == 0:
                continue
            low, share = divmod(abs(value), unit)
            for cell, part in ((low, 1 - share / unit), (low + 1, share / unit)):
                if part:
                    cell = min(cell, cells)  # any cell past the target wins the match
                    mine[1 if value > 0 else 0][cell] += part * chance
                    theirs[0 if value > 0 else 1][cell] += part * chance
        won = [[sum(row[k:]) for k in range(cells + 1)] for row in mine]  # k or more cells
        gains, losses = [_trimmed(row[1:]) for row in mine], [_trimmed(row[1:]) for row in theirs]
        up = [int(deals_next(rule, bool(d), 1)) for d in range(2)]  # after I score, as I dealt d
        down = [int(deals_next(rule, bool(d), -1)) for d in range(2)]
        # the same scores again: dead (same dealer), or a score of 0 cells: value = rest + same
        # x value, a linear system (1 - same) value = rest alike at every pair of scores
        same = [[0.0, 0.0], [0.0, 0.0]]  # same[d][next]
        for d in range(2):
            same[d][d] += dead
            same[d][up[d]] += mine[d][0]
            same[d][down[d]] += theirs[d][0]
        a00, a01, a10, a11 = 1 - same[0][0], -same[0][1], -same[1][0], 1 - same[1][1]
        det = a00 * a11 - a01 * a10
        table = [[[0.0] * cells for _ in range(cells)] for _ in range(2)]  # [d][a][b]
        flipped = [[[0.0] * cells for _ in range(cells)] for _ in range(2)]  # [d][b][a]
        for total in range(2 * cells - 2, -1, -1):
            for a in range((total + 1) // 2, min(cells, total + 1)):
                b = total - a  # b <= a: the other half is the same chances from the other seat
                rest = [
                    won[d][cells - a]
                    + sum(map(mul, gains[d], flipped[up[d]][b][a + 1:]))
                    + sum(map(mul, losses[d], table[down[d]][a][b + 1:]))
                    for d in (0, 1)
                ]
                values = ((rest[0] * a11 - a01 * rest[1]) / det,
                          (a00 * rest[1] - a10 * rest[0]) / det)
                for d in (0, 1):
                    table[d][a][b] = flipped[d][b][a] = values[d]
                    table[1 - d][b][a] = flipped[1 - d][a][b] = 1 - values[d]
        end = cls.solve(points, most, rule, most) if unit > 1 else None
        return cls(target, unit, (table[0], table[1]), end)

    def chance(self, mine: int, theirs: int, deal_next: bool) -> float:
        """The chance I win the match at these scores (1 at the target or past it, 0 when
        the other is), when I deal the next hand or not."""
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        rows = self._chances[deal_next]
        if self.unit == 1:
            return rows[mine][theirs]
        if self.end is not None and min(mine, theirs) >= self.target - self.end.target:
            shift = self.target - self.end.target  # the same match as the last points of one
            return self.end.chance(mine - shift, theirs - shift, deal_next)
        last = self.cells - 1  # a score short of the target by less than a unit: one unit
        a, b = min(mine / self.unit, last), min(theirs / self.unit, last)
        low_a, low_b = int(a), int(b)
        value = 0.0
        for i, wa in ((low_a, 1 - (a - low_a)), (low_a + 1, a - low_a)):
            for j, wb in ((low_b, 1 - (b - low_b)), (low_b + 1, b - low_b)):
                if wa and wb:
                    value += wa * wb * rows[i][j]
        return value


def _trimmed(chances: list[float]) -> list[float]:
    """``chances`` without its trailing zeros."""
    while chances and not chances[-1]:
        chances.pop()
    return chances


@cache
def shipped_odds() -> HandOdds:
    return HandOdds.load()


@cache
def win_table(target: int, gin_bonus: int, undercut_bonus: int, rule: str) -> WinTable:
    """The table for these options, solved once a process from the shipped counts."""
    points = shipped_odds().points(gin_bonus, undercut_bonus)
    return WinTable.solve(points, target, rule)


def table_for(options: Options) -> WinTable:
    return win_table(options.points_to_win, options.gin_bonus, options.undercut_bonus,
                     options.next_dealer)
