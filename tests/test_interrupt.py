"""Ctrl-C ends the game quietly (status 130, nothing on stderr): while the command is still
loading, and in an idle window, where SDL's wait would otherwise hold the signal back until
some window event came. Each run is a real ``python -m gin_handset`` in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# Ctrl-C as it lands while the command line is still importing: the first import of the
# settings module raises it, as Python's own SIGINT handler would there.
INTERRUPT_WHILE_LOADING = """
import sys
from importlib.abc import MetaPathFinder

class Interrupt(MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "gin_handset.settings":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Interrupt())
import gin_handset.__main__ as command
sys.exit(command.run())
"""


def _env(folder: Path) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "GIN_HANDSET_DATA_DIR": str(folder)}


def test_ctrl_c_while_loading_ends_quietly(tmp_path: Path) -> None:
    ended = subprocess.run([sys.executable, "-c", INTERRUPT_WHILE_LOADING], capture_output=True,
                           text=True, env=_env(tmp_path), timeout=120)
    assert (ended.returncode, ended.stderr) == (130, "")


def test_ctrl_c_in_an_idle_window_ends_the_game_at_once(tmp_path: Path) -> None:
    game = subprocess.Popen([sys.executable, "-m", "gin_handset", "--skin", "classic"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path))
    try:
        settings = tmp_path / "settings.json"  # written once the first frame is up (--skin)
        give_up = time.monotonic() + 60
        while not settings.exists() and game.poll() is None and time.monotonic() < give_up:
            time.sleep(0.05)
        assert settings.exists(), game.stderr.read() if game.poll() is not None else "no frame"
        time.sleep(1.0)  # the main menu idle: the loop waits for events
        game.send_signal(signal.SIGINT)
        status = game.wait(timeout=30)  # TimeoutExpired if the signal is held back
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert status == 130 and game.stderr.read() == ""  # before: no end until a window event
