"""Key binding names: a pygame key name (as `pygame.key.key_code` reads it), maybe ``shift+``.

The names are read from SDL's own table, which needs no display: reading a skin (``--list-skins``,
``skin check``) starts no video driver, so it says nothing on the terminal (no driver's
complaint about the desktop session).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import pygame

MODIFIERS = ("shift",)


@dataclass(frozen=True)
class Binding:
    """A physical key, optionally with Shift held."""

    key: int
    shift: bool = False


def parse_binding(name: str) -> Binding:
    """The binding ``name`` spells (``"keypad 8"``, ``"shift+3"``); ValueError if unknown."""
    text = name.strip()
    shift = False
    if text.lower().startswith("shift+") and len(text) > len("shift+"):
        shift, text = True, text[len("shift+") :]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "pygame.init() has not been called": not needed
            return Binding(pygame.key.key_code(text), shift)
    except ValueError:
        raise ValueError(
            f"unknown key name {text!r} (use names pygame.key.key_code knows)"
        ) from None
