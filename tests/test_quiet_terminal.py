"""Nothing on the terminal: no sound device is told once in the game, not by the C libraries
under the mixer on the terminal; reading skins starts no video driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame

from gin_handset.compose import assemble
from gin_handset.device.bindings import parse_binding
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.device.tones import NO_DEVICE, KeyTones
from gin_handset.screens.base import Screen
from gin_handset.settings import Settings, SettingsStore
from tests.conftest import SKINS

# ALSA asked for a device that is nowhere: it fails, and complains on fd 2 as it does.
NO_DEVICE_ENV = {"SDL_AUDIODRIVER": "alsa", "AUDIODEV": "nosuch"}


def run(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",
                                                               "SDL_AUDIODRIVER")}
    return subprocess.run([sys.executable, "-m", "gin_handset", *argv], capture_output=True,
                          text=True, env={**clean, **env}, timeout=60)


def test_sound_on_without_a_device_says_nothing_on_the_terminal(data_dir) -> None:
    SettingsStore(data_dir).save(Settings(sound=True))
    result = run(SDL_VIDEODRIVER="dummy", GIN_HANDSET_EXIT_AFTER_FIRST_FRAME="1",
                 **NO_DEVICE_ENV)
    assert result.returncode == 0 and "first frame" in result.stdout
    assert result.stderr == ""


def test_listing_the_skins_says_nothing_on_the_terminal() -> None:
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    result = subprocess.run([sys.executable, "-m", "gin_handset", "--list-skins"],
                            capture_output=True, text=True, timeout=60,
                            env={k: v for k, v in env.items() if k != "SDL_VIDEODRIVER"})
    assert result.returncode == 0 and "candybar" in result.stdout
    assert result.stderr == ""


def test_no_sound_device_is_told_once_in_the_game(monkeypatch, capfd, data_dir) -> None:
    for name, value in NO_DEVICE_ENV.items():
        monkeypatch.setenv(name, value)
    pygame.mixer.quit()
    pygame.display.init()
    try:
        skin = load_skin("classic")
        window = pygame.display.set_mode(skin.body_size)
        app = assemble(skin, window, 1, tones=KeyTones(lambda: True), root=Screen())
        app.press([K.NUM5])
        assert app.notice is not None and app.notice[0] == NO_DEVICE
        app.notice = None
        app.press([K.NUM5, K.SELECT])
        app.tones.jingle(skin.jingles["deal"])
        app.hear_tones()
        assert app.notice is None, "told once"
        assert pygame.mixer.get_init() is None
    finally:
        pygame.display.quit()
    assert capfd.readouterr().err == ""


def test_key_names_read_without_a_display_are_those_read_with_one() -> None:
    names = sorted({name for skin in SKINS for name in load_skin(skin).bindings}
                   | {"f12", "keypad 5", "shift+3", "[", "return"})
    pygame.display.init()
    try:
        with_display = {name: parse_binding(name).key for name in names}
    finally:
        pygame.display.quit()
    script = ("import json, sys\nfrom gin_handset.device.bindings import parse_binding\n"
              "print(json.dumps({n: parse_binding(n).key for n in json.loads(sys.argv[1])}))")
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    result = subprocess.run([sys.executable, "-c", script, json.dumps(names)],
                            capture_output=True, text=True, timeout=60, env=env)
    assert json.loads(result.stdout) == with_display
    assert result.stderr == ""
