"""The compact handset: the keypad beside the screen, chosen where the whole phone would show
its LCD under 2x; every key still under the pointer where it is drawn."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.compose import assemble
from gin_handset.device.handset import (
    COMPACT,
    FULL,
    HandsetView,
    arranged_size,
    choose_arrangement,
    fit_scale,
    split_line,
)
from gin_handset.device.skin import load_skin
from gin_handset.device.window import usable
from tests.conftest import SKINS
from tests.pictures import assert_matches_reference

DESKTOPS = [(1920, 1080), (1600, 1200), (1366, 768)]


@pytest.mark.parametrize("desktop", DESKTOPS[:2])
@pytest.mark.parametrize("name", SKINS)
def test_every_skin_shows_its_lcd_at_2x_or_more_on_a_common_desktop(name, desktop) -> None:
    skin = load_skin(name)
    arrangement = choose_arrangement(skin, usable(desktop))
    assert fit_scale(arranged_size(skin, arrangement), usable(desktop)) >= 2
    assert (arrangement == COMPACT) == (name == "qvga"), "compact only where needed"


@pytest.mark.parametrize("arrangement", [FULL, COMPACT])
@pytest.mark.parametrize("name", SKINS)
def test_every_key_is_found_where_it_is_drawn(name, arrangement) -> None:
    skin = load_skin(name)
    size = arranged_size(skin, arrangement)
    view = HandsetView(skin, (size[0] * 2 + 30, size[1] * 2 + 10), None, arrangement)
    assert view.layout.scale == 2
    for spec in skin.keys.values():
        assert view.key_at(view.layout.rect(spec.rect).center) == spec.key
    lcd = view.lcd_rect
    assert view.key_at(lcd.center) is None
    if arrangement == COMPACT:
        keys = [view.layout.rect(spec.rect) for spec in skin.keys.values()]
        assert all(rect.left > lcd.right for rect in keys), "the keypad is beside the screen"
        assert view.key_at((lcd.right + 2, lcd.top)) is None, "the gap presses nothing"


def test_the_cut_runs_between_the_screen_and_the_keys() -> None:
    for name in SKINS:
        skin = load_skin(name)
        cut = split_line(skin)
        assert cut is not None
        assert skin.lcd_rect[1] + skin.lcd_rect[3] <= cut
        assert all(spec.rect[1] >= cut for spec in skin.keys.values())


def test_the_compact_handset_looks_as_stored(tmp_path) -> None:
    pygame.display.init()
    skin = load_skin("qvga")
    size = arranged_size(skin, COMPACT)
    window = pygame.Surface(size)
    view = HandsetView(skin, size, 1, COMPACT)
    lcd = pygame.Surface(skin.resolution)
    lcd.fill((200, 220, 240))
    view.draw(window, lcd, frozenset())
    assert_matches_reference(window, "handset_compact_qvga", tmp_path, edges_may_move=True)


def test_the_layout_changes_at_run_time(data_dir) -> None:
    pygame.display.init()
    try:
        skin = load_skin("qvga")
        window = pygame.display.set_mode(skin.body_size)
        app = assemble(skin, window, 1, wanted=FULL)
        assert app.view.arrangement == FULL
        app.use_skin(skin, app.mapper, COMPACT)
        assert app.view.arrangement == COMPACT and app.wanted == COMPACT
        width, height = arranged_size(skin, COMPACT)
        scale = app.view.layout.scale
        assert app.window.get_size() == (width * scale, height * scale)
        assert app.step([], 16)
    finally:
        pygame.display.quit()
