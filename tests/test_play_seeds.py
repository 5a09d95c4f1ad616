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
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import HUMAN

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
    return Options(points_to_win=50, game_type=scenario.game_type,
                   oklahoma_spade_doubles=scenario.kind == "spade")


def _lowers(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether taking ``card`` and discarding another lowers the deadwood."""
    after = min(deadwood([c for c in (*cards, card) if c != out]) for out in cards)
    return after < deadwood(cards)


def choose(session: MatchSession) -> Action:
    """The scripted player's next action (the player must be on turn)."""
    view = session.view(HUMAN)
    cards = view.hand
    top = view.discard_pile[-1] if view.discard_pile else None
    match view.phase:
        case Phase.OFFER:
            return TakeUpcard() if _lowers(cards, view.upcard) else PassUpcard()
        case Phase.FORCED_DRAW:
            return DrawStock()
        case Phase.DRAW:
            return DrawDiscard() if top is not None and _lowers(cards, top) else DrawStock()
        case Phase.DISCARD:
            choosable = [c for c in cards if c != view.taken]
            best = min(choosable, key=lambda c: (
                deadwood([x for x in cards if x != c]), -c.value, c.suit))
            return Discard(best)
        case Phase.DECIDE:
            return Knock() if Knock() in view.legal_actions else EndTurn()
    return Arrange(default_melds(view))


def first_hand(scenario_options: Options, seed: int) -> tuple[MatchSession, HandResult]:
    """Play the first hand of a match without screens; the session and its result."""
    session = MatchSession.new(scenario_options, seed, DIFFICULTY)
    while not session.hand_over:
        if session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(choose(session)) is None
    assert session.result is not None
    return session, session.result


def play_computer_step(session: MatchSession) -> None:
    """Let the computer decide and play one step at once (no time on screen)."""
    session.hurry()
    decision = session.decision_in_progress()
    assert decision is not None
    decision.wait()
    session.advance(0)


def fits(scenario: Scenario, seed: int) -> bool:
    session, result = first_hand(options_for(scenario), seed)
    if scenario.kind == "spade":
        return session.view().upcard.suit == SPADES and result.doubled and result.points > 0
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
