"""Two Players: a table of two people. Pass and Play seats both on this phone; Create Table
and Join Table seat them on two phones over the network.

The first time, the player is asked for a nickname (kept in the settings, changed in Options);
Pass and Play then asks for the second player's, Create Table the time per hand, Join Table the
table's address (screens/tables.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, Replace, Screen, Transition
from gin_handset.screens.common import draw_frame, first_enabled, step_cursor
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.text_entry import TextEntryScreen
from gin_handset.session.seats import MAX_NICKNAME, told_apart

CREATE, JOIN, PASS_AND_PLAY = "Create Table", "Join Table", "Pass and Play"
ITEMS = (CREATE, JOIN, PASS_AND_PLAY)
PROMPTS = {CREATE: "A table for a friend", JOIN: "A friend's table",
           PASS_AND_PLAY: "Two people, one phone"}


def nickname_entry(context: AppContext, then: Callable[[], Transition] = Pop
                   ) -> TextEntryScreen:
    """Asks for this phone's player's nickname and keeps it; then what ``then`` gives (default:
    back)."""

    def keep(name: str) -> Transition:
        problem = context.save_settings(replace(context.settings, nickname=name))
        if problem is not None:
            return Replace(NoticeScreen([problem], None, context.theme, "Nickname"))
        return then()

    return TextEntryScreen("Nickname", "Your nickname, as the other player will see it:",
                           context.settings.nickname, MAX_NICKNAME, keep)


def second_player(context: AppContext) -> TextEntryScreen:
    """Asks for the second player's nickname, then deals the match on this phone."""
    mine = context.settings.nickname

    def start(name: str) -> Transition:
        screen = context.matches.pass_and_play(context, (mine, told_apart(mine, name)))
        return Pop() if screen is None else Replace(screen)

    return TextEntryScreen("Pass and Play", f"Who plays against {mine}? Their nickname:",
                           "", MAX_NICKNAME, start)


class TwoPlayersScreen(Screen):
    """The Two Players menu: 2/8 move, 5 or OK choose, CLR back."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.cursor = first_enabled(self.enabled(), ITEMS.index(PASS_AND_PLAY))

    def enabled(self) -> list[bool]:
        """Every way when a match can be played."""
        return [self.context.matches.can_start() for _ in ITEMS]

    def soft_keys(self) -> tuple[str, str]:
        return "Select", "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CURSOR_UP:
            self.cursor = step_cursor(self.cursor, -1, self.enabled())
        elif key in CURSOR_DOWN:
            self.cursor = step_cursor(self.cursor, 1, self.enabled())
        elif key in BACK:
            return Pop()
        elif key in CHOOSE and self.enabled()[self.cursor]:
            return self.choose()
        return None

    def choose(self) -> Transition:
        """The nickname first if there is none yet; then the time per hand (Create Table), the
        address (Join Table) or the second player's nickname (Pass and Play)."""
        from gin_handset.screens.tables import AddressScreen, TimeScreen

        item = ITEMS[self.cursor]

        def then() -> Transition:
            if item == CREATE:
                return Replace(TimeScreen(self.context))
            if item == JOIN:
                return Replace(AddressScreen(self.context))
            return Replace(second_player(self.context))

        if not self.context.settings.nickname:
            return Replace(nickname_entry(self.context, then))
        return then()

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Two Players")
        items = [widgets.MenuItem(label, enabled=on)
                 for label, on in zip(ITEMS, self.enabled(), strict=True)]
        widgets.draw_menu(lcd, theme, content, items, self.cursor)
        widgets.draw_prompt(lcd, theme, PROMPTS[ITEMS[self.cursor]])


def join_screen(context: AppContext, address: str) -> Screen:
    """Joining the table at ``address`` (``HOST:PORT/CODE``, from the command line): the
    nickname first if there is none yet; the typing screen when the address is not one."""
    from gin_handset.screens.tables import AddressScreen, joining
    from gin_handset.session.addresses import parse_address

    try:
        url, code = parse_address(address)
    except ValueError:
        return AddressScreen(context, address)
    if not context.settings.nickname:
        return nickname_entry(context, lambda: Replace(joining(context, url, code)))
    return joining(context, url, code)
