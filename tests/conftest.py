"""Shared fixtures: the bundled skins' themes, and a private data folder per test."""

from __future__ import annotations

import os

import pytest

from gin_handset.device.skin import load_skin
from gin_handset.render.theme import Theme

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SKINS = ("classic", "candybar", "qvga", "flip")

def skin_theme(name: str) -> Theme:
    """A bundled skin's theme."""
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


@pytest.fixture
def mixer():
    """The audio mixer open (signed 16-bit, mono, 22,050 Hz) on the dummy audio driver."""
    import pygame

    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
    yield
    pygame.mixer.quit()
