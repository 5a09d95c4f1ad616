"""The player interface: a computer player answers a `PlayerView` with a legal action."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from gin_handset.rules.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Event, Phase
from gin_handset.rules.view import PlayerView


class Player(ABC):
    """A computer player. It sees only views; any memory it keeps comes from views alone."""

    name = "player"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # True (set by another thread while a decision is being made): a player that searches
        # decides at once with what it has worked out (the phone's OK); the others are quick.
        self.hurried = False
        self._hand_key: tuple[object, ...] | None = None
        self._log: tuple[Event, ...] = ()

    def new_hand(self) -> None:  # noqa: B027 - most players remember nothing
        """Forget what was remembered about the previous hand."""

    def recall(self, view: PlayerView) -> None:  # noqa: B027 - most players remember nothing
        """Take in the view of a hand just over: every table shows each player the end of
        each hand (the opponent's hand laid open, to the knocker), and a resumed match its
        earlier hands' ends."""

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


class PhasedPlayer(Player):
    """A player that answers each phase of a turn with one question: take the face-up card?
    which card to discard? knock? which melds to lay down?"""

    def decide(self, view: PlayerView) -> Action:
        phase = view.phase
        if phase is Phase.FORCED_DRAW:
            return DrawStock()
        if phase in (Phase.OFFER, Phase.DRAW):
            take = self.wants_top(view)
            if phase is Phase.OFFER:
                return TakeUpcard() if take else PassUpcard()
            return DrawDiscard() if take else DrawStock()
        if phase is Phase.DISCARD:
            return Discard(self.discard_card(view))
        if phase is Phase.DECIDE:
            return Knock() if Knock() in view.legal_actions and self.knocks(view) else EndTurn()
        return self.arrange(view)

    @abstractmethod
    def wants_top(self, view: PlayerView) -> bool:
        """Whether to take the face-up card (offered upcard, or the discard pile's top)."""

    @abstractmethod
    def discard_card(self, view: PlayerView) -> Card:
        """The card to discard, one the rules allow."""

    @abstractmethod
    def knocks(self, view: PlayerView) -> bool:
        """Whether to knock, when the rules allow it."""

    @abstractmethod
    def arrange(self, view: PlayerView) -> Action:
        """The melds to lay down, as the knocker or the defender."""
