"""The window stays on the desktop when it grows at run time (another skin or layout), and a
skin put on again at the same size (``--watch``) leaves the window alone."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.compose import assemble
from gin_handset.device.handset import COMPACT, FULL
from gin_handset.device.skin import load_skin
from gin_handset.device.window import placed, planned, refit_window

DESKTOP = (1920, 1080)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def centred(size: tuple[int, int]) -> tuple[int, int]:
    return (DESKTOP[0] - size[0]) // 2, (DESKTOP[1] - size[1]) // 2


def on_desktop() -> bool:
    x, y = pygame.display.get_window_position()
    width, height = pygame.display.get_window_size()
    return x >= 0 and y >= 0 and x + width <= DESKTOP[0] and y + height <= DESKTOP[1]


def open_at_startup(name: str, wanted: str):
    """The app as it opens on a 1920x1080 desktop: the planned size, centred."""
    skin = load_skin(name)
    size, scale, _ = planned(skin, None, DESKTOP, wanted)
    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_window_position(centred(size))
    app = assemble(skin, window, scale, wanted=wanted)
    app.desktop = DESKTOP
    return app


def test_a_layout_change_to_compact_qvga_keeps_the_window_on_the_desktop(data_dir) -> None:
    app = open_at_startup("qvga", FULL)
    assert on_desktop()
    app.context.host.change_layout(COMPACT)  # as Options asks
    app.apply_requests()
    assert app.view.arrangement == COMPACT
    assert pygame.display.get_window_size() == planned(app.skin, None, DESKTOP, COMPACT)[0]
    assert on_desktop(), (pygame.display.get_window_position(), app.window.get_size())
    assert app.step([], 16)


@pytest.mark.parametrize("name", ["classic", "flip", "candybar"])
def test_a_skin_change_to_the_widest_keeps_the_window_on_the_desktop(name, data_dir) -> None:
    app = open_at_startup(name, FULL)
    pygame.display.set_window_position((1450, 100))  # the player moved it right
    assert on_desktop()
    change = app.host.load("qvga")
    assert not isinstance(change, str)
    app.put_on(change)
    app.use_skin(app.skin, app.mapper, COMPACT)
    assert on_desktop(), pygame.display.get_window_position()


def test_a_window_that_still_fits_is_not_moved(data_dir) -> None:
    app = open_at_startup("candybar", COMPACT)
    pygame.display.set_window_position((40, 50))
    app.use_skin(app.skin, app.mapper, FULL)
    assert pygame.display.get_window_position() == (40, 50)


def test_placing_moves_as_little_as_keeps_the_title_bar_on_screen() -> None:
    assert placed((1500, 600), (300, 400), (1152, 762), DESKTOP) == (1920 - 96 - 1152, 1080 - 54
                                                                      - 762)
    assert placed((10, 20), (300, 400), (600, 500), DESKTOP) is None, "it fits where it is"
    assert placed((2500, 100), (300, 400), (1900, 500), DESKTOP) is None, "on another display"
    assert placed((100, 100), (300, 400), (2000, 500), DESKTOP) == (-40, 100), "too wide: centred"


def test_the_same_size_leaves_the_window_alone() -> None:
    skin = load_skin("candybar")
    size, _, arrangement = planned(skin, None, DESKTOP, FULL)
    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    window.fill((1, 2, 3))
    pygame.display.set_window_position((7, 9))
    again, chosen = refit_window(window, skin, FULL, DESKTOP)
    assert again is window and chosen == arrangement
    assert window.get_at((0, 0))[:3] == (1, 2, 3), "not opened again (that clears it: a flash)"
    assert pygame.display.get_window_position() == (7, 9)
