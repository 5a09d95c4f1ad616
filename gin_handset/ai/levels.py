"""Every computer player by name, in one table: the game's levels (what the settings, saves and
statistics name, what the Options row shows) and the tournament's benchmark opponents.

Cheap to import (the launch reads it for the settings and the Options row): a player's module
is imported only when a player of that name is made.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gin_handset.ai.player import Player


@dataclass(frozen=True)
class Level:
    """A computer player the game knows by name."""

    name: str  # as the settings, saves and statistics name it (lower case)
    shown: str  # as the screens show it
    player: str  # its class, ``module:Class``, imported when a player is made
    offered: bool = True  # the Options offer it (not simple: the baseline of tests, tournaments)
    stream: str = ""  # whose random stream its seat draws in a tournament with common streams

    @property
    def stream_name(self) -> str:
        """The level whose random stream a seat of this one draws under the tournament's
        ``--common``: the level it is built on, where it plays that level's moves but for a
        search or a reading (so two runs on the same deals differ only where those do)."""
        return self.stream or self.name

    def player_class(self) -> type[Player]:
        module, _, name = self.player.partition(":")
        found: type[Player] = getattr(importlib.import_module(module), name)
        return found

    def make(self, rng: random.Random) -> Player:
        return self.player_class()(rng)


LEVELS: tuple[Level, ...] = (
    Level("simple", "Simple", "gin_handset.ai.simple:SimplePlayer", offered=False),
    Level("easy", "Easy", "gin_handset.ai.easy:EasyPlayer"),
    Level("normal", "Normal", "gin_handset.ai.hard:NormalPlayer"),
    Level("hard", "Hard", "gin_handset.ai.hard:HardPlayer"),
    Level("expert", "Expert", "gin_handset.ai.expert:ExpertPlayer", stream="hard"),
)
BENCHMARKS: tuple[Level, ...] = (  # tournament opponents only, never a game level
    Level("champion", "Champion", "gin_handset.ai.champion:ChampionPlayer", offered=False),
    Level("camper", "Camper", "gin_handset.ai.hard:CamperPlayer", offered=False),
    # hard without its reading of the player, and the guards of that reading (ai/guards.py)
    Level("hard-noread", "Hard-noread", "gin_handset.ai.guards:HardNoReadPlayer", offered=False,
          stream="hard"),
    Level("eager", "Eager", "gin_handset.ai.guards:EagerGuard", offered=False),
    Level("fickle", "Fickle", "gin_handset.ai.guards:FickleGuard", offered=False),
    Level("feint", "Feint", "gin_handset.ai.guards:FeintGuard", offered=False),
)
OFFERED: tuple[Level, ...] = tuple(level for level in LEVELS if level.offered)
PLAYER_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)  # what a save may name
BENCHMARK_NAMES: tuple[str, ...] = tuple(level.name for level in BENCHMARKS)


PEOPLE = "people"  # not a computer: a table of two people (pass and play, or the network)


def opponent_shown(name: str) -> str:
    """How the screens name a match's opponent: a level's shown name, or People."""
    return "People" if name == PEOPLE else level_named(name).shown


def level_named(name: str) -> Level:
    """The level or benchmark called ``name`` (case-insensitive); ValueError if there is none."""
    key = name.strip().lower()
    for level in (*LEVELS, *BENCHMARKS):
        if level.name == key:
            return level
    known = ", ".join((*PLAYER_NAMES, *BENCHMARK_NAMES))
    raise ValueError(f"no such player: {name!r} (one of {known})")


def make_player(name: str, rng: random.Random) -> Player:
    """A player by name (case-insensitive): a level or a benchmark."""
    return level_named(name).make(rng)
