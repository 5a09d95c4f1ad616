"""The scripted player's strategy, and match seeds whose first hand ends as each scenario needs.

The strategy decides from the player's own view: take the upcard or the pile's top only when it
lowers the deadwood, discard to least deadwood (highest card on ties), knock as soon as it can,
lay down the default arrangement at the showdown. Run this file to search for seeds afresh:

    .venv/bin/python -m tests.test_play_seeds
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

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
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import SPADES, HandResult, Phase
from gin_handset.rules.melds import deadwood
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA, Options
from gin_handset.screens.match.arrange import default_melds
from gin_handset.session.match_session import HUMAN, MatchSession

DIFFICULTY = "normal"


@dataclass(frozen=True)
class Scenario:
    kind: str  # the first hand's result kind; "spade" is an Oklahoma deal with a spade upcard
    game_type: str
    seed: int  # found by `search` (run this file when the computer players change)


SCENARIOS = {
    "gin": Scenario("gin", GIN_RUMMY, 8),
    "knock": Scenario("knock", GIN_RUMMY, 0),
    "undercut": Scenario("undercut", GIN_RUMMY, 35),
    "dead": Scenario("dead", OKLAHOMA, 113),
    "spade": Scenario("spade", OKLAHOMA, 10),
}


def options_for(scenario: Scenario) -> Options:
    return Options(points_to_win=50, game_type=scenario.game_type)


def _lowers(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether taking ``card`` and discarding another lowers the deadwood."""
    after = min(deadwood([c for c in (*cards, card) if c != out]) for out in cards)
    return after < deadwood(cards)


def choose(session: MatchSession) -> Action:
    """The scripted player's next action (the player must be on turn)."""
    hand = session.hand
    cards = hand.hands[HUMAN]
    top = hand.discard_pile[-1] if hand.discard_pile else None
    match hand.phase:
        case Phase.OFFER:
            return TakeUpcard() if _lowers(cards, hand.upcard) else PassUpcard()
        case Phase.FORCED_DRAW:
            return DrawStock()
        case Phase.DRAW:
            return DrawDiscard() if top is not None and _lowers(cards, top) else DrawStock()
        case Phase.DISCARD:
            choosable = [c for c in cards if c != hand.taken]
            best = min(choosable, key=lambda c: (
                deadwood([x for x in cards if x != c]), -c.value, c.suit))
            return Discard(best)
        case Phase.DECIDE:
            return Knock() if Knock() in hand.legal_actions() else EndTurn()
    return Arrange(default_melds(hand))


def first_hand(scenario_options: Options, seed: int) -> tuple[MatchSession, HandResult]:
    """Play the first hand of a match without screens; the session and its result."""
    session = MatchSession.new(scenario_options, seed, DIFFICULTY)
    while not session.hand.is_over:
        action = session.computer_choice() if session.computer_to_act else choose(session)
        session.apply(action)
    assert session.hand.result is not None
    return session, session.hand.result


def fits(scenario: Scenario, seed: int) -> bool:
    session, result = first_hand(options_for(scenario), seed)
    if scenario.kind == "spade":
        return session.hand.upcard.suit == SPADES and result.doubled and result.points > 0
    return result.kind == scenario.kind


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_stored_seed_gives_each_scenario(name):
    scenario = SCENARIOS[name]
    assert fits(scenario, scenario.seed), (
        f"seed {scenario.seed} no longer gives {name}: the players changed; "
        "run `.venv/bin/python -m tests.test_play_seeds` and store the seeds it finds"
    )


def search(limit: int = 500) -> dict[str, int]:
    found: dict[str, int] = {}
    for name, scenario in SCENARIOS.items():
        for seed in range(limit):
            if fits(scenario, seed):
                found[name] = seed
                break
    return found


if __name__ == "__main__":
    print(search())
