"""Easy: the simple player with a beginner's mistakes.

It overlooks some useful face-up cards, sometimes throws away a random unmelded card instead of
the best one, and waits for a low deadwood before it knocks.
"""

from __future__ import annotations

from gin_handset.ai.simple import SimplePlayer
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
from gin_handset.rules.hand import Phase
from gin_handset.rules.melds import best_arrangement, deadwood
from gin_handset.rules.view import PlayerView

OVERLOOK = 0.35  # chance of not noticing that the face-up card makes a meld
BLUNDER = 0.3  # chance of discarding a random unmelded card
KNOCK_AT = 4  # knocks only at this deadwood or less (or the knock limit, if lower)


class EasyPlayer(SimplePlayer):
    name = "easy"

    def decide(self, view: PlayerView) -> Action:
        action = super().decide(view)
        if isinstance(action, (TakeUpcard, DrawDiscard)) and self.rng.random() < OVERLOOK:
            return PassUpcard() if view.phase is Phase.OFFER else DrawStock()
        if isinstance(action, Knock) and deadwood(view.hand) > min(KNOCK_AT, view.knock_limit):
            return EndTurn()
        return action

    def choose_discard(self, view: PlayerView, drawn: Card | None) -> Discard:
        """Now and then a random unmelded card instead of the best discard."""
        if self.rng.random() >= BLUNDER:
            return super().choose_discard(view, drawn)
        loose = set(best_arrangement(view.hand).deadwood)
        legal = [a for a in view.legal_actions if isinstance(a, Discard)]
        return self.rng.choice([a for a in legal if a.card in loose] or legal)
