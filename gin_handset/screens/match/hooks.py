"""Plugs the match into the main menu: New Game, Continue, whether a save exists, key pages.

The save lives in the data folder (`gin_handset.settings.data_dir`). The match seed is the
command line's ``--seed`` when given, else a fresh one from the system's random source.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import TYPE_CHECKING

from gin_handset.screens.base import Screen
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen, confirm_replace
from gin_handset.screens.match.shortcuts import MATCH_KEYS, PLAY_KEYS, SHOWDOWN_KEYS
from gin_handset.session.files import has_save
from gin_handset.settings import data_dir

if TYPE_CHECKING:
    from gin_handset.screens.match.ui import MatchUI
    from gin_handset.session.match_session import MatchSession
    from gin_handset.session.saves import SaveStore

SEED_BITS = 32


def save_store() -> SaveStore:
    from gin_handset.session.saves import SaveStore

    return SaveStore(data_dir())


def new_seed(context: AppContext) -> int:
    """The command line's seed, else a fresh random one."""
    if context.seed is not None:
        return context.seed
    return random.SystemRandom().getrandbits(SEED_BITS)


def start_match(context: AppContext) -> Screen:
    """A new match with the current options; while a match is saved, ask first (the saved one
    is then counted as abandoned)."""
    store = save_store()
    record, messages = store.load()
    if record is not None:
        saved = record
        return confirm_replace(
            lambda: new_match(context, store, context.ledger().count_abandoned(saved)))
    return new_match(context, store, messages)


def started_now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def new_match(context: AppContext, store: SaveStore, messages: list[str]) -> Screen:
    """A new match with the current options, saved at once; its deal, after ``messages``.

    A save that cannot be read was set aside first (the messages say where), never overwritten.
    """
    from gin_handset.screens.match.router import MatchScreen
    from gin_handset.screens.match.ui import Route
    from gin_handset.session.match_session import MatchSession

    settings = context.settings
    session = MatchSession.new(settings.options, new_seed(context), settings.difficulty, store,
                               context.first_hand, context.first_dealer, context.ledger(),
                               started_now())
    deal = MatchScreen(match_ui(context, store, session), Route.DEAL)
    return NoticeScreen(messages, deal, context.theme) if messages else deal


def match_ui(context: AppContext, store: SaveStore, session: MatchSession) -> MatchUI:
    """The match screens' view of ``session``; another match plays on the same options and
    level (the match's own, even if the settings changed meanwhile)."""
    from gin_handset.screens.match.router import MatchScreen
    from gin_handset.screens.match.ui import MatchUI, Route
    from gin_handset.session.match_session import MatchSession

    def again() -> Screen:
        record = session.record
        new = MatchSession.new(record.options, new_seed(context), record.difficulty, store,
                               context.first_hand, context.first_dealer, context.ledger(),
                               started_now())
        return MatchScreen(match_ui(context, store, new), Route.DEAL)

    return MatchUI(session, context, again=again)


def continue_match(context: AppContext) -> Screen | None:
    """The saved match where it was; a bad save is set aside, the player told, a new match."""
    from gin_handset.screens.match.router import MatchScreen
    from gin_handset.session.match_session import MatchSession

    store = save_store()
    record, messages = store.load()
    if record is not None:
        session = MatchSession(record, store, ledger=context.ledger())
        return MatchScreen(match_ui(context, store, session))
    if messages:
        return NoticeScreen([*messages, "A new match starts."], new_match(context, store, []),
                            context.theme)
    context.messages.append("There is no saved match to continue.")
    return None


def has_saved(context: AppContext) -> bool:
    """Whether a save is there (asked without loading the game: the main menu asks at start)."""
    return has_save(data_dir())


def install_match_hooks(context: AppContext) -> None:
    """Give the main menu its New Game and Continue, and How to Play the match's keys."""
    context.start_match = start_match
    context.continue_match = continue_match
    context.has_saved = has_saved
    context.key_pages["playing"] = PLAY_KEYS
    context.key_pages["in a match"] = MATCH_KEYS
    context.key_pages["showdown"] = SHOWDOWN_KEYS
