"""The real main menu driven through the app's input layer: keyboard, numpad and mouse."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import bundled_skins, load_skin
from gin_handset.screens.match.door import MatchStart


@pytest.fixture(autouse=True)
def display(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_HANDSET_DATA_DIR", str(tmp_path))
    pygame.display.init()
    yield
    pygame.display.quit()


def start(name, scale=2):
    skin = load_skin(name)
    window = pygame.display.set_mode((skin.body_size[0] * scale, skin.body_size[1] * scale))
    app = assemble(skin, window, scale, start=MatchStart(1))
    app.step([], 0)
    return app


def keyboard(app, code, scancode=0):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, scancode=scancode)], 10)
    app.step([pygame.event.Event(pygame.KEYUP, key=code, mod=0, scancode=scancode)], 10)


def click(app, key):
    pos = app.view.layout.rect(app.skin.keys[key].rect).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)], 10)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], 10)


@pytest.mark.parametrize("name", bundled_skins())
def test_options_and_back_by_keyboard(name):
    app = start(name)
    root = app.stack.top
    keyboard(app, pygame.K_DOWN)
    keyboard(app, pygame.K_RETURN)
    assert len(app.stack.screens) == 2
    keyboard(app, pygame.K_BACKSPACE)
    assert app.stack.top is root
    keyboard(app, pygame.K_BACKSPACE)
    assert app.stack.quit


def test_a_menu_entry_and_back_by_numpad():
    app = start("candybar")
    root = app.stack.top
    keyboard(app, pygame.K_KP8, pygame.KSCAN_KP_8)
    keyboard(app, pygame.K_KP8, pygame.KSCAN_KP_8)
    keyboard(app, pygame.K_KP_ENTER, pygame.KSCAN_KP_ENTER)
    assert len(app.stack.screens) == 2
    keyboard(app, pygame.K_KP_MINUS, pygame.KSCAN_KP_MINUS)
    assert app.stack.top is root


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_options_and_back_by_mouse(scale):
    app = start("classic", scale)
    root = app.stack.top
    click(app, K.DOWN)
    click(app, K.SELECT)
    assert len(app.stack.screens) == 2
    click(app, K.CLEAR)
    assert app.stack.top is root
    app.step([], app.view.looks.ghost)  # classic's slow LCD: the last trace fades
    frames = app.frames
    assert app.step([], 100) is False
    assert app.frames == frames
