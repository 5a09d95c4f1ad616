"""The LCD's looks: a backlight tint, a pixel grid at 3x and above, a slow panel's ghost; each
from the skin, overridden in Options; nothing drawn and no wake-up when they are off."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from gin_handset.app import FRAME_MS, lcd_looks
from gin_handset.compose import assemble
from gin_handset.device.handset import HandsetView
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import LcdLooks, SkinError, load_skin
from gin_handset.device.skin_files import SKINS_DIR
from gin_handset.settings import Settings


def lcd_picture(looks: LcdLooks, scale: int = 3) -> tuple[HandsetView, pygame.Surface]:
    skin = load_skin("candybar")
    size = (skin.body_size[0] * scale, skin.body_size[1] * scale)
    view = HandsetView(skin, size, scale)
    view.looks = looks
    window = pygame.Surface(size)
    lcd = pygame.Surface(skin.resolution)
    lcd.fill((200, 200, 200))
    view.draw(window, lcd, frozenset())
    return view, window


def test_the_grid_darkens_the_gaps_between_pixels_only() -> None:
    view, window = lcd_picture(LcdLooks(grid=True))
    rect = view.lcd_rect
    assert window.get_at((rect.left, rect.top + 1))[:3] < (200, 200, 200), "a gap"
    assert window.get_at((rect.left + 1, rect.top + 1))[:3] == (200, 200, 200), "a pixel"
    plain_view, plain = lcd_picture(LcdLooks(grid=True), scale=2)
    inside = plain_view.lcd_rect
    assert plain.get_at(inside.topleft)[:3] == (200, 200, 200), "no grid under 3x"


def test_the_tint_colours_the_glass() -> None:
    view, window = lcd_picture(LcdLooks(tint=(255, 128, 0)))
    assert window.get_at(view.lcd_rect.center)[:3] == (200, 100, 0)


def test_a_slow_lcd_leaves_a_trace_that_fades_then_costs_nothing(data_dir) -> None:
    pygame.display.init()
    try:
        skin = replace(load_skin("candybar"), lcd_looks=LcdLooks(ghost=120))
        window = pygame.display.set_mode(skin.body_size)
        app = assemble(skin, window, 1)
        app.step([], 0)
        assert app.wait_ms() is None, "idle: nothing to wake for"
        before = pygame.image.tobytes(app.window, "RGB")
        app.press([K.NUM8])
        app.step([], 0)
        assert app.view.ghost_left == 120 and app.wait_ms() == FRAME_MS
        traced = pygame.image.tobytes(app.window, "RGB")
        for _ in range(10):
            app.step([], FRAME_MS)
        assert app.view.ghost_left == 0 and app.wait_ms() is None
        settled = pygame.image.tobytes(app.window, "RGB")
        assert traced != settled != before
        off = assemble(replace(skin, lcd_looks=LcdLooks()), window, 1)
        off.step([], 0)
        off.press([K.NUM8])
        off.step([], 0)
        assert off.view.ghost_left == 0 and off.wait_ms() is None
    finally:
        pygame.display.quit()


def test_options_override_the_skins_looks() -> None:
    skin_looks = LcdLooks(tint=(1, 2, 3), grid=False, ghost=120)
    assert lcd_looks(skin_looks, Settings()) == skin_looks
    off = Settings(lcd_tint="off", lcd_grid="off", lcd_ghost="off")
    assert lcd_looks(skin_looks, off) == LcdLooks()
    on = Settings(lcd_tint="on", lcd_grid="on", lcd_ghost="on")
    assert lcd_looks(LcdLooks(), on) == LcdLooks((214, 236, 186), True, 150)
    assert lcd_looks(skin_looks, on) == LcdLooks((1, 2, 3), True, 120)


@pytest.mark.parametrize(("field", "value", "what"), [
    ("grid", "maybe", "lcd.grid: expected true or false"),
    ("ghost", "5000", "lcd.ghost"),
    ("tint", '"amber"', "lcd.tint"),
])
def test_a_bad_look_names_its_field(tmp_path, field, value, what) -> None:
    skin = tmp_path / "looks.yaml"
    skin.write_text(f"extends: {SKINS_DIR / 'candybar.yaml'}\nlcd:\n  {field}: {value}\n")
    with pytest.raises(SkinError) as caught:
        load_skin(skin)
    assert what in str(caught.value)


def test_the_bundled_looks() -> None:
    assert load_skin("classic").lcd_looks == LcdLooks(ghost=120)
    assert load_skin("candybar").lcd_looks == LcdLooks()
    assert load_skin("qvga").lcd_looks == LcdLooks()


@pytest.mark.parametrize(("name", "trace"), [("classic", True), ("flip", False),
                                             ("candybar", False), ("qvga", False)])
def test_only_the_monochrome_panel_leaves_a_trace(name, trace) -> None:
    """Classic's passive monochrome LCD is slow; the colour panels (flip's too, though it
    extends classic) leave none."""
    assert (load_skin(name).lcd_looks.ghost > 0) == trace
