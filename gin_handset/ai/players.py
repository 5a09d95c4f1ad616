"""Every computer player by name: the levels the game offers and the benchmark players."""

from __future__ import annotations

import random

from gin_handset.ai.champion import ChampionPlayer
from gin_handset.ai.easy import EasyPlayer
from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.guards import EagerGuard, FeintGuard, FickleGuard, HardNoReadPlayer
from gin_handset.ai.hard import CamperPlayer, HardPlayer, NormalPlayer
from gin_handset.ai.player import Player
from gin_handset.ai.simple import SimplePlayer

PLAYERS: dict[str, type[Player]] = {
    "simple": SimplePlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
    "champion": ChampionPlayer,
    "camper": CamperPlayer,
    "hard-noread": HardNoReadPlayer,
    "eager": EagerGuard,
    "fickle": FickleGuard,
    "feint": FeintGuard,
}


def make_player(name: str, rng: random.Random) -> Player:
    """A player by name (case-insensitive): a level of PLAYER_NAMES or a benchmark."""
    key = name.strip().lower()
    if key not in PLAYERS:
        raise ValueError(f"no such player: {name!r} (one of {', '.join(PLAYERS)})")
    return PLAYERS[key](rng)
