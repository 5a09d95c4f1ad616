"""Expert's departures from Hard, checked against the truth.

``python -m benchmarks.search_check --b hard --games 40 --seed 9300``
(not a ``bench_`` module: ``make bench`` does not run it; it is a long measurement)

Expert (seeded as in the tournament) plays matches against ``--b`` under the EAAI protocol. At
each of its decisions where the search found a runner-up whose gain over Hard's move is at least
``--zmin`` standard errors (those it played, above its gate, and those just below), both moves
are played out from the true hidden state, which Expert never sees: the opponent's real hand,
and the stock reshuffled (its order is hidden from both seats), Hard playing both seats to the
hand's end, ``--rollouts`` times, the same stock and players for both moves. Scored as the search
scores, by Expert's chance of winning the match after the hand (``Table.equity``), and in hand
points. The report gives, by decision and by the search's confidence, the mean gain of the
runner-up over Hard's move with a 95% interval: where the search's playouts mislead it, the
truth says so, far sooner than whole matches do.

``--phases DISCARD`` (or ``DECIDE``, ...) checks only Expert's decisions of those phases (its
draws are Hard's since 5 December 2026: a check of ``OFFER,DRAW`` finds them at commit
``d98cc6d`` and before).

``--knocks`` checks the knock decisions near the match's end both ways instead: Hard plays the
matches, and at each of its knock decisions there (``expert.endgame``) an Expert seeded for the
seat, reading the player as that Hard does, searches the move Hard played against the other (a
knock where Hard plays on, which Expert itself no longer weighs, or playing on where Hard
knocks); the runners-up at least ``--zmin`` standard errors better are checked in truth as above,
``played`` marking those above Expert's gate.

``--knock-rule`` checks Hard's rule of when to knock at every knock decision with deadwood: Hard
plays the matches against ``--b``, and at each such decision the knock is scored against the
opponent's real hand and playing on is played out ``--rollouts`` times with the stock
reshuffled, Hard in its seat and ``--b`` in the other to the hand's end. The report gives
knocking's gain over playing on in truth by the points Hard expected of the knock (from a
second Hard in the same style, seeded apart, so Hard's own play is unchanged), by the stock left
where it expected under 10, and for the knocks it made and those it passed up.

``--jobs N`` plays the matches in ``N`` processes (any mode); the report is the same for any N.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from benchmarks.reading import mean_interval
from gin_handset.ai import arguments
from gin_handset.ai.expert import GATE, ExpertPlayer, Searched, Table, endgame
from gin_handset.ai.hard import HardPlayer
from gin_handset.ai.levels import BENCHMARK_NAMES, PLAYER_NAMES, make_player
from gin_handset.ai.tournament import EAAI, deal_seed, play_match, players_of
from gin_handset.ai.workers import map_jobs, stopped_quietly
from gin_handset.arguments import real
from gin_handset.rules.actions import Action, EndTurn, Knock
from gin_handset.rules.hand import HandState, Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.view import PlayerView, view_of

BANDS = (-math.inf, 1.0, 2.0, 3.0, math.inf)  # the search's confidence (z) bands of the report
EXPECTED = (-math.inf, 0.0, 10.0, 16.0, 20.0, 24.0, 30.0, math.inf)  # knock rule: expected points
STOCK = (0, 10, 22, 100)  # knock rule: bands of the stock left, where Hard expected under 10


@dataclass(frozen=True)
class Checked:
    """One decision: the search's runner-up against Hard's move, in the search and in truth."""

    phase: str
    z: float  # its gain in the search, in standard errors
    played: bool  # Expert played it (above its gate)
    equity: float  # its mean gain in truth, in Expert's chance of winning the match
    points: float  # and in hand points


@dataclass(frozen=True)
class KnockChecked:
    """One of Hard's knock decisions with deadwood, checked in truth."""

    expected: float  # the points Hard expected of the knock
    stock: int  # cards left in the stock
    knocked: bool  # Hard knocked
    equity: float  # knocking's gain over playing on in truth, in Hard's chance of the match
    points: float  # and in hand points


def rollout(hand: HandState, action: Action, seat: int, table: Table, k: int,
            opponent: str = "hard", scores: tuple[int, int] = (0, 0)) -> tuple[int, float]:
    """``action`` played in ``hand`` with the stock reshuffled by ``k``, then Hard in ``seat``
    and ``opponent`` in the other to the hand's end, both seeing the match at ``scores``: the
    points to ``seat`` (negative: to the opponent) and their equity."""
    stock = list(hand.stock)
    random.Random(f"stock/{k}").shuffle(stock)
    state = replace(hand, stock=tuple(stock)).apply(action)
    players = [make_player("hard" if s == seat else opponent, random.Random(f"rollout/{k}/{s}"))
               for s in range(2)]
    while not state.is_over:  # a hand ends, at the latest when the stock runs low
        state = state.apply(players[state.turn].choose(view_of(state, state.turn, scores)))
    result = state.result
    assert result is not None
    points = 0 if result.winner is None else result.points * (1 if result.winner == seat else -1)
    return points, table.equity(points)


def truth(hand: HandState, seat: int, table: Table, first: Action, other: Action,
          rollouts: int, opponent: str = "hard", scores: tuple[int, int] = (0, 0)
          ) -> tuple[float, float]:
    """The mean gain of ``other`` over ``first`` in truth, ``opponent`` in the other seat, the
    match at ``scores``: (equity, points)."""
    equity = points = 0.0
    for k in range(rollouts):
        first_points, first_equity = rollout(hand, first, seat, table, k, opponent, scores)
        other_points, other_equity = rollout(hand, other, seat, table, k, opponent, scores)
        equity += other_equity - first_equity
        points += other_points - first_points
    return equity / rollouts, points / rollouts


def best_runner_up(found: Searched) -> tuple[float, int]:
    """The runner-up the search rated highest: (its gain in standard errors, its index). A gain
    without spread is infinitely sure, unless it is no gain: a tie (the same result in every
    world, as when the stock is spent) counts as z 0, not as a sure gain."""
    def z(gain: float, error: float) -> float:
        if error:
            return gain / error
        return math.copysign(math.inf, gain) if gain else 0.0

    return max((z(gain, error), i)
               for i, (gain, error) in enumerate(zip(found.gains, found.errors, strict=True)) if i)


def judge(hand: HandState, view: PlayerView, found: Searched, rollouts: int, zmin: float
          ) -> tuple[Action, float, float, float] | None:
    """The search's best runner-up (by its gain in standard errors, z) against Hard's move, in
    truth from ``hand`` for ``view``'s seat, when its z is at least ``zmin``: (the runner-up, z,
    its mean gain in equity, in points); else None."""
    z, best = best_runner_up(found)
    if z < zmin:
        return None
    runner_up = found.candidates[best]
    equity, points = truth(hand, view.seat, Table(view), found.candidates[0], runner_up, rollouts,
                           scores=view.scores)
    return runner_up, z, equity, points


def check_game(b: str, seed: int, game: int, rollouts: int, zmin: float,
               samples: int | None = None, phases: frozenset[str] | None = None
               ) -> list[Checked]:
    """Game ``game`` of a tournament (deal ``game // 2``, Expert in seat ``game % 2``), each
    close decision of Expert's checked (only those of ``phases``, by name, when given)."""
    seat = game % 2
    players = players_of("expert", b, seed, game, samples)
    expert = players[seat]
    assert isinstance(expert, ExpertPlayer)
    checked: list[Checked] = []

    def check(match: MatchState, view: PlayerView, action: Action, _seconds: float) -> None:
        found = expert.searched if view.seat == seat else None
        if phases is not None and view.phase.name not in phases:
            found = None
        judged = None if found is None else judge(match.hand, view, found, rollouts, zmin)
        if judged is not None:
            runner_up, z, equity, points = judged
            checked.append(Checked(view.phase.name, z, action == runner_up, equity, points))

    play_match(MatchState.new(EAAI, deal_seed(seed, game // 2)), players, check)
    return checked


def check_knocks(b: str, seed: int, game: int, rollouts: int, zmin: float,
                 samples: int | None = None) -> list[Checked]:
    """Game ``game`` of a tournament of Hard against ``b``, each of Hard's knock decisions near
    the match's end searched both ways by an Expert reading the player as Hard does, and the
    runner-up checked when the search rates it at least ``zmin`` standard errors better."""
    seat = game % 2
    players = players_of("hard", b, seed, game)
    hard = players[seat]
    assert isinstance(hard, HardPlayer)
    expert = ExpertPlayer(random.Random(f"knocks/{seed}/{game}"), samples)
    checked: list[Checked] = []

    def check(match: MatchState, view: PlayerView, action: Action, _seconds: float) -> None:
        if (view.seat != seat or view.phase is not Phase.DECIDE
                or Knock() not in view.legal_actions or not endgame(view)
                or best_arrangement(view.hand).deadwood_count == 0
                or action not in (Knock(), EndTurn())):
            return
        expert.eager, expert.style = hard.eager, hard.style
        other = EndTurn() if action == Knock() else Knock()
        expert.search(view, [action, other])  # Hard's move first
        assert expert.searched is not None
        judged = judge(match.hand, view, expert.searched, rollouts, zmin)
        if judged is not None:
            runner_up, z, equity, points = judged
            phase = f"{type(runner_up).__name__.upper()} instead"
            checked.append(Checked(phase, z, z > GATE, equity, points))

    play_match(MatchState.new(EAAI, deal_seed(seed, game // 2)), players, check)
    return checked


def check_knock_rule(b: str, seed: int, game: int, rollouts: int) -> list[KnockChecked]:
    """Game ``game`` of a tournament of Hard against ``b``, each of Hard's knock decisions with
    deadwood checked in truth, ``b`` playing the other seat of the rollouts."""
    seat = game % 2
    players = players_of("hard", b, seed, game)
    hard = players[seat]
    assert isinstance(hard, HardPlayer)
    shadow = HardPlayer(random.Random(f"knock-rule/{seed}/{game}"))
    checked: list[KnockChecked] = []

    def check(match: MatchState, view: PlayerView, action: Action, _seconds: float) -> None:
        if (view.seat != seat or view.phase is not Phase.DECIDE
                or Knock() not in view.legal_actions or action not in (Knock(), EndTurn())):
            return
        if best_arrangement(view.hand).deadwood_count == 0:
            return
        shadow.style = hard.style
        expected = shadow.expected_knock(view)
        equity, points = truth(match.hand, seat, Table(view), EndTurn(), Knock(), rollouts, b,
                               view.scores)
        checked.append(KnockChecked(expected, view.stock_count, action == Knock(), equity,
                                    points))

    play_match(MatchState.new(EAAI, deal_seed(seed, game // 2)), players, check)
    return checked


def gains(label: str, chosen: Sequence[Checked | KnockChecked]) -> list[str]:
    """A report's line, if there are decisions: their mean gain in truth, in hand points and
    in equity, with 95% intervals."""
    if not chosen:
        return []
    points, low, high = mean_interval([c.points for c in chosen])
    equity, equity_low, equity_high = mean_interval([c.equity for c in chosen])
    return [f"  {label:<36} n={len(chosen):5d}  points {points:+6.1f} ({low:+.1f} to {high:+.1f})"
            f"  equity {equity:+.3f} ({equity_low:+.3f} to {equity_high:+.3f})"]


def knock_report(checked: list[KnockChecked]) -> str:
    """Knocking's gain over playing on in truth, by the points Hard expected of the knock."""
    lines = [f"{len(checked)} knock decisions with deadwood checked; knocking's gain over"
             " playing on in truth, 95% intervals"]
    for low, high in itertools.pairwise(EXPECTED):
        lines += gains(f"expected {low:g} to {high:g}",
                       [c for c in checked if low <= c.expected < high])
    for low, high in itertools.pairwise(STOCK):
        lines += gains(f"expected under 10, stock {low} to {high - 1}",
                       [c for c in checked if c.expected < 10 and low <= c.stock < high])
    lines += gains("hard knocked", [c for c in checked if c.knocked])
    lines += gains("hard played on", [c for c in checked if not c.knocked])
    return "\n".join(lines)


def report(checked: list[Checked]) -> str:
    lines = [f"{len(checked)} decisions checked"]
    for phase in sorted({c.phase for c in checked}):
        lines.append(phase)
        of_phase = [c for c in checked if c.phase == phase]
        for low, high in itertools.pairwise(BANDS):
            band = [c for c in of_phase if low <= c.z < high or c.z == high]
            lines += gains(f"search z {low:g} to {high:g}", band)
        lines += gains("played (above the gate)", [c for c in of_phase if c.played])
    lines += gains("all played", [c for c in checked if c.played])
    return "\n".join(lines)


def confidence(text: str) -> float:
    """A command-line number of standard errors, from -100 to 100."""
    return real(text, -100, 100)


def phase_names(text: str) -> frozenset[str]:
    """A command-line list of decision kinds: phase names, comma-separated (``OFFER,DRAW``)."""
    names = frozenset(name.strip().upper() for name in text.split(","))
    unknown = sorted(names - {phase.name for phase in Phase})
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{', '.join(unknown)} is not a phase: one of {', '.join(p.name for p in Phase)}")
    return names


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--b", default="hard", choices=PLAYER_NAMES + BENCHMARK_NAMES,
                        help="Expert's opponent")
    parser.add_argument("--games", type=arguments.count, default=40)
    parser.add_argument("--seed", type=arguments.seed, default=9300)
    parser.add_argument("--rollouts", type=arguments.count, default=32)
    parser.add_argument("--zmin", type=confidence, default=1.0)
    parser.add_argument("--samples", type=arguments.count, default=None,
                        help="worlds a decision of each Expert seat")
    parser.add_argument("--phases", type=phase_names, default=None,
                        help="check only Expert's decisions of these phases, e.g. DISCARD")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--knocks", action="store_true",
                      help="check Hard's knock decisions near the match's end both ways")
    mode.add_argument("--knock-rule", action="store_true",
                      help="check Hard's rule of when to knock at all its knock decisions")
    parser.add_argument("--jobs", type=arguments.jobs, default=1, help="worker processes")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.knock_rule:
        check = partial(check_knock_rule, args.b, args.seed, rollouts=args.rollouts)
    elif args.knocks:
        check = partial(check_knocks, args.b, args.seed, rollouts=args.rollouts,
                        zmin=args.zmin, samples=args.samples)
    else:
        check = partial(check_game, args.b, args.seed, rollouts=args.rollouts, zmin=args.zmin,
                        samples=args.samples, phases=args.phases)
    with stopped_quietly("search_check", "nothing is kept: it reports at the end"):
        games = map_jobs(check, range(args.games), args.jobs)
    checked = [c for game in games for c in game]
    print(knock_report(checked) if args.knock_rule else report(checked))
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
