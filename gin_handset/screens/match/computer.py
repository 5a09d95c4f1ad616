"""The computer's turn, shown step by step: where it drew from, what it discarded, its knock.

The session plays the computer (its decision off the main loop, each step held on screen for a
moment); this screen advances the session's clock and shows its last step. OK (or 5, or the
left soft key) hurries it along. Meanwhile the player may rearrange the hand: 4/6 move a cursor
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


class ComputerTurnScreen(TableScreen):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__(ui)
        self.rearranging = False  # the hand's cursor shows once the player rearranges

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
        self.follow_motion(ms)
        return None if session.computer_playing else Go(Route.PRESENT)

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
        if session.computer_step is not None:
            return describe(session.computer_step, seats)
        if session.computer_laid_down:
            return [f"{other} lays down its melds"]
        if session.thinking_shown:
            return [f"{other} is thinking"]
        return [f"{other}'s turn"]

    def soft_keys(self) -> tuple[str, str]:
        return "Hurry", "Menu"
