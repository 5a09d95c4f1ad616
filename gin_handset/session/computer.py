"""The computer's decision, made in a worker thread so the phone never freezes.

The thread only reads a `PlayerView` and returns an action; applying it is the session's work on
the main thread. A decision nobody waits for any more is abandoned: its result is dropped.
"""

from __future__ import annotations

import threading

from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action
from gin_handset.rules.view import PlayerView


class Decision:
    """One decision of ``player`` on ``view``, started at once in a daemon thread."""

    def __init__(self, player: Player, view: PlayerView) -> None:
        self.action: Action | None = None
        self.error: Exception | None = None
        self.abandoned = False
        self._thread = threading.Thread(
            target=self._work, args=(player, view), name="computer-decision", daemon=True
        )
        self._thread.start()

    def _work(self, player: Player, view: PlayerView) -> None:
        try:
            self.action = player.choose(view)
        except Exception as error:  # reported by the session, which plays a legal action
            self.error = error

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self) -> None:
        """Block until the decision is made (tests and benchmarks; the app polls `done`)."""
        self._thread.join()

    def abandon(self) -> None:
        """Nobody waits for this decision any more: its result will not be used."""
        self.abandoned = True
