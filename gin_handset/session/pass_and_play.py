"""Two people, one phone: pass and play.

The phone shows one seat at a time, the `viewer`. When the other seat is to act (its turn, its
arrangement at the showdown, the first move of a new hand) the screens first ask for the phone
to be passed (`needs_pass`); the player it was passed to takes it over (`take_over`), and only
then is their hand shown. The end of a hand is shown to both. The match seed is kept from both
players until the match is over, as at a network table: it fixes the order of the stock.
"""

from __future__ import annotations

from gin_handset.ai.levels import PEOPLE
from gin_handset.rules.options import Options
from gin_handset.session.ledger import Ledger
from gin_handset.session.match_base import MatchBase
from gin_handset.session.record import MatchRecord
from gin_handset.session.saves import SaveStore
from gin_handset.session.seats import Seats


class PassAndPlaySession(MatchBase):
    def __init__(self, record: MatchRecord, store: SaveStore | None = None,
                 ledger: Ledger | None = None) -> None:
        if record.difficulty != PEOPLE or len(record.names) != 2:
            raise ValueError("pass and play is a table of two people, both named")
        super().__init__(record, store, ledger)
        self.viewer: int | None = None  # nobody holds the phone yet: it is passed first
        if self._match.is_over:  # a match that ended but whose save was not cleared (killed)
            self._save()

    @classmethod
    def new(cls, options: Options, seed: int, names: tuple[str, str],
            store: SaveStore | None = None, ledger: Ledger | None = None,
            started: str = "") -> PassAndPlaySession:
        """A new match between ``names`` (by seat), saved at once when there is a store."""
        record = MatchRecord(options, seed, PEOPLE, started=started, names=names)
        session = cls(record, store, ledger)
        session._save()
        return session

    @property
    def seats(self) -> Seats:
        me = self.viewer if self.viewer is not None else self.to_act
        return Seats(me, (self.record.names[0], self.record.names[1]))

    @property
    def seed(self) -> int | None:
        return self.record.seed if self.match_over else None

    @property
    def needs_pass(self) -> bool:
        """The phone must go to the other player before anything more is shown."""
        return not self.hand_over and self.viewer != self.to_act

    @property
    def human_to_act(self) -> bool:
        return not self.hand_over and self.viewer == self.to_act

    def take_over(self) -> None:
        """The player to act has the phone now."""
        self.viewer = self.to_act

    def next_hand(self) -> None:
        super().next_hand()
        self.viewer = None
