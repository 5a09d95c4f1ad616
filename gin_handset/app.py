"""The main loop: events to phone keys to the screen stack, the logical clock, and drawing.

The loop draws only when something changed (the top screen is dirty, a key's pressed state
changed, the window was resized) and otherwise sleeps (`device.waiting`) until a key comes or
a deadline falls due (a key's repeat, the top screen's `wake_in`: the computer's pace,
the deal's next card). A screen left alone with no deadline costs nothing at all.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from gin_handset.app_host import AppHost, Jingle, LayoutChange, Request, SkinChange
from gin_handset.device.handset import FULL, HandsetView, choose_arrangement
from gin_handset.device.input import InputMapper
from gin_handset.device.keys import PhoneKey
from gin_handset.device.screenshots import Screenshots
from gin_handset.device.skin import LcdLooks, Skin
from gin_handset.device.skin_watch import SkinWatch
from gin_handset.device.tones import KeyTones
from gin_handset.device.waiting import make_waiter
from gin_handset.device.window import Size, refit_window
from gin_handset.render import widgets
from gin_handset.screens.base import Push, ScreenStack
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen

if TYPE_CHECKING:
    from gin_handset.render.theme import Theme
    from gin_handset.settings import Settings

MAX_STEP_MS = 250  # a longer unplanned pause (a dragged window, a debugger) counts as this much
EXIT_AFTER_FIRST_FRAME = "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME"
FRAME_MS = 16  # the phone's frame while something fades
NOTICE_MS = 2500  # how long a word from the app (a screenshot's file) stays on the prompt line
DEFAULT_TINT = (214, 236, 186)  # a yellow-green backlight, for a skin that names none
DEFAULT_GHOST_MS = 150


def lcd_looks(looks: LcdLooks, settings: Settings) -> LcdLooks:
    """The skin's LCD looks as the settings override them (each: the skin's, on or off)."""
    tint = {"skin": looks.tint, "on": looks.tint or DEFAULT_TINT, "off": None}[settings.lcd_tint]
    grid = {"skin": looks.grid, "on": True, "off": False}[settings.lcd_grid]
    ghost = {"skin": looks.ghost, "on": looks.ghost or DEFAULT_GHOST_MS,
             "off": 0}[settings.lcd_ghost]
    return LcdLooks(tint, grid, ghost)


class App:
    """A handset in a window running a screen stack. `step` is one turn of the loop.

    Built by the composition root (`gin_handset.compose`): the screens' ``context`` and the
    ``host`` whose requests (a skin, a layout, a jingle) the app carries out after each key and
    each update of the clock.
    """

    def __init__(
        self,
        skin: Skin,
        stack: ScreenStack,
        window: pygame.Surface,
        context: AppContext,
        host: AppHost,
        tones: KeyTones,
        scale: int | None = None,
        arrangement: str = FULL,
        shots: Screenshots | None = None,
        watch: SkinWatch | None = None,
    ) -> None:
        self.skin = skin
        self.stack = stack
        self.window = window
        self.context = context
        self.host = host
        self.tones = tones
        self.wanted = arrangement  # as asked for: full, compact or auto
        self.view = HandsetView(skin, window.get_size(), scale,
                                choose_arrangement(skin, window.get_size(), arrangement))
        self.mapper = host.mapper(skin)
        self.mapper.hit_test = self.view_key_at
        self.lcd = pygame.Surface(skin.resolution)
        self.needs_present = True
        self.frames = 0
        self.shots = shots
        self.notice: tuple[str, int] | None = None  # a word from the app on the prompt line
        self.watch = watch  # --watch: the skin's files, looked at now and then
        self.desktop: Size | None = None  # the desktop the window stays on; None: the system's

    @property
    def theme(self) -> Theme:
        """The theme the screens draw with (the skin's, as the settings change it)."""
        return self.context.theme

    def view_key_at(self, pos: tuple[int, int]) -> PhoneKey | None:
        return self.view.key_at(pos)

    def use_skin(self, skin: Skin, mapper: InputMapper, wanted: str | None = None) -> None:
        """Put on ``skin`` (with its key bindings, ``mapper``), whole or compact as ``wanted``
        (default: as before): the window takes its size at the largest scale that fits the
        desktop, unless it fills the screen, and stays on the desktop (`refit_window`)."""
        self.skin = skin
        self.wanted = wanted or self.wanted
        self.mapper = mapper
        self.mapper.hit_test = self.view_key_at
        self.lcd = pygame.Surface(skin.resolution)
        self.window, arrangement = refit_window(self.window, skin, self.wanted, self.desktop)
        self.view = HandsetView(skin, self.window.get_size(), None, arrangement)
        self.stack.top.dirty = self.needs_present = True

    def handle(self, event: pygame.event.Event) -> None:
        """One event: a quit, a resize, or input that may press phone keys."""
        if event.type == pygame.QUIT:
            self.stack.quit = True
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            if event.type != pygame.WINDOWEXPOSED:
                self.window = pygame.display.get_surface() or self.window
                self.view.resize(self.window.get_size())
            self.needs_present = True
        elif self.shots is not None and self.shots.wanted(event):
            if self.notice is not None:  # the pictures show the screen, not a note over it
                self.notice = None
                self.stack.top.dirty = True
                self.draw()
            self.say(self.shots.take(self.lcd, self.window, datetime.now()))
        else:
            before = self.mapper.pressed
            self.press(self.mapper.handle(event))
            if self.mapper.pressed != before:
                self.needs_present = True

    def say(self, text: str) -> None:
        """Show ``text`` on the prompt line for a moment, over the screen's own."""
        self.notice = (text, NOTICE_MS)
        self.stack.top.dirty = True

    def press(self, keys: Iterable[PhoneKey]) -> None:
        """Hand phone keys to the screen stack, in order, until a screen quits; after each,
        carry out what the screens asked of the host."""
        for key in keys:
            if self.stack.quit:
                return
            self.tones.play(key)
            self.hear_tones()
            self.stack.key(key)
            self.apply_requests()

    def hear_tones(self) -> None:
        """Tell the player, on the prompt line, why the keys are silent (once)."""
        if (news := self.tones.take_news()) is not None:
            self.say(news)

    def apply_requests(self) -> None:
        """Carry out the screens' requests, oldest first: a skin or layout is put on and
        drawn (a skin that cannot be drawn is taken off again, and the player told)."""
        for request in self.host.take_requests():
            self.carry_out(request)

    def carry_out(self, request: Request) -> None:
        match request:
            case Jingle(event):
                self.tones.jingle(self.skin.jingles[event])
                self.hear_tones()
            case LayoutChange(wanted):
                self.use_skin(self.skin, self.mapper, wanted)
            case SkinChange():
                problem = self.put_on(request)
                if problem is None:
                    self.host.wearing(request.spec)
                    if request.spec != self.context.settings.skin:
                        problem = self.context.save_settings(
                            replace(self.context.settings, skin=request.spec))
                if problem is not None:
                    self.stack.apply(Push(NoticeScreen([problem], None, self.theme, "Skin")))

    def put_on(self, change: SkinChange) -> str | None:
        """Put on the skin of ``change`` and draw it; why not (the skin in use stays), or
        None."""
        old, old_mapper = self.skin, self.mapper
        try:
            self.use_skin(change.skin, change.mapper)
            self.context.restyle(change.skin.theme)
            self.draw()
        except Exception as error:  # a skin that cannot draw must not end the game
            self.use_skin(old, old_mapper)
            self.context.restyle(old.theme)
            return f"Skin {change.spec} cannot be drawn ({type(error).__name__}: {error})"
        return None

    def reload(self) -> None:
        """The skin's files changed (--watch): put it on again, or say why it cannot be."""
        change = self.host.load(str(self.skin.path))
        problem = change if isinstance(change, str) else self.put_on(change)
        if problem is not None:
            self.stack.apply(Push(NoticeScreen([problem], None, self.theme, "Skin")))
        else:
            self.say(f"Reloaded {self.skin.path.name}")

    def step(self, events: Sequence[pygame.event.Event], ms: int) -> bool:
        """Advance the clocks by ``ms`` (the time before ``events`` came), handle ``events``,
        and draw if needed; True if it drew."""
        if self.notice is not None:
            left = self.notice[1] - ms
            self.notice = (self.notice[0], left) if left > 0 else None
            if self.notice is None:
                self.stack.top.dirty = True
        if self.watch is not None and (news := self.watch.take_news()):  # what is not watched
            self.say(news)
        if self.watch is not None and self.watch.changed(ms):
            self.reload()
        if self.view.fade(ms):
            self.needs_present = True
        self.press(self.mapper.advance(ms))
        for event in events:
            self.handle(event)
        if self.stack.quit:
            return False
        self.stack.update(ms)
        self.apply_requests()
        return self.draw()

    def draw(self) -> bool:
        """Redraw what changed and present it; False if nothing had changed."""
        if self.stack.quit or not (self.stack.dirty or self.needs_present):
            return False
        changed = self.stack.dirty
        if changed:
            self.stack.draw(self.lcd, self.theme)
            if self.notice is not None:
                widgets.draw_prompt(self.lcd, self.theme, self.notice[0])
        self.view.looks = lcd_looks(self.skin.lcd_looks, self.context.settings)
        self.view.draw(self.window, self.lcd, self.mapper.pressed, changed)
        if pygame.display.get_surface() is self.window:
            pygame.display.flip()
        self.needs_present = False
        self.frames += 1
        return True

    def wait_ms(self) -> int | None:
        """How long the loop may block waiting for input; None: until an event comes."""
        notice = self.notice[1] if self.notice is not None else None
        watch = self.watch.due_in() if self.watch is not None else None
        fading = FRAME_MS if self.view.ghost_left > 0 else None
        deadlines = [d for d in (self.mapper.next_repeat_in(), self.stack.wake_in(), notice,
                                 watch, fading) if d is not None]
        return max(1, min(deadlines)) if deadlines else None

    def run(self, on_first_frame: Callable[[], None] | None = None) -> None:
        """Loop until a screen quits or the window closes; ``on_first_frame`` is called once
        the first frame is on screen."""
        exit_after_first = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
        wait_for_events = make_waiter()
        last = _now_ms()
        self.draw()
        if on_first_frame is not None:
            on_first_frame()
        self.tones.prepare()  # once the first frame is up: opening a device may take a while
        self.hear_tones()
        while not self.stack.quit:
            if exit_after_first and self.frames:
                print("first frame", flush=True)
                return
            wait = self.wait_ms()
            events = wait_for_events(wait)
            now = _now_ms()
            self.step(events, min(now - last, max(MAX_STEP_MS, wait or 0)))
            last = now


def _now_ms() -> int:
    """Milliseconds on a monotonic clock (independent of SDL's timer being initialised)."""
    return time.monotonic_ns() // 1_000_000
