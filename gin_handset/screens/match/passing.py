"""Pass and play: between two people's turns, a blank screen asks for the phone to be passed,
so neither sees the other's hand."""

from __future__ import annotations

from dataclasses import replace

import pygame

from gin_handset.device.keys import CHOOSE, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.theme import Theme
from gin_handset.screens.common import draw_frame, draw_text_box
from gin_handset.screens.match.ui import Go, MatchPart, MatchTransition, MatchUI, Route


class PassScreen(MatchPart):
    """"Pass to Bob, then press OK"; OK shows ``then`` to the player it was passed to. CLR
    leaves the match; no other key shows anything of a hand."""

    shares_keys = False  # the match menu and the pile would show the last player's view

    def __init__(self, ui: MatchUI, then: Route) -> None:
        super().__init__()
        self.ui = ui
        self.then = then

    def soft_keys(self) -> tuple[str, str]:
        return "OK", "Leave"

    def receiver(self) -> str:
        """Who the phone goes to: the player to act."""
        return self.ui.seats.name(self.ui.session.to_act)

    def title(self) -> str:
        """Both names and scores, the passer's (the player not to act) first as on their screen
        just before; the same in a resumed match or a new hand, where nobody holds the phone."""
        passer = replace(self.ui.seats, me=1 - self.ui.session.to_act)
        return passer.scores(self.ui.session.scores)

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        if key in CHOOSE:
            self.ui.session.take_over()
            return Go(self.then)
        if key in (PhoneKey.CLEAR, PhoneKey.SOFT_RIGHT):
            return Go(Route.LEAVE)
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, self.title())
        draw_text_box(lcd, theme, content, f"Pass to {self.receiver()}, then press OK")
        widgets.draw_prompt(lcd, theme, "OK: I have the phone")
