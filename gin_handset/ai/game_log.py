"""A tournament's log: each finished match one JSON line, so a long run can stop and go on.

``python -m gin_handset.ai.tournament ... --log FILE`` appends every match as it ends (flushed,
so a killed run keeps what it played) and, run again with the same command, plays only the
matches the log does not hold yet; its report covers every match of the run. A line names its
run (``RunKey``: the players, the seed, Expert's budget and, only when they are, that the random
streams are common and that the game is Oklahoma Gin) and its match, so lines of another run
are refused, not mixed in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from gin_handset.ai.arguments import MAX_COUNT, MAX_SEED
from gin_handset.ai.levels import BENCHMARK_NAMES, PLAYER_NAMES
from gin_handset.rules.hand import ResultKind
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA

MAX_LINE = 1 << 20  # bytes: a match of some hundred decisions writes a few kilobytes
MAX_GAMES = 10_000_000  # a match number beyond this is not of any run
MAX_SECONDS = 86_400.0  # a decision time beyond a day is not of any run


class LogError(ValueError):
    """A log that cannot be read: the message names the file, the line and what is wrong."""


@dataclass(frozen=True)
class RunKey:
    """What makes a run: its matches are the same for the same key, whatever else differs."""

    a: str
    b: str
    seed: int
    samples: int | None  # Expert's budget, worlds a decision (None: the default)
    common: bool = False  # common random streams (the tournament's --common)
    game_type: str = GIN_RUMMY  # the game (the tournament's --game): EAAI's rules otherwise


@dataclass(frozen=True)
class GameRecord:
    """One match. ``hands``: (kind, knocker is A or None, winner is A or None) per hand."""

    a_won: bool
    margin: int  # A's points minus B's
    hands: tuple[tuple[ResultKind, bool | None, bool | None], ...]
    times_a: tuple[float, ...]  # seconds per decision
    times_b: tuple[float, ...]


def line_of(key: RunKey, game: int, record: GameRecord) -> str:
    """The log's line for match ``game`` of a run (times to the microsecond)."""
    streams = {"common": True} if key.common else {}  # a run without: its lines as before
    rules = {"game_type": key.game_type} if key.game_type != GIN_RUMMY else {}  # likewise
    return json.dumps({
        "a": key.a, "b": key.b, "seed": key.seed, "samples": key.samples, **streams, **rules,
        "game": game,
        "a_won": record.a_won, "margin": record.margin,
        "hands": [[kind.value, knocker, winner] for kind, knocker, winner in record.hands],
        "times_a": [round(t, 6) for t in record.times_a],
        "times_b": [round(t, 6) for t in record.times_b],
    }, separators=(",", ":")) + "\n"


def _game_of(data: Any, key: RunKey) -> tuple[int, GameRecord]:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    theirs = _run_key(data)
    if bad := _bad_field(theirs):
        raise ValueError(bad)
    if theirs != key:
        raise ValueError(f"a match of another run ({theirs.a} vs {theirs.b}, seed "
                         f"{theirs.seed}, samples {theirs.samples}, common {theirs.common}, "
                         f"game {theirs.game_type}); "
                         "use another log")
    game = data.get("game")
    if not _whole(game) or not 0 <= game < MAX_GAMES:
        raise ValueError(f"field game: {game!r} is not a match number")
    margin = data.get("margin")
    if not isinstance(data.get("a_won"), bool) or not _whole(margin) or abs(margin) > 10**6:
        raise ValueError("fields a_won and margin: expected true/false and a whole number")
    hands = data.get("hands")
    if not isinstance(hands, list) or not all(_hand(h) for h in hands):
        raise ValueError("field hands: expected [kind, knocker, winner] for each hand")
    times = [data.get("times_a"), data.get("times_b")]
    if not all(isinstance(t, list) and all(_seconds(s) for s in t) for t in times):
        raise ValueError("fields times_a and times_b: expected lists of seconds")
    return game, GameRecord(
        a_won=data["a_won"], margin=margin,
        hands=tuple((ResultKind(kind), knocker, winner) for kind, knocker, winner in hands),
        times_a=tuple(float(s) for s in times[0]), times_b=tuple(float(s) for s in times[1]),
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: object) -> bool:
    """A decision time: a number of seconds from 0 to ``MAX_SECONDS`` (no NaN, no infinity)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and 0 <= value <= MAX_SECONDS)


def _hand(value: object) -> bool:
    kinds = {kind.value for kind in ResultKind}
    return (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)
            and value[0] in kinds
            and all(side is None or isinstance(side, bool) for side in value[1:]))


def key_of(path: Path) -> RunKey:
    """The run a log's first line names. LogError naming the file, and the field when one does
    not name a run of the tournament (a known player, a seed, a budget, a game)."""
    if not path.is_file():
        raise LogError(f"{path}: {'not a regular file' if path.exists() else 'no such file'}")
    with path.open("rb") as stream:
        raw = stream.readline(MAX_LINE + 1)
    if len(raw) > MAX_LINE:
        raise LogError(f"{path} line 1: longer than {MAX_LINE} bytes")
    if not raw.endswith(b"\n"):
        raise LogError(f"{path} line 1: {'cut short' if raw else 'no match: the log is empty'}")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise LogError(f"{path} line 1: not a match of a tournament's log")
    key = _run_key(data)
    if bad := _bad_field(key):
        raise LogError(f"{path} line 1: {bad}")
    return key


def _bad_field(key: RunKey) -> str | None:
    """What is wrong with a line's run, naming the field, when it is not a run of the
    tournament (a known player, a seed, a budget, true or false, a game); None when it is one."""
    names = PLAYER_NAMES + BENCHMARK_NAMES
    for field, value, good in (
        ("a", key.a, key.a in names), ("b", key.b, key.b in names),
        ("seed", key.seed, _whole(key.seed) and 0 <= key.seed <= MAX_SEED),
        ("samples", key.samples,
         key.samples is None or (_whole(key.samples) and 1 <= key.samples <= MAX_COUNT)),
        ("common", key.common, isinstance(key.common, bool)),
        ("game_type", key.game_type, key.game_type in (GIN_RUMMY, OKLAHOMA)),
    ):
        if not good:
            return f"field {field}: {value!r:.20} does not name a run of the tournament"
    return None


def _run_key(data: dict[str, Any]) -> RunKey:
    return RunKey(data.get("a"), data.get("b"), data.get("seed"), data.get("samples"),
                  data.get("common", False), data.get("game_type", GIN_RUMMY))


def read_log(path: Path, key: RunKey) -> tuple[dict[int, GameRecord], int]:
    """The matches a log holds, by number (a match logged twice: its first line), and the
    length of its whole lines (a last line cut short by a killed run is not a match); an absent
    log holds none. LogError naming the file and line when a line is not a match of this run."""
    if not path.exists():
        return {}, 0
    if not path.is_file():
        raise LogError(f"{path}: not a regular file")
    games: dict[int, GameRecord] = {}
    whole = 0
    with path.open("rb") as stream:
        number = 0
        while raw := stream.readline(MAX_LINE + 1):
            number += 1
            if len(raw) > MAX_LINE:
                raise LogError(f"{path} line {number}: longer than {MAX_LINE} bytes")
            if not raw.endswith(b"\n"):
                break  # the last line, cut short when the run was killed: played again
            try:
                game, record = _game_of(json.loads(raw), key)
            except (ValueError, RecursionError) as problem:
                raise LogError(f"{path} line {number}: {problem}") from None
            games.setdefault(game, record)
            whole += len(raw)
    return games, whole


def open_to_append(path: Path, whole: int) -> IO[str]:
    """The log opened to add lines after its whole lines (a line cut short is dropped)."""
    stream = path.open("a", encoding="utf-8")
    stream.truncate(whole)
    return stream


def append(stream: IO[str], key: RunKey, game: int, record: GameRecord) -> None:
    """Write a match's line and flush it, so a run killed later keeps it."""
    stream.write(line_of(key, game, record))
    stream.flush()
