"""The desktop window the handset is drawn in: its size, scale and arrangement."""

from __future__ import annotations

import pygame

from gin_handset.device.handset import AUTO, FULL, arranged_size, choose_arrangement, fit_scale
from gin_handset.device.skin import Skin

DESKTOP_SHARE = 0.9  # the window may take this share of the desktop's width and height
TITLE = "Gin Handset"


def usable(desktop: tuple[int, int]) -> tuple[int, int]:
    """The share of the desktop a window may take."""
    return int(desktop[0] * DESKTOP_SHARE), int(desktop[1] * DESKTOP_SHARE)


def window_scale(skin: Skin, desktop: tuple[int, int], arrangement: str = FULL) -> int:
    """The largest whole scale at which the handset fits a share of the desktop."""
    return fit_scale(arranged_size(skin, arrangement), usable(desktop))


def open_window(skin: Skin, scale: int | None, fullscreen: bool, wanted: str = AUTO
                ) -> tuple[pygame.Surface, int, str]:
    """Open the window (or full screen); it, the scale to draw at, and the arrangement (whole
    or compact, as ``wanted``; AUTO: compact where the whole handset's LCD would be under 2x)."""
    pygame.display.set_caption(f"{TITLE} ({skin.name})")
    if fullscreen:
        window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        arrangement = choose_arrangement(skin, window.get_size(), wanted)
        return window, scale or fit_scale(arranged_size(skin, arrangement),
                                          window.get_size()), arrangement
    desktop = pygame.display.get_desktop_sizes()[0]
    arrangement = choose_arrangement(skin, usable(desktop), wanted)
    chosen = scale or window_scale(skin, desktop, arrangement)
    width, height = arranged_size(skin, arrangement)
    return (pygame.display.set_mode((width * chosen, height * chosen), pygame.RESIZABLE),
            chosen, arrangement)
