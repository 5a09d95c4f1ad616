"""The computer's turn, shown step by step: where it drew from, what it discarded, its knock.

The session plays the computer (its decision off the main loop, each step held on screen for a
moment); this screen advances the session's clock and shows its last step for its moment, then,
while the next decision takes long, that it is thinking, a dot more every ``DOT_MS`` so that the
phone is seen alive. OK (or 5, or the left soft key) hurries it along: a step held on screen
ends, a player that searches (Expert) decides with what it has. A person (at a network table)
is not hurried: no Hurry then. Meanwhile the player may rearrange the hand: 4/6 move a cursor
along it, 1/3 move the card under it, ``*``, ``#`` and 0 sort it.
"""

from __future__ import annotations

from dataclasses import replace

from gin_handset.device.keys import CHOOSE, PhoneKey
from gin_handset.render import table
from gin_handset.render.cards import PLAIN, CardLook
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import EventKind
from gin_handset.screens.match.table import TableScreen, describe
from gin_handset.screens.match.ui import Go, MatchTransition, MatchUI, Route

DOT_MS = 400  # while the computer is thinking, a dot more after the word every this long


class ComputerTurnScreen(TableScreen):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__(ui)
        self.rearranging = False  # the hand's cursor shows once the player rearranges
        self.thought_ms = 0  # how long "thinking" has been shown

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        if key in CHOOSE:
            self.ui.session.hurry()
        elif self.move_cursor(key) or self.rearrange(key):
            self.rearranging = True
        return None

    def hand_row(self) -> tuple[list[Card], list[CardLook]]:
        cards, looks = super().hand_row()
        if not self.rearranging:
            return cards, looks
        return cards, [replace(look, cursor=i == self.hand_cursor) for i, look in enumerate(looks)]

    def update(self, ms: int) -> MatchTransition | None:
        session = self.ui.session
        if session.advance(ms):
            self.dirty = True
        dots = self.dots()
        self.thought_ms = self.thought_ms + ms if session.thinking_shown else 0
        if self.dots() != dots:
            self.dirty = True
        self.follow_motion(ms)
        return None if session.computer_playing else Go(Route.PRESENT)

    def dots(self) -> int:
        """The dots after "thinking": 0 to 3, one more every ``DOT_MS``, then none again."""
        return self.thought_ms // DOT_MS % 4

    def wake_in(self) -> int | None:
        waits = [w for w in (self.ui.session.wake_in(), super().wake_in()) if w is not None]
        return min(waits) if waits else None

    def pile_looks(self) -> tuple[CardLook, CardLook]:
        step = self.ui.session.computer_step
        if step is None:
            return PLAIN, PLAIN
        on = CardLook(cursor=True)
        if step.kind is EventKind.STOCK:
            return on, PLAIN
        if step.kind in (EventKind.TAKE, EventKind.PILE, EventKind.DISCARD, EventKind.CANCEL):
            return PLAIN, on
        return PLAIN, PLAIN

    def prompt(self) -> list[table.Part]:
        session, seats = self.ui.session, self.ui.seats
        other = seats.name(seats.other)
        if session.notice is not None:
            return [session.notice]
        if session.thinking_shown:  # its last step has been shown for its time
            return [f"{other} is thinking" + "." * self.dots()]
        if session.computer_step is not None:
            return describe(session.computer_step, seats)
        if session.computer_laid_down:
            return [f"{other} lays down its melds"]
        return [f"{other}'s turn"]

    def soft_keys(self) -> tuple[str, str]:
        return "Hurry" if self.ui.session.can_hurry else "", "Menu"
