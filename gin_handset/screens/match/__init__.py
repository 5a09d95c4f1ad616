"""The match on the handset: deal, play, the computer's turn, showdown, score, game over."""

from gin_handset.screens.match.hooks import install_match_hooks

__all__ = ["install_match_hooks"]
