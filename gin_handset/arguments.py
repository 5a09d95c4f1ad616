"""Numbers typed on a command line (the game's, the table server's and bot's, the computer
players' tools), read one way: ASCII digits and few of them (``int`` also takes other scripts'
digits, underscores and spaces, and its time grows with the digits), within bounds, and a
message that names what was expected and echoes a shortened copy of what was typed."""

from __future__ import annotations

import argparse
import math
import re

from gin_handset.storage import show

MAX_DIGITS = 40  # of a number whose size is its own (a seed); more is refused unread
WHOLE = re.compile(r"[-+]?[0-9]+")
DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def whole(text: str, low: int, high: int, what: str = "a whole number") -> int:
    """A whole number from ``low`` to ``high`` (leading zeros and a sign allowed)."""
    value = int(text) if len(text) <= MAX_DIGITS and WHOLE.fullmatch(text) else None
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected {what} from {low} to {high}, "
                                         f"got {show(text)}")
    return value


def digits(text: str, most: int = MAX_DIGITS) -> int:
    """A whole number of at most ``most`` digits, with an optional sign."""
    if re.fullmatch(rf"[-+]?[0-9]{{1,{most}}}", text) is None:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {most} digits, "
                                         f"got {show(text)}")
    return int(text)


def real(text: str, low: float, high: float, what: str = "a number") -> float:
    """A decimal number from ``low`` to ``high``, as ``2.5`` or ``.5`` (no exponent)."""
    value = (float(text) if len(text) <= MAX_DIGITS and DECIMAL.fullmatch(text) is not None
             else math.nan)
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected {what} from {low:g} to {high:g}, "
                                         f"got {show(text)}")
    return value
