"""Shared fixtures: the bundled skins' themes, and a private data folder per test."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from gin_handset.device.skin import load_skin
from gin_handset.render.theme import Theme
from gin_handset.storage import ENV_VAR

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


# Where platformdirs looks when GIN_HANDSET_DATA_DIR is not set (Linux and the BSDs).
XDG_VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture(autouse=True)
def isolated_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's own data folder: GIN_HANDSET_DATA_DIR names ``tmp_path / "data"`` and the
    XDG folders platformdirs falls back on lie under ``tmp_path / "xdg"``, so no test (nor a
    program it starts, which inherits the environment) reads or writes the developer's own
    settings, saves, statistics, skins or screenshots."""
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    for name in XDG_VARIABLES:
        monkeypatch.setenv(name, str(tmp_path / "xdg" / name.lower()))
    return folder


@pytest.fixture
def data_dir(isolated_data: Path) -> Path:
    """A private data folder, pointed to by GIN_HANDSET_DATA_DIR (not created)."""
    return isolated_data


@pytest.fixture
def display():
    """pygame's display (the dummy driver), for the tests that open a window."""
    pygame.display.init()
    yield
    pygame.display.quit()


@pytest.fixture
def mixer():
    """The audio mixer open (signed 16-bit, mono, 22,050 Hz) on the dummy audio driver."""
    import pygame

    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
    yield
    pygame.mixer.quit()
