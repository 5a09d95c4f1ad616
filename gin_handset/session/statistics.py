"""The player's statistics: counts over every finished match, by level and by game type.

Each match adds to three tallies: all matches, its computer level's, and its game type's.
Matches where the player asked the coach for a hint are counted apart (how many, how many won):
the other figures (wins, hands, streaks, margins) are the player's own play only. An abandoned
match (a new one started over its save) counts as abandoned, nothing more. Every match is
counted once: the keys of the last matches counted are kept with the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from gin_handset.ai.levels import PEOPLE, PLAYER_NAMES
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import CHOICES
from gin_handset.session.record import HUMAN, MatchRecord
from gin_handset.storage import FieldError, checked_format, show

FORMAT = "gin-handset statistics"
VERSION = 1
ALL = "all"
MAX_COUNT = 10**9  # no tally can honestly reach this; a file that says so is not believed
MAX_COUNTED = 200  # match keys remembered, so that no match is counted twice
MAX_KEY = 64
GAMES: tuple[str, ...] = CHOICES["game_type"]
LEVELS: tuple[str, ...] = (*PLAYER_NAMES, PEOPLE)  # matches against people are kept apart


# The tally field that counts a hand, by how it ended: won by the player, or lost.
WON = {ResultKind.GIN: "gins", ResultKind.KNOCK: "knocks_won", ResultKind.UNDERCUT: "undercuts"}
LOST = {ResultKind.GIN: "gins_against", ResultKind.KNOCK: "knocks_lost",
        ResultKind.UNDERCUT: "undercuts_against"}


class StatisticsError(FieldError):
    """A value in the statistics file that cannot be used, naming its field."""


def scope(game: str, level: str) -> str:
    """The name of a tally: ``all/all``, ``all/hard``, ``oklahoma/all``."""
    return f"{game}/{level}"


SCOPES = (scope(ALL, ALL), *(scope(ALL, level) for level in LEVELS),
          *(scope(game, ALL) for game in GAMES))


@dataclass(frozen=True)
class Tally:
    """Counts over the matches of one scope. Margins are the player's final score minus the
    computer's (the match bonuses included in a match scored with them); streaks are of
    matches won in a row."""

    matches: int = 0  # finished without a hint
    won: int = 0
    abandoned: int = 0
    assisted: int = 0  # finished, a hint asked for
    assisted_won: int = 0
    hands: int = 0
    gins: int = 0
    gins_against: int = 0
    knocks_won: int = 0
    knocks_lost: int = 0
    undercuts: int = 0  # the player undercut the computer
    undercuts_against: int = 0
    dead: int = 0
    points: int = 0
    bonus_matches: int = 0  # scored with the match bonuses (game, box, shutout)
    best_margin: int | None = None
    worst_margin: int | None = None
    streak: int = 0
    longest_streak: int = 0

    @property
    def lost(self) -> int:
        return self.matches - self.won

    def win_rate(self) -> float | None:
        return self.won / self.matches if self.matches else None

    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def plus(self, outcome: Outcome) -> Tally:
        """This tally with a finished match added (each count held at `MAX_COUNT`)."""
        return self._plus(outcome).capped()

    def capped(self) -> Tally:
        """Each count within what the file's reader accepts (``low(name)`` to `MAX_COUNT`):
        a count at the largest stays there, so the file is never written unreadable."""
        return replace(self, **{f.name: min(max(value, low(f.name)), MAX_COUNT)
                                for f in fields(self)
                                if (value := getattr(self, f.name)) is not None})

    def _plus(self, outcome: Outcome) -> Tally:
        if outcome.assisted:
            return replace(self, assisted=self.assisted + 1,
                           assisted_won=self.assisted_won + outcome.won)
        counts = {name: getattr(self, name) + value for name, value in outcome.counts().items()}
        streak = self.streak + 1 if outcome.won else 0
        return replace(
            self, **counts, matches=self.matches + 1, won=self.won + outcome.won,
            bonus_matches=self.bonus_matches + outcome.bonuses,
            best_margin=_extreme(max, self.best_margin, outcome.margin),
            worst_margin=_extreme(min, self.worst_margin, outcome.margin),
            streak=streak, longest_streak=max(self.longest_streak, streak),
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Tally:
        if not isinstance(data, dict):
            raise StatisticsError(where, f"expected an object, found {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise StatisticsError(f"{where}.{show(name)}", "unknown field")
        values: dict[str, Any] = {}
        for name, value in data.items():
            margin = name.endswith("_margin")
            if margin and value is None:
                values[name] = None
                continue
            if type(value) is not int or not low(name) <= value <= MAX_COUNT:
                raise StatisticsError(f"{where}.{name}", f"{show(value)} is not a whole number "
                                      f"{low(name)} to {MAX_COUNT}")
            values[name] = value
        tally = cls(**values)
        if tally.won > tally.matches or tally.assisted_won > tally.assisted:
            raise StatisticsError(where, "more matches won than played")
        return tally


def low(name: str) -> int:
    """The least a tally's count may be: margins and points may be negative."""
    return -MAX_COUNT if name.endswith("_margin") or name == "points" else 0


def _extreme(pick: Any, old: int | None, new: int) -> int:
    return new if old is None else pick(old, new)


@dataclass(frozen=True)
class Outcome:
    """What a finished match adds to the statistics."""

    game: str
    level: str
    assisted: bool
    won: bool
    margin: int  # in the final scores, match bonuses included when they applied
    results: tuple[HandResult, ...]
    bonuses: bool = False  # scored with the match bonuses
    seat: int = HUMAN  # the player's seat

    @classmethod
    def of(cls, record: MatchRecord, match: MatchState) -> Outcome:
        """The match as this phone's player (in the record's seat) played it."""
        final = record.final(match)
        assert final is not None, "only a finished match is counted"
        scores, me = final.totals, record.seat
        return cls(record.options.game_type, record.difficulty, record.assisted,
                   final.winner == me, scores[me] - scores[1 - me], match.results,
                   final.bonuses, me)

    def counts(self) -> dict[str, int]:
        """The hand counts of the match, by the tally's field names."""
        counts = dict.fromkeys(("hands", "gins", "gins_against", "knocks_won", "knocks_lost",
                                "undercuts", "undercuts_against", "dead", "points"), 0)
        for result in self.results:
            counts["hands"] += 1
            if result.winner is None:
                counts["dead"] += 1
                continue
            mine = result.winner == self.seat
            if mine:
                counts["points"] += result.points
            counts[(WON if mine else LOST)[result.kind]] += 1
        return counts


@dataclass(frozen=True)
class Statistics:
    tallies: dict[str, Tally] = field(default_factory=dict)
    counted: tuple[str, ...] = ()  # keys of the last matches counted, newest last

    def tally(self, name: str) -> Tally:
        return self.tallies.get(name, Tally())

    def _scopes(self, game: str, level: str) -> tuple[str, ...]:
        if level == PEOPLE:  # apart from the matches against the computer
            return (scope(ALL, PEOPLE),)
        return scope(ALL, ALL), scope(ALL, level), scope(game, ALL)

    def _counting(self, key: str, game: str, level: str, change: Any) -> Statistics:
        if key in self.counted:
            return self
        tallies = dict(self.tallies)
        for name in self._scopes(game, level):
            tallies[name] = change(tallies.get(name, Tally()))
        return Statistics(tallies, (*self.counted, key)[-MAX_COUNTED:])

    def finished(self, key: str, outcome: Outcome) -> Statistics:
        """With the match of ``key`` counted (once, whatever happens)."""
        return self._counting(key, outcome.game, outcome.level, lambda t: t.plus(outcome))

    def abandoned(self, key: str, record: MatchRecord) -> Statistics:
        return self._counting(key, record.options.game_type, record.difficulty,
                              lambda t: replace(t, abandoned=t.abandoned + 1).capped())

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "tallies": {name: tally.to_dict() for name, tally in self.tallies.items()},
                "counted": list(self.counted)}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Statistics from parsed JSON; StatisticsError naming the field when anything is
        wrong."""
        data = checked_format(data, FORMAT, VERSION, StatisticsError)
        unknown = set(data) - {"format", "version", "tallies", "counted"}
        if unknown:
            raise StatisticsError(show(sorted(map(str, unknown))[0]), "unknown field")
        tallies = data.get("tallies", {})
        if not isinstance(tallies, dict):
            raise StatisticsError("tallies", f"expected an object, found "
                                  f"{type(tallies).__name__}")
        for name in tallies:
            if name not in SCOPES:
                raise StatisticsError(f"tallies.{show(name)}", "not one of " + ", ".join(SCOPES))
        counted = data.get("counted", [])
        if (not isinstance(counted, list) or len(counted) > MAX_COUNTED
                or not all(type(k) is str and 0 < len(k) <= MAX_KEY for k in counted)):
            raise StatisticsError("counted", f"expected at most {MAX_COUNTED} match keys")
        return cls({name: Tally.from_dict(value, f"tallies.{name}")
                    for name, value in tallies.items()}, tuple(counted))
