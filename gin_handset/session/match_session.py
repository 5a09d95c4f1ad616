"""The match on the handset, and the only door through which it changes.

The person is in seat 0, the computer in seat 1. The session applies the person's actions, lets
the computer play (its decision in a worker thread, each of its steps held on screen for a
moment, a legal action played instead when the computer player fails), deals the next hand,
and saves after every step, collecting what went wrong with saving for the screens to show.
Screens read the person's `PlayerView` and the public match facts; they never save.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace

from gin_handset.ai.coach import Advice, advise
from gin_handset.ai.player import Player
from gin_handset.ai.players import make_player
from gin_handset.rules.actions import Action, action_text
from gin_handset.rules.hand import Event, HandResult, IllegalAction, Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from gin_handset.session.background import Background
from gin_handset.session.ledger import Ledger
from gin_handset.session.record import COMPUTER, HUMAN, NEXT_HAND, MatchRecord, replay
from gin_handset.session.replayer import positions
from gin_handset.session.review import Reconsidered, reconsider
from gin_handset.session.saves import MAX_STEPS, SaveStore

# How long each kind of computer step stays on screen, in milliseconds of the logical clock.
PACE_MS = {
    "pass": 900, "take": 1000, "stock": 800, "pile": 1000, "discard": 1000, "cancel": 600,
    "knock": 1400, "end": 150,
}
ARRANGE_MS = 900  # the computer laying down its melds
THINKING_SHOWN_MS = 300  # "thinking" is shown only when a decision takes longer than this
POLL_MS = 16  # how often a decision in progress is looked at
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
        # The computer's randomness is seeded afresh for each decision from the match seed and
        # the step number, and it recalls the hands already over, so a resumed match plays on
        # as the uninterrupted one would; only the simple and easy players' memory of the hand
        # in progress starts afresh.
        self._rng = random.Random()
        self.computer: Player = player or make_player(record.difficulty, self._rng)
        self.problems: list[str] = []  # news about saving not yet shown
        self._save_failing = False
        self.closed = False
        self._decision: Background[Action] | None = None
        self._hint: tuple[int, Background[Advice]] | None = None  # the step it was asked at
        self._review: tuple[int, Background[list[Reconsidered]]] | None = None
        self._hold_ms = 0
        self._waited_ms = 0
        self.computer_step: Event | None = None  # the computer's last step, while shown
        self.computer_laid_down = False  # its last step laid its melds down
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

    @property
    def computer_playing(self) -> bool:
        """The computer is to act, or its last step is still being shown."""
        return self.computer_to_act or self._hold_ms > 0

    @property
    def thinking_shown(self) -> bool:
        """The computer has been deciding long enough to say so."""
        return self._decision is not None and self._waited_ms >= THINKING_SHOWN_MS

    # Changes: the person's actions, the computer's play, the next hand.

    def act(self, action: Action) -> str | None:
        """Apply the person's action; the reason when the rules refuse it, else None."""
        if self.full:
            return FULL
        if not self.human_to_act:
            return "Not your turn"
        self.computer_step, self.computer_laid_down = None, False
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
        self.computer_step, self.computer_laid_down = None, False
        self._match = self._match.next_hand()
        self._record(NEXT_HAND)

    def advance(self, ms: int) -> bool:
        """Let the computer play on for ``ms`` of the clock; True when what it shows changed:
        a step played, or the notice that it is thinking."""
        if self.closed:
            return False
        if self._hold_ms > 0:
            self._hold_ms = max(0, self._hold_ms - ms)
            if self._hold_ms > 0:
                return False
        if not self.computer_to_act:
            return False
        if self._decision is None:
            self._think()
        assert self._decision is not None
        if not self._decision.done:
            shown = self.thinking_shown
            self._waited_ms += ms
            return self.thinking_shown != shown
        self._play(self._decision)
        return True

    def hurry(self) -> None:
        """Stop holding the computer's last step on screen."""
        self._hold_ms = 0

    def wake_in(self) -> int | None:
        """Milliseconds until `advance` has something to do; None when only a key can help."""
        if self.closed:
            return None
        if self._hold_ms > 0:
            return self._hold_ms
        if not self.computer_to_act:
            return None
        if self._decision is not None and not self._decision.done:
            return POLL_MS
        return 0

    def decision_in_progress(self) -> Background[Action] | None:
        """The computer's decision being made, if any (tests wait for it)."""
        if self._decision is None and self.computer_to_act and not self.closed:
            self._think()
        return self._decision

    def ask_hint(self) -> str | None:
        """Start working out the coach's move for the player (off the main loop); the match is
        marked as assisted from now on. Why not, when the player has no decision to make."""
        if not self.human_to_act or self.closed:
            return "No move of yours to hint at now"
        step = len(self.record.steps)
        if self._hint is None or self._hint[0] != step:
            view, rng = self.view(HUMAN), random.Random(f"{self.record.seed}/hint/{step}")
            self._hint = (step, Background(lambda: advise(view, rng), "hint"))
        if not self.record.assisted:
            self.record = replace(self.record, assisted=True)
            self._save()
        return None

    def hint(self) -> Advice | None:
        """The coach's advice for the present step, once worked out."""
        if self._hint is None or self._hint[0] != len(self.record.steps):
            return None
        work = self._hint[1]
        return work.result if work.done else None

    def review(self) -> list[Reconsidered] | None:
        """The player's knock decisions of the hand just over that the coach would have made
        otherwise; None while they are being worked out (in the background, from the first
        call at the hand's end)."""
        if not self.hand_over:
            return None
        step = len(self.record.steps)
        if self._review is None or self._review[0] != step:
            record = self.record
            self._review = (step, Background(lambda: reconsider(record, HUMAN), "review"))
        work = self._review[1]
        if not work.done:
            return None
        return work.result if work.result is not None else []

    def hint_pending(self) -> bool:
        return (self._hint is not None and self._hint[0] == len(self.record.steps)
                and not self._hint[1].done)

    def close(self) -> None:
        """The match was left: drop the work in progress; change nothing more."""
        for work in (self._decision, self._hint[1] if self._hint else None,
                     self._review[1] if self._review else None):
            if work is not None:
                work.abandon()
        self._decision = self._hint = self._review = None
        self.closed = True

    def take_problems(self) -> list[str]:
        """The save failures not yet shown, once."""
        problems, self.problems = self.problems, []
        return problems

    def _think(self) -> None:
        self._rng.seed(f"{self.record.seed}/computer/{len(self.record.steps)}")
        view, player = self.view(COMPUTER), self.computer
        self._decision = Background(lambda: player.choose(view), "computer-decision")
        self._waited_ms = 0

    def _play(self, decision: Background[Action]) -> None:
        """Apply the computer's decision (a legal action instead if it failed) and hold it."""
        self._decision = None
        before = len(self._match.hand.log)
        try:
            if decision.result is None:
                raise IllegalAction(f"no action ({decision.error!r})")
            self._apply(decision.result)
        except IllegalAction as problem:
            fallback = self.view(COMPUTER).legal_actions[0]
            print(f"gin-handset: the computer player erred: {problem}; it plays {fallback}",
                  file=sys.stderr)
            self._apply(fallback)
        log = self._match.hand.log
        if len(log) > before:
            self.computer_step, self.computer_laid_down = log[-1], False
            self._hold_ms = PACE_MS[log[-1].kind]
        else:
            self.computer_step, self.computer_laid_down = None, True
            self._hold_ms = ARRANGE_MS
        if self.computer_to_act:
            self._think()

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
