"""Work done in a daemon thread so the phone never freezes: the computer's decision, a hint.

The thread only reads a `PlayerView` and returns a value; using it is the session's work on the
main thread. Work nobody waits for any more is abandoned: its result is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
POLL_MS = 16  # how often work in progress (a decision, a hint, a review) is looked at


class Background(Generic[T]):
    """``work()`` run at once in a daemon thread; ``result`` or ``error`` once ``done``."""

    def __init__(self, work: Callable[[], T], name: str) -> None:
        self.result: T | None = None
        self.error: Exception | None = None
        self.abandoned = False
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except Exception as error:  # reported on the main thread by whoever waits for it
            self.error = error

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work is done, or ``timeout`` seconds have passed; whether it is
        done (tests and benchmarks; the app polls `done`)."""
        self._thread.join(timeout)
        return self.done

    def abandon(self) -> None:
        """Nobody waits for this work any more: its result will not be used."""
        self.abandoned = True
