"""The computer's turn: a computer player that fails or cheats does not stop the match, and
leaving the match stops the computer's turn."""

from __future__ import annotations

import pytest

from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action, Knock
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView
from gin_handset.session.match_session import ClosedSession, MatchSession
from gin_handset.session.saves import SaveStore


class Cheat(Player):
    """Knocks whatever the rules say."""

    def decide(self, view: PlayerView) -> Action:
        return Knock()


class Crash(Player):
    def decide(self, view: PlayerView) -> Action:
        raise RuntimeError("lost its cards")


def computer_first(store: SaveStore | None = None) -> MatchSession:
    seed = next(s for s in range(100) if MatchSession.new(Options(), s, "simple").computer_to_act)
    return MatchSession.new(Options(), seed, "simple", store)


def play_one_step(session: MatchSession) -> None:
    decision = session.decision_in_progress()
    assert decision is not None
    decision.wait()
    assert session.advance(0)


@pytest.mark.parametrize(("player", "why"), [(Cheat, "Knock is not allowed"),
                                             (Crash, "RuntimeError: lost its cards")])
def test_a_failing_computer_plays_a_legal_action_instead_and_is_reported(player, why, capsys):
    session = computer_first()
    session.computer = player(session.computer.rng)
    play_one_step(session)
    assert len(session.match.hand.log) == 1 and session.record.steps[0] in ("take", "pass")
    problems = session.take_problems()
    assert len(problems) == 1 and why in problems[0]
    assert problems[0].endswith(f"It played {session.record.steps[0]}.")
    assert session.take_problems() == [], "reported once"
    assert capsys.readouterr().err == "", "reported to the player, not printed"


def test_the_computer_step_is_held_then_play_goes_on(data_dir):
    session = computer_first(SaveStore(data_dir))
    play_one_step(session)
    assert session.computer_step is not None and session.computer_playing
    held = session.wake_in()
    assert held is not None and held > 0
    assert not session.advance(held - 1), "still holding the step on screen"
    session.hurry()
    assert session.wake_in() in (0, 16, None)


def test_leaving_the_match_closes_the_session(data_dir):
    store = SaveStore(data_dir)
    session = computer_first(store)
    decision = session.decision_in_progress()
    assert decision is not None
    steps = (data_dir / "match.json").read_text()
    session.close()
    decision.wait()
    assert decision.abandoned
    assert not session.advance(10_000) and session.wake_in() is None
    assert (data_dir / "match.json").read_text() == steps, "a closed session saves nothing"
    with pytest.raises(ClosedSession):
        session.next_hand()
