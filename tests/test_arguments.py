"""Command-line numbers, read one way by every command: ASCII digits, bounded, and a message
naming what was expected with a short echo of what was typed."""

from __future__ import annotations

import argparse

import pytest

from gin_handset.arguments import MAX_DIGITS, digits, real, whole


def test_a_whole_number_within_its_bounds_is_read() -> None:
    assert whole("7", 1, 64) == 7 and whole("064", 1, 64) == 64 and whole("+5", 1, 64) == 5
    assert whole("-20", -20, 20) == -20 and whole("-0", -20, 20) == 0
    assert whole("065535", 0, 65535, "a port") == 65535


@pytest.mark.parametrize("text", [
    "0", "65", "-1", "", "-", "+", "1.0", "1e2", " 7", "7 ", "1_0", "\uff17", "\u0667",
    "\u00b2", "0" * MAX_DIGITS + "7", "9" * 10_000_000,
])
def test_anything_else_is_refused_with_what_was_expected(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        whole(text, 1, 64, "a scale")
    message = str(caught.value)
    assert message.startswith("expected a scale from 1 to 64, got ") and len(message) < 100


def test_a_number_of_its_own_size_has_few_digits() -> None:
    assert digits("-" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS) and digits("+0") == 0
    for text in ("9" * (MAX_DIGITS + 1), "x", "1_000", "\uff11", " 1", "1" * 10_000_000):
        with pytest.raises(argparse.ArgumentTypeError, match=f"at most {MAX_DIGITS} digits"):
            digits(text)
    with pytest.raises(argparse.ArgumentTypeError, match="at most 6 digits"):
        digits("1234567", 6)


def test_a_decimal_number_is_finite_ascii_and_within_its_bounds() -> None:
    assert real("2.5", 0, 60) == 2.5 and real(".5", 0, 60) == 0.5 and real("60.", 0, 60) == 60
    assert real("-1", -100, 100) == -1
    for text in ("nan", "inf", "1e3", "1e-3", "\uff15", " 5", "1_0", "0x10", "", ".", "60.5",
                 "-0.1", "5" * 10_000_000):
        with pytest.raises(argparse.ArgumentTypeError, match="expected seconds from 0 to 60"):
            real(text, 0, 60, "seconds")
