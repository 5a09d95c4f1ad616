"""The coach: the move Hard (or Expert) would make, with a short reason, from a PlayerView.

Pure Python (no pygame), and may be called off the main loop; the same view, level and seed
give the same advice, unless ``seconds`` cut Expert's search short. Expert coaches within its
budget: ``samples`` worlds (by default ``expert.SAMPLES``: within 1 s on one core) and, when
given, ``seconds`` from the moment it is asked; ``Coach.hurry`` (another thread) makes it
answer at once with what it has.

The reason (``ai/reasons.py``) names what sets the move apart from the coach's runner-up: for
a discard, Hard's next best (or the incumbent, when Expert's search overruled it); for a draw, the
other pile; for a knock decision, the other way.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.hard import HardPlayer, discardable
from gin_handset.ai.reasons import Grounds, Words, reason, text
from gin_handset.rules.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, mask_of
from gin_handset.rules.view import PlayerView


@dataclass(frozen=True)
class Advice:
    action: Action
    words: Words  # the reason, in words and cards

    @property
    def reason(self) -> str:
        """The reason as plain text, cards written as the phone does (``9♣``)."""
        return text(self.words)


def coach_level(opponent: str) -> str:
    """Who coaches in a match against ``opponent`` (its hints and its review): Expert against
    Expert, else Hard."""
    return "expert" if opponent == "expert" else "hard"


class Coach:
    """Hard, or Expert within a budget, advising one view at a time."""

    def __init__(self, level: str = "hard", rng: random.Random | None = None,
                 samples: int | None = None, seconds: float | None = None) -> None:
        seeded = rng or random.Random(0)
        if level == "expert":
            self.player: HardPlayer = ExpertPlayer(seeded, samples=samples)
        elif level == "hard":
            self.player = HardPlayer(seeded)
        else:
            raise ValueError(f"the coach is hard or expert, not {level!r}")
        self.seconds = seconds

    def hurry(self) -> None:
        """Answer at once with what has been worked out (from another thread)."""
        self.player.hurried = True

    def advise(self, view: PlayerView) -> Advice:
        """The move for this view and why; ValueError if the view has no decision to make."""
        player = self.player
        if isinstance(player, ExpertPlayer) and self.seconds is not None:
            player.deadline = time.monotonic() + self.seconds
        state = player.rng.getstate()
        action = player.choose(view)

        def hands() -> list[int]:
            """The opponent's hands the player sampled for its decision, sampled again."""
            player.rng.setstate(state)
            return player.opponents(view)

        searched = player.searched if isinstance(player, ExpertPlayer) else None
        grounds = Grounds(player.evaluator(view), hands, searched, player.knock_bar(),
                          player.knock_forecast())
        return Advice(action, reason(view, action, runner_up(view, action, player), grounds))


def advise(view: PlayerView, rng: random.Random | None = None, level: str = "hard",
           samples: int | None = None) -> Advice:
    """The move of ``level`` (hard or expert) for this view and why; ValueError if the view has
    no decision to make."""
    return Coach(level, rng, samples).advise(view)


def runner_up(view: PlayerView, action: Action, player: HardPlayer) -> Action | None:
    """The move the coach ranks next after ``action``: the incumbent when Expert's search chose
    another, else Hard's next best discard, or the other draw or knock decision."""
    searched = player.searched if isinstance(player, ExpertPlayer) else None
    if searched is not None and searched.candidates[0] != action:
        return searched.candidates[0]
    if isinstance(action, Discard):
        allowed = discardable(view) & ~(1 << action.card.index)
        if not allowed:
            return None
        judge = player.evaluator(view)
        return Discard(DECK[min(judge.discard_scores(mask_of(view.hand), allowed))[1]])
    others = {TakeUpcard(): PassUpcard(), PassUpcard(): TakeUpcard(), DrawDiscard(): DrawStock(),
              DrawStock(): DrawDiscard(), Knock(): EndTurn(), EndTurn(): Knock()}
    other = others.get(action)
    return other if other in view.legal_actions else None
