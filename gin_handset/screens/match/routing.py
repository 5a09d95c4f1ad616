"""Which match screen shows the session's present state."""

from __future__ import annotations

from gin_handset.rules.hand import Phase
from gin_handset.screens.base import Screen
from gin_handset.screens.match.flow import MatchFlow


def screen_for(flow: MatchFlow) -> Screen:
    """The score at a hand's end, the computer's turn, the showdown, or the player's turn;
    first a notice of any save that failed since the last screen."""
    screen = _present(flow)
    if not flow.problems:
        return screen
    from gin_handset.screens.match.confirm import NoticeScreen

    problems, flow.problems = flow.problems, []
    return NoticeScreen(problems, screen, flow.context.theme, "Not saved")


def _present(flow: MatchFlow) -> Screen:
    from gin_handset.screens.match.arrange import ArrangeScreen
    from gin_handset.screens.match.computer import ComputerTurnScreen
    from gin_handset.screens.match.play import PlayScreen
    from gin_handset.screens.match.score import ScoreScreen

    session = flow.session
    if session.hand.is_over:
        return ScoreScreen(flow)
    if session.computer_to_act:
        return ComputerTurnScreen(flow)
    if session.hand.phase in (Phase.KNOCKER_ARRANGE, Phase.DEFENDER_ARRANGE):
        return ArrangeScreen(flow)
    return PlayScreen(flow)
