"""Which skin the game starts with: --skin, the settings' skin, or the default with a message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from gin_handset.cli import build_parser, start
from gin_handset.device import skin_files
from gin_handset.device.skin import SkinError, load_or_default
from gin_handset.settings import Settings, SettingsStore

BROKEN = Path(__file__).parent / "broken_skins"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("GIN_HANDSET_DATA_DIR", str(folder))
    pygame.display.init()
    return folder


def begin(*argv):
    parser = build_parser()
    return start(parser.parse_args(argv), parser)


def test_default_skin_without_settings():
    skin, settings, messages = begin()
    assert skin.name == "candybar" and settings.skin is None and messages == []


def test_the_settings_choose_the_skin(data_dir):
    SettingsStore(data_dir).save(Settings(skin="qvga"))
    skin, settings, messages = begin()
    assert skin.name == "qvga" and settings.skin == "qvga" and messages == []


def test_skin_flag_wins_over_the_settings(data_dir):
    SettingsStore(data_dir).save(Settings(skin="qvga"))
    assert begin("--skin", "classic")[0].name == "classic"


def first_frame(*argv: str) -> subprocess.CompletedProcess[str]:
    """The real program with ``argv``, ended after its first frame."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME": "1"}
    return subprocess.run([sys.executable, "-m", "gin_handset", *argv], capture_output=True,
                          text=True, env=env, timeout=60)


def test_skin_flag_is_remembered_once_its_first_frame_is_drawn(data_dir):
    _, settings, messages = begin("--skin", "qvga")
    assert settings.skin == "qvga" and messages == []
    assert SettingsStore(data_dir).load()[0].skin is None, "not before the first frame"
    result = first_frame("--skin", "qvga")
    assert result.returncode == 0 and "first frame" in result.stdout, result.stderr
    assert SettingsStore(data_dir).load()[0].skin == "qvga"
    assert begin()[0].name == "qvga"


def test_a_skin_file_is_remembered_by_its_full_path(data_dir, tmp_path):
    own = tmp_path / "mine.yaml"
    own.write_text("extends: classic\n")
    _, settings, _ = begin("--skin", str(own))
    assert settings.skin == str(own.resolve())
    assert first_frame("--skin", str(own)).returncode == 0
    assert begin()[0].lcd_rect == begin("--skin", "classic")[0].lcd_rect


def test_broken_settings_skin_falls_back_with_a_message(data_dir):
    SettingsStore(data_dir).save(Settings(skin=str(BROKEN / "bad_colour.yaml")))
    skin, _, messages = begin()
    assert skin.name == "candybar"
    assert len(messages) == 1
    assert "bad_colour.yaml: palette.red" in messages[0]
    assert messages[0].endswith("(using the candybar skin)")


def test_unreadable_settings_are_reported_and_defaults_used(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("{not json")
    skin, settings, messages = begin()
    assert skin.name == "candybar" and settings == Settings()
    assert len(messages) == 1


def test_broken_default_falls_back_to_another_bundled_skin(tmp_path, monkeypatch):
    skins = tmp_path / "skins"
    shutil.copytree(skin_files.SKINS_DIR, skins)
    (skins / "candybar.yaml").write_text("body: [\n")
    monkeypatch.setattr(skin_files, "SKINS_DIR", skins)
    skin, messages = load_or_default(None)
    assert skin.name == "classic"
    assert "candybar.yaml" in messages[0] and "not valid YAML" in messages[0]


def test_broken_skins_of_the_players_with_the_bundled_names_never_hide_the_bundled(data_dir):
    mine = data_dir / "skins"
    mine.mkdir(parents=True)
    for name in skin_files.bundled_skins():
        (mine / f"{name}.yaml").write_text("name: [\n")
    skin, messages = load_or_default(None)
    assert skin.path.parent == skin_files.SKINS_DIR and skin.name == "candybar"
    assert any(str(mine / "candybar.yaml") in message and "not valid YAML" in message
               for message in messages)


def test_no_skin_loads(tmp_path, monkeypatch):
    monkeypatch.setattr(skin_files, "SKINS_DIR", tmp_path)
    with pytest.raises(SkinError):
        load_or_default("nothing")


def test_the_real_program_starts_with_a_broken_settings_skin(data_dir):
    SettingsStore(data_dir).save(Settings(skin="no-such-skin"))
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "gin_handset", "--seed", "7"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "first frame" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_skin_in_the_players_skin_folder_is_found_and_listed(data_dir):
    own = data_dir / "skins"
    own.mkdir(parents=True)
    (own / "mine.yaml").write_text("extends: qvga\nname: mine\n")
    assert begin("--skin", "mine")[0].name == "mine"
    listed = subprocess.run([sys.executable, "-m", "gin_handset", "--list-skins"],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert names == ["candybar", "classic", "flip", "qvga", "mine"], listed.stderr
    assert "yours" in listed.stdout.splitlines()[-1]
