"""The README says what the game does: its main menu, and a History row as the phone writes
one."""

from __future__ import annotations

import re
from pathlib import Path

from gin_handset.rules.options import Options
from gin_handset.screens.history import row_label
from gin_handset.screens.main_menu import ITEMS
from gin_handset.session.history import Finished
from gin_handset.session.record import MatchRecord

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_the_main_menu_is_listed_whole_and_in_order() -> None:
    found = re.search(r"The game opens on the \*\*main menu\*\*: ([^.]+)\.", README)
    assert found is not None
    listed = [item.strip() for item in " ".join(found.group(1).split()).split(",")]
    assert listed == list(ITEMS)


def test_the_history_row_shown_is_the_phones() -> None:
    shown = re.search(r"newest first, as `([^`]+)`", README)
    assert shown is not None
    record = MatchRecord(Options(), 1, "normal")
    assert row_label(Finished(record, "2026-11-30T21:07:00", (112, 86), 0)) == shown.group(1)
