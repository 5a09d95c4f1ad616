"""The match on the handset: deal, play, the computer's turn, showdown, score, game over."""

from gin_handset.screens.match.door import MatchDoor, MatchStart

__all__ = ["MatchDoor", "MatchStart"]
