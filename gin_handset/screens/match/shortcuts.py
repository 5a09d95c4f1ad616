"""The match screens' shortcut keys, and the pages How to Play shows for them."""

from __future__ import annotations

from gin_handset.device.keys import PhoneKey

# Every table (the player's turn, the computer's: the hand can be rearranged meanwhile).
SORTS = {PhoneKey.STAR: "rank", PhoneKey.POUND: "suit", PhoneKey.NUM0: "melds"}
MOVE_LEFT, MOVE_RIGHT = PhoneKey.NUM1, PhoneKey.NUM3
PILE_KEY = PhoneKey.NUM9
HINT_KEY = PhoneKey.NUM7
REPLAY_KEY = PhoneKey.NUM1  # on the score of a hand
SHEET_KEY = PhoneKey.NUM3  # on the score of a hand and the game over
PLAY_KEYS = [
    ("*", "Sort your hand by rank"),
    ("#", "Sort your hand by suit"),
    ("0", "Melds together, deadwood last"),
    ("1", "Move a card left"),
    ("3", "Move a card right"),
]
HINT_ENTRY = ("7", "Hint: the coach's move")
REPLAY_ENTRY = ("1", "At a score: replay the hand")
MATCH_KEYS = [
    HINT_ENTRY,
    ("9", "Look through the discard pile"),
    REPLAY_ENTRY,
    ("3", "At a score: the score sheet"),
    ("R", "Match menu"),
    ("CLR", "Main menu; the match is saved"),
]
LEAVE_TABLE = ("CLR", "Leave the table (in play: you lose)")  # at a network table

# The showdown.
BREAK, BEST = PhoneKey.NUM0, PhoneKey.STAR
SHOWDOWN_KEYS = [
    ("5", "Pick a card"),
    ("OK", "Meld the picked cards; none picked: lay down"),
    ("0", "Break a meld"),
    ("*", "Best arrangement"),
]


def key_pages(kept_when_left: bool = True, hints: bool = True, replays: bool = True
              ) -> dict[str, list[tuple[str, str]]]:
    """How to Play's pages of the match keys, true to the match: whether CLR keeps it (else it
    leaves a network table), a hint can be asked and a hand replayed."""
    match = [entry for entry in MATCH_KEYS
             if (hints or entry != HINT_ENTRY) and (replays or entry != REPLAY_ENTRY)]
    if not kept_when_left:
        match[-1] = LEAVE_TABLE
    return {"playing": PLAY_KEYS, "in a match": match, "showdown": SHOWDOWN_KEYS}
