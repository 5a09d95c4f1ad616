"""The computer's turn: a computer player that fails or cheats does not stop the match."""

from __future__ import annotations

import pytest

from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action, Knock
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView
from gin_handset.screens.context import AppContext
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.flow import MatchFlow
from gin_handset.session.match_session import MatchSession
from gin_handset.session.saves import SaveStore


class Cheat(Player):
    """Knocks whatever the rules say."""

    def decide(self, view: PlayerView) -> Action:
        return Knock()


class Crash(Player):
    def decide(self, view: PlayerView) -> Action:
        raise RuntimeError("lost its cards")


@pytest.mark.parametrize("player", [Cheat, Crash])
def test_a_failing_computer_plays_a_legal_action_instead(player, theme, data_dir, capsys):
    seed = next(s for s in range(100) if MatchSession.new(Options(), s, "simple").computer_to_act)
    session = MatchSession.new(Options(), seed, "simple")
    session.computer = player(session.computer.rng)
    flow = MatchFlow(AppContext(theme), SaveStore(data_dir), session)
    screen = ComputerTurnScreen(flow)
    assert screen.thread is not None
    screen.thread.join()
    screen.update(0)
    assert len(session.hand.log) == 1 and session.record.steps[0] in ("take", "pass")
    assert "the computer player erred" in capsys.readouterr().err
