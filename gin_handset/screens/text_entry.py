"""Typing a name on the keypad, as phones did (multi-tap).

Each digit key carries letters (2 = a b c 2, 3 = d e f 3, ... 7 = p q r s 7, 9 = w x y z 9;
1 = 1, 0 = 0): pressed again within `TAP_MS` it moves on to the next of them, and the letter
under the cursor is shown inverted until it is kept. A pause or another key keeps it. ``*``
changes the case (Abc: a capital after a space; abc; ABC), ``#`` types a space, CLR deletes
the last letter (with nothing left, it cancels), OK (or the left soft key) is done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from gin_handset.device.keys import BACK, CONFIRM, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import draw_text, line_height, text_width
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, Screen, Transition
from gin_handset.screens.common import draw_frame, draw_text_box

TAP_MS = 1000  # a pause this long keeps the letter under the cursor
LETTERS: dict[PhoneKey, str] = {
    PhoneKey.NUM1: "1", PhoneKey.NUM2: "abc2", PhoneKey.NUM3: "def3", PhoneKey.NUM4: "ghi4",
    PhoneKey.NUM5: "jkl5", PhoneKey.NUM6: "mno6", PhoneKey.NUM7: "pqrs7", PhoneKey.NUM8: "tuv8",
    PhoneKey.NUM9: "wxyz9", PhoneKey.NUM0: "0",
}
CASES = ("Abc", "abc", "ABC")


@dataclass
class Tap:
    """The letter under the cursor, not yet kept: its key, which of the key's letters, and how
    long ago it was pressed."""

    key: PhoneKey
    index: int = 0
    waited: int = 0


class TextEntryScreen(Screen):
    """Asks for a name of at most ``limit`` characters; ``done`` gets it (never empty) and
    returns what comes next."""

    def __init__(self, title: str, question: str, text: str, limit: int,
                 done: Callable[[str], Transition]) -> None:
        super().__init__()
        self.title, self.question, self.limit, self.done = title, question, limit, done
        self.text = text
        self.tap: Tap | None = None
        self.case = CASES[0]

    def soft_keys(self) -> tuple[str, str]:
        return "OK", "Clear"

    def letter(self) -> str:
        """The letter under the cursor, in the case it will be kept in."""
        assert self.tap is not None
        letter = LETTERS[self.tap.key][self.tap.index]
        upper = self.case == "ABC" or (self.case == "Abc" and (not self.text
                                                               or self.text.endswith(" ")))
        return letter.upper() if upper else letter

    def keep(self) -> None:
        """Keep the letter under the cursor."""
        if self.tap is not None:
            self.text += self.letter()
            self.tap = None

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in LETTERS:
            if self.tap is not None and self.tap.key is key:
                self.tap = Tap(key, (self.tap.index + 1) % len(LETTERS[key]))
            else:
                self.keep()
                if len(self.text) < self.limit:
                    self.tap = Tap(key)
        elif key is PhoneKey.STAR:
            self.case = CASES[(CASES.index(self.case) + 1) % len(CASES)]
        elif key is PhoneKey.POUND:
            self.keep()
            if self.text and not self.text.endswith(" ") and len(self.text) < self.limit:
                self.text += " "
        elif key in BACK:
            if self.tap is not None:
                self.tap = None
            elif self.text:
                self.text = self.text[:-1]
            else:
                return Pop()
        elif key in CONFIRM:
            self.keep()
            name = self.text.strip()
            return self.done(name) if name else None
        return None

    def update(self, ms: int) -> Transition | None:
        if self.tap is not None:
            self.tap.waited += ms
            if self.tap.waited >= TAP_MS:
                self.keep()
                self.dirty = True
        return None

    def wake_in(self) -> int | None:
        return None if self.tap is None else max(0, TAP_MS - self.tap.waited)

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, self.title, self.case)
        body = theme.font("body")
        height = line_height(body)
        field = pygame.Rect(content.left + widgets.MARGIN, content.top + content.height // 2,
                            content.width - 2 * widgets.MARGIN, height + 4)
        draw_text_box(lcd, theme, pygame.Rect(content.left, content.top, content.width,
                                              field.top - content.top), self.question)
        ink, paper = theme.color("text"), theme.color("background")
        pygame.draw.rect(lcd, ink, field, 1)
        x, y = field.left + 2, field.top + 2
        draw_text(lcd, self.text, body, ink, (x, y))
        x += text_width(self.text, body)
        if self.tap is not None:
            letter = self.letter()
            cursor = pygame.Rect(x, y - 1, text_width(letter, body) + 1, height + 1)
            pygame.draw.rect(lcd, ink, cursor)
            draw_text(lcd, letter, body, paper, (x + 1, y))
        else:
            pygame.draw.line(lcd, ink, (x + 1, y), (x + 1, y + height - 2))
        widgets.draw_prompt(lcd, theme, f"{len(self.text)}/{self.limit}  OK done  CLR del")
