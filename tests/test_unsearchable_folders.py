"""Folders that cannot be searched, in real processes denied the permission (as root, with the
capabilities that override it dropped): the data folder or its skins folder never hide the
bundled skins and are told; the screenshot key says it could not save, never a crash."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent

START = textwrap.dedent("""
    import json
    from gin_handset.cli import build_parser, start
    from gin_handset.session.opening import open_data_folder
    from gin_handset.settings import data_dir
    lock, opened = open_data_folder(data_dir())
    parser = build_parser()
    skin, settings, messages = start(parser.parse_args([]), parser)
    print(json.dumps([skin.name, *opened, *messages]))
""")

SHOT = textwrap.dedent("""
    import sys
    from datetime import datetime
    from pathlib import Path
    import pygame
    from gin_handset.device.screenshots import Screenshots
    surface = pygame.Surface((128, 160))
    print(Screenshots(Path(sys.argv[1])).take(surface, surface, datetime(2026, 12, 1)))
""")


def denied() -> list[str]:
    """The command prefix that runs a child without the power to override permissions."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root without setpriv: a folder's permissions cannot be denied to a child")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def run(data: Path, *argv: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GIN_HANDSET_DATA_DIR": str(data), "GIN_HANDSET_EXIT_AFTER_FIRST_FRAME": "1",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    program = ["-c", code] if code is not None else ["-m", "gin_handset"]
    return subprocess.run([*denied(), sys.executable, *program, *argv], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def shut(tmp_path: Path):
    """Make a folder that cannot be searched or read (given back at the end)."""
    closed: list[Path] = []

    def close(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0)
        closed.append(folder)
        return folder

    yield close
    for folder in closed:
        folder.chmod(0o755)


def test_a_data_folder_that_cannot_be_searched_is_told_and_the_game_plays(tmp_path, shut):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"version": 1, "skin": "flip"}')
    shut(data)
    started = run(data, code=START)
    assert started.returncode == 0, started.stderr
    skin, *messages = json.loads(started.stdout)
    assert skin == "candybar"
    assert any(f"data folder {data} cannot be used (Permission denied)" in m for m in messages)
    assert not any("broken" in m or "cannot be loaded" in m for m in messages), messages
    played = run(data)
    assert played.returncode == 0 and "first frame" in played.stdout, played.stderr


def test_a_skins_folder_that_cannot_be_searched_never_hides_the_bundled_skins(tmp_path, shut):
    data = tmp_path / "data"
    shut(data / "skins")
    started = run(data, code=START)
    assert started.returncode == 0, started.stderr
    skin, *messages = json.loads(started.stdout)
    assert skin == "candybar"
    assert messages == [f"Your skins folder {data / 'skins'} cannot be read (Permission "
                        "denied): only the bundled skins are offered."]
    listed = run(data, "--list-skins")
    assert listed.returncode == 0 and "broken" not in listed.stdout
    assert {"classic", "candybar", "qvga", "flip"} <= {line.split()[0] for line in
                                                       listed.stdout.splitlines()}
    played = run(data, "--skin", "classic")
    assert played.returncode == 0 and "first frame" in played.stdout, played.stderr


def test_the_screenshot_key_with_a_folder_that_cannot_be_searched_says_so(tmp_path, shut):
    folder = shut(tmp_path / "data" / "screenshots")
    taken = run(tmp_path / "data", str(folder), code=SHOT)
    assert taken.returncode == 0 and "Traceback" not in taken.stderr, taken.stderr
    assert taken.stdout.strip().startswith("Screenshot not saved:")
    assert "Permission denied" in taken.stdout
