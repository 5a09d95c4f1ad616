"""Shared fixtures: the three bundled looks as themes, and a private data folder per test."""

from __future__ import annotations

import os

import pytest

from gin_handset.render.theme import FontSpec, Theme

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SKINS = ("classic", "candybar", "qvga")

_GREEN = {
    "background": (170, 204, 102), "text": (28, 44, 16), "dim": (110, 140, 70),
    "highlight": (28, 44, 16), "highlight_text": (170, 204, 102), "accent": (28, 44, 16),
    "card": (206, 230, 150), "card_back": (60, 84, 32), "card_edge": (28, 44, 16),
    "red": (28, 44, 16), "black": (28, 44, 16), "laid_off": (120, 160, 64),
    "meld": (28, 44, 16), "softkey_bar": (28, 44, 16), "softkey_text": (170, 204, 102),
}
_COLOUR = {
    "background": (236, 242, 255), "text": (20, 20, 40), "dim": (150, 150, 170),
    "highlight": (40, 90, 200), "highlight_text": (255, 255, 255), "accent": (190, 30, 80),
    "card": (255, 255, 255), "card_back": (40, 60, 160), "card_edge": (40, 40, 60),
    "red": (210, 20, 30), "black": (20, 20, 20), "laid_off": (140, 225, 140),
    "meld": (40, 90, 200), "softkey_bar": (30, 40, 90), "softkey_text": (255, 255, 255),
}


def _fonts(small: tuple[str, int], body: tuple[str, int], title: tuple[str, int]) -> dict:
    return {"small": FontSpec(*small), "body": FontSpec(*body), "title": FontSpec(*title)}


BUILT_IN = {
    "classic": Theme(128, 160, _GREEN, _fonts(("pixel3x5", 1), ("pixel5x7", 1), ("pixel5x7", 1))),
    "candybar": Theme(176, 208, _COLOUR, _fonts(("pixel5x7", 1), ("pixel5x7", 1), ("pixel5x7", 1))),
    "qvga": Theme(240, 320, _COLOUR, _fonts(("pixel5x7", 1), ("pixel5x7", 2), ("pixel5x7", 2))),
}


def skin_theme(name: str) -> Theme:
    """The bundled skin's theme once the skin loader is there, else a built-in stand-in."""
    try:
        from gin_handset.device.skin import load_skin
    except ImportError:
        return BUILT_IN[name]
    return load_skin(name).theme


@pytest.fixture(params=SKINS)
def skin(request: pytest.FixtureRequest) -> tuple[str, Theme]:
    """Each bundled skin's name and theme in turn."""
    return request.param, skin_theme(request.param)


@pytest.fixture
def theme() -> Theme:
    """The smallest bundled screen's theme (classic, 128x160)."""
    return skin_theme("classic")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A private data folder, pointed to by GIN_HANDSET_DATA_DIR."""
    folder = tmp_path / "data"
    monkeypatch.setenv("GIN_HANDSET_DATA_DIR", str(folder))
    return folder
