"""The player interface, and the names of the players `players.make_player` builds."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from gin_handset.rules.actions import Action
from gin_handset.rules.hand import Event
from gin_handset.rules.view import PlayerView

PLAYER_NAMES = ("simple", "easy", "normal", "hard")  # the game's levels (and simple)
BENCHMARK_NAMES = ("champion", "camper")  # tournament opponents only, never a game level


class Player(ABC):
    """A computer player. It sees only views; any memory it keeps comes from views alone."""

    name = "player"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

        self._hand_key: tuple[object, ...] | None = None
        self._log: tuple[Event, ...] = ()

    def new_hand(self) -> None:  # noqa: B027 - most players remember nothing
        """Forget what was remembered about the previous hand."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``; a view of a new hand calls ``new_hand`` first."""
        if not view.legal_actions:
            raise ValueError("this view has no decision to make: it is not this seat's turn")
        key = (view.dealer, view.upcard, view.seat)
        if key != self._hand_key or view.log[: len(self._log)] != self._log:
            self.new_hand()
        self._hand_key, self._log = key, view.log
        return self.decide(view)

    @abstractmethod
    def decide(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
