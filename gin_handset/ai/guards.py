"""Guard opponents for Hard's reading of the player: they look like its trigger, play otherwise.

Hard takes its style for short hands once the opponent knocks with deadwood after its third turn
(``hard.knocked_eagerly``). Each guard does that, but is not the weak eager knocker (simple) the
style was made for: all three draw and discard as well as Hard does.

- ``eager``: Hard's draws and discards, and it knocks whenever it may.
- ``fickle``: as ``eager``, but when it may knock it does so only half the time; otherwise it
  knocks by Hard's rule (at 20 expected points).
- ``feint``: knocks whenever it may until it has once knocked with deadwood after its third turn
  (so Hard's switch is thrown), then plays Hard's patient game for the rest of the match.

``hard-noread`` is Hard without the reading: the same player that never changes its style.
"""

from __future__ import annotations

import random

from gin_handset.ai.hard import EARLY_TURNS, HardPlayer, LookaheadPlayer, Style
from gin_handset.rules.cards import mask_of
from gin_handset.rules.hand import thrown
from gin_handset.rules.melds import deadwood_mask
from gin_handset.rules.view import PlayerView

STRONG = HardPlayer.style  # Hard's draws, discards, safety and knock rule
EAGER = Style(
    knock_value=None,
    knock_bonus=STRONG.knock_bonus,
    gin_bonus=STRONG.gin_bonus,
    safety=STRONG.safety,
    horizon=STRONG.horizon,
)
FICKLE_SHARE = 0.5  # the share of its chances to knock that ``fickle`` knocks at once


class HardNoReadPlayer(HardPlayer):
    """Hard that never reads the player: its first style for the whole match."""

    name = "hard-noread"
    eager_style = None


class EagerGuard(LookaheadPlayer):
    name = "eager"
    style = EAGER


class FickleGuard(LookaheadPlayer):
    name = "fickle"
    style = STRONG

    def knocks(self, view: PlayerView) -> bool:
        if self.rng.random() < FICKLE_SHARE:
            return True
        return super().knocks(view)


class FeintGuard(LookaheadPlayer):
    name = "feint"
    style = EAGER

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.feinted = False  # it has knocked with deadwood after its third turn (this match)

    def knocks(self, view: PlayerView) -> bool:
        if self.feinted:
            return super().knocks(view)  # Hard's knock rule, its style now STRONG
        if len(thrown(view.log, view.seat)) > EARLY_TURNS and deadwood_mask(mask_of(view.hand)) > 0:
            self.feinted = True
            self.style = self.base_style = STRONG
        return True
