"""The coach at the player's side: a hint for the step at hand and, once a hand is over, the
review of the player's knock decisions, each worked out in a worker thread.

The coach is Expert when the match is against Expert (within Expert's budget and at most
``HINT_SECONDS`` a decision), Hard otherwise (``coach_level``), for the hint and the review.
`MatchSession` owns one and delegates to it: the session says which step of which record the
work is for; work asked for at another step is dropped (an Expert hint hurried, so that its
thread ends soon).
"""

from __future__ import annotations

import random

from gin_handset.ai.coach import Advice, Coach, coach_level
from gin_handset.rules.view import PlayerView
from gin_handset.session.background import Background
from gin_handset.session.record import HUMAN, MatchRecord
from gin_handset.session.review import Reconsidered, reconsider

HINT_SECONDS = 1.0  # the most an Expert hint takes (it stops sampling then)


class Coaching:
    """The hint and the review, each kept with the step number it was asked at."""

    def __init__(self) -> None:
        self._hint: tuple[int, Background[Advice]] | None = None
        self._coach: Coach | None = None  # the coach of the hint being worked out
        self._review: tuple[int, Background[list[Reconsidered]]] | None = None

    def ask_hint(self, record: MatchRecord, view: PlayerView) -> None:
        """Start working out the advice for ``view``, the player's at the record's last step
        (unless it is being worked out already)."""
        step = len(record.steps)
        if self._hint is None or self._hint[0] != step:
            self._drop_hint()
            rng = random.Random(f"{record.seed}/hint/{step}")
            coach = self._coach = Coach(coach_level(record.difficulty), rng,
                                        seconds=HINT_SECONDS)
            self._hint = (step, Background(lambda: coach.advise(view), "hint"))

    def hint(self, step: int) -> Advice | None:
        """The advice asked for at ``step``, once worked out."""
        if self._hint is None or self._hint[0] != step:
            return None
        work = self._hint[1]
        return work.result if work.done else None

    def hint_pending(self, step: int) -> bool:
        """Advice asked for at ``step`` is still being worked out."""
        return self._hint is not None and self._hint[0] == step and not self._hint[1].done

    def review(self, record: MatchRecord) -> list[Reconsidered] | None:
        """The player's knock decisions in the record's last hand (over) that the coach would
        have made otherwise; None while being worked out (from the first call)."""
        step = len(record.steps)
        if self._review is None or self._review[0] != step:
            self._review = (step, Background(lambda: reconsider(record, HUMAN), "review"))
        work = self._review[1]
        if not work.done:
            return None
        return work.result if work.result is not None else []

    def _drop_hint(self) -> None:
        if self._hint is not None:
            self._hint[1].abandon()
            if self._coach is not None and not self._hint[1].done:
                self._coach.hurry()
        self._hint = self._coach = None

    def close(self) -> None:
        """The match was left: drop the work in progress."""
        self._drop_hint()
        if self._review is not None:
            self._review[1].abandon()
        self._review = None
