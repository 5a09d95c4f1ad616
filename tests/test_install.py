"""The game as a player installs it: the wheel built from this tree, installed (not editable)
into a fresh virtual environment outside it, lists its skins and draws its first frame from a
folder that is not the checkout, and solves Expert's match-win table from its package data.
No network: the wheel is built without build isolation and the new environment borrows the
test environment's dependencies through a ``.pth`` file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str | Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **env}
    environment.pop("PYTHONPATH", None)
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=environment, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.slow
def test_the_installed_wheel_lists_its_skins_and_starts(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT / "gin_handset", source / "gin_handset",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                "--no-index", "-w", tmp_path / "dist", source, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("gin_handset-*.whl"))

    home = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(home)
    python = home / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
               cwd=tmp_path).stdout.strip()
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "borrowed_dependencies.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    installed = run(python, "-m", "pip", "install", "--no-deps", "--no-index", wheel,
                    cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run(python, "-c", "import gin_handset; print(gin_handset.__file__)", cwd=elsewhere)
    assert Path(where.stdout.strip()).is_relative_to(home), where.stdout + where.stderr
    program = home / ("Scripts/gin-handset.exe" if os.name == "nt" else "bin/gin-handset")
    data = {"GIN_HANDSET_DATA_DIR": str(tmp_path / "data")}
    listed = run(program, "--list-skins", cwd=elsewhere, **data)
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == [
        "candybar", "classic", "flip", "qvga"]
    started = run(program, "--skin", "qvga", cwd=elsewhere,
                  GIN_HANDSET_EXIT_AFTER_FIRST_FRAME="1", **data)
    assert started.returncode == 0 and "first frame" in started.stdout, started.stderr
    assert run(program, "--version", cwd=elsewhere).stdout.startswith("gin-handset ")
    table = run(python, "-c", "from gin_handset.ai.matchwin import table_for; from gin_handset"
                ".rules.options import Options; print(table_for(Options()).chance(0, 0, True))",
                cwd=elsewhere)  # Expert's match-win counts are package data
    assert table.returncode == 0 and 0.4 < float(table.stdout) < 0.6, table.stderr
