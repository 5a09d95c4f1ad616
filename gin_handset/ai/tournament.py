"""The referee: matches between two players, duplicate deals, Wilson intervals, timings.

``python -m gin_handset.ai.tournament --a hard --b simple --games 4000 --jobs 2 --seed 1``
(``--samples N`` sets Expert's budget, N worlds a decision; ``--log FILE`` keeps each match
as it ends, and the same command run again plays only the matches the log lacks.)
Matches are played under the EAAI 2021 protocol (``EAAI``) unless other options are given;
``--game oklahoma`` plays that protocol as Oklahoma Gin (``PROTOCOLS``).
Each deal (a match seed) is played twice, the seats swapped; game ``i`` uses deal ``i // 2`` and
puts A in seat ``i % 2``. Everything is seeded, so a run is reproducible for any ``--jobs``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from gin_handset.ai import arguments
from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.game_log import (
    GameRecord,
    LogError,
    RunKey,
    append,
    open_to_append,
    read_log,
)
from gin_handset.ai.levels import BENCHMARK_NAMES, PLAYER_NAMES, level_named, make_player
from gin_handset.ai.player import Player
from gin_handset.ai.workers import stopped_quietly, worker_pool
from gin_handset.rules.actions import Action
from gin_handset.rules.hand import ResultKind
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import ALTERNATE, GIN_RUMMY, NON_DEALER, OKLAHOMA, Options
from gin_handset.rules.view import PlayerView, view_of

MAX_ACTIONS = 100_000  # per match: a player that never ends a hand is a bug

# The EAAI 2021 Gin Rummy challenge: plain Gin Rummy, matches to 100, gin and undercut bonus 25,
# the dealer alternates, the non-dealer is offered the upcard first.
EAAI = Options(
    points_to_win=100,
    game_type=GIN_RUMMY,
    gin_bonus=25,
    undercut_bonus=25,
    upcard_first=NON_DEALER,
    next_dealer=ALTERNATE,
)
# The protocol by game: Oklahoma Gin otherwise as EAAI, its own options as the handset has them
# (the upcard sets the knock limit, an ace upcard means gin only, no spade doubling).
PROTOCOLS = {GIN_RUMMY: EAAI, OKLAHOMA: replace(EAAI, game_type=OKLAHOMA)}


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"gin-handset-tournament/{seed}/{deal}").getrandbits(32)


def after_hand(match: MatchState, players: Sequence[Player]) -> MatchState | None:
    """The hand is over: show each player its end, as every table does (``recall``); the
    match with the next hand dealt (the players told), or None when the match is over."""
    for seat, player in enumerate(players):
        player.recall(view_of(match.hand, seat, match.scores))
    if match.is_over:
        return None
    for player in players:
        player.new_hand()
    return match.next_hand()


Watch = Callable[[MatchState, PlayerView, Action, float], None]


def play_match(match: MatchState, players: Sequence[Player], watch: Watch | None = None
               ) -> MatchState:
    """Play ``match`` to its end, each player told of each new hand and shown each hand's end;
    ``watch`` sees every decision: the match before it, the view, the action chosen and the
    seconds the choice took. The match over."""
    for player in players:
        player.new_hand()
    for _ in range(MAX_ACTIONS):
        if match.hand.is_over:
            following = after_hand(match, players)
            if following is None:
                return match
            match = following
        seat = match.hand.turn
        view = view_of(match.hand, seat, match.scores)
        start = time.perf_counter()
        action = players[seat].choose(view)
        if watch is not None:
            watch(match, view, action, time.perf_counter() - start)
        match = match.apply(action)
    raise RuntimeError(f"match {match.seed} did not end within {MAX_ACTIONS} actions")


def players_of(a: str, b: str, seed: int, game: int, samples: int | None = None,
               common: bool = False) -> list[Player]:
    """The two players of game ``game`` of a tournament, A in seat ``game % 2``, seeded; an
    Expert given ``samples`` worlds a decision (None: its default). With ``common`` streams a
    seat draws the stream of the level it is built on (``Level.stream_name``) and Expert's
    search samples a stream of its own, so Expert plays hard's matches until its search first
    changes a move or its knock rule first decides otherwise."""
    names = (a, b) if game % 2 == 0 else (b, a)
    players: list[Player] = []
    for seat, name in enumerate(names):
        stream = level_named(name).stream_name if common else name
        player = make_player(name, random.Random(f"{seed}/{game}/{seat}/{stream}"))
        if isinstance(player, ExpertPlayer):
            if samples is not None:
                player.samples = samples
            if common:
                player.search_rng = random.Random(f"{seed}/{game}/{seat}/{name}/search")
        players.append(player)
    return players


def play_game(a: str, b: str, seed: int, game: int, options: Options = EAAI,
              samples: int | None = None, common: bool = False) -> GameRecord:
    """Game ``game`` of a tournament: deal ``game // 2``, A in seat ``game % 2`` (``samples``:
    Expert's budget; ``common``: the players' random streams, ``players_of``)."""
    a_seat = game % 2
    times: tuple[list[float], list[float]] = ([], [])

    def timed(_match: MatchState, view: PlayerView, _action: Action, seconds: float) -> None:
        times[view.seat].append(seconds)

    match = play_match(MatchState.new(options, deal_seed(seed, game // 2)),
                       players_of(a, b, seed, game, samples, common), timed)

    def side(seat: int | None) -> bool | None:
        return None if seat is None else seat == a_seat

    hands = tuple((r.kind, side(r.knocker), side(r.winner)) for r in match.results)
    return GameRecord(
        a_won=match.winner == a_seat,
        margin=match.scores[a_seat] - match.scores[1 - a_seat],
        hands=hands,
        times_a=tuple(times[a_seat]),
        times_b=tuple(times[1 - a_seat]),
    )


def _play(job: tuple[str, str, int, int, Options, int | None, bool]) -> tuple[int, GameRecord]:
    a, b, seed, game, options, samples, common = job
    return game, play_game(a, b, seed, game, options, samples, common)


@dataclass(frozen=True)
class TimeStats:
    decisions: int
    mean_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, times: list[float]) -> TimeStats:
        if not times:
            return cls(0, 0.0, 0.0, 0.0)
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
        return cls(len(times), 1000 * sum(times) / len(times), 1000 * p99, 1000 * ordered[-1])


@dataclass(frozen=True)
class TournamentResult:
    a: str
    b: str
    seed: int
    games: int
    a_wins: int
    interval: tuple[float, float]
    margin: float  # A's points minus B's, per game
    hands: int
    kinds: dict[ResultKind, float] = field(default_factory=dict)  # share of hands: gin, knock, ...
    by_knocker: dict[tuple[ResultKind, str], float] = field(default_factory=dict)  # (kind, "A"|"B")
    time_a: TimeStats = TimeStats(0, 0.0, 0.0, 0.0)
    time_b: TimeStats = TimeStats(0, 0.0, 0.0, 0.0)
    options: Options = EAAI

    @property
    def win_rate(self) -> float:
        return self.a_wins / self.games if self.games else 0.0

    def ends(self, who: str) -> dict[ResultKind, float]:
        """Share of all hands that ended by ``who`` ("A" or "B"): gin, knock won, undercut."""
        return {kind: self.by_knocker.get((kind, who), 0.0) for kind in DECIDED}

    def _protocol(self) -> str:
        if self.options == EAAI:
            return " (EAAI)"
        return " (EAAI, Oklahoma Gin)" if self.options == PROTOCOLS[OKLAHOMA] else ""

    def report(self) -> str:
        low, high = self.interval
        lines = [
            f"{self.a} (A) vs {self.b} (B): {self.games} matches to "
            f"{self.options.points_to_win}{self._protocol()}, "
            f"duplicate deals, seed {self.seed}",
            f"A won {self.a_wins}/{self.games} = {100 * self.win_rate:.1f}%  "
            f"(95% Wilson interval {100 * low:.1f}% - {100 * high:.1f}%)",
            f"margin per match (A - B points): {self.margin:+.1f}",
            f"hands: {self.hands}, dead {100 * self.kinds.get(ResultKind.DEAD, 0.0):.1f}%",
        ]
        for who, name in (("A", self.a), ("B", self.b)):
            ends = self.ends(who)
            lines.append(
                f"  {who} ({name}): gins {100 * ends[ResultKind.GIN]:.1f}%, "
                f"knocks won {100 * ends[ResultKind.KNOCK]:.1f}%, "
                f"knocks undercut {100 * ends[ResultKind.UNDERCUT]:.1f}% of all hands"
            )
        for who, name, stats in (("A", self.a, self.time_a), ("B", self.b, self.time_b)):
            shown = (f"mean {stats.mean_ms:.2f} ms, p99 {stats.p99_ms:.2f} ms, max "
                     f"{stats.max_ms:.1f} ms over {stats.decisions} decisions"
                     if stats.decisions else "not recorded")
            lines.append(f"decision time {who} ({name}): {shown}")
        return "\n".join(lines)


DECIDED = (ResultKind.GIN, ResultKind.KNOCK, ResultKind.UNDERCUT)  # hands somebody won


def summarize(
    a: str, b: str, seed: int, records: list[GameRecord], options: Options = EAAI
) -> TournamentResult:
    games = len(records)
    wins = sum(r.a_won for r in records)
    hands = [h for r in records for h in r.hands]
    kinds = Counter(kind for kind, _, _ in hands)
    by_knocker = Counter(
        (kind, "A" if knocker else "B") for kind, knocker, _ in hands if knocker is not None
    )
    total = max(1, len(hands))
    return TournamentResult(
        a=a,
        b=b,
        seed=seed,
        games=games,
        a_wins=wins,
        interval=wilson(wins, games),
        margin=sum(r.margin for r in records) / max(1, games),
        hands=len(hands),
        kinds={k: kinds[k] / total for k in ResultKind},
        by_knocker={key: n / total for key, n in by_knocker.items()},
        time_a=TimeStats.of([t for r in records for t in r.times_a]),
        time_b=TimeStats.of([t for r in records for t in r.times_b]),
        options=options,
    )


def run_tournament(
    a: str,
    b: str,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: Options = EAAI,
    log: Path | None = None,
    samples: int | None = None,
    common: bool = False,
) -> TournamentResult:
    """Play ``games`` matches of A against B (duplicate deals) and summarize them. With a
    ``log`` (matches of ``PROTOCOLS`` only), each match is appended to it as it ends, and the
    matches it already holds are not played again (``samples``: Expert's budget, and ``common``, the
    players' random streams (``players_of``): both part of the run's key);
    a log that holds them all is only read, so a run's figures so far can be reported while
    it plays on. The workers take one match at a time, so a stopped run loses only the
    matches in flight. One run writes a log at a time."""
    done: dict[int, GameRecord] = {}
    key = RunKey(a, b, seed, samples, common, options.game_type)
    whole = 0
    if log is not None:
        if options != PROTOCOLS[options.game_type]:
            raise ValueError("a tournament log keeps matches of the EAAI protocol only "
                             "(Gin Rummy or Oklahoma Gin)")
        done, whole = read_log(log, key)
    work = [(a, b, seed, game, options, samples, common)
            for game in range(games) if game not in done]
    records = {game: record for game, record in done.items() if game < games}
    stream = open_to_append(log, whole) if log is not None and work else None
    try:
        if jobs <= 1:
            played: Iterable[tuple[int, GameRecord]] = map(_play, work)
            _keep(played, records, stream, key)
        else:
            with worker_pool(jobs) as pool:
                _keep(pool.imap_unordered(_play, work), records, stream, key)
    finally:
        if stream is not None:
            stream.close()
    return summarize(a, b, seed, [records[game] for game in sorted(records)], options)


def _keep(played: Iterable[tuple[int, GameRecord]], records: dict[int, GameRecord],
          stream: IO[str] | None, key: RunKey) -> None:
    for game, record in played:
        records[game] = record
        if stream is not None:
            append(stream, key, game, record)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = PLAYER_NAMES + BENCHMARK_NAMES
    parser.add_argument("--a", default="hard", choices=names)
    parser.add_argument("--b", default="simple", choices=names)
    parser.add_argument("--games", type=arguments.count, default=400)
    parser.add_argument("--jobs", type=arguments.jobs, default=1)
    parser.add_argument("--seed", type=arguments.seed, default=1)
    parser.add_argument(
        "--samples", type=arguments.count, default=None, help="expert's budget: worlds a decision"
    )
    parser.add_argument(
        "--common", action="store_true",
        help="common random streams: expert and hard-noread draw hard's, Expert's search its own",
    )
    parser.add_argument(
        "--game", choices=tuple(PROTOCOLS), default=GIN_RUMMY,
        help="the EAAI protocol played as Gin Rummy (default) or as Oklahoma Gin",
    )
    parser.add_argument(
        "--log", type=Path, default=None,
        help="append each match to this file; run again, it plays only the matches missing",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    kept = (f"the matches played are in {args.log}; the same command plays the rest"
            if args.log is not None else "nothing is kept without --log")
    try:
        with stopped_quietly("tournament", kept):
            result = run_tournament(args.a, args.b, args.games, args.seed, args.jobs,
                                    PROTOCOLS[args.game], args.log, args.samples, args.common)
    except (LogError, OSError) as problem:
        parser.exit(2, f"tournament: {problem}\n")
    print(result.report())
    print(f"wall time {time.perf_counter() - start:.0f} s with --jobs {args.jobs}")


if __name__ == "__main__":
    main()
