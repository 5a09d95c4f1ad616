"""The four-colour deck: diamonds and clubs in colours of their own on colour skins, chosen in
Options, remembered in the settings; greyed out on a one-colour skin."""

from __future__ import annotations

from dataclasses import replace

import pygame

from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import cards as card_render
from gin_handset.render.theme import FOUR_COLOUR_FIELDS
from gin_handset.rules.cards import parse_cards
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.context import AppContext
from gin_handset.screens.options import OptionsScreen
from gin_handset.settings import SettingsStore
from tests.conftest import skin_theme
from tests.pictures import assert_matches_reference

HAND = parse_cards("Ac 2d 3h 4s")


def colours_of(theme, card_index: int) -> set[tuple[int, int, int]]:
    lcd = pygame.Surface((theme.width, theme.height))
    rects = card_render.draw_hand(lcd, theme, HAND, lcd.get_rect())
    rect = rects[card_index]
    return {tuple(lcd.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}


def test_four_colours_paint_diamonds_and_clubs_their_own(tmp_path) -> None:
    two = skin_theme("candybar")
    four = replace(two, four_colour=True)
    assert FOUR_COLOUR_FIELDS["clubs"] in colours_of(four, 0)
    assert FOUR_COLOUR_FIELDS["diamonds"] in colours_of(four, 1)
    assert two.color("red") in colours_of(four, 2) and two.color("black") in colours_of(four, 3)
    assert FOUR_COLOUR_FIELDS["clubs"] not in colours_of(two, 0)
    lcd = pygame.Surface((four.width, four.height))
    lcd.fill(four.color("background"))
    card_render.draw_hand(lcd, four, HAND, lcd.get_rect())
    assert_matches_reference(lcd, "four_colour_hand_candybar", tmp_path)


def test_a_one_colour_skin_keeps_one_colour() -> None:
    classic = skin_theme("classic")
    assert not classic.in_colour
    assert colours_of(replace(classic, four_colour=True), 1) == colours_of(classic, 1)


def test_the_option_is_saved_and_greyed_out_on_a_one_colour_skin(data_dir) -> None:
    context = AppContext(skin_theme("candybar"))
    stack = ScreenStack(OptionsScreen(context))
    screen = stack.top
    assert isinstance(screen, OptionsScreen)
    while screen.rows[screen.cursor].name != "four_colour":
        stack.key(K.NUM2)
    stack.key(K.NUM6)
    stack.key(K.SELECT)
    assert SettingsStore(data_dir).load()[0].four_colour
    assert context.theme.four_colour, "the screens draw with four colours at once"
    one_colour = OptionsScreen(AppContext(skin_theme("classic")))
    row = [row.name for row in one_colour.rows].index("four_colour")
    assert not one_colour.enabled()[row]
