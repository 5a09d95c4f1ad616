"""The match host: one screen on the stack for the whole match, showing the match screen that
fits the session's present state. The only module that builds match screens.

The host takes the keys every match screen shares (`SHARED_KEYS`: CLR leaves the match, asking
first when that loses it at a network table; the right soft key opens the match menu, 9 the
discard pile, 7 the hint) before the screen shown. A
match screen returns `Go(route)` when it is done; the host shows the next one (the score at a
hand's end, the computer's turn, the showdown, the player's turn, the deal, the game over) and
first a notice of any save that failed since the last one; the match menu, the discard pile,
the score sheet and the replay of a hand just over go on the stack over the host. Leaving the
match (the host leaves the stack) closes the session: nothing started in the match outlives it.

A key ends what moves (a card's slide) and does nothing more. When the clock changes the screen
shown (the deal or the computer's turn ends by itself), a key within `GRACE_MS` was pressed for
what was moving, before the player could see the new screen: it does nothing, so OK pressed to
skip the deal as the deal ends does not take the upcard.
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import PhoneKey
from gin_handset.render.theme import Theme
from gin_handset.screens.base import PopToRoot, Push, Screen, Transition
from gin_handset.screens.dialogs import NoticeScreen, confirm_leave
from gin_handset.screens.match.arrange import ArrangeScreen
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.menu import HintScreen, MatchMenuScreen, PileScreen
from gin_handset.screens.match.passing import PassScreen
from gin_handset.screens.match.play import ARRANGING, PlayScreen
from gin_handset.screens.match.replay import ReplayScreen
from gin_handset.screens.match.score import GameOverScreen, ReviewScreen, ScoreScreen
from gin_handset.screens.match.sheet import ScoreSheetScreen
from gin_handset.screens.match.shortcuts import HINT_KEY, PILE_KEY
from gin_handset.screens.match.ui import Go, MatchPart, MatchTransition, MatchUI, Route
from gin_handset.session.match_base import MatchBase
from gin_handset.session.replayer import last_hand

GRACE_MS = 250  # about a player's reaction time
SHARED_KEYS: dict[PhoneKey, Route] = {
    PhoneKey.CLEAR: Route.LEAVE,
    PhoneKey.SOFT_RIGHT: Route.MENU,
    PILE_KEY: Route.PILE,
    HINT_KEY: Route.HINT,
}


def screen_for(ui: MatchUI, route: Route = Route.PRESENT) -> MatchPart:
    """The match screen that shows ``route``."""
    session = ui.session
    if session.needs_pass and route in (Route.PRESENT, Route.DEAL):
        return PassScreen(ui, route)
    if route is Route.DEAL and session.notice is None:
        return DealScreen(ui)
    if route is Route.GAME_OVER or (session.match_over and session.result is None):
        return GameOverScreen(ui)
    if route is Route.REVIEW:
        return ReviewScreen(ui)
    if session.hand_over and not session.computer_playing:
        return ScoreScreen(ui)
    if session.computer_playing:
        return ComputerTurnScreen(ui)
    if session.phase in ARRANGING:
        return ArrangeScreen(ui)
    return PlayScreen(ui)


class MatchHost(Screen):
    """Hosts the match screen being shown; keys, the clock and drawing go to it."""

    def __init__(self, ui: MatchUI, route: Route = Route.PRESENT) -> None:
        self.ui = ui
        ui.sync_order()
        self.current = screen_for(ui, route)
        self.grace = 0  # ms left in which a key does nothing (the clock just changed the screen)
        super().__init__()

    @property
    def dirty(self) -> bool:  # type: ignore[override]
        return self._dirty or self.current.dirty

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._dirty = value
        if not value:
            self.current.dirty = False

    def soft_keys(self) -> tuple[str, str]:
        return self.current.soft_keys()

    def on_enter(self) -> None:
        self.current.on_enter()

    def on_resume(self) -> None:
        super().on_resume()
        self.current.on_resume()

    def on_exit(self) -> None:
        self.current.on_exit()
        self.ui.session.close()

    def on_shutdown(self) -> None:
        self.current.on_exit()
        self.ui.session.suspend()

    def on_key(self, key: PhoneKey) -> Transition | None:
        if self.grace > 0 or self.current.settle():
            return None
        shared = SHARED_KEYS.get(key) if self.current.shares_keys else None
        if shared is not None:
            return self._follow(Go(shared))
        return self._follow(self.current.on_key(key))

    def update(self, ms: int) -> Transition | None:
        self.grace = max(0, self.grace - ms)
        shown = self.current
        transition = self._follow(self.current.update(ms))
        if self.current is not shown:
            self.grace = GRACE_MS
        return transition

    def wake_in(self) -> int | None:
        waits = [w for w in (self.current.wake_in(), self.grace or None) if w is not None]
        return min(waits) if waits else None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        self.current.draw(lcd, theme)

    def _follow(self, transition: MatchTransition | None) -> Transition | None:
        """Show the screen a `Go` asks for; other transitions are the stack's."""
        self.ui.sync_order()
        if not isinstance(transition, Go):
            return transition
        if transition.route is Route.LEAVE:
            return Push(confirm_leave()) if self.ui.session.leaving_loses else PopToRoot()
        if transition.route is Route.MENU:
            return Push(MatchMenuScreen(self.ui))
        if transition.route is Route.PILE:
            return Push(PileScreen(self.ui))
        if transition.route is Route.HINT:
            return Push(HintScreen(self.ui))
        if transition.route is Route.SHEET:
            return Push(ScoreSheetScreen(self.ui))
        session = self.ui.session
        if transition.route is Route.REPLAY and isinstance(session, MatchBase):
            return Push(ReplayScreen(last_hand(session.record), session.seed,
                                     session.record.seats))
        self.current.on_exit()
        self.current = screen_for(self.ui, transition.route)
        self.current.on_enter()
        self.dirty = True
        problems = self.ui.session.take_problems()
        if problems:
            title = "Saving" if isinstance(self.ui.session, MatchBase) else "Table"
            return Push(NoticeScreen(problems, None, self.ui.theme, title))
        return None
