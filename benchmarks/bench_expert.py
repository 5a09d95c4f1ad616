"""Expert's thinking time at its budget on the phone: CPU seconds of each of its decisions
(``time.thread_time``, so other work on the machine does not count), over seeded EAAI matches
against Hard (the decisions where it searched, a real choice, and all of them), and of an
Expert hint (the move and its reason) at every decision of a few seeded hands.

``python -m benchmarks bench_expert`` (``GAMES`` matches, ``HANDS`` hands); ``tiny`` plays one
short match and one hand with a few worlds a decision.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from gin_handset.ai.coach import Coach
from gin_handset.ai.expert import SAMPLES, ExpertPlayer
from gin_handset.ai.hard import HardPlayer
from gin_handset.ai.tournament import EAAI, deal_seed
from gin_handset.rules.hand import HandState
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of

GAMES = 10
HANDS = 4  # seeded hands whose every decision gets an Expert hint


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def times(games: int, samples: int, options: Options, seed: int = 1) -> tuple[list[float],
                                                                               list[float]]:
    """CPU seconds of Expert's decisions (seat 0 in even games, 1 in odd): all, searched."""
    every: list[float] = []
    searched: list[float] = []
    for game in range(games):
        mine = game % 2
        rng = random.Random(f"{seed}/{game}")
        match = MatchState.new(options, deal_seed(seed, game // 2))
        players = [HardPlayer(random.Random(rng.random())) for _ in range(2)]
        expert = players[mine] = ExpertPlayer(random.Random(rng.random()), samples=samples)
        while not match.is_over:
            hand = match.hand
            if hand.is_over:
                match = match.next_hand()
                continue
            view = view_of(hand, hand.turn, match.scores)
            start = time.thread_time()
            action = players[hand.turn].choose(view)
            if hand.turn == mine:
                spent = time.thread_time() - start
                every.append(spent)
                if expert.searched is not None:
                    searched.append(spent)
            match = match.apply(action)
    return every, searched


def hint_times(hands: int, samples: int) -> list[float]:
    """CPU seconds of an Expert hint (its move and the reason) at every decision of ``hands``
    seeded hands, both seats following the hints."""
    found: list[float] = []
    for seed in range(hands):
        state = HandState.deal(EAAI, 0, random.Random(seed))
        while not state.is_over:
            view = view_of(state, state.turn)
            coach = Coach("expert", random.Random(1), samples=samples)
            start = time.thread_time()
            advice = coach.advise(view)
            found.append(time.thread_time() - start)
            state = state.apply(advice.action)
    return found


def report(games: int, samples: int, options: Options, hands: int) -> None:
    every, searched = times(games, samples, options)
    for name, found in (("searched", searched), ("all", every)):
        mean = sum(found) / max(1, len(found))
        print(f"expert ({samples} worlds), {name:>8} decisions: mean {1000 * mean:6.0f} ms  "
              f"p99 {1000 * percentile(found, 0.99):6.0f} ms  max "
              f"{1000 * max(found, default=0):6.0f} ms  ({len(found)} decisions, {games} "
              "matches, CPU time)")
    hints = hint_times(hands, samples)
    print(f"expert's hint ({samples} worlds): mean {1000 * sum(hints) / len(hints):6.0f} ms  "
          f"p99 {1000 * percentile(hints, 0.99):6.0f} ms  max {1000 * max(hints):6.0f} ms  "
          f"({len(hints)} hints, {hands} hands, CPU time)")


def main() -> None:
    report(GAMES, SAMPLES, EAAI, HANDS)


def tiny() -> None:
    report(1, 4, replace(EAAI, points_to_win=50), 1)


if __name__ == "__main__":
    main()
