"""A screen, the transitions its handlers return, and the stack that applies them.

A screen receives phone keys (never pygame events), advances with a logical clock in
milliseconds, and draws onto the LCD surface at the skin's native resolution. Handlers return a
transition; the stack applies it after the handler has finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_handset.device.keys import PhoneKey

if TYPE_CHECKING:
    import pygame

    from gin_handset.render.theme import Theme


@dataclass(frozen=True)
class Push:
    screen: Screen


@dataclass(frozen=True)
class Pop:
    pass


@dataclass(frozen=True)
class Replace:
    screen: Screen


@dataclass(frozen=True)
class PopToRoot:
    """Back to the bottom screen (the main menu), with an optional screen pushed on top."""

    then: Screen | None = None


@dataclass(frozen=True)
class Quit:
    pass


Transition = Push | Pop | Replace | PopToRoot | Quit


class Screen:
    """Base of every screen. Subclasses override what they need."""

    def __init__(self) -> None:
        self.dirty = True

    def soft_keys(self) -> tuple[str, str]:
        """Labels of the left and right soft keys, shown at the bottom of the LCD."""
        return ("", "")

    def on_key(self, key: PhoneKey) -> Transition | None:
        return None

    def update(self, ms: int) -> Transition | None:
        """Advance the logical clock by ``ms``; set ``dirty`` when the picture changes."""
        return None

    def on_resume(self) -> None:
        """Called when the screen above it was popped."""
        self.dirty = True

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        raise NotImplementedError


class ScreenStack:
    def __init__(self, root: Screen) -> None:
        self.screens: list[Screen] = [root]
        self.quit = False

    @property
    def top(self) -> Screen:
        return self.screens[-1]

    def key(self, key: PhoneKey) -> None:
        self.apply(self.top.on_key(key))

    def update(self, ms: int) -> None:
        self.apply(self.top.update(ms))

    @property
    def dirty(self) -> bool:
        return self.top.dirty

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        self.top.draw(lcd, theme)
        self.top.dirty = False

    def apply(self, transition: Transition | None) -> None:
        match transition:
            case None:
                return
            case Push(screen):
                self.screens.append(screen)
            case Pop():
                if len(self.screens) > 1:
                    self.screens.pop()
                    self.top.on_resume()
                else:
                    self.quit = True
            case Replace(screen):
                self.screens[-1] = screen
            case PopToRoot(then):
                del self.screens[1:]
                self.top.on_resume()
                if then is not None:
                    self.screens.append(then)
            case Quit():
                self.quit = True
