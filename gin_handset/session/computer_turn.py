"""The computer's turn as the handset plays it: its decision made in a worker thread (the loop
only looks whether it is done), each of its steps held on screen for a moment, "thinking" shown
only when a decision is slow, OK hurrying a player
that searches to decide with what it has, and a legal action played instead (and the failure
reported) when the computer player fails.

`MatchSession` owns one and delegates to it; the turn reaches the match only through `Table`.
"""

from __future__ import annotations

import random
from typing import Protocol

from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action, action_text
from gin_handset.rules.hand import Event, EventKind, IllegalAction
from gin_handset.rules.view import PlayerView
from gin_handset.session.background import POLL_MS, Background
from gin_handset.session.record import COMPUTER, MatchRecord

# How long each kind of computer step stays on screen, in milliseconds of the logical clock.
PACE_MS: dict[EventKind, int] = {
    EventKind.PASS: 900, EventKind.TAKE: 1000, EventKind.STOCK: 800, EventKind.PILE: 1000,
    EventKind.DISCARD: 1000, EventKind.CANCEL: 600, EventKind.KNOCK: 1400, EventKind.END: 150,
}
ARRANGE_MS = 900  # the computer laying down its melds
THINKING_SHOWN_MS = 300  # "thinking" is shown only when a decision takes longer than this


class Table(Protocol):
    """What the computer's turn asks of the match it plays in (a `MatchSession`)."""

    @property
    def closed(self) -> bool: ...

    @property
    def record(self) -> MatchRecord: ...

    @property
    def computer_to_act(self) -> bool: ...

    @property
    def problems(self) -> list[str]: ...

    def view(self, seat: int) -> PlayerView: ...

    def play_computer(self, action: Action) -> Event | None:
        """Apply the computer's action: the public event it made, None when it laid its melds
        down; IllegalAction when the rules refuse it."""
        ...


class ComputerTurn:
    """The computer's seat at ``table``: ``player`` decides, seeded afresh from the match seed
    and the step number through ``rng`` (the player's own), so a resumed match plays on as the
    uninterrupted one would."""

    def __init__(self, table: Table, player: Player, rng: random.Random) -> None:
        self.table = table
        self.player = player
        self._rng = rng
        self.step: Event | None = None  # its last step, while shown
        self.laid_down = False  # its last step laid its melds down
        self._decision: Background[Action] | None = None
        self._hold_ms = 0
        self._waited_ms = 0

    @property
    def playing(self) -> bool:
        """The computer is to act, or its last step is still being shown."""
        return self.table.computer_to_act or self._hold_ms > 0

    @property
    def thinking_shown(self) -> bool:
        """The computer has been deciding long enough to say so."""
        return self._decision is not None and self._waited_ms >= THINKING_SHOWN_MS

    def forget_step(self) -> None:
        """Another step was played: the computer's last one is no longer shown."""
        self.step, self.laid_down = None, False

    def advance(self, ms: int) -> bool:
        """Play on for ``ms`` of the clock; True when what it shows changed: a step played, or
        the notice that it is thinking."""
        if self.table.closed:
            return False
        if self._hold_ms > 0:
            self._hold_ms = max(0, self._hold_ms - ms)
            if self._hold_ms > 0:
                return False
        decision = self.decision_in_progress()
        if decision is None:
            return False
        if not decision.done:
            shown = self.thinking_shown
            self._waited_ms += ms
            return self.thinking_shown != shown
        self._play(decision)
        return True

    def hurry(self) -> None:
        """Stop holding the last step on screen; with none held, a decision being made is made
        at once, with what the player has worked out so far (the next decision starts while a
        step is held: hurrying the step leaves it be)."""
        if self._hold_ms > 0:
            self._hold_ms = 0
        elif self._decision is not None:
            self.player.hurried = True

    def wake_in(self) -> int | None:
        """Milliseconds until `advance` has something to do; None when only a key can help."""
        if self.table.closed:
            return None
        if self._hold_ms > 0:
            return self._hold_ms
        if not self.table.computer_to_act:
            return None
        if self._decision is not None and not self._decision.done:
            return POLL_MS
        return 0

    def decision_in_progress(self) -> Background[Action] | None:
        """The decision being made, started when the computer is to act and none is."""
        if self._decision is None and self.table.computer_to_act and not self.table.closed:
            self._think()
        return self._decision

    def close(self) -> None:
        """The match was left: drop the decision in progress (hurried, so that its thread
        ends soon)."""
        if self._decision is not None:
            self.player.hurried = True
            self._decision.abandon()
        self._decision = None

    def _think(self) -> None:
        record = self.table.record
        self._rng.seed(f"{record.seed}/computer/{len(record.steps)}")
        view, player = self.table.view(COMPUTER), self.player
        player.hurried = False
        self._decision = Background(lambda: player.choose(view), "computer-decision")
        self._waited_ms = 0

    def _play(self, decision: Background[Action]) -> None:
        """Play the decision (a legal action instead if it failed, reported) and hold it."""
        self._decision = None
        try:
            if decision.result is None:
                error = decision.error
                raise IllegalAction(f"no action ({type(error).__name__}: {error})")
            event = self.table.play_computer(decision.result)
        except IllegalAction as problem:
            fallback = self.table.view(COMPUTER).legal_actions[0]
            self.table.problems.append(
                f"The computer player erred: {problem}. It played {action_text(fallback)}.")
            event = self.table.play_computer(fallback)
        self.step, self.laid_down = event, event is None
        self._hold_ms = ARRANGE_MS if event is None else PACE_MS[event.kind]
        if self.table.computer_to_act:
            self._think()
