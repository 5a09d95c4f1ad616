"""Every text the renderer puts on an LCD can be read: each screen of the game is drawn on every
bundled skin while every call of `draw_text` is watched, and each colour of ink is measured
against each colour it was drawn over (WCAG 2 contrast, at least 4.5:1). Greyed-out text (the
``dim`` colour: a menu row that cannot be chosen, a card that cannot be discarded) is exempt, as
WCAG exempts inactive controls. The skin validator's readability check must find no problem
in the bundled skins either, and it must find the ones it is made for."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from gin_handset.render import fonts
from gin_handset.render.theme import READABLE, Theme, contrast, readability_problems
from tests.conftest import SKINS, skin_theme
from tests.test_match_references import SCREENS as MATCH_SCREENS
from tests.test_match_references import ui_at
from tests.test_render_references import SCREENS as MENU_SCREENS

Pair = tuple[tuple[int, int, int], tuple[int, int, int]]


def watch_text(monkeypatch: pytest.MonkeyPatch, seen: dict[Pair, str]) -> None:
    """Record, for every pixel of text drawn, its ink and the colour it covered."""
    original = fonts.draw_text

    def watched(surface: pygame.Surface, text: str, spec: Any, color: Any, pos: Any,
                align: str = "left") -> pygame.Rect:
        before = surface.copy()
        drawn = original(surface, text, spec, color, pos, align)
        area = drawn.clip(surface.get_rect())
        ink = tuple(color)[:3]
        for x in range(area.left, area.right):
            for y in range(area.top, area.bottom):
                now = tuple(surface.get_at((x, y)))[:3]
                if now != tuple(before.get_at((x, y)))[:3]:
                    seen.setdefault((ink, tuple(before.get_at((x, y)))[:3]), text)
        return drawn

    for module in list(sys.modules.values()):
        if module and getattr(module, "__name__", "").startswith("gin_handset") and getattr(
                module, "draw_text", None) is original:
            monkeypatch.setattr(module, "draw_text", watched)


def every_screen(theme: Theme, folder: Path) -> list[Callable[[], Any]]:
    """A builder for each reference screen of the game on ``theme``."""
    builders: list[Callable[[], Any]] = [lambda b=build: b(theme)
                                         for build in MENU_SCREENS.values()]
    for state, build in MATCH_SCREENS.values():
        builders.append(lambda s=state, b=build: b(ui_at(theme, s, folder)))
    return builders


@pytest.mark.slow
@pytest.mark.parametrize("skin_name", SKINS)
def test_every_text_on_every_screen_reads(skin_name, data_dir, tmp_path, monkeypatch) -> None:
    theme = skin_theme(skin_name)
    seen: dict[Pair, str] = {}
    watch_text(monkeypatch, seen)
    lcd = pygame.Surface((theme.width, theme.height))
    for build in every_screen(theme, tmp_path):
        build().draw(lcd, theme)
    dim = theme.color("dim")
    weak = {f"{text!r}: {ink} on {ground} ({contrast(ink, ground):.2f})"
            for (ink, ground), text in seen.items()
            if ink != dim and contrast(ink, ground) < READABLE}
    assert not weak, f"{skin_name}: " + "; ".join(sorted(weak))
    assert len(seen) >= 5, "the watch saw the text being drawn"


@pytest.mark.parametrize("skin_name", SKINS)
def test_the_validator_finds_no_unreadable_pair_in_a_bundled_skin(skin_name) -> None:
    assert readability_problems(skin_theme(skin_name)) == []


def test_the_validator_names_an_unreadable_pair() -> None:
    theme = skin_theme("candybar")
    palette = dict(theme.palette)
    palette["highlight_text"] = palette["highlight"]
    palette["red"] = palette["card"]
    problems = readability_problems(Theme(theme.width, theme.height, palette, theme.fonts))
    assert any(p.startswith("highlight_text on highlight: contrast 1.00") for p in problems)
    assert any(p.startswith("red on card: contrast 1.00") for p in problems)
