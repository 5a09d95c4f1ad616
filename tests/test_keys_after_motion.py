"""A key pressed for something that moves ends it and acts on nothing else: OK pressed as the
deal ends by itself does not take the upcard; OK pressed to hurry the computer as its turn ends
does not draw from the stock."""

from __future__ import annotations

from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.rules.hand import Phase
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import CARD_MS, DEALT, END_MS, UPCARD_MS, DealScreen
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.play import Focus, PlayScreen
from gin_handset.screens.match.router import GRACE_MS, MatchHost
from tests.conftest import skin_theme

DEAL_MS = DEALT * CARD_MS + UPCARD_MS + END_MS
CPU = 1


def dealt_to_me(seed: int = 8) -> tuple[ScreenStack, MatchHost]:
    """A new match whose first deal the computer deals: the upcard is offered to the player
    first."""
    stack = ScreenStack(main_menu(skin_theme("classic"), start=MatchStart(seed, 0, CPU)))
    stack.key(K.SELECT)  # New Game
    host = stack.top
    assert isinstance(host, MatchHost) and isinstance(host.current, DealScreen)
    return stack, host


def test_ok_as_the_deal_ends_by_itself_does_not_take_the_upcard(data_dir) -> None:
    stack, host = dealt_to_me()
    stack.update(DEAL_MS - 16)
    assert isinstance(host.current, DealScreen)
    stack.update(16)  # the deal ends by itself; the player's OK was on its way
    play = host.current
    assert isinstance(play, PlayScreen) and play.focus is Focus.CHOICES
    assert play.choices()[play.choice_cursor][0] == "Take", "Take is preselected"
    stack.key(K.SELECT)
    stack.key(K.NUM5)
    assert host.ui.view().phase is Phase.OFFER and host.ui.session.record.steps == ()
    assert 0 < host.wake_in() <= GRACE_MS, "the loop wakes when keys act again"
    stack.update(GRACE_MS)
    stack.key(K.SELECT)
    assert host.ui.session.record.steps == ("take",), "a key pressed once the screen is seen acts"


def test_ok_during_the_deal_ends_the_deal_only(data_dir) -> None:
    stack, host = dealt_to_me()
    stack.update(5 * CARD_MS)
    stack.key(K.SELECT)
    play = host.current
    assert isinstance(play, PlayScreen) and host.ui.view().phase is Phase.OFFER
    assert host.ui.session.record.steps == ()
    stack.key(K.SELECT)
    assert host.ui.session.record.steps == ("take",), "the deal skipped, the next OK takes"


def test_a_key_just_as_the_computers_turn_ends_does_not_draw(data_dir) -> None:
    stack, host = dealt_to_me()
    stack.key(K.SELECT)  # skip the deal
    stack.key(K.NUM8)
    stack.key(K.SELECT)  # pass the upcard: the computer's turn
    assert isinstance(host.current, ComputerTurnScreen)
    session = host.ui.session
    while isinstance(host.current, ComputerTurnScreen):
        decision = session.decision_in_progress()
        if decision is not None:
            decision.wait()
        stack.update(16)
    play = host.current
    assert isinstance(play, PlayScreen) and play.focus is Focus.PILES
    steps = session.record.steps
    stack.key(K.SELECT)  # pressed to hurry the computer, as its turn ended
    assert session.record.steps == steps and host.ui.view().phase is not Phase.DISCARD
    stack.update(GRACE_MS)
    stack.key(K.SELECT)
    assert len(session.record.steps) == len(steps) + 1, "then OK draws"
