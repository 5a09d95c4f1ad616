"""The main menu's door to a match: New Game, Continue, whether a save exists, key pages.

The save lives in the host's data folder. The match seed is the command line's ``--seed`` when
given, else a fresh one from the system's random source. The order the player gave the hand is
not saved, but the door keeps it while the app runs: Continue shows the hand as it was left.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_handset.ai.levels import PEOPLE
from gin_handset.screens.base import Screen
from gin_handset.screens.context import AppContext, KeyPages
from gin_handset.screens.dialogs import NoticeScreen, confirm_replace
from gin_handset.screens.match.shortcuts import key_pages
from gin_handset.session.files import has_save, has_seat, started_now

if TYPE_CHECKING:
    from gin_handset.rules.options import Options
    from gin_handset.screens.match.ui import HandOrder, Route
    from gin_handset.session.match_base import MatchBase
    from gin_handset.session.record import MatchRecord
    from gin_handset.session.saves import SaveStore

SEED_BITS = 32

Orders = dict[int, "HandOrder"]  # each seat's hand order, as `MatchUI.orders`


@dataclass(frozen=True)
class MatchStart:
    """Where new matches start: the seed (--seed, else a fresh one), the hand of its deals
    (--hand, 0-based) and who deals it (--dealer, else the seed's dealer); where the table
    server of Create Table listens (--table-host)."""

    seed: int | None = None
    first_hand: int = 0
    first_dealer: int | None = None
    table_host: str = "127.0.0.1"


class MatchDoor:
    """Starts and resumes matches for the main menu."""

    def __init__(self, start: MatchStart | None = None) -> None:
        self.start = start or MatchStart()
        self.kept: tuple[tuple[object, ...], Orders] | None = None  # the last match's orders

    def key_pages(self) -> KeyPages:
        return key_pages()

    def can_start(self) -> bool:
        return True

    def has_saved(self, context: AppContext) -> bool:
        """Whether a save is there (asked without loading the game: the main menu asks at
        start)."""
        folder = context.host.data_dir()  # no, too, where it cannot be searched
        return has_seat(folder) or has_save(folder)

    def new_game(self, context: AppContext) -> Screen:
        """A new match with the current options; while a match is saved, ask first (the saved
        one is then counted as abandoned)."""
        settings = context.settings
        return self._replacing(context, lambda store, messages: self._new(
            context, store, settings.options, settings.difficulty, messages))

    def continue_game(self, context: AppContext) -> Screen | None:
        """The seat kept at a network table, rejoined (the other player waits for it); else
        the saved match where it was; a bad save is set aside, the player told, a new match."""
        from gin_handset.session.match_session import MatchSession

        rejoin = self._rejoin(context)
        if rejoin is not None:
            return rejoin
        store = self._store(context)
        record, messages = store.load()
        if record is not None and record.difficulty == PEOPLE:
            from gin_handset.session.pass_and_play import PassAndPlaySession

            return self._host(context, PassAndPlaySession(record, store, context.ledger()))
        if record is not None:
            return self._host(context, MatchSession(record, store, ledger=context.ledger()))
        if messages:
            settings = context.settings
            return NoticeScreen([*messages, "A new match starts."],
                                self._new(context, store, settings.options,
                                          settings.difficulty, []), context.theme)
        context.messages.append("There is no saved match to continue.")
        return None

    @staticmethod
    def _rejoin(context: AppContext) -> Screen | None:
        """Rejoining the seat kept at a network table, if one is; a bad seat file is set
        aside and the player told."""
        folder = context.host.data_dir()
        if not has_seat(folder):
            return None
        from gin_handset.screens.tables import rejoining
        from gin_handset.session.table_seat import SeatStore

        held, problems = SeatStore(folder).load()
        context.messages.extend(problems)
        return None if held is None else rejoining(context, held)

    def again(self, context: AppContext, record: MatchRecord) -> Screen:
        """Another match on ``record``'s options and level (the match's own, even if the
        settings changed meanwhile), between the same people at a table of two."""
        if record.difficulty == PEOPLE:
            return self.pass_and_play(context, (record.names[0], record.names[1]), record.options)
        return self._new(context, self._store(context), record.options, record.difficulty, [])

    def pass_and_play(self, context: AppContext, names: tuple[str, str],
                      options: Options | None = None) -> Screen:
        """A new match between two people on this phone (``names`` by seat), on ``options``
        (default: the settings'); while a match is saved, ask first (it is then counted as
        abandoned)."""
        chosen = options or context.settings.options
        return self._replacing(context, lambda store, messages: self._people(
            context, store, names, chosen, messages))

    def _replacing(self, context: AppContext,
                   start: Callable[[SaveStore, list[str]], Screen]) -> Screen:
        """What ``start`` gives with the store and the messages to show first; while a match is
        saved, ask first (the saved one is then counted as abandoned)."""
        store = self._store(context)
        record, messages = store.load()
        if record is None:
            return start(store, messages)
        saved = record
        return confirm_replace(lambda: start(store, context.ledger().count_abandoned(saved)))

    def _people(self, context: AppContext, store: SaveStore, names: tuple[str, str],
                options: Options, messages: list[str]) -> Screen:
        from gin_handset.screens.match.ui import Route
        from gin_handset.session.pass_and_play import PassAndPlaySession

        session = PassAndPlaySession.new(options, self._seed(), names, store, context.ledger(),
                                         started_now())
        deal = self._host(context, session, Route.DEAL)
        return NoticeScreen(messages, deal, context.theme) if messages else deal

    def _new(self, context: AppContext, store: SaveStore, options: Options, difficulty: str,
             messages: list[str]) -> Screen:
        """A new match, saved at once; its deal, after ``messages``. A save that cannot be read
        was set aside first (the messages say where), never overwritten."""
        from gin_handset.screens.match.ui import Route
        from gin_handset.session.match_session import MatchSession

        start = self.start
        session = MatchSession.new(options, self._seed(), difficulty, store, start.first_hand,
                                   start.first_dealer, context.ledger(), started_now())
        deal = self._host(context, session, Route.DEAL)
        return NoticeScreen(messages, deal, context.theme) if messages else deal

    def _host(self, context: AppContext, session: MatchBase, route: Route | None = None
              ) -> Screen:
        """The match host showing ``session``, its hand in the order last given it in this
        run (the same match continued), else in the usual one."""
        from gin_handset.screens.match.router import MatchHost
        from gin_handset.screens.match.ui import MatchUI, Route

        record = session.record
        match = (record.seed, record.started, record.first_hand, record.first_dealer,
                 record.difficulty, record.names)
        orders: Orders = self.kept[1] if self.kept is not None and self.kept[0] == match else {}
        self.kept = (match, orders)
        return MatchHost(MatchUI(session, context, orders), route or Route.PRESENT)

    def _seed(self) -> int:
        """The command line's seed, else a fresh random one."""
        if self.start.seed is not None:
            return self.start.seed
        return random.SystemRandom().getrandbits(SEED_BITS)

    @staticmethod
    def _store(context: AppContext) -> SaveStore:
        from gin_handset.session.saves import SaveStore

        return SaveStore(context.host.data_dir())
