"""The screenshot key: the LCD at its own resolution and the whole handset as drawn, saved as
PNG files in a folder (the data folder's ``screenshots``)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pygame

from gin_handset.device.bindings import Binding, parse_binding

DEFAULT_KEY = "f12"
MAX_SAME_SECOND = 1000  # pictures taken in one second, at most


class Screenshots:
    def __init__(self, folder: Path, key: str = DEFAULT_KEY) -> None:
        self.folder = folder
        self.binding: Binding = parse_binding(key)

    def wanted(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` presses the screenshot key."""
        if event.type != pygame.KEYDOWN or event.key != self.binding.key:
            return False
        return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT) == self.binding.shift

    def take(self, lcd: pygame.Surface, window: pygame.Surface, now: datetime) -> str:
        """Save both pictures; what to tell the player (where they went, or why not). Every
        look at the folder is inside the error handling: a folder that cannot be searched or
        written is told, never a crash."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            stem = f"gin-{now:%Y%m%d-%H%M%S}"
            n = 1
            while os.path.lexists(self.folder / f"{stem}-lcd.png") and n < MAX_SAME_SECOND:
                n += 1
                stem = f"gin-{now:%Y%m%d-%H%M%S}-{n}"
            pygame.image.save(lcd, str(self.folder / f"{stem}-lcd.png"))
            pygame.image.save(window, str(self.folder / f"{stem}-phone.png"))
        except (OSError, pygame.error) as error:
            return f"Screenshot not saved: {error}"
        return f"Saved to {self.folder.name}/"  # the names would not fit a 128-pixel prompt
