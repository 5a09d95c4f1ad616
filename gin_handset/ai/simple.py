"""Todd Neller's SimpleGinRummyPlayer (EAAI 2021 Gin Rummy challenge), reimplemented.

It takes the face-up card when that card joins a meld of its hand, else draws from the stock;
discards at random among the cards leaving the least deadwood, never the face-up card just taken
and never a (drawn, discarded) pair already played this hand; knocks as soon as it may; lays down
a least-deadwood arrangement chosen at random. It ignores the opponent.
"""

from __future__ import annotations

import random

from gin_handset.ai.player import Player
from gin_handset.rules.actions import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import Card, mask_of
from gin_handset.rules.hand import Phase
from gin_handset.rules.melds import deadwood_mask, possible_melds
from gin_handset.rules.view import PlayerView


def joins_meld(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` is in some meld of ``hand`` plus ``card``."""
    return any(card in meld.cards for meld in possible_melds((*hand, card)))


def arrangement_deadwood(hand: tuple[Card, ...], action: Arrange) -> int:
    used = 0
    for meld in action.melds:
        used |= meld.mask
    return sum(c.value for c in hand if not used >> c.index & 1)


def least_deadwood_arrangement(view: PlayerView, rng: random.Random) -> Action:
    """A random one among the legal arrangements with the least deadwood."""
    scored = [(arrangement_deadwood(view.hand, a), a) for a in view.legal_actions]
    least = min(d for d, _ in scored)
    return rng.choice([a for d, a in scored if d == least])


class SimplePlayer(Player):
    name = "simple"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.new_hand()

    def new_hand(self) -> None:
        self._played: set[frozenset[Card]] = set()
        self._before: tuple[Card, ...] = ()

    def decide(self, view: PlayerView) -> Action:
        phase = view.phase
        if phase in (Phase.OFFER, Phase.DRAW, Phase.FORCED_DRAW):
            self._before = view.hand
            wanted = phase is not Phase.FORCED_DRAW and joins_meld(
                view.hand, view.discard_pile[-1]
            )
            if phase is Phase.OFFER:
                return TakeUpcard() if wanted else PassUpcard()
            return DrawDiscard() if wanted else DrawStock()
        if phase is Phase.DISCARD:
            return self.discard(view)
        if phase is Phase.DECIDE:
            return Knock() if Knock() in view.legal_actions else EndTurn()
        return least_deadwood_arrangement(view, self.rng)

    def drawn_card(self, view: PlayerView) -> Card | None:
        if view.taken is not None:
            return view.taken
        new = set(view.hand) - set(self._before)
        return new.pop() if len(new) == 1 else None

    def discard(self, view: PlayerView) -> Action:
        """The chosen discard, remembered with the card drawn so the pair is not played again."""
        drawn = self.drawn_card(view)
        choice = self.choose_discard(view, drawn)
        if drawn is not None:
            self._played.add(frozenset((drawn, choice.card)))
        return choice

    def choose_discard(self, view: PlayerView, drawn: Card | None) -> Discard:
        """At random among the discards leaving the least deadwood, avoiding a played pair."""
        legal = [a for a in view.legal_actions if isinstance(a, Discard)]
        fresh = [a for a in legal if frozenset((drawn, a.card)) not in self._played]
        mask = mask_of(view.hand)
        scored = [(deadwood_mask(mask & ~(1 << a.card.index)), a) for a in fresh or legal]
        least = min(d for d, _ in scored)
        return self.rng.choice([a for d, a in scored if d == least])
