"""The match screens' shortcut keys, and the pages How to Play shows for them."""

from __future__ import annotations

from gin_handset.device.keys import PhoneKey

# The player's turn (and the computer's: the hand can be rearranged meanwhile).
SORT_RANK, SORT_SUIT = PhoneKey.STAR, PhoneKey.POUND
MOVE_LEFT, MOVE_RIGHT = PhoneKey.NUM1, PhoneKey.NUM3
PLAY_KEYS = [
    ("*", "Sort your hand by rank"),
    ("#", "Sort your hand by suit"),
    ("1", "Move a card left"),
    ("3", "Move a card right"),
]

# The showdown.
BREAK, BEST = PhoneKey.NUM0, PhoneKey.STAR
SHOWDOWN_KEYS = [
    ("5", "Pick a card"),
    ("OK", "Meld the picked cards; none picked: lay down"),
    ("0", "Break a meld"),
    ("*", "Best arrangement"),
]
