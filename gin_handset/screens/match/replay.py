"""A match played again from its record, both hands open: the deal, every draw, discard and
knock, then the showdown and the score.

6 (or 5) steps on, 4 steps back, 8 and 2 go to the next and the previous hand's deal, OK plays
it on by itself (OK again pauses), CLR or the right soft key goes back.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from gin_handset.device.keys import (
    BACK,
    CURSOR_DOWN,
    CURSOR_LEFT,
    CURSOR_RIGHT,
    CURSOR_UP,
    PhoneKey,
)
from gin_handset.render import cards as card_render
from gin_handset.render import table, widgets
from gin_handset.render.cards import PLAIN, CardLook
from gin_handset.render.fonts import line_height, text_width
from gin_handset.render.theme import Theme
from gin_handset.rules.hand import EventKind
from gin_handset.rules.melds import deadwood
from gin_handset.screens.base import Pop, Screen, Transition
from gin_handset.screens.common import draw_frame
from gin_handset.screens.match.showdown import (
    TITLES,
    deal_label,
    draw_showdown,
    result_lines,
    result_rows,
)
from gin_handset.screens.match.table import (
    describe,
    draw_status,
    fitted_scores,
    knock_text,
    meld_looks,
)
from gin_handset.screens.match.ui import BY_MELDS, sorted_hand
from gin_handset.session.replayer import Position, hand_starts
from gin_handset.session.seats import COMPUTER_SEATS, Seats

PLAY_MS = 900  # each step's time on screen while the replay plays by itself
KEYS_HELP = ("4/6 step", "2/8 hand", "OK play")  # after the step's number in the hand


def keys_help(step: str, theme: Theme) -> str:
    """The prompt: the step's number in the hand, then the keys, spaced apart where the line
    has room for it."""
    wide = "  ".join((step, *KEYS_HELP))
    room = theme.width - 2 * widgets.MARGIN
    return wide if text_width(wide, theme.font("small")) <= room else " ".join((step, *KEYS_HELP))


def describe_position(position: Position, seats: Seats) -> list[list[table.Part]]:
    """What happened at ``position``, every card shown (the replay has no secrets), as short
    lines: the deal takes two (who dealt, the upcard), so the upcard fits the smallest screen."""
    hand = position.match.hand
    if position.step is None:
        return [[f"{seats.who(hand.dealer)} dealt"], ["Upcard ", hand.upcard]]
    return [describe_step(position, seats)]


def describe_step(position: Position, seats: Seats) -> list[table.Part]:
    """A step of play or of the showdown, on one line."""
    assert position.seat is not None
    who = seats.who(position.seat)
    event = position.event
    if event is None:  # laying down at the showdown
        knocker = position.match.hand.knocker
        return [f"{who} laid down" if position.seat == knocker else f"{who} laid off"]
    gin = (event.kind is EventKind.KNOCK
           and deadwood(position.match.hand.hands[position.seat]) == 0)
    return describe(event, seats, position.gained, gin)


class ReplayScreen(Screen):
    """``positions`` (of the match of ``seed``, from a deal on) shown one at a time."""

    def __init__(self, positions: list[Position], seed: int | None,
                 seats: Seats = COMPUTER_SEATS) -> None:
        super().__init__()
        self.positions = positions
        self.seed = seed
        self.seats = seats  # whose hand is at the bottom, and the names
        self.starts = hand_starts(positions)
        self.index = 0
        self.playing = False
        self.waited = 0

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    @property
    def hand_start(self) -> int:
        """The index of the first position of the hand shown."""
        return max(s for s in self.starts if s <= self.index)

    def soft_keys(self) -> tuple[str, str]:
        return ("Pause" if self.playing else "Play"), "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in BACK:
            return Pop()
        if key in (PhoneKey.SELECT, PhoneKey.SOFT_LEFT):
            self.playing = not self.playing and self.index < len(self.positions) - 1
            self.waited = 0
            return None
        self.playing = False
        starts = self.starts
        if key in CURSOR_RIGHT or key is PhoneKey.NUM5:
            self.index = min(self.index + 1, len(self.positions) - 1)
        elif key in CURSOR_LEFT:
            self.index = max(self.index - 1, 0)
        elif key in CURSOR_DOWN:
            self.index = next((s for s in starts if s > self.index), self.index)
        elif key in CURSOR_UP:
            here = self.hand_start
            self.index = max((s for s in starts if s < here), default=0) \
                if self.index == here else here
        return None

    def update(self, ms: int) -> Transition | None:
        if not self.playing:
            return None
        self.waited += ms
        if self.waited >= PLAY_MS:
            self.waited = 0
            self.index += 1
            self.playing = self.index < len(self.positions) - 1
            self.dirty = True
        return None

    def wake_in(self) -> int | None:
        return max(0, PLAY_MS - self.waited) if self.playing else None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        if self.position.match.hand.is_over:
            self.draw_result(lcd, theme)
        else:
            self.draw_table(lcd, theme)
        start = self.hand_start
        end = next((s for s in self.starts if s > self.index), len(self.positions))
        table.draw_prompt(lcd, theme, [keys_help(f"{self.index - start + 1}/{end - start}", theme)])

    def draw_table(self, lcd: pygame.Surface, theme: Theme) -> None:
        match = self.position.match
        hand = match.hand
        scores = match.scores
        seats = self.seats
        draw_frame(lcd, theme, self, fitted_scores(seats, scores, theme))
        where = table.table_layout(theme)
        theirs = sorted_hand(hand.hands[seats.other], BY_MELDS)
        table.draw_opponent(lcd, theme, where.opponent, len(theirs), seats.name(seats.other),
                            theirs, meld_looks(theirs))
        pile = hand.discard_pile
        moved = self.position.event is not None and self.position.event.kind in (
            EventKind.TAKE, EventKind.PILE, EventKind.DISCARD, EventKind.CANCEL)
        card_render.draw_pile(lcd, theme, where.stock, None, len(hand.stock),
                              CardLook(cursor=self.position.step == "stock"))
        card_render.draw_pile(lcd, theme, where.discard, pile[-1] if pile else None, len(pile),
                              CardLook(cursor=True) if moved else PLAIN)
        room = max(1, (where.choices.height + 1) // (line_height(theme.font("small")) + 1))
        table.draw_notes(lcd, theme, where.choices, self.notes(room))
        mine = sorted_hand(hand.hands[seats.me], BY_MELDS)
        draw_status(lcd, theme, where.status, f"Deadwood {deadwood(mine)}",
                    f"{seats.name(seats.other)} {deadwood(theirs)}")
        gained = self.position.gained if self.position.seat == seats.me else None
        looks = [replace(look, cursor=card == gained)
                 for card, look in zip(mine, meld_looks(mine), strict=True)]
        card_render.draw_hand(lcd, theme, mine, where.hand, looks)

    def notes(self, room: int) -> list[list[table.Part]]:
        """The ``room`` (1 or more) lines beside the piles: the last steps, newest last; in
        Oklahoma under the hand's knock limit (and doubling), which the table kept in view."""
        recent = self.positions[max(self.hand_start, self.index - 2): self.index + 1]
        lines = [line for p in recent for line in describe_position(p, self.seats)]
        hand = self.position.match.hand
        if not hand.options.oklahoma:
            return lines[max(0, len(lines) - room):]
        limit: list[table.Part] = [knock_text(hand.knock_limit, hand.doubled)]
        return [limit, *lines[max(0, len(lines) + 1 - room):]]

    def draw_result(self, lcd: pygame.Surface, theme: Theme) -> None:
        match = self.position.match
        result = match.hand.result
        assert result is not None
        content = draw_frame(lcd, theme, self, TITLES[result.kind],
                             f"Hand {match.hand_number + 1}")
        seats = self.seats
        rows = result_rows(result, {seats.me: match.hand.hands[seats.me],
                                    seats.other: match.hand.hands[seats.other]}, seats)
        draw_showdown(lcd, theme, content, rows, result_lines(
            result, match.scores, match.final, seats,
            deal_label(self.seed, match.hand_number, match.hand.dealer, seats)))
