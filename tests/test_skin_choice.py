"""Changing the skin from Options at run time, through the real app in a dummy window."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.app import App
from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.options import OptionsScreen
from gin_handset.settings import SettingsStore


@pytest.fixture
def app(data_dir):
    pygame.display.init()
    skin = load_skin("classic")
    app = assemble(skin, pygame.display.set_mode(skin.body_size), 1, folder=data_dir)
    app.step([], 0)
    yield app, app.context
    pygame.display.quit()


def open_skin_row(app: App) -> OptionsScreen:
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    app.press([K.NUM8, K.NUM8, K.SELECT])  # Continue is greyed out: Two Players, Options
    options = app.stack.top
    assert isinstance(options, OptionsScreen)
    while options.rows[options.cursor].name != "skin":
        app.press([K.NUM2])
    return options


def test_a_skin_chosen_in_options_is_put_on_and_remembered(app, data_dir) -> None:
    app, context = app
    options = open_skin_row(app)
    assert options.values["skin"] == "classic"
    while options.values["skin"] != "qvga":
        app.press([K.NUM6])
    app.press([K.SELECT])
    assert app.skin.name == "qvga" and context.theme == app.skin.theme
    assert app.lcd.get_size() == (240, 320) and app.window.get_size()[0] >= 240
    assert isinstance(app.stack.top, MainMenu)
    assert not app.stack.dirty, "the main menu was drawn on the new skin"
    assert SettingsStore(data_dir).load()[0].skin == "qvga"
    assert app.host.skin_in_use() == "qvga"


def test_the_new_skin_is_drawn_after_the_key_handler_has_returned(app) -> None:
    app, _context = app
    options = open_skin_row(app)
    while options.values["skin"] != "candybar":
        app.press([K.NUM6])
    inside = [False]
    drawn_inside: list[bool] = []
    handler = options.on_key

    def on_key(key: K):
        inside[0] = True
        try:
            return handler(key)
        finally:
            inside[0] = False

    for screen in app.stack.screens:
        draw = screen.draw
        screen.draw = lambda lcd, theme, draw=draw: (drawn_inside.append(inside[0]),
                                                     draw(lcd, theme))
    options.on_key = on_key
    app.press([K.SELECT])
    assert app.skin.name == "candybar"
    assert drawn_inside and not any(drawn_inside), "nothing is drawn inside the handler"


def test_a_broken_skin_is_told_and_the_skin_in_use_stays(app, data_dir) -> None:
    app, context = app
    skins = data_dir / "skins"
    skins.mkdir(parents=True)
    (skins / "broken.yaml").write_text("lcd: {resolution: [0, 0]}\n")
    options = open_skin_row(app)
    while options.values["skin"] != "broken":
        app.press([K.NUM6])
    app.press([K.SELECT])
    notice = app.stack.top
    assert isinstance(notice, NoticeScreen) and "broken" in notice.view.messages[0]
    assert app.skin.name == "classic" and context.theme == app.skin.theme
    assert options.values["skin"] == "classic"
    assert SettingsStore(data_dir).load()[0].skin is None, "nothing remembered"
    app.press([K.SELECT])
    assert app.stack.top is options
