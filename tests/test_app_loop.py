"""The app loop: keys reach the screen stack, and it draws only when something changed."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.app import EXIT_AFTER_FIRST_FRAME
from gin_handset.app_host import input_mapper
from gin_handset.cli import build_parser
from gin_handset.compose import assemble
from gin_handset.device import window as window_module
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.device.waiting import make_waiter
from gin_handset.device.window import window_scale
from gin_handset.screens.base import Quit, Screen


class Recorder(Screen):
    """Records keys; CLEAR quits; after ``quit_after_ms`` of clock it quits by itself."""

    def __init__(self, quit_after_ms: int | None = None) -> None:
        super().__init__()
        self.keys: list[K] = []
        self.clock = 0
        self.draws = 0
        self.quit_after_ms = quit_after_ms

    def on_key(self, key):
        self.keys.append(key)
        self.dirty = True
        return Quit() if key is K.CLEAR else None

    def update(self, ms):
        self.clock += ms
        if self.quit_after_ms is not None and self.clock >= self.quit_after_ms:
            return Quit()
        return None

    def wake_in(self):
        return None if self.quit_after_ms is None else max(0, self.quit_after_ms - self.clock)

    def draw(self, lcd, theme):
        self.draws += 1
        lcd.fill(theme.color("background"))


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


@pytest.fixture
def skin():
    return load_skin("candybar")


def make_app(skin, screen, scale=2):
    window = pygame.display.set_mode(
        (skin.body_size[0] * scale, skin.body_size[1] * scale), pygame.RESIZABLE
    )
    return assemble(skin, window, scale, root=screen)


def key(kind, code):
    return pygame.event.Event(kind, key=code, mod=0, scancode=0)


def test_keys_reach_the_screen(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    app.step([key(pygame.KEYDOWN, pygame.K_5), key(pygame.KEYUP, pygame.K_5)], 10)
    app.step([key(pygame.KEYDOWN, pygame.K_KP_ENTER)], 10)
    assert screen.keys == [K.NUM5, K.SELECT]


def test_draws_only_when_something_changed(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    assert app.step([], 0) is True
    assert screen.draws == 1
    assert app.step([], 100) is False
    assert app.step([], 100) is False
    assert app.step([key(pygame.KEYDOWN, pygame.K_1)], 10) is True
    assert screen.draws == 2
    assert app.step([key(pygame.KEYUP, pygame.K_1)], 10) is True
    assert screen.draws == 2
    assert app.step([], 100) is False
    assert app.frames == 3


def test_mouse_press_redraws_the_keypad_only(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    app.step([], 0)
    centre = app.view.layout.rect(skin.keys[K.NUM7].rect).center
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre)
    assert app.step([down], 10) is True
    assert screen.keys == [K.NUM7]
    assert app.mapper.pressed == {K.NUM7}
    pressed_picture = pygame.image.tobytes(app.window, "RGB")
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre)
    assert app.step([up], 10) is True
    assert pygame.image.tobytes(app.window, "RGB") != pressed_picture


def test_held_dpad_key_repeats_into_the_screen(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    app.step([key(pygame.KEYDOWN, pygame.K_DOWN)], 0)
    assert app.wait_ms() <= 400
    for _ in range(5):
        app.step([], 100)
    assert screen.keys == [K.DOWN, K.DOWN, K.DOWN]
    app.step([key(pygame.KEYUP, pygame.K_DOWN)], 0)
    app.step([], 100)
    assert app.wait_ms() is None, "with no key held and no deadline the loop sleeps until an event"


def test_resize_picks_the_largest_whole_scale(skin):
    app = make_app(skin, Recorder(), scale=1)
    assert app.view.layout.scale == 1
    pygame.display.set_mode((1000, 1500), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 1500), w=1000, h=1500)], 0)
    assert app.view.layout.scale == 3
    assert app.view.lcd_rect.size == (176 * 3, 208 * 3)
    assert app.view.layout.offset == ((1000 - 216 * 3) // 2, (1500 - 476 * 3) // 2)
    centre = app.view.layout.rect(skin.keys[K.POUND].rect).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre)], 0)
    assert app.stack.top.keys == [K.POUND]


def test_clear_quits_and_the_loop_ends(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    assert app.step([key(pygame.KEYDOWN, pygame.K_BACKSPACE)], 0) is False
    assert app.stack.quit


def test_run_until_the_screen_quits(skin):
    screen = Recorder(quit_after_ms=300)
    app = make_app(skin, screen)
    app.run()
    assert screen.clock >= 300
    assert app.frames == 1


def test_the_loop_wakes_for_the_top_screens_deadline_only(skin):
    screen = Recorder(quit_after_ms=300)
    app = make_app(skin, screen)
    app.step([], 0)
    assert app.wait_ms() == 300
    app.step([], 120)
    assert app.wait_ms() == 180


def test_window_close_ends_the_run(skin):
    app = make_app(skin, Recorder())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.stack.quit


def test_exit_after_first_frame(skin, monkeypatch, capsys):
    monkeypatch.setenv(EXIT_AFTER_FIRST_FRAME, "1")
    app = make_app(skin, Recorder())
    app.run()
    assert app.frames == 1
    assert "first frame" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "desktop", "scale"),
    [
        ("candybar", (1024, 768), 1),
        ("candybar", (1920, 1080), 2),
        ("candybar", (3840, 2160), 4),
        ("classic", (1920, 1080), 2),
        ("flip", (1920, 1080), 2),
        ("qvga", (1920, 1080), 1),
        ("qvga", (800, 600), 1),
    ],
)
def test_window_scale_fits_the_desktop(name, desktop, scale):
    assert window_scale(load_skin(name), desktop) == scale


def test_fullscreen_letterboxes_at_a_whole_scale(skin):
    window, scale, arrangement = window_module.open_window(skin, None, True, "full")
    assert arrangement == "full"
    width, height = window.get_size()
    assert scale == max(1, min(width // 216, height // 476))
    app = assemble(skin, window, scale, root=Recorder())
    app.step([], 0)
    left, top = app.view.layout.offset
    assert left == (width - 216 * scale) // 2 and top == (height - 476 * scale) // 2
    assert window.get_at((0, 0))[:3] == skin.backdrop


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_forced_scale_sizes_the_window(skin, scale):
    window, chosen, _ = window_module.open_window(skin, scale, False, "full")
    assert chosen == scale
    assert window.get_size() == (216 * scale, 476 * scale)


def test_repeat_counts_from_the_press_not_from_the_wait_before_it(skin):
    screen = Recorder()
    app = make_app(skin, screen)
    app.step([key(pygame.KEYDOWN, pygame.K_UP)], 99)
    app.step([], 399)
    assert screen.keys == [K.UP]
    app.step([], 1)
    assert screen.keys == [K.UP, K.UP]


def test_bind_flags_change_the_skins_bindings(skin):
    args = build_parser().parse_args(["--bind", "x=select", "--bind", "return=none"])
    mapper = input_mapper(skin, dict(args.bind))
    assert mapper.lookup(pygame.K_x) is K.SELECT
    assert mapper.lookup(pygame.K_RETURN) is None
    assert mapper.lookup(pygame.K_KP_ENTER) is K.SELECT  # untouched bindings stay


def test_the_waiter_returns_queued_events_in_order_and_keeps_none_back(skin):
    wait = make_waiter()
    pygame.event.get()
    assert wait(1) == []
    posted = [key(pygame.KEYDOWN, pygame.K_DOWN), key(pygame.KEYUP, pygame.K_DOWN)]
    for event in posted:
        pygame.event.post(event)
    got = wait(None)
    assert [(e.type, e.key) for e in got] == [(e.type, e.key) for e in posted]
    assert pygame.event.get() == []
