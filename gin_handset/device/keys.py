"""The phone's keys: the only input a screen ever receives."""

from __future__ import annotations

from enum import Enum


class PhoneKey(Enum):
    """A key of the handset, named as the skin files name it."""

    NUM0 = "0"
    NUM1 = "1"
    NUM2 = "2"
    NUM3 = "3"
    NUM4 = "4"
    NUM5 = "5"
    NUM6 = "6"
    NUM7 = "7"
    NUM8 = "8"
    NUM9 = "9"
    STAR = "*"
    POUND = "#"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    CLEAR = "clear"
    SOFT_LEFT = "soft_left"
    SOFT_RIGHT = "soft_right"

    @classmethod
    def from_name(cls, name: str) -> PhoneKey:
        """The key a skin names, by enum name (``NUM5``) or value (``5``); ValueError if none."""
        text = str(name).strip()
        if text.upper() in cls.__members__:
            return cls[text.upper()]
        for key in cls:
            if key.value == text.lower():
                return key
        known = ", ".join(k.name for k in cls)
        raise ValueError(f"unknown phone key {name!r} (known: {known})")


# Intents: what a key means to every screen, as the handset manual pairs the keys. A screen
# asks ``key in CONFIRM``, never which key it was.

# Move a cursor: the digit or the d-pad.
CURSOR_UP = frozenset({PhoneKey.NUM2, PhoneKey.UP})
CURSOR_DOWN = frozenset({PhoneKey.NUM8, PhoneKey.DOWN})
CURSOR_LEFT = frozenset({PhoneKey.NUM4, PhoneKey.LEFT})
CURSOR_RIGHT = frozenset({PhoneKey.NUM6, PhoneKey.RIGHT})
REPEATING = CURSOR_UP | CURSOR_DOWN | CURSOR_LEFT | CURSOR_RIGHT
# Pick (select or deselect) the thing under the cursor: "5".
PICK = frozenset({PhoneKey.NUM5})
# Confirm, advance, save: OK, or the left soft key (which does what OK does).
CONFIRM = frozenset({PhoneKey.SELECT, PhoneKey.SOFT_LEFT})
# Choose what is under the cursor: pick or confirm.
CHOOSE = PICK | CONFIRM
# Back: CLR, or the right soft key (which does what CLR does).
BACK = frozenset({PhoneKey.CLEAR, PhoneKey.SOFT_RIGHT})
