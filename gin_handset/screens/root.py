"""The bottom of the screen stack."""

from __future__ import annotations

from gin_handset.screens.base import Screen
from gin_handset.screens.context import AppContext
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match import install_match_hooks


def build_root(context: AppContext) -> Screen:
    """The main menu, which shows ``context.messages`` (if any) in a box first."""
    install_match_hooks(context)
    return MainMenu(context)
