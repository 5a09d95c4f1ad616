"""Computer players: they see only a PlayerView. ``make_player`` builds one by name (`levels`).

Importing the package loads no player: the levels' table is cheap, the players load when made.
"""

from gin_handset.ai.levels import PLAYER_NAMES, make_player

__all__ = ["PLAYER_NAMES", "make_player"]
