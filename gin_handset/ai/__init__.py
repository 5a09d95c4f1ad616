"""Computer players: they see only a PlayerView. ``make_player`` builds one by name."""

from gin_handset.ai.player import PLAYER_NAMES, Player
from gin_handset.ai.players import make_player

__all__ = ["PLAYER_NAMES", "Player", "make_player"]
