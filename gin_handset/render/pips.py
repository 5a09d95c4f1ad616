"""Suit pips as sprites from pixel bitmaps drawn here, in three sizes (5, 7 and 9 pixels)."""

from __future__ import annotations

from functools import cache

import pygame

from gin_handset.render.theme import Color

# Suit order follows rules.cards.SUITS: clubs, diamonds, hearts, spades. '#' is ink. On a
# one-colour LCD only the shape tells the suits apart, so at every size any two pips differ in
# at least as many pixels as the pip is wide; at 5 pixels the club stands on a foot below its
# lobes, the diamond is drawn open, and the heart's two lobes span the whole width.
_BITMAPS: dict[int, tuple[str, str, str, str]] = {
    5: (
        ".###. ##### ##.## ..#.. .###.",
        "..#.. .#.#. #...# .#.#. ..#..",
        "##.## ##### ##### .###. ..#..",
        "..#.. .###. ##### ##### ..#..",
    ),
    7: (
        "..###.. ..###.. ##.#.## ####### ##.#.## ...#... ..###..",
        "...#... ..###.. .#####. ####### .#####. ..###.. ...#...",
        ".##.##. ####### ####### ####### .#####. ..###.. ...#...",
        "...#... ..###.. .#####. ####### ####### .#.#.#. ..###..",
    ),
    9: (
        "...###... ..#####.. ..#####.. ##.###.## ######### ######### ##..#..## ....#.... "
        "..#####..",
        "....#.... ...###... ..#####.. .#######. ######### .#######. ..#####.. ...###... "
        "....#....",
        ".##...##. ####.#### ######### ######### ######### .#######. ..#####.. ...###... "
        "....#....",
        "....#.... ...###... ..#####.. .#######. ######### ######### .##.#.##. ....#.... "
        "...###...",
    ),
}

PIP_SIZES: tuple[int, ...] = tuple(sorted(_BITMAPS))


def pip_size_for(limit: int) -> int:
    """The largest pip size no bigger than ``limit`` (the smallest size if none is)."""
    fitting = [s for s in PIP_SIZES if s <= limit]
    return max(fitting) if fitting else PIP_SIZES[0]


@cache
def pip_sprite(suit: int, size: int, color: Color) -> pygame.Surface:
    """The pip of ``suit`` (0-3) at ``size`` (one of PIP_SIZES) in ``color``, transparent ground."""
    rows = _BITMAPS[size][suit].split()
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell == "#":
                sprite.set_at((x, y), (*color, 255))
    return sprite


def draw_pip(
    surface: pygame.Surface, suit: int, size: int, color: Color, pos: tuple[int, int]
) -> None:
    """Draw a pip with its top-left corner at ``pos``."""
    surface.blit(pip_sprite(suit, size, tuple(color)), pos)
