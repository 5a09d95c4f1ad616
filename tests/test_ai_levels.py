"""The one table of computer players: each level's name, shown name and player, read by the
settings, the Options row and the saves, and loading no player until one is made."""

from __future__ import annotations

import random
import subprocess
import sys

from gin_handset.ai.levels import BENCHMARKS, LEVELS, OFFERED, PLAYER_NAMES, level_named
from gin_handset.ai.player import Player
from gin_handset.screens.options import ROWS
from gin_handset.settings import CHOICES, Settings


def test_each_name_makes_its_own_player() -> None:
    names = [level.name for level in (*LEVELS, *BENCHMARKS)]
    assert len(set(names)) == len(names) and all(name == name.lower() for name in names)
    for level in (*LEVELS, *BENCHMARKS):
        player = level.make(random.Random(0))
        assert isinstance(player, Player) and player.name == level.name
        assert level_named(f" {level.shown.upper()} ") is level


def test_the_settings_and_the_options_row_offer_the_tables_levels() -> None:
    row = next(row for row in ROWS if row.name == "difficulty")
    assert row.choices == CHOICES["difficulty"] == tuple(level.name for level in OFFERED)
    assert row.shown == ("Easy", "Normal", "Hard", "Expert")
    assert Settings().difficulty in row.choices
    assert set(row.choices) < set(PLAYER_NAMES), "simple is for saves only, never offered"
    assert Settings(difficulty="expert").difficulty == "expert"


def test_reading_the_table_loads_no_player() -> None:
    code = ("import sys, gin_handset.settings, gin_handset.ai; "
            "print(sorted(m for m in sys.modules if m.startswith('gin_handset.ai.')))")
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                            text=True).stdout
    assert loaded.strip() == "['gin_handset.ai.levels']"
