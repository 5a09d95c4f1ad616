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
from dataclasses import replace

from gin_handset.ai.coach import Advice
from gin_handset.ai.levels import make_player
from gin_handset.ai.player import Player
from gin_handset.rules.actions import Action
from gin_handset.rules.hand import Event, IllegalAction
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of
from gin_handset.session.background import POLL_MS, Background
from gin_handset.session.coaching import Coaching
from gin_handset.session.computer_turn import ComputerTurn
from gin_handset.session.ledger import Ledger
from gin_handset.session.match_base import ClosedSession, MatchBase
from gin_handset.session.record import COMPUTER, HUMAN, NEXT_HAND, MatchRecord
from gin_handset.session.replayer import positions
from gin_handset.session.review import Reconsidered
from gin_handset.session.saves import SaveStore

__all__ = ["POLL_MS", "ClosedSession", "MatchSession"]


class MatchSession(MatchBase):
    coached = True
    can_hurry = True

    def __init__(
        self, record: MatchRecord, store: SaveStore | None = None, player: Player | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        super().__init__(record, store, ledger)
        # The computer recalls the end of each hand already over, so a resumed match plays on
        # as the uninterrupted one would (a hand just over is shown to it when the next hand is
        # dealt, as in a match played on); only the simple and easy players' memory of the
        # hand in progress starts afresh.
        rng = random.Random()
        self._turn = ComputerTurn(self, player or make_player(record.difficulty, rng), rng)
        self._coaching = Coaching()
        if NEXT_HAND in record.steps:
            ends = [p.match for p in positions(record) if p.match.hand.is_over]
            for match in ends[:-1] if self._match.hand.is_over else ends:
                self.computer.recall(view_of(match.hand, COMPUTER, match.scores))
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

    @property
    def computer_to_act(self) -> bool:
        return not self.hand_over and self._match.hand.turn == COMPUTER and not self.full

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
        self._turn.forget_step()
        return super().act(action)

    def next_hand(self) -> None:
        """Deal the next hand of a match that is not over."""
        self._check_open()
        self._turn.forget_step()
        self.computer.recall(view_of(self._match.hand, COMPUTER, self._match.scores))
        super().next_hand()

    def close(self) -> None:
        """The match was left: drop the work in progress; change nothing more."""
        self._turn.close()
        self._coaching.close()
        super().close()
