"""A screen, the transitions its handlers return, and the stack that applies them.

A screen receives phone keys (never pygame events), advances with a logical clock in
milliseconds, and draws onto the LCD surface at the skin's native resolution. Handlers return a
transition; the stack applies it after the handler has finished.

The lifecycle: `on_enter` when a screen is put on the stack, `on_resume` when the screen above
it goes, `on_exit` when it leaves the stack (it stops there whatever it started). `wake_in` says
when the screen's clock next matters, so an idle loop can sleep until a key comes. `draw` only
draws: it changes nothing.
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

    def wake_in(self) -> int | None:
        """Milliseconds until `update` may change something by itself; None: only a key can."""
        return None

    def on_enter(self) -> None:
        """Called when the screen is put on the stack."""

    def on_resume(self) -> None:
        """Called when the screen above it was popped."""
        self.dirty = True

    def on_exit(self) -> None:
        """Called when the screen leaves the stack: stop whatever it started."""

    def on_shutdown(self) -> None:
        """Called instead of `on_exit` when the app closes with the screen on the stack (what
        can come back with Continue is kept)."""
        self.on_exit()

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        raise NotImplementedError


class ScreenStack:
    def __init__(self, root: Screen) -> None:
        self.screens: list[Screen] = [root]
        self.quit = False
        root.on_enter()

    @property
    def top(self) -> Screen:
        return self.screens[-1]

    def key(self, key: PhoneKey) -> None:
        """Hand ``key`` to the top screen, apply its transition, and mark the top (whichever it
        is now) to be drawn again."""
        self.apply(self.top.on_key(key))
        self.top.dirty = True

    def update(self, ms: int) -> None:
        self.apply(self.top.update(ms))

    @property
    def dirty(self) -> bool:
        return self.top.dirty

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        self.top.draw(lcd, theme)
        self.top.dirty = False

    def wake_in(self) -> int | None:
        return self.top.wake_in()

    def apply(self, transition: Transition | None) -> None:
        match transition:
            case None:
                return
            case Push(screen):
                self._push(screen)
            case Pop():
                if len(self.screens) > 1:
                    self.screens.pop().on_exit()
                    self.top.on_resume()
                else:
                    self.quit = True
            case Replace(screen):
                self.screens.pop().on_exit()
                self._push(screen)
            case PopToRoot(then):
                while len(self.screens) > 1:
                    self.screens.pop().on_exit()
                self.top.on_resume()
                if then is not None:
                    self._push(then)
            case Quit():
                self.quit = True
            case _:
                raise TypeError(f"not a transition the stack knows: {transition!r}")

    def _push(self, screen: Screen) -> None:
        self.screens.append(screen)
        screen.on_enter()

    def close(self) -> None:
        """Every screen leaves, the top first (the app is closing)."""
        while self.screens:
            self.screens.pop().on_shutdown()
