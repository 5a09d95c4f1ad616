"""The main loop: events to phone keys to the screen stack, the logical clock, and drawing.

The loop draws only when something changed (the top screen is dirty, a key's pressed state
changed, the window was resized) and otherwise sleeps (`device.waiting`) until a key comes or
a deadline falls due (a key's repeat, the top screen's `wake_in`: the computer's pace,
the deal's next card). A screen left alone with no deadline costs nothing at all.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from gin_handset.device.handset import (
    AUTO,
    FULL,
    HandsetView,
    arranged_size,
    choose_arrangement,
    fit_scale,
)
from gin_handset.device.input import InputMapper
from gin_handset.device.keys import PhoneKey
from gin_handset.device.screenshots import DEFAULT_KEY, Screenshots
from gin_handset.device.skin import LcdLooks, Skin, SkinError, load_skin
from gin_handset.device.skin_files import bundled_skins, looks_like_path, user_skin_names
from gin_handset.device.skin_watch import SkinWatch
from gin_handset.device.tones import KeyTones
from gin_handset.device.waiting import make_waiter
from gin_handset.render import widgets
from gin_handset.screens.base import Push, Screen, ScreenStack
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.root import build_root
from gin_handset.settings import data_dir

if TYPE_CHECKING:
    from gin_handset.render.theme import Theme
    from gin_handset.session.history import Finished
    from gin_handset.settings import Settings

MAX_STEP_MS = 250  # a longer unplanned pause (a dragged window, a debugger) counts as this much
DESKTOP_SHARE = 0.9  # the window may take this share of the desktop's width and height
EXIT_AFTER_FIRST_FRAME = "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME"
TITLE = "Gin Handset"
FRAME_MS = 16  # the phone's frame while something fades
NOTICE_MS = 2500  # how long a word from the app (a screenshot's file) stays on the prompt line


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


class App:
    """A handset in a window running a screen stack. `step` is one turn of the loop."""

    def __init__(
        self,
        skin: Skin,
        stack: ScreenStack,
        window: pygame.Surface,
        scale: int | None = None,
        mapper: InputMapper | None = None,
        tones: KeyTones | None = None,
        look: Callable[[], Theme] | None = None,
        arrangement: str = FULL,
        shots: Screenshots | None = None,
        watch: SkinWatch | None = None,
    ) -> None:
        self.skin = skin
        self.look = look  # the theme the screens draw with (the skin's, as the settings change it)
        self.stack = stack
        self.window = window
        self.wanted = arrangement  # as asked for: full, compact or auto
        self.view = HandsetView(skin, window.get_size(), scale,
                                choose_arrangement(skin, window.get_size(), arrangement))
        self.mapper = mapper or InputMapper.from_skin(skin.keymap, skin.numpad)
        self.mapper.hit_test = lambda pos: self.view.key_at(pos)
        self.tones = tones
        self.lcd = pygame.Surface(skin.resolution)
        self.needs_present = True
        self.frames = 0
        self.shots = shots
        self.notice: tuple[str, int] | None = None  # a word from the app on the prompt line
        self.watch = watch  # --watch: the skin's files, looked at now and then
        self.lcd_looks: Callable[[LcdLooks], LcdLooks] = lambda looks: looks  # the settings
        self.reload: Callable[[], None] = lambda: None  # what to do when they change

    @property
    def theme(self) -> Theme:
        return self.look() if self.look is not None else self.skin.theme

    def use_skin(self, skin: Skin, mapper: InputMapper, wanted: str | None = None) -> None:
        """Put on ``skin`` (with its key bindings, ``mapper``), whole or compact as ``wanted``
        (default: as before): the window takes its size at the largest scale that fits the
        desktop, unless it fills the screen."""
        self.skin = skin
        self.wanted = wanted or self.wanted
        self.mapper = mapper
        self.mapper.hit_test = lambda pos: self.view.key_at(pos)
        self.lcd = pygame.Surface(skin.resolution)
        fullscreen = bool(self.window.get_flags() & pygame.FULLSCREEN)
        self.window, _, arrangement = open_window(skin, None, fullscreen, self.wanted)
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
        """Hand phone keys to the screen stack, in order, until a screen quits."""
        for key in keys:
            if self.stack.quit:
                return
            if self.tones is not None:
                self.tones.play(key)
            self.stack.key(key)

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
        self.view.looks = self.lcd_looks(self.skin.lcd_looks)
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


def build_context(
    skin: Skin, seed: int | None, messages: Sequence[str], settings: Settings | None = None,
    first_hand: int = 0, first_dealer: int | None = None,
) -> AppContext:
    """What the screens may reach. With ``settings`` None the screens read the settings.
    New matches deal from hand ``first_hand`` (0-based) of ``seed``, ``first_dealer`` dealing."""
    return AppContext(
        theme=skin.theme,
        messages=list(messages),
        seed=seed,
        first_hand=first_hand,
        first_dealer=first_dealer,
        initial_settings=settings,
    )


def build_root_screen(
    skin: Skin, seed: int | None, messages: Sequence[str], settings: Settings | None = None,
    first_hand: int = 0, first_dealer: int | None = None,
) -> Screen:
    """The main menu from the screens package, given what it needs to know of the app."""
    return build_root(build_context(skin, seed, messages, settings, first_hand, first_dealer))


DEFAULT_TINT = (214, 236, 186)  # a yellow-green backlight, for a skin that names none
DEFAULT_GHOST_MS = 150


def lcd_looks(looks: LcdLooks, settings: Settings) -> LcdLooks:
    """The skin's LCD looks as the settings override them (each: the skin's, on or off)."""
    tint = {"skin": looks.tint, "on": looks.tint or DEFAULT_TINT, "off": None}[settings.lcd_tint]
    grid = {"skin": looks.grid, "on": True, "off": False}[settings.lcd_grid]
    ghost = {"skin": looks.ghost, "on": looks.ghost or DEFAULT_GHOST_MS,
             "off": 0}[settings.lcd_ghost]
    return LcdLooks(tint, grid, ghost)


def skin_in_use(skin: Skin, spec: str | None) -> str:
    """How the settings name ``skin``: ``spec`` if it named it (a file by its path)."""
    if spec is not None and (spec == skin.name or looks_like_path(spec)):
        return spec
    return skin.name


def offer_skins(app: App, context: AppContext, bindings: Mapping[str, PhoneKey | None]) -> None:
    """Let Options show the skins and put another on at run time: loaded, then drawn once; a
    skin that cannot be loaded or drawn leaves the one in use, and the reason is told."""

    def change(spec: str) -> str | None:
        try:
            skin = load_skin(spec)
        except SkinError as error:
            return str(error)
        old, old_mapper = app.skin, app.mapper
        try:
            app.use_skin(skin, input_mapper(skin, bindings))
            context.restyle(skin.theme)
            app.draw()
        except Exception as error:  # a skin that cannot draw must not end the game
            app.use_skin(old, old_mapper)
            context.restyle(old.theme)
            return f"Skin {spec} cannot be drawn ({type(error).__name__}: {error})"
        return None

    def reload() -> None:
        """The skin's file changed (--watch): put it on again, or say why it cannot be."""
        problem = change(str(app.skin.path))
        if problem is not None:
            app.stack.apply(Push(NoticeScreen([problem], None, context.theme, "Skin")))
        else:
            app.say(f"Reloaded {app.skin.path.name}")

    app.reload = reload
    app.lcd_looks = lambda looks: lcd_looks(looks, context.settings)
    context.change_layout = lambda wanted: app.use_skin(app.skin, app.mapper, wanted)
    context.skin_name = skin_in_use(app.skin, context.settings.skin)
    context.skin_names = lambda: [*bundled_skins(), *user_skin_names()]
    context.change_skin = change


def input_mapper(skin: Skin, bindings: Mapping[str, PhoneKey | None]) -> InputMapper:
    """The skin's key bindings, changed by ``bindings`` (key name to phone key, None unbinds)."""
    mapper = InputMapper.from_skin(skin.keymap, skin.numpad)
    mapper.override(bindings)
    return mapper


def run_app(
    skin: Skin,
    *,
    scale: int | None = None,
    fullscreen: bool = False,
    seed: int | None = None,
    first_hand: int = 0,
    first_dealer: int | None = None,
    messages: Sequence[str] = (),
    settings: Settings | None = None,
    bindings: Mapping[str, PhoneKey | None] | None = None,
    on_first_frame: Callable[[], None] | None = None,
    shared: Finished | None = None,
    layout: str | None = None,
    screenshot_key: str | None = DEFAULT_KEY,
    watch: bool = False,
) -> None:
    """Open the handset's window and run the game until the player leaves.

    ``bindings`` (key name to phone key, None to unbind) change the skin's bindings. A
    ``shared`` match (``--replay``) is shown first, over the main menu. ``layout`` (full,
    compact or auto) overrides the settings' for this run. ``screenshot_key`` (a key name, or
    None for none) saves the LCD and the handset in the data folder's ``screenshots``. With
    ``watch`` the skin is put on again whenever its files change.
    """
    pygame.display.init()
    try:
        pygame.key.stop_text_input()
        pygame.event.set_blocked([pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.TEXTEDITING])
        context = build_context(skin, seed, messages, settings, first_hand, first_dealer)
        wanted = layout or context.settings.layout
        window, chosen, _ = open_window(skin, scale, fullscreen, wanted)
        stack = ScreenStack(build_root(context))
        if shared is not None:
            from gin_handset.screens.match.replay import ReplayScreen
            from gin_handset.session.replayer import positions

            stack.apply(Push(ReplayScreen(positions(shared.record), shared.record.seed)))
        tones = KeyTones(lambda: context.settings.sound)
        try:
            shots = (Screenshots(data_dir() / "screenshots", screenshot_key)
                     if screenshot_key else None)
            app = App(skin, stack, window, chosen, input_mapper(skin, bindings or {}), tones,
                      lambda: context.theme, wanted, shots,
                      SkinWatch(skin.path) if watch else None)
            offer_skins(app, context, bindings or {})
            context.jingle = lambda event: tones.jingle(app.skin.jingles[event])
            app.run(on_first_frame)
        finally:
            stack.close()
    finally:
        pygame.quit()
