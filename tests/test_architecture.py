"""The shape of the house, read from the source: which layer imports what, no import circles,
and the match screens drawing from the player's view alone (that drawing changes nothing is
tests/test_drawing.py's)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pygame
import pytest

from gin_handset.screens.match.ui import MatchUI
from gin_handset.session.match_session import MatchSession
from tests.test_match_references import SCREENS, ui_at

PACKAGE = Path(__file__).parent.parent / "gin_handset"
MATCH_SCREENS = {f"gin_handset.screens.match.{name}"
                 for name in ("arrange", "computer", "deal", "play", "score")}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def imports_of(path: Path) -> frozenset[str]:
    """The project modules ``path`` imports: at the top, inside functions, or for type checking
    only (a circle through annotations is a circle still)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each module's imports of other project modules, read once per test run."""
    return {name: frozenset(m for m in imports_of(path) if m in MODULES and m != name)
            for name, path in MODULES.items()}


def layer(module: str) -> str:
    """``rules``, ``ai``, ``session``, ``device``, ``render``, ``screens``, or the module."""
    return module.split(".")[1] if "." in module else module


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) in ("rules", "ai",
                                                                           "session")))
def test_the_game_and_its_players_know_nothing_of_pygame_or_the_phone(name):
    imported = imports_of(MODULES[name])
    assert not any(m == "pygame" or m.startswith("pygame.") for m in imported)
    above = {"device", "render", "screens", "app", "settings"}
    assert not {layer(m) for m in graph()[name]} & above
    if layer(name) == "rules":
        assert {layer(m) for m in graph()[name]} <= {"rules"}


def test_only_the_router_builds_match_screens():
    for name, targets in graph().items():
        if name in MATCH_SCREENS or name == "gin_handset.screens.match.router":
            continue
        assert not targets & MATCH_SCREENS, f"{name} imports {targets & MATCH_SCREENS}"


class ViewOnlySession(MatchSession):
    """A session whose whole state cannot be read: only its public facts and views."""

    @property
    def match(self):
        raise AssertionError("a match screen read the whole game state")


@pytest.mark.parametrize("screen_name", sorted(SCREENS))
def test_match_screens_draw_from_the_players_view(screen_name, theme, tmp_path):
    state, build = SCREENS[screen_name]
    ui = ui_at(theme, state, tmp_path)
    blind = MatchUI(ViewOnlySession(ui.session.record), ui.context)
    blind.sync_order()
    drawn, expected = (pygame.Surface((theme.width, theme.height)) for _ in range(2))
    build(blind).draw(drawn, theme)
    build(ui).draw(expected, theme)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_no_import_circles():
    edges = graph()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            circle = " -> ".join((*path[path.index(module):], module))
            raise AssertionError(f"import circle: {circle}")
        if module in done:
            return
        for target in sorted(edges[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(edges):
        visit(module, ())
