"""The launch loads only what the first frame needs: no computer player (``gin_handset.ai``) and
no match session until a match is started or continued, since the launch time depends on it
(README: at most 1.5x a bare pygame-ce window). Each check runs in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

HEAVY = ("gin_handset.ai", "gin_handset.session.match_session")
# The ai package and its levels' table (names and where each player lives, players made on
# demand) are all a menu needs: they load no player.
LIGHT = {"gin_handset.ai", "gin_handset.ai.levels"}


def heavy(modules: list[str]) -> list[str]:
    """The modules of ``modules`` that the launch must not load."""
    return [m for m in modules if m not in LIGHT
            and any(m == h or m.startswith(f"{h}.") for h in HEAVY)]


@pytest.mark.parametrize("module", ["gin_handset.app", "gin_handset.__main__", "gin_handset.cli"])
def test_importing_the_app_loads_no_player_and_no_match(module: str) -> None:
    code = f"import sys, {module}; print('\\n'.join(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=120).stdout.split()
    assert module in loaded
    assert heavy(loaded) == []


def test_the_real_launch_loads_no_player_and_no_match_up_to_its_first_frame() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME": "1"}
    started = subprocess.run([sys.executable, "-X", "importtime", "-m", "gin_handset"],
                             capture_output=True, text=True, env=env, timeout=120)
    assert started.returncode == 0 and "first frame" in started.stdout, started.stderr
    loaded = [line.split("|")[-1].strip() for line in started.stderr.splitlines()
              if line.startswith("import time:") and "|" in line]
    assert "gin_handset.screens.main_menu" in loaded
    assert heavy(loaded) == []


def test_the_check_sees_a_player_when_one_is_loaded() -> None:
    assert heavy(["gin_handset.app", "gin_handset.ai", "gin_handset.ai.levels",
                  "gin_handset.ai.hard", "gin_handset.session.files",
                  "gin_handset.session.match_session"]) == [
        "gin_handset.ai.hard", "gin_handset.session.match_session"]
