"""What Confirm Discard Off saves: over whole matches between two Normal computer players, how
many of seat 0's discards left it unable to knock (the turn then ends without End turn: one
key press fewer) and how many could knock (the choices are shown either way). `tiny` plays one
short match (the tests' check that it still runs)."""

from __future__ import annotations

import random

from gin_handset.ai.levels import make_player
from gin_handset.rules.actions import Discard, Knock
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of

MATCHES = 20
SEAT = 0


def discards(options: Options, seed: int) -> tuple[int, int]:
    """Seat 0's discards in the match of ``seed``, and those after which it could knock."""
    players = [make_player("normal", random.Random(seed * 2 + seat)) for seat in (0, 1)]
    match, made, could_knock = MatchState.new(options, seed), 0, 0
    while not match.is_over:
        if match.hand.is_over:
            match = match.next_hand()
            for player in players:
                player.new_hand()
            continue
        seat = match.hand.turn
        action = players[seat].choose(view_of(match.hand, seat, match.scores))
        match = match.apply(action)
        if seat == SEAT and isinstance(action, Discard):
            made += 1
            could_knock += Knock() in match.hand.legal_actions()
    return made, could_knock


def main(matches: int = MATCHES, points: int = 100) -> None:
    made = could = 0
    for seed in range(matches):
        one, two = discards(Options(points_to_win=points), seed)
        made, could = made + one, could + two
    saved = made - could
    print(f"{matches} matches to {points}, Normal against Normal: seat 0 discarded {made} "
          f"times; {could} could knock ({could / made:.1%}), so Confirm Discard Off ends "
          f"{saved} turns ({saved / made:.1%}) one key press sooner")


def tiny() -> None:
    main(matches=1, points=50)
