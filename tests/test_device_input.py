"""Key routing from each source, key repeat on the logical clock, and pressed state."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.device.handset import HandsetView, key_at, layout_for
from gin_handset.device.input import InputMapper
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import bundled_skins, load_skin


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.display.init()
    yield


@pytest.fixture(scope="module")
def skin():
    return load_skin("candybar")


def mapper_for(skin, numpad=None):
    return InputMapper.from_skin(skin.keymap, numpad or skin.numpad)


def down(key, mod=0, scancode=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=scancode)


def up(key):
    return pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0)


def tap(mapper, key, mod=0, scancode=0):
    pressed = mapper.handle(down(key, mod, scancode))
    mapper.handle(up(key))
    return pressed


KEYBOARD = [
    *[(getattr(pygame, f"K_{d}"), 0, K(str(d))) for d in range(10)],
    (pygame.K_UP, 0, K.UP),
    (pygame.K_DOWN, 0, K.DOWN),
    (pygame.K_LEFT, 0, K.LEFT),
    (pygame.K_RIGHT, 0, K.RIGHT),
    (pygame.K_RETURN, 0, K.SELECT),
    (pygame.K_KP_ENTER, 0, K.SELECT),
    (pygame.K_BACKSPACE, 0, K.CLEAR),
    (pygame.K_DELETE, 0, K.CLEAR),
    (pygame.K_F1, 0, K.SOFT_LEFT),
    (pygame.K_F2, 0, K.SOFT_RIGHT),
    (pygame.K_LEFTBRACKET, 0, K.SOFT_LEFT),
    (pygame.K_RIGHTBRACKET, 0, K.SOFT_RIGHT),
    (pygame.K_KP_MULTIPLY, 0, K.STAR),
    (pygame.K_8, pygame.KMOD_LSHIFT, K.STAR),
    (pygame.K_3, pygame.KMOD_RSHIFT, K.POUND),
    (pygame.K_ASTERISK, 0, K.STAR),
    (pygame.K_HASH, 0, K.POUND),
]


@pytest.mark.parametrize("name", bundled_skins())
@pytest.mark.parametrize(("key", "mod", "expected"), KEYBOARD)
def test_keyboard(name, key, mod, expected):
    assert tap(mapper_for(load_skin(name)), key, mod) == [expected]


def test_unbound_key_presses_nothing(skin):
    mapper = mapper_for(skin)
    assert tap(mapper, pygame.K_q) == []
    assert mapper.pressed == frozenset()


def test_posted_events_route_like_real_ones(skin):
    mapper = mapper_for(skin)
    pygame.event.clear()
    pygame.event.post(down(pygame.K_KP5, scancode=pygame.KSCAN_KP_5))
    pygame.event.post(up(pygame.K_KP5))
    pygame.event.post(down(pygame.K_RETURN))
    keys = [k for event in pygame.event.get() for k in mapper.handle(event)]
    assert keys == [K.NUM5, K.SELECT]


KEYPAD = [pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4]
KEYPAD += [pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9]
SCANCODES = [getattr(pygame, f"KSCAN_KP_{d}") for d in range(10)]
PRINTED = "0123456789"
PHONE = "0789456123"


@pytest.mark.parametrize(("layout", "digits"), [("printed", PRINTED), ("phone", PHONE)])
def test_numpad_layouts(skin, layout, digits):
    mapper = mapper_for(skin, layout)
    assert [tap(mapper, code)[0] for code in KEYPAD] == [K(d) for d in digits]


@pytest.mark.parametrize(("layout", "digits"), [("printed", PRINTED), ("phone", PHONE)])
def test_numpad_with_numlock_off_goes_by_scancode(skin, layout, digits):
    # Some platforms send navigation key codes when NumLock is off; the scancode stays KP_n.
    mapper = mapper_for(skin, layout)
    nav = [pygame.K_INSERT, pygame.K_END, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_LEFT]
    nav += [pygame.K_CLEAR, pygame.K_RIGHT, pygame.K_HOME, pygame.K_UP, pygame.K_PAGEUP]
    got = [
        tap(mapper, code, pygame.KMOD_NONE, scan)[0]
        for code, scan in zip(nav, SCANCODES, strict=True)
    ]
    assert got == [K(d) for d in digits]


def test_numpad_layout_leaves_the_digit_row_alone(skin):
    assert tap(mapper_for(skin, "phone"), pygame.K_1) == [K.NUM1]


def test_override(skin):
    mapper = mapper_for(skin)
    mapper.override({"x": K.SELECT, "return": None})
    assert tap(mapper, pygame.K_x) == [K.SELECT]
    assert tap(mapper, pygame.K_RETURN) == []


def click(mapper, pos):
    pressed = mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    return pressed


@pytest.mark.parametrize("name", bundled_skins())
@pytest.mark.parametrize(
    ("scale", "window"), [(1, None), (2, None), (3, None), (None, (1500, 1700))]
)
def test_mouse_click_on_each_drawn_key(name, scale, window):
    skin = load_skin(name)
    size = window or (skin.body_size[0] * scale, skin.body_size[1] * scale)
    view = HandsetView(skin, size, scale)
    mapper = mapper_for(skin)
    mapper.hit_test = view.key_at
    for key, spec in skin.keys.items():
        x, y, w, h = view.layout.rect(spec.rect)
        assert click(mapper, (x + w // 2, y + h // 2)) == [key]
        assert click(mapper, (x + 2 * view.layout.scale, y + h // 2)) == [key]
    lcd = view.lcd_rect
    assert click(mapper, lcd.center) == []
    assert click(mapper, (0, 0)) == []


def test_clicks_follow_the_letterbox():
    skin = load_skin("classic")
    layout = layout_for(skin, (1000, 1000))
    assert layout.scale == 2
    x, y, w, h = layout.rect(skin.keys[K.NUM5].rect)
    assert layout.offset == ((1000 - 168 * 2) // 2, (1000 - 412 * 2) // 2)
    assert key_at(skin, layout, (x + w // 2, y + h // 2)) is K.NUM5
    assert key_at(skin, layout_for(skin, (336, 824)), (x + w // 2, y + h // 2)) is not K.NUM5


def test_ellipse_corners_are_not_the_key():
    skin = load_skin("candybar")
    layout = layout_for(skin, skin.body_size)
    x, y, w, h = skin.keys[K.SELECT].rect
    assert key_at(skin, layout, (x + w // 2, y + h // 2)) is K.SELECT
    assert key_at(skin, layout, (x, y)) is None


def test_other_mouse_buttons_press_nothing(skin):
    mapper = mapper_for(skin)
    mapper.hit_test = lambda pos: K.NUM1
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(1, 1))
    assert mapper.handle(event) == []


def test_pressed_state_from_every_source(skin):
    mapper = mapper_for(skin)
    mapper.hit_test = lambda pos: K.NUM9
    mapper.handle(down(pygame.K_5))
    assert mapper.pressed == {K.NUM5}
    mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert mapper.pressed == {K.NUM5, K.NUM9}
    mapper.handle(up(pygame.K_5))
    assert mapper.pressed == {K.NUM9}
    mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5)))
    assert mapper.pressed == frozenset()
    mapper.handle(down(pygame.K_KP_ENTER))
    mapper.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert mapper.pressed == frozenset()


def test_key_repeat_on_the_logical_clock(skin):
    mapper = mapper_for(skin)
    assert mapper.handle(down(pygame.K_UP)) == [K.UP]
    assert mapper.next_repeat_in() == 400
    assert mapper.advance(399) == []
    assert mapper.advance(1) == [K.UP]
    assert mapper.next_repeat_in() == 90
    assert mapper.advance(89) == []
    assert mapper.advance(1) == [K.UP]
    assert mapper.advance(180) == [K.UP, K.UP]
    mapper.handle(up(pygame.K_UP))
    assert mapper.advance(1000) == []
    assert mapper.next_repeat_in() is None


@pytest.mark.parametrize("key", [pygame.K_2, pygame.K_4, pygame.K_6, pygame.K_8, pygame.K_LEFT])
def test_dpad_digits_repeat(skin, key):
    mapper = mapper_for(skin)
    (pressed,) = mapper.handle(down(key))
    assert mapper.advance(400 + 90 * 3) == [pressed] * 4


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_5, pygame.K_BACKSPACE, pygame.K_F1])
def test_other_keys_do_not_repeat(skin, key):
    mapper = mapper_for(skin)
    mapper.handle(down(key))
    assert mapper.advance(5000) == []
    assert mapper.next_repeat_in() is None


def test_held_mouse_on_the_dpad_repeats(skin):
    mapper = mapper_for(skin)
    mapper.hit_test = lambda pos: K.DOWN
    mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 0)))
    assert mapper.advance(500) == [K.DOWN, K.DOWN]


def test_os_key_repeat_does_not_press_twice(skin):
    mapper = mapper_for(skin)
    assert mapper.handle(down(pygame.K_UP)) == [K.UP]
    assert mapper.handle(down(pygame.K_UP)) == []


def test_pressed_key_is_drawn_pressed(skin):
    view = HandsetView(skin, (skin.body_size[0] * 2, skin.body_size[1] * 2), 2)
    lcd = pygame.Surface(skin.resolution)
    idle = pygame.Surface(view.layout.rect((0, 0, *skin.body_size)).size)
    view.draw(idle, lcd, frozenset())
    pressed = idle.copy()
    view.draw(pressed, lcd, frozenset({K.NUM5}))
    key_area = view.layout.rect(skin.keys[K.NUM5].rect)
    other = view.layout.rect(skin.keys[K.NUM6].rect)
    assert _pixels(idle, key_area) != _pixels(pressed, key_area)
    assert _pixels(idle, other) == _pixels(pressed, other)
    view.draw(pressed, lcd, frozenset())
    assert _pixels(idle, key_area) == _pixels(pressed, key_area)


def _pixels(surface, rect):
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")
