"""Expert on the phone: its search runs off the main loop, which keeps drawing (the "thinking"
dots move) and answering keys while it thinks; OK hurries it to decide with what it has, and a
left match stops it. The hint against Expert is Expert's, within its budget.

Nothing here asserts how long anything takes: Expert is given a budget it could not finish in
minutes, so a decision that ends did so because it was hurried; the waits are guards only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pygame
import pytest

from gin_handset.ai import expert
from gin_handset.ai.coach import Coach, coach_level
from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.hard import HardPlayer
from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.rules.actions import Action, Knock, TakeUpcard
from gin_handset.rules.hand import EventKind
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of
from gin_handset.screens.match.computer import DOT_MS, ComputerTurnScreen
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.router import MatchHost
from gin_handset.session.background import Background
from gin_handset.session.coaching import HINT_SECONDS
from gin_handset.session.computer_turn import PACE_MS
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import COMPUTER, HUMAN, MatchRecord, replay
from gin_handset.session.review import reconsider
from gin_handset.settings import Settings
from tests.test_play_app import PYGAME_KEYS

ENDLESS = 10_000_000  # worlds a decision: never done unless hurried
GUARD_S = 120  # the most a test waits for a hurried decision (a guard, not a measure)


def searching_seed(who: int) -> int:
    """A seed where ``who`` acts first and takes the upcard (Hard's draw, which Expert plays
    without a search), then has a real choice of discard for Expert (its first search)."""
    for seed in range(500):
        session = MatchSession.new(Options(), seed, "hard")
        seat = COMPUTER if session.computer_to_act else HUMAN
        if seat != who or HardPlayer(random.Random(0)).choose(session.view(seat)) != TakeUpcard():
            continue
        if seat == COMPUTER:
            session.play_computer(TakeUpcard())
        else:
            session.act(TakeUpcard())
        if len(ExpertPlayer(random.Random(0)).candidates(session.view(seat))) > 1:
            return seed
    raise AssertionError("no such seed")


def searching(session: MatchSession) -> Background[Action]:
    """The computer's first search: its take played (Hard's move, made at once), the next
    decision in progress."""
    first = session.decision_in_progress()
    assert first is not None and first.wait(GUARD_S)
    session.advance(0)
    assert session.record.steps and session.computer_step is not None
    decision = session.decision_in_progress()
    assert decision is not None
    return decision


@pytest.fixture
def endless(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[MatchSession]]:
    """Expert with an endless budget; the sessions the test puts in the list are closed at its
    end (so that no search outlives it, whatever happened)."""
    monkeypatch.setattr(expert, "SAMPLES", ENDLESS)
    sessions: list[MatchSession] = []
    yield sessions
    for session in sessions:
        session.close()


class Phone:
    """The whole app (composition root, headless window) in a match against Expert."""

    def __init__(self, seed: int) -> None:
        skin = load_skin("classic")
        window = pygame.display.set_mode(skin.body_size)
        self.app = assemble(skin, window, 1, settings=Settings(difficulty="expert"),
                            start=MatchStart(seed))
        self.app.step([], 0)
        self.press(K.SELECT)  # New Game
        host = self.app.stack.top
        assert isinstance(host, MatchHost)
        self.host = host
        self.press(K.SELECT)  # the deal skipped

    def press(self, key: K) -> bool:
        code = PYGAME_KEYS[key]
        events = [pygame.event.Event(kind, key=code, mod=0, scancode=0)
                  for kind in (pygame.KEYDOWN, pygame.KEYUP)]
        return self.app.step(events, 16)


def test_the_phone_keeps_drawing_and_answering_while_expert_thinks_and_ok_hurries_it(endless):
    phone = Phone(searching_seed(COMPUTER))
    session = phone.host.ui.session
    endless.append(session)
    screen = phone.host.current
    assert isinstance(screen, ComputerTurnScreen) and isinstance(session.computer, ExpertPlayer)
    waited = time.monotonic()
    while not session.record.steps:  # the take, Hard's move made at once in its thread
        assert time.monotonic() - waited < GUARD_S, "the take was played"
        time.sleep(0.005)
        phone.app.step([], 16)
    assert screen.prompt()[0].startswith("CPU took")
    decision = session.decision_in_progress()
    assert decision is not None
    frames = phone.app.frames
    for _ in range((PACE_MS[EventKind.TAKE] + 6 * DOT_MS) // 100):
        phone.app.step([], 100)
    assert not decision.done and session.thinking_shown
    assert phone.app.frames - frames >= 4, "the dots after 'thinking' moved on every frame"
    assert screen.prompt()[0].startswith("CPU is thinking"), "after the take, shown its time"
    assert phone.press(K.RIGHT) and screen.rearranging, "a key is answered while it thinks"
    assert len(session.record.steps) == 1

    phone.press(K.SELECT)  # OK: decide now
    assert decision.wait(GUARD_S), "the hurried search ended"
    player = session.computer
    assert isinstance(player, ExpertPlayer)
    assert expert.BATCH <= player.worlds_played < ENDLESS
    phone.app.step([], 16)
    assert len(session.record.steps) == 2, "the hurried decision was played"


def test_ok_while_a_step_is_shown_ends_the_step_and_leaves_the_next_decision_be(endless):
    session = MatchSession.new(Options(), searching_seed(COMPUTER), "expert")
    endless.append(session)
    player = session.computer
    decision = session.decision_in_progress()
    session.hurry()  # thinking about its first move, nothing shown: hurried
    assert decision is not None and decision.wait(GUARD_S)
    assert session.advance(0) and session.computer_step is not None
    player.hurried = False  # as if the next decision had just begun
    session.hurry()  # the step held on screen ends
    assert not player.hurried and session.wake_in() in (0, 16, None)


def test_leaving_the_match_stops_experts_search(endless):
    session = MatchSession.new(Options(), searching_seed(COMPUTER), "expert")
    decision = searching(session)
    session.close()
    assert decision.wait(GUARD_S) and decision.abandoned
    assert session.computer.worlds_played < ENDLESS


def test_the_review_against_expert_is_experts() -> None:
    """The review asks the coach of the hints (Expert against Expert, else Hard), so it never
    faults a knock the hint advised: here the player knocked with 2, which Hard would not have
    done (it knocks from +20 expected points) and Expert's forecast would."""
    steps = ("take", "discard Qh", "end", "stock", "discard Qs", "end", "pile", "discard Kh",
             "end", "stock", "discard Jd", "end", "stock", "discard Jc", "end", "stock",
             "discard Qc", "end", "stock", "discard 9s", "end", "pile", "discard 7s", "end",
             "pile", "discard 2c", "knock", "arrange 5s 6s 7s|Js Qs Ks|Ac Ad As",
             "arrange 8c 8d 8h|9d 9h 9s")
    against_hard = reconsider(MatchRecord(Options(), 1, "hard", steps), HUMAN)
    assert [entry.yours for entry in against_hard] == ["You knocked with deadwood 2"]
    assert "the coach knocks from +20" in against_hard[0].coach_text
    assert reconsider(MatchRecord(Options(), 1, "expert", steps), HUMAN) == []
    knock = steps.index("knock")
    view = view_of(replay(MatchRecord(Options(), 1, "expert", steps[:knock])).hand,
                   HUMAN, (0, 0))
    assert isinstance(Coach(coach_level("expert")).advise(view).action, Knock), "Expert knocks"


def test_the_hint_against_expert_is_experts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "SAMPLES", 8)
    assert (coach_level("expert"), coach_level("hard"), coach_level("easy")) == (
        "expert", "hard", "hard")
    assert HINT_SECONDS <= 1.0
    session = MatchSession.new(Options(), searching_seed(HUMAN), "expert")
    assert session.act(TakeUpcard()) is None
    assert session.ask_hint() is None
    while session.hint_pending():
        time.sleep(0.005)
    advice = session.hint()
    step = len(session.record.steps)
    coach = Coach("expert", random.Random(f"{session.record.seed}/hint/{step}"), samples=8)
    assert advice == coach.advise(session.view(HUMAN))


def test_an_expert_hint_stops_at_its_time_or_when_hurried() -> None:
    session = MatchSession.new(Options(), searching_seed(HUMAN), "hard")
    assert session.act(TakeUpcard()) is None
    view = session.view(HUMAN)
    timed = Coach("expert", random.Random(1), samples=ENDLESS, seconds=0.01)
    assert timed.advise(view).action in view.legal_actions
    assert isinstance(timed.player, ExpertPlayer) and timed.player.worlds_played < ENDLESS
    hurried = Coach("expert", random.Random(1), samples=ENDLESS)
    hurried.hurry()
    assert hurried.advise(view).action in view.legal_actions
    assert isinstance(hurried.player, ExpertPlayer)
    assert hurried.player.worlds_played == expert.BATCH
