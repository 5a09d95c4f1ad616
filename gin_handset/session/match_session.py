"""The match on the handset, and the only door through which it changes.

The person is in seat 0, the computer in seat 1. The session applies the person's actions, lets
the computer play (`ComputerTurn`: its decision in a worker thread, each of its steps held on
screen for a moment), asks the coach (`Coaching`: a hint, the review of a hand), deals the next
hand, and saves after every step, collecting what went wrong (saving, a failing computer player)
for the screens to show. Screens read the person's `PlayerView` and the public match facts; they
never save.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from gin_handset.ai.coach import Advice
from gin_handset.ai.levels import make_player
from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action, action_text
from gin_handset.rules.hand import Event, HandResult, IllegalAction, Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from gin_handset.session.background import POLL_MS, Background
from gin_handset.session.coaching import Coaching
from gin_handset.session.computer_turn import ComputerTurn
from gin_handset.session.ledger import Ledger
from gin_handset.session.record import COMPUTER, HUMAN, NEXT_HAND, MatchRecord, replay
from gin_handset.session.replayer import positions
from gin_handset.session.review import Reconsidered
from gin_handset.session.saves import MAX_STEPS, SaveStore
from gin_handset.session.seats import COMPUTER_SEATS, Seats

__all__ = ["POLL_MS", "ClosedSession", "MatchSession"]
FULL = f"The match has {MAX_STEPS} steps, the most a save holds: it cannot go on"


class ClosedSession(RuntimeError):
    """The match was left: a closed session changes nothing and saves nothing."""


class MatchSession:
    def __init__(
        self, record: MatchRecord, store: SaveStore | None = None, player: Player | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        self.record = record
        self.ledger = ledger  # the player's statistics and history, told of the match's end
        self._match = replay(record)
        self.store = store
        self.problems: list[str] = []  # news about saving and the computer not yet shown
        self._save_failing = False
        self.closed = False
        # The computer recalls the hands already over, so a resumed match plays on as the
        # uninterrupted one would; only the simple and easy players' memory of the hand in
        # progress starts afresh.
        rng = random.Random()
        self._turn = ComputerTurn(self, player or make_player(record.difficulty, rng), rng)
        self._coaching = Coaching()
        self._views: dict[int, tuple[int, PlayerView]] = {}
        if NEXT_HAND in record.steps or self._match.hand.is_over:  # a hand already over
            for position in positions(record):  # what the computer saw at the end of each
                if position.match.hand.is_over:
                    self.computer.recall(view_of(position.match.hand, COMPUTER))
        if self._match.is_over:  # a match that ended but whose save was not cleared (killed)
            self._save()

    @classmethod
    def new(cls, options: Options, seed: int, difficulty: str, store: SaveStore | None = None,
            first_hand: int = 0, first_dealer: int | None = None, ledger: Ledger | None = None,
            started: str = "") -> MatchSession:
        """A new match (from hand ``first_hand`` of the seed's deals, begun at ``started``),
        saved at once when there is a store."""
        record = MatchRecord(options, seed, difficulty, (), first_hand, first_dealer,
                             started=started)
        session = cls(record, store, ledger=ledger)
        session._save()
        return session

    # What anyone may know: the person's view and the public facts of the match.

    @property
    def match(self) -> MatchState:
        """The whole state (both hands, the stock): for tests and the rules, not for screens."""
        return self._match

    def view(self, seat: int = HUMAN) -> PlayerView:
        """What ``seat`` may know now (built once per step: screens ask for it often)."""
        step = len(self.record.steps)
        cached = self._views.get(seat)
        if cached is None or cached[0] != step:
            cached = (step, view_of(self._match.hand, seat, self._match.scores))
            self._views[seat] = cached
        return cached[1]

    @property
    def seats(self) -> Seats:
        """The person in seat 0, the computer in seat 1."""
        return COMPUTER_SEATS

    @property
    def seed(self) -> int:
        return self.record.seed

    @property
    def options(self) -> Options:
        return self.record.options

    @property
    def scores(self) -> tuple[int, int]:
        return self._match.scores

    @property
    def hand_number(self) -> int:
        """0 for the first hand."""
        return self._match.hand_number

    @property
    def hand_seed(self) -> int:
        return self._match.hand_seed

    @property
    def results(self) -> tuple[HandResult, ...]:
        return self._match.results

    @property
    def result(self) -> HandResult | None:
        """The result of the hand, once it is over."""
        return self._match.hand.result

    @property
    def hand_over(self) -> bool:
        return self._match.hand.is_over

    @property
    def match_over(self) -> bool:
        return self._match.is_over

    @property
    def winner(self) -> int | None:
        return self._match.winner

    @property
    def phase(self) -> Phase:
        return self._match.hand.phase

    @property
    def human_to_act(self) -> bool:
        return not self.hand_over and self._match.hand.turn == HUMAN

    @property
    def computer_to_act(self) -> bool:
        return not self.hand_over and self._match.hand.turn == COMPUTER and not self.full

    @property
    def full(self) -> bool:
        """The match has as many steps as a save may hold: it cannot go on (the game never
        writes a save it would refuse to read)."""
        return len(self.record.steps) >= MAX_STEPS

    # The computer's turn (`ComputerTurn`).

    @property
    def computer(self) -> Player:
        """The computer player (tests may put another in its seat)."""
        return self._turn.player

    @computer.setter
    def computer(self, player: Player) -> None:
        self._turn.player = player

    @property
    def computer_step(self) -> Event | None:
        """The computer's last step, while shown (tests may stage one)."""
        return self._turn.step

    @computer_step.setter
    def computer_step(self, step: Event | None) -> None:
        self._turn.step = step

    @property
    def computer_laid_down(self) -> bool:
        """The computer's last step laid its melds down (tests may stage it)."""
        return self._turn.laid_down

    @computer_laid_down.setter
    def computer_laid_down(self, laid_down: bool) -> None:
        self._turn.laid_down = laid_down

    @property
    def computer_playing(self) -> bool:
        """The computer is to act, or its last step is still being shown."""
        return self._turn.playing

    @property
    def thinking_shown(self) -> bool:
        """The computer has been deciding long enough to say so."""
        return self._turn.thinking_shown

    def advance(self, ms: int) -> bool:
        """Let the computer play on for ``ms`` of the clock; True when what it shows changed:
        a step played, or the notice that it is thinking."""
        return self._turn.advance(ms)

    def hurry(self) -> None:
        """Stop holding the computer's last step on screen."""
        self._turn.hurry()

    def wake_in(self) -> int | None:
        """Milliseconds until `advance` has something to do; None when only a key can help."""
        return self._turn.wake_in()

    def decision_in_progress(self) -> Background[Action] | None:
        """The computer's decision being made, if any (tests wait for it)."""
        return self._turn.decision_in_progress()

    def play_computer(self, action: Action) -> Event | None:
        """Apply the computer's action (for `ComputerTurn`): the public event it made, None
        when it laid its melds down; IllegalAction when it is not the computer's turn or the
        rules refuse it."""
        if not self.computer_to_act:
            raise IllegalAction("not the computer's turn")
        before = len(self._match.hand.log)
        self._apply(action)
        log = self._match.hand.log
        return log[-1] if len(log) > before else None

    # The coach (`Coaching`).

    def ask_hint(self) -> str | None:
        """Start working out the coach's move for the player (off the main loop); the match is
        marked as assisted from now on. Why not, when the player has no decision to make."""
        if not self.human_to_act or self.closed:
            return "No move of yours to hint at now"
        self._coaching.ask_hint(self.record, self.view(HUMAN))
        if not self.record.assisted:
            self.record = replace(self.record, assisted=True)
            self._save()
        return None

    def hint(self) -> Advice | None:
        """The coach's advice for the present step, once worked out."""
        return self._coaching.hint(len(self.record.steps))

    def hint_pending(self) -> bool:
        return self._coaching.hint_pending(len(self.record.steps))

    def review(self) -> list[Reconsidered] | None:
        """The player's knock decisions of the hand just over that the coach would have made
        otherwise; None while they are being worked out (in the background, from the first
        call at the hand's end)."""
        return self._coaching.review(self.record) if self.hand_over else None

    # Changes: the person's actions, the next hand; leaving.

    def act(self, action: Action) -> str | None:
        """Apply the person's action; the reason when the rules refuse it, else None."""
        if self.full:
            return FULL
        if not self.human_to_act:
            return "Not your turn"
        self._turn.forget_step()
        try:
            self._apply(action)
        except IllegalAction as error:
            return str(error)
        return None

    def next_hand(self) -> None:
        """Deal the next hand of a match that is not over."""
        self._check_open()
        if self.full:
            self.problems.append(FULL)
            return
        self._turn.forget_step()
        self._match = self._match.next_hand()
        self._record(NEXT_HAND)

    def close(self) -> None:
        """The match was left: drop the work in progress; change nothing more."""
        self._turn.close()
        self._coaching.close()
        self.closed = True

    def take_problems(self) -> list[str]:
        """The problems not yet shown, once."""
        problems, self.problems = self.problems, []
        return problems

    def _apply(self, action: Action) -> None:
        self._check_open()
        if self.full:
            raise IllegalAction(FULL)
        self._match = self._match.apply(action)
        self._record(action_text(action))

    def _check_open(self) -> None:
        if self.closed:
            raise ClosedSession("the match was left")

    def _record(self, step: str) -> None:
        self.record = self.record.plus(step)
        self._save()

    def _save(self) -> None:
        """Save the match. Once it is over, the bookkeeping of `Ledger.finish`: the save is
        cleared only when the statistics and the history hold the match (killed or failing
        anywhere in between, it is counted once, at the next start or when continued)."""
        store, record = self.store, self.record
        if self._match.is_over and self.ledger is not None:
            self.problems.extend(self.ledger.finish(record, self._match, store))
        elif (store is not None and self._storing(lambda: store.save(record))
              and self._match.is_over):
            self._storing(store.clear)

    def _storing(self, change: Callable[[], None]) -> bool:
        """Save or clear; whether it worked. A failure is told once, and its end."""
        try:
            change()
        except OSError as error:
            if not self._save_failing:  # once per failure, not at every step
                self.problems.append(f"The match could not be saved: {error}")
            self._save_failing = True
            return False
        if self._save_failing:
            self.problems.append("The match is saved again.")
            self._save_failing = False
        return True
