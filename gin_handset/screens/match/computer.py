"""The computer's turn, shown step by step: where it drew from, what it discarded, its knock.

The computer thinks in a worker thread (`MatchSession.computer_choice` is pure), so the window
keeps drawing; `update` polls it. Each step stays on screen for a while so a person can follow
it; OK (or 5, or the left soft key) hurries it along. Should the computer player fail or choose
something the rules refuse, it plays its first legal action instead (and says so on stderr):
the match goes on.
"""

from __future__ import annotations

import sys
import threading

from gin_handset.device.keys import PhoneKey
from gin_handset.render import table
from gin_handset.render.cards import PLAIN, CardLook
from gin_handset.rules.actions import Action
from gin_handset.rules.hand import Event, IllegalAction
from gin_handset.screens.base import Replace, Transition
from gin_handset.screens.match.flow import COMPUTER_NAME, MatchFlow
from gin_handset.screens.match.table import PICK_KEYS, TableScreen, describe
from gin_handset.session.match_session import COMPUTER

# How long each kind of step stays on screen, in milliseconds of the logical clock.
PACE_MS = {
    "pass": 900, "take": 1000, "stock": 800, "pile": 1000, "discard": 1000, "cancel": 600,
    "knock": 1400, "end": 150,
}
ARRANGE_MS = 900
THINKING_SHOWN_MS = 300  # "thinking..." appears only when a decision takes longer than this


class ComputerTurnScreen(TableScreen):
    def __init__(self, flow: MatchFlow) -> None:
        super().__init__(flow)
        self.hold_ms = 0  # how long the last step stays shown
        self.shown: Event | None = None
        self.caption: list[table.Part] = [f"{COMPUTER_NAME} is thinking"]
        self.waited_ms = 0
        self.choice: Action | None = None
        self.error: Exception | None = None
        self.thread: threading.Thread | None = None
        if flow.session.computer_to_act:
            self._think()

    @property
    def thinking(self) -> bool:
        """True while the worker thread is deciding."""
        return self.thread is not None and self.thread.is_alive()

    def _think(self) -> None:
        session = self.flow.session
        self.choice, self.error, self.waited_ms = None, None, 0

        def work() -> None:
            try:
                self.choice = session.computer_choice()
            except Exception as error:  # handled by _play() on the main thread
                self.error = error

        self.thread = threading.Thread(target=work, name="computer-choice", daemon=True)
        self.thread.start()

    def on_key(self, key: PhoneKey) -> Transition | None:
        leave = self.quit_or_none(key)
        if leave is not None:
            return leave
        if key in PICK_KEYS:
            self.hold_ms = 0
        return None

    def update(self, ms: int) -> Transition | None:
        if self.hold_ms > 0:
            self.hold_ms = max(0, self.hold_ms - ms)
            if self.hold_ms > 0:
                return None
        if self.thread is None:
            from gin_handset.screens.match.routing import screen_for

            return Replace(screen_for(self.flow))
        if self.thread.is_alive():
            self.waited_ms += ms
            if self.waited_ms >= THINKING_SHOWN_MS and self.shown is None:
                self.dirty = True
            return None
        self._play(self.choice)
        return None

    def _play(self, action: Action | None) -> None:
        """Apply the computer's choice and show it; think again if it is still its turn."""
        session = self.flow.session
        before = len(session.hand.log)
        try:
            if action is None:
                raise IllegalAction(f"no action ({self.error!r})")
            session.apply(action)
        except IllegalAction as problem:
            fallback = session.view(COMPUTER).legal_actions[0]
            print(f"gin-handset: the computer player erred: {problem}; it plays {fallback}",
                  file=sys.stderr)
            session.apply(fallback)
        self.thread = None
        self.dirty = True
        log = session.hand.log
        if len(log) > before:
            self.show(log[-1])
        else:
            self.shown = None
            self.caption = [f"{COMPUTER_NAME} lays down its melds"]
            self.hold_ms = ARRANGE_MS
        if session.computer_to_act:
            self._think()

    def show(self, event: Event) -> None:
        """Show what the computer just did, and hold it on screen for its pace."""
        self.shown = event
        self.caption = describe(event)
        self.hold_ms = PACE_MS[event.kind]
        self.dirty = True

    def pile_looks(self) -> tuple[CardLook, CardLook]:
        if self.shown is None:
            return PLAIN, PLAIN
        on = CardLook(cursor=True)
        if self.shown.kind == "stock":
            return on, PLAIN
        if self.shown.kind in ("take", "pile", "discard", "cancel"):
            return PLAIN, on
        return PLAIN, PLAIN

    def prompt(self) -> list[table.Part]:
        if self.shown is None and self.thinking and self.waited_ms < THINKING_SHOWN_MS:
            return [f"{COMPUTER_NAME}'s turn"]
        return self.caption

    def soft_keys(self) -> tuple[str, str]:
        return "Hurry", "Menu"
