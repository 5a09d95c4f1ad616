"""Sleeping until events come, at no CPU cost.

``pygame.event.wait`` polls every millisecond (about 2% of a core under X11), so the loop asks
the SDL library that pygame-ce itself loaded to block instead: ``SDL_WaitEventTimeout`` with no
event to fill waits on the window system's connection and leaves the events in the queue for
``pygame.event.get``. Where that library cannot be found, ``pygame.event.wait`` serves.
Either way a wait lasts at most ``LONGEST_MS``: Python takes a signal (Ctrl-C in the terminal)
only between its own steps, never inside SDL's wait.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from pathlib import Path

import pygame

# Where pygame-ce's wheels keep their own SDL: Linux, macOS, Windows.
_PLACES = (("..", "pygame_ce.libs", "libSDL2-*.so*"), (".dylibs", "libSDL2*.dylib"),
           ("SDL2.dll",))

Waiter = Callable[[int | None], list[pygame.event.Event]]
LONGEST_MS = 250  # the longest wait: Ctrl-C ends an idle game within it


class _SdlVersion(ctypes.Structure):
    _fields_ = (("major", ctypes.c_uint8), ("minor", ctypes.c_uint8), ("patch", ctypes.c_uint8))


def _pygames_sdl() -> ctypes.CDLL | None:
    """The SDL library file pygame-ce runs on, if it ships one and it is the version pygame
    reports; else None."""
    root = Path(pygame.__file__).parent
    for *folders, pattern in _PLACES:
        for path in sorted(root.joinpath(*folders).glob(pattern)):
            try:
                sdl = ctypes.CDLL(str(path))
                version = _SdlVersion()
                sdl.SDL_GetVersion(ctypes.byref(version))
            except (OSError, AttributeError):
                continue
            if (version.major, version.minor, version.patch) == pygame.get_sdl_version():
                sdl.SDL_WaitEventTimeout.argtypes = (ctypes.c_void_p, ctypes.c_int)
                sdl.SDL_WaitEventTimeout.restype = ctypes.c_int
                return sdl
    return None


def _bounded(ms: int | None) -> int:
    return LONGEST_MS if ms is None else min(ms, LONGEST_MS)


def make_waiter() -> Waiter:
    """A function that blocks until events come or ``ms`` pass (None: no deadline; either way
    at most ``LONGEST_MS``) and returns the events queued, oldest first."""
    sdl = _pygames_sdl()
    if sdl is None:
        def wait_with_pygame(ms: int | None) -> list[pygame.event.Event]:
            first = pygame.event.wait(_bounded(ms))
            return [*([] if first.type == pygame.NOEVENT else [first]), *pygame.event.get()]

        return wait_with_pygame

    def wait_with_sdl(ms: int | None) -> list[pygame.event.Event]:
        sdl.SDL_WaitEventTimeout(None, _bounded(ms))
        return pygame.event.get()

    return wait_with_sdl
