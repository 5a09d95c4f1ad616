"""The player's turn: the upcard offer, drawing, discarding, then knock, end turn or cancel.

Keys: 4/6 move the cursor, 2/8 move between the piles (or the choices) and the hand, 5 or OK
picks what is under the cursor (the left soft key too). ``*`` sorts the hand by rank, ``#`` by
suit; 1 and 3 move the card under the cursor left and right. CLR asks to leave the match.

With the Confirm Discard setting off, a discard after which the player may not knock ends the
turn at once (no End turn, no Cancel); one that may knock still asks. After a draw the cursor
is on the card drawn, wherever it landed in the hand.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

import pygame

from gin_handset.device.keys import (
    CHOOSE,
    CURSOR_DOWN,
    CURSOR_LEFT,
    CURSOR_RIGHT,
    CURSOR_UP,
    PhoneKey,
)
from gin_handset.render import table
from gin_handset.render.cards import PLAIN, CardLook
from gin_handset.render.theme import Theme
from gin_handset.rules.actions import (
    Action,
    CancelDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import EventKind, Phase
from gin_handset.rules.melds import deadwood
from gin_handset.screens.match.shortcuts import MOVE_LEFT, MOVE_RIGHT
from gin_handset.screens.match.table import TableScreen
from gin_handset.screens.match.ui import Go, MatchTransition, MatchUI, Route, follow_table


class Focus(Enum):
    """Where the player's cursor is."""

    HAND = "hand"
    PILES = "piles"  # the stock and the discard pile
    CHOICES = "choices"  # Take/Pass, or Knock/End turn/Cancel


STOCK, PILE = 0, 1
ARRANGING = (Phase.KNOCKER_ARRANGE, Phase.DEFENDER_ARRANGE)


class PlayScreen(TableScreen):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__(ui)
        self.focus = Focus.HAND
        self.pile_cursor = STOCK
        self.choice_cursor = 0
        self.phase: Phase | None = None
        self.refused = False  # an action was refused: the turn's end is asked for as usual
        self._enter_phase()

    def _enter_phase(self) -> None:
        phase = self.view.phase
        if phase is self.phase:
            return
        self.phase = phase
        self.choice_cursor = 0
        if phase in (Phase.OFFER, Phase.DECIDE):
            self.focus = Focus.CHOICES
        elif phase in (Phase.DRAW, Phase.FORCED_DRAW):
            self.focus, self.pile_cursor = Focus.PILES, STOCK
        else:
            self.focus = Focus.HAND
            cards = self.ui.hand_cards()
            choosable = [i for i, c in enumerate(cards) if c != self.view.taken]
            drawn = [cards.index(c) for c in self.ui.gained() if c != self.view.taken]
            self.hand_cursor = drawn[0] if drawn else choosable[-1] if choosable else 0

    def choices(self) -> list[tuple[str, Action]]:
        if self.phase is Phase.OFFER:
            return [("Take", TakeUpcard()), ("Pass", PassUpcard())]
        if self.phase is Phase.DECIDE:
            found: list[tuple[str, Action]] = []
            if Knock() in self.view.legal_actions:
                gin = deadwood(self.ui.hand_cards()) == 0
                found.append(("Gin!" if gin else "Knock", Knock()))
            return [*found, ("End turn", EndTurn()), ("Cancel", CancelDiscard())]
        return []

    # keys

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        self.note = None
        if key in (MOVE_LEFT, MOVE_RIGHT) and self.focus is not Focus.HAND:
            self.note = ["1/3 move a card of your hand"]
            return None
        if self.rearrange(key):
            return None
        if self.focus is Focus.CHOICES:
            return self._choices_key(key)
        if self.focus is Focus.PILES:
            return self._piles_key(key)
        return self._hand_key(key)

    def _choices_key(self, key: PhoneKey) -> MatchTransition | None:
        options = self.choices()
        if key in CURSOR_UP | CURSOR_LEFT:
            self.choice_cursor = (self.choice_cursor - 1) % len(options)
        elif key in CURSOR_DOWN | CURSOR_RIGHT:
            self.choice_cursor = (self.choice_cursor + 1) % len(options)
        elif key in CHOOSE:
            return self._act(options[self.choice_cursor][1])
        return None

    def _piles_key(self, key: PhoneKey) -> MatchTransition | None:
        if key in CURSOR_LEFT:
            self.pile_cursor = STOCK
        elif key in CURSOR_RIGHT:
            self.pile_cursor = PILE
        elif key in CURSOR_DOWN:
            self.focus = Focus.HAND
        elif key in CHOOSE:
            if self.phase is Phase.DISCARD:
                self.note = ["Discard from your hand: 8"]
            elif self.pile_cursor == STOCK:
                return self._act(DrawStock())
            elif self.phase is Phase.FORCED_DRAW:
                self.note = ["Both passed: draw from stock"]
            else:
                return self._act(DrawDiscard())
        return None

    def _hand_key(self, key: PhoneKey) -> MatchTransition | None:
        if self.move_cursor(key):
            return None
        if key in CURSOR_UP:
            self.focus = Focus.PILES
        elif key in CHOOSE:
            card = self.ui.hand_cards()[self.hand_cursor]
            if self.phase is not Phase.DISCARD:
                self.note = ["Draw a card first: 2 for piles"]
            elif card == self.view.taken:
                self.note = [card, " was just taken: not now"]
            else:
                return self._act(Discard(card))
        return None

    def _act(self, action: Action) -> MatchTransition | None:
        problem = self.ui.session.act(action)
        if problem is not None:
            self.note, self.refused = [problem], True
            return None
        if isinstance(action, Discard) and self.ends_unconfirmed():
            return self._act(EndTurn())
        if self.ui.session.human_to_act and self.view.phase not in ARRANGING:
            self._enter_phase()
            count = len(self.ui.hand_cards())
            self.hand_cursor = min(self.hand_cursor, count - 1)
            return None
        return Go(Route.PRESENT)

    def ends_unconfirmed(self) -> bool:
        """Confirm Discard is off and the player, having discarded, may not knock: the turn
        ends without asking."""
        view = self.view
        return (not self.ui.context.settings.confirm_discard and not self.refused
                and self.ui.session.human_to_act and view.phase is Phase.DECIDE
                and Knock() not in view.legal_actions)

    def update(self, ms: int) -> MatchTransition | None:
        """Besides the cards' motion: end the turn of a discard that came to be decided after
        the screen was made (a table's answer, a resumed match) when Confirm Discard is off."""
        super().update(ms)
        if self.ends_unconfirmed():
            return self._act(EndTurn())
        return follow_table(self, self.ui, ms)

    def wake_in(self) -> int | None:
        if self.ends_unconfirmed():
            return 0
        waits = [w for w in (super().wake_in(), self.ui.session.poll_in()) if w is not None]
        return min(waits) if waits else None

    # drawing

    def soft_keys(self) -> tuple[str, str]:
        if self.focus is Focus.CHOICES:
            return self.choices()[self.choice_cursor][0], "Menu"
        if self.focus is Focus.PILES:
            return ("Draw" if self.phase in (Phase.DRAW, Phase.FORCED_DRAW) else ""), "Menu"
        return ("Discard" if self.phase is Phase.DISCARD else ""), "Menu"

    def pile_looks(self) -> tuple[CardLook, CardLook]:
        if self.focus is not Focus.PILES:
            return PLAIN, PLAIN
        on = CardLook(cursor=True)
        return (on, PLAIN) if self.pile_cursor == STOCK else (PLAIN, on)

    def hand_row(self) -> tuple[list[Card], list[CardLook]]:
        cards, looks = super().hand_row()
        taken = self.view.taken if self.phase is Phase.DISCARD else None
        return cards, [replace(look, cursor=self.focus is Focus.HAND and i == self.hand_cursor,
                               dim=card == taken)
                       for i, (card, look) in enumerate(zip(cards, looks, strict=True))]

    def draw_side(self, lcd: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        options = self.choices()
        if options:
            table.draw_choices(lcd, theme, rect, [label for label, _ in options],
                               self.choice_cursor)
        else:
            super().draw_side(lcd, theme, rect)

    def prompt(self) -> list[table.Part]:
        if self.note is not None:
            return self.note
        view = self.view
        top = view.discard_pile[-1] if view.discard_pile else None
        if self.phase is Phase.OFFER:
            passed = any(e.kind is EventKind.PASS and e.seat == view.opponent for e in view.log)
            other = f" {self.ui.seats.name(view.opponent)} passed" if passed else ""
            return ["Take ", view.upcard, f" or pass?{other}"]
        if self.phase is Phase.DECIDE:
            action = self.choices()[self.choice_cursor][1]
            if isinstance(action, Knock):
                count = deadwood(self.ui.hand_cards())
                return ["Go gin!"] if count == 0 else [f"Knock with deadwood {count}"]
            if isinstance(action, CancelDiscard) and top is not None:
                return ["Take ", top, " back, discard again"]
            return ["End your turn"]
        if self.focus is Focus.PILES:
            if self.phase is Phase.DISCARD:
                return ["8: back to your hand"]
            if self.phase is Phase.FORCED_DRAW:
                return ["Both passed: draw from stock"]
            if self.pile_cursor == PILE and top is not None:
                return ["OK: take ", top]
            return ["OK: draw from the stock"]
        if self.phase is Phase.DISCARD:
            card = self.ui.hand_cards()[self.hand_cursor]
            if card == view.taken:
                return [card, " was just taken: not now"]
            return ["OK: discard ", card]
        return ["Draw first: 2 for the piles"]
