"""What every match played on this phone shares, whoever sits at the table: the record and
the state it leads to, the public facts, the seats' views, the actions through the rules core,
the next hand, saving after every step and the player's record at the match's end.

`MatchSession` (against the computer) and `PassAndPlaySession` (two people, one phone) build on
it; the screens see one interface. What no seat plays on its own here (the computer's turn, the
coach) answers as nobody is playing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gin_handset.rules.actions import Action, action_text
from gin_handset.rules.bonuses import FinalScore
from gin_handset.rules.hand import Event, HandResult, IllegalAction, Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from gin_handset.session.ledger import Ledger
from gin_handset.session.record import HUMAN, NEXT_HAND, MatchRecord, replay
from gin_handset.session.saves import MAX_STEPS, SaveStore
from gin_handset.session.seats import COMPUTER_SEATS, Seats

if TYPE_CHECKING:
    from gin_handset.ai.coach import Advice
    from gin_handset.session.background import Background
    from gin_handset.session.review import Reconsidered


FULL = f"The match has {MAX_STEPS} steps, the most a save holds: it cannot go on"


class ClosedSession(RuntimeError):
    """The match was left: a closed session changes nothing and saves nothing."""


class SessionBase:
    """The interface the match screens use, with the answers of a table where nothing plays on
    its own and nobody coaches. `MatchBase` holds the match on this phone; `RemoteSession`
    (session/remote.py) shows a seat of a match held by a table server."""

    problems: list[str]
    closed: bool
    replayable = True  # the hand just over can be replayed and the match played again here
    kept_when_left = True  # leaving the match keeps it for Continue (not at a network table)
    coached = False  # the coach hints (only against the computer)
    can_hurry = False  # OK hurries the other seat's turn: only the computer's, never a person's

    @property
    def seats(self) -> Seats:
        raise NotImplementedError

    @property
    def step(self) -> int:
        """How many steps the match has taken (the screens' hand order follows it)."""
        raise NotImplementedError

    def view(self, seat: int | None = None) -> PlayerView:
        raise NotImplementedError

    @property
    def seed(self) -> int | None:
        """The match seed; None while it is the table's secret."""
        raise NotImplementedError

    @property
    def notice(self) -> str | None:
        """What the phone waits for, shown on the other seat's turn (a lost link)."""
        return None

    @property
    def clock(self) -> int | None:
        """Whole seconds left on the hand clock of the seat to act; None with no clock."""
        return None

    @property
    def ending(self) -> str | None:
        """Why the match ended, when not on points (shown at the game over)."""
        return None

    @property
    def full(self) -> bool:
        """The match has as many steps as a save may hold: it cannot go on (the game never
        writes a save it would refuse to read)."""
        return len(self.record.steps) >= MAX_STEPS

    @property
    def needs_pass(self) -> bool:
        """The phone must go to the other player first (only pass and play passes it)."""
        return False

    def take_over(self) -> None:
        """The player to act has the phone now."""

    # What plays on its own: nothing here (`MatchSession` has the computer).

    @property
    def computer_playing(self) -> bool:
        """The other seat plays on its own and its turn is being shown."""
        return False

    @property
    def computer_step(self) -> Event | None:
        """The other seat's last step, while shown."""
        return None

    @property
    def computer_laid_down(self) -> bool:
        return False

    @property
    def thinking_shown(self) -> bool:
        return False

    def advance(self, ms: int) -> bool:
        """Let the other seat play on for ``ms``; whether what it shows changed."""
        return False

    def poll(self, ms: int) -> bool:
        """While this phone's player acts or reads the score: take news from outside the
        phone (a network table's); whether what is shown changed. Nothing comes from outside
        here."""
        return False

    def poll_in(self) -> int | None:
        """Milliseconds until `poll` may have news; None when it never has."""
        return None

    @property
    def other_ready(self) -> bool:
        """The other player asked for the next hand and this one has not yet (only a table
        between two phones waits on a person)."""
        return False

    @property
    def leaving_loses(self) -> bool:
        """Leaving now loses the match (one in play at a network table): the player is asked
        first."""
        return False

    def hurry(self) -> None:
        """Stop holding the other seat's last step on screen."""

    def wake_in(self) -> int | None:
        """Milliseconds until `advance` has something to do; None when only a key can help."""
        return None

    def decision_in_progress(self) -> Background[Action] | None:
        """The other seat's decision being made on this phone, if any (tests wait for it)."""
        return None

    def ask_hint(self) -> str | None:
        """Start working out the coach's move; why not."""
        return "No hints at this table"

    def hint(self) -> Advice | None:
        return None

    def hint_pending(self) -> bool:
        return False

    def review(self) -> list[Reconsidered] | None:
        """The coach's second thoughts on the hand just over: none here."""
        return [] if self.hand_over else None

    @property
    def hand_over(self) -> bool:
        raise NotImplementedError

    @property
    def options(self) -> Options:
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, int]:
        raise NotImplementedError

    @property
    def hand_number(self) -> int:
        """0 for the first hand."""
        raise NotImplementedError

    @property
    def results(self) -> tuple[HandResult, ...]:
        raise NotImplementedError

    @property
    def result(self) -> HandResult | None:
        raise NotImplementedError

    @property
    def match_over(self) -> bool:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        raise NotImplementedError

    @property
    def final(self) -> FinalScore | None:
        """The final score, the match bonuses added when the options have them, once the match
        is over; None before."""
        raise NotImplementedError

    @property
    def first_hand(self) -> int:
        """The number (0 for the first hand of the seed's deals) of the first of `results`."""
        raise NotImplementedError

    @property
    def phase(self) -> Phase:
        raise NotImplementedError

    @property
    def human_to_act(self) -> bool:
        raise NotImplementedError

    @property
    def to_act(self) -> int:
        raise NotImplementedError

    def act(self, action: Action) -> str | None:
        """Play the action of this phone's player; the reason when it is refused."""
        raise NotImplementedError

    def next_hand(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """The match was left: change nothing more."""
        self.closed = True

    def suspend(self) -> None:
        """The app is closing: keep what Continue needs to come back to this match."""
        self.close()

    def take_problems(self) -> list[str]:
        """The problems not yet shown, once."""
        problems, self.problems = self.problems, []
        return problems


class MatchBase(SessionBase):
    def __init__(self, record: MatchRecord, store: SaveStore | None = None,
                 ledger: Ledger | None = None) -> None:
        self.record = record
        self.ledger = ledger  # the player's statistics and history, told of the match's end
        self._match = replay(record)
        self.store = store
        self.problems: list[str] = []  # news about saving (and the computer) not yet shown
        self._save_failing = False
        self.closed = False
        self._views: dict[int, tuple[int, PlayerView]] = {}

    # What anyone may know: the seats' views and the public facts of the match.

    @property
    def match(self) -> MatchState:
        """The whole state (both hands, the stock): for tests and the rules, not for screens."""
        return self._match

    @property
    def seats(self) -> Seats:
        """The person in seat 0, the computer in seat 1."""
        return COMPUTER_SEATS

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the seat this phone shows) may know now (built once per
        step: screens ask for it often)."""
        seat = self.seats.me if seat is None else seat
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
    def step(self) -> int:
        return len(self.record.steps)

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
    def final(self) -> FinalScore | None:
        return self._match.final

    @property
    def first_hand(self) -> int:
        return self.record.first_hand

    @property
    def phase(self) -> Phase:
        return self._match.hand.phase

    @property
    def human_to_act(self) -> bool:
        """A person on this phone is to act."""
        return not self.hand_over and self._match.hand.turn == HUMAN

    @property
    def to_act(self) -> int:
        """The seat whose move it is (in a hand that is over: the last one's)."""
        return self._match.hand.turn

    @property
    def computer_to_act(self) -> bool:
        return False

    # Changes: the person's actions, the next hand; leaving.

    def act(self, action: Action) -> str | None:
        """Apply the action of the person to act; the reason when the rules refuse it."""
        if self.full:
            return FULL
        if not self.human_to_act:
            return "Not your turn"
        try:
            self._apply(action)
        except IllegalAction as error:
            return str(error)
        return None

    def next_hand(self) -> None:
        """Deal the next hand of a match that is not over (and not `full`)."""
        self._check_open()
        if self.full:
            self.problems.append(FULL)
            return
        self._match = self._match.next_hand()
        self._record(NEXT_HAND)

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
