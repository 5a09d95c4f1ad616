"""The desktop window the handset is drawn in: its size, scale and arrangement, and its place.

At start-up the window takes the largest whole scale that fits a share of the desktop, and the
system centres it. When it must change size at run time (another skin, another layout), it is
resized only if its size changes (so ``--watch`` reloading a skin of the same size does not
flash), and a window that would then run off the desktop is moved back onto it (`placed`).
"""

from __future__ import annotations

import pygame

from gin_handset.device.handset import AUTO, FULL, arranged_size, choose_arrangement, fit_scale
from gin_handset.device.skin import Skin

DESKTOP_SHARE = 0.9  # the window may take this share of the desktop's width and height
TITLE = "Gin Handset"

Size = tuple[int, int]


def desktop_size() -> Size:
    """The primary display's size (where the window opens)."""
    return pygame.display.get_desktop_sizes()[0]


def usable(desktop: Size) -> Size:
    """The share of the desktop a window may take."""
    return int(desktop[0] * DESKTOP_SHARE), int(desktop[1] * DESKTOP_SHARE)


def window_scale(skin: Skin, desktop: Size, arrangement: str = FULL) -> int:
    """The largest whole scale at which the handset fits a share of the desktop."""
    return fit_scale(arranged_size(skin, arrangement), usable(desktop))


def planned(skin: Skin, scale: int | None, desktop: Size, wanted: str = AUTO
            ) -> tuple[Size, int, str]:
    """A window's size for ``skin`` on ``desktop``, its scale (``scale`` or the largest that
    fits) and its arrangement (as ``wanted``)."""
    arrangement = choose_arrangement(skin, usable(desktop), wanted)
    chosen = scale or window_scale(skin, desktop, arrangement)
    width, height = arranged_size(skin, arrangement)
    return (width * chosen, height * chosen), chosen, arrangement


def placed(position: Size, before: Size, size: Size, desktop: Size) -> Size | None:
    """Where a window at ``position`` that was ``before`` in size and is now ``size`` should go
    so that it stays on ``desktop`` (the primary display, its top-left corner at 0, 0); None
    to leave it where it is.

    It is left where it is if it still lies on the desktop, or if its centre was not on the
    primary display (it was moved to another display, whose bounds are not known). Otherwise
    it moves as little as lets it lie inside the share of the desktop a window opens in (so
    its title bar stays on screen), centred along a side it is too large for.
    """
    if not all(0 <= position[i] + before[i] // 2 < desktop[i] for i in (0, 1)):
        return None
    if all(0 <= position[i] <= desktop[i] - size[i] for i in (0, 1)):
        return None
    room = usable(desktop)
    where = []
    for i in (0, 1):
        margin = (desktop[i] - room[i]) // 2
        if size[i] > room[i]:
            where.append((desktop[i] - size[i]) // 2)
        else:
            where.append(min(max(position[i], margin), margin + room[i] - size[i]))
    return where[0], where[1]


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
    size, chosen, arrangement = planned(skin, scale, desktop_size(), wanted)
    return pygame.display.set_mode(size, pygame.RESIZABLE), chosen, arrangement


def refit_window(window: pygame.Surface, skin: Skin, wanted: str, desktop: Size | None = None
                 ) -> tuple[pygame.Surface, str]:
    """The open ``window`` fitted to ``skin`` at run time, as ``wanted`` (whole, compact or
    auto), on ``desktop`` (default: the primary display's size); it and the arrangement.

    Full screen stays full screen. A window is resized only if its size must change (then
    moved back onto the desktop if it would run off it: `placed`); otherwise it is left
    alone, not opened again.
    """
    pygame.display.set_caption(f"{TITLE} ({skin.name})")
    if window.get_flags() & pygame.FULLSCREEN:
        return window, choose_arrangement(skin, window.get_size(), wanted)
    desktop = desktop or desktop_size()
    size, _, arrangement = planned(skin, None, desktop, wanted)
    before = window.get_size()
    if size == before:
        return window, arrangement
    position = pygame.display.get_window_position()
    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    where = placed(position, before, size, desktop)
    if where is not None:
        pygame.display.set_window_position(where)
    return window, arrangement
