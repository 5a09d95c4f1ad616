"""The coach at the player's side: a hint for the step at hand and, once a hand is over, the
review of the player's knock decisions, each worked out in a worker thread.

`MatchSession` owns one and delegates to it: the session says which step of which record the
work is for; work asked for at another step is dropped.
"""

from __future__ import annotations

import random

from gin_handset.ai.coach import Advice, advise
from gin_handset.rules.view import PlayerView
from gin_handset.session.background import Background
from gin_handset.session.record import HUMAN, MatchRecord
from gin_handset.session.review import Reconsidered, reconsider


class Coaching:
    """The hint and the review, each kept with the step number it was asked at."""

    def __init__(self) -> None:
        self._hint: tuple[int, Background[Advice]] | None = None
        self._review: tuple[int, Background[list[Reconsidered]]] | None = None

    def ask_hint(self, record: MatchRecord, view: PlayerView) -> None:
        """Start working out the advice for ``view``, the player's at the record's last step
        (unless it is being worked out already)."""
        step = len(record.steps)
        if self._hint is None or self._hint[0] != step:
            rng = random.Random(f"{record.seed}/hint/{step}")
            self._hint = (step, Background(lambda: advise(view, rng), "hint"))

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

    def close(self) -> None:
        """The match was left: drop the work in progress."""
        for kept in (self._hint, self._review):
            if kept is not None:
                kept[1].abandon()
        self._hint = self._review = None
