"""What the game does with the data folder before anything else: hold it (`lock.claim`), and,
when this copy holds it, finish the bookkeeping of a match that ended while a record file could
not be written (its save was kept: `Ledger.finish`)."""

from __future__ import annotations

from pathlib import Path

from gin_handset.session.files import save_says_ended
from gin_handset.session.lock import DataLock, claim


def open_data_folder(folder: Path) -> tuple[DataLock, list[str]]:
    """The lock on ``folder`` (keep it while the game runs) and the messages for the player.
    Loads the game's modules only when a save says its match ended."""
    lock, messages = claim(folder)
    if lock.owner and save_says_ended(folder):
        from gin_handset.session.ledger import finish_saved

        messages += finish_saved(folder)
    return lock, messages
