"""Every menu screen, and the card pictures, rendered on every skin and compared with stored PNGs.

Set UPDATE_REFERENCES=1 to write the references afresh (then look at them before committing).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from gin_handset.compose import build_context
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import cards, widgets
from gin_handset.render.theme import Theme
from gin_handset.rules.cards import parse_cards
from gin_handset.screens.base import Screen
from gin_handset.screens.context import AppContext
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match.door import MatchDoor
from gin_handset.screens.options import OptionsScreen
from gin_handset.settings import Settings
from tests.pictures import assert_matches_reference

MESSAGE = ("Skin file skins/broken.yaml: field palette.red: expected a colour like "
           "[255, 0, 0], found 'rouge'. The default skin is used.")


class CardsDemo(Screen):
    """Cards in each of their looks: a hand row, backs, piles, single cards."""

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        widgets.clear(lcd, theme)
        widgets.draw_title(lcd, theme, "Cards", "9")
        content = widgets.layout(theme).content
        row_h = cards.hand_height(theme)
        m = cards.card_metrics(theme)
        width = theme.width - 4
        cards.draw_hand(lcd, theme, [None] * 10, pygame.Rect(2, content.top, width, row_h))
        hand = parse_cards("As 2s 3s 7h 7d 7c Td Jc Qh Kd 5c")
        looks = [cards.CardLook(meld=0)] * 3 + [cards.CardLook(meld=1)] * 3 + [
            cards.CardLook(cursor=True), cards.CardLook(raised=True),
            cards.CardLook(laid_off=True), cards.CardLook(dim=True), cards.PLAIN]
        hand_top = content.top + row_h + 2
        cards.draw_hand(lcd, theme, hand, pygame.Rect(2, hand_top, width, row_h), looks)
        y = hand_top + row_h + 2
        x = 4
        cards.draw_pile(lcd, theme, (x, y), None, 31)
        x += m.width + 6
        cards.draw_pile(lcd, theme, (x, y), hand[3], 4, cards.CardLook(cursor=True))
        x += m.width + 6
        cards.draw_pile(lcd, theme, (x, y), None, 0)
        x += m.width + 6
        cards.draw_card(lcd, theme, parse_cards("Kh")[0], (x, y))
        x += m.width + 2
        cards.draw_card(lcd, theme, parse_cards("9c")[0], (x, y + m.lift), cards.CardLook(
            raised=True, laid_off=True))
        widgets.draw_prompt(lcd, theme, "Pick a card to discard")
        widgets.draw_softkeys(lcd, theme, "Menu", "Sort", "Take")


def _context(theme: Theme) -> AppContext:
    return AppContext(theme, initial_settings=Settings())


class SavedDoor(MatchDoor):
    """The match's door, with a match saved."""

    def has_saved(self, context: AppContext) -> bool:
        return True


def _keys(screen: Screen, *keys: K) -> Screen:
    for key in keys:
        screen.on_key(key)
    return screen


def _app_context(theme: Theme) -> AppContext:
    """A context as the app builds it, the match's door and shortcuts there."""
    return build_context(theme, settings=Settings())


def _help_at(theme: Theme, page: int | str) -> Screen:
    """How to Play at page ``page``, or at the first page headed ``page``."""
    screen = HelpScreen(_app_context(theme))
    pages = screen.pages()
    if isinstance(page, str):
        page = next(i for i, found in enumerate(pages) if found.heading == page)
    screen.page = page % len(pages)
    return screen


SCREENS: dict[str, Callable[[Theme], Screen]] = {
    "main_menu": lambda t: MainMenu(_app_context(t)),
    "main_menu_no_match": lambda t: MainMenu(_context(t)),
    "main_menu_saved": lambda t: _keys(MainMenu(AppContext(
        t, matches=SavedDoor(), initial_settings=Settings())), K.NUM8),
    "message": lambda t: MainMenu(AppContext(t, [MESSAGE], initial_settings=Settings())),
    "options": lambda t: OptionsScreen(_context(t)),
    "options_oklahoma": lambda t: _keys(OptionsScreen(_context(t)), K.NUM8, K.NUM6, K.NUM8,
                                        K.NUM8, K.NUM8, K.NUM8, K.NUM6),
    "help": lambda t: _help_at(t, 0),
    "help_moving": lambda t: _help_at(t, "Keys: moving"),
    "help_choosing": lambda t: _help_at(t, "Keys: choosing"),
    "help_playing_keys": lambda t: _help_at(t, "Keys: in a match"),
    "help_showdown_keys": lambda t: _help_at(t, "Keys: showdown"),
    "cards": lambda t: CardsDemo(),
}


@pytest.mark.parametrize("screen_name", sorted(SCREENS))
def test_screen_matches_its_reference(screen_name, skin, data_dir, tmp_path):
    skin_name, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    SCREENS[screen_name](theme).draw(lcd, theme)
    assert_matches_reference(lcd, f"screen_{screen_name}_{skin_name}", tmp_path)
