"""The skin author's tools: ``skin check`` lists every problem of a skin (not only the first)
and its readability warnings; ``skin preview`` draws every screen on it, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from gin_handset.device.skin import SkinError, check_skin, load_skin
from gin_handset.device.skin_files import SKINS_DIR
from gin_handset.preview import render
from tests.conftest import SKINS
from tests.pictures import assert_matches_reference
from tests.test_app_cli import run

BROKEN = Path(__file__).parent / "broken_skins"


@pytest.mark.parametrize("name", SKINS)
def test_a_bundled_skin_has_no_problem(name) -> None:
    assert check_skin(name) == ([], [])


def many_faults(tmp_path: Path) -> Path:
    text = (SKINS_DIR / "candybar.yaml").read_text()
    text = text.replace('  red: "', '  red: "rouge', 1)
    assert "numpad:" not in text
    text += "numpad: sideways\njingles:\n  gin: 'gin::9z'\n"
    skin = tmp_path / "faulty.yaml"
    skin.write_text(text)
    for image in SKINS_DIR.glob("*.png"):
        (tmp_path / image.name).write_bytes(image.read_bytes())
    return skin


def test_check_lists_every_problem_and_load_stops_at_the_first(tmp_path) -> None:
    skin = many_faults(tmp_path)
    problems, warnings = check_skin(skin)
    assert warnings == []
    fields = ["palette.red", "numpad", "jingles.gin"]
    for field in fields:
        assert sum(f": {field}:" in p for p in problems) == 1, (field, problems)
    with pytest.raises(SkinError) as caught:
        load_skin(skin)
    assert str(caught.value) == problems[0]


@pytest.mark.parametrize("broken", sorted(BROKEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_check_finds_what_loading_finds(broken: Path) -> None:
    problems, _ = check_skin(broken)
    with pytest.raises(SkinError) as caught:
        load_skin(broken)
    assert problems and problems[0] == str(caught.value)


def test_the_command_line_check(tmp_path) -> None:
    fine = run("skin", "check", "classic")
    assert fine.returncode == 0 and fine.stdout.strip() == "classic: no problems"
    faulty = run("skin", "check", str(many_faults(tmp_path)))
    assert faulty.returncode == 2 and "3 problem(s)" in faulty.stderr
    assert "Traceback" not in faulty.stderr
    preview = run("skin", "preview", str(many_faults(tmp_path)), "--out", str(tmp_path / "p"))
    assert preview.returncode == 2 and "palette.red" in preview.stderr
    assert not (tmp_path / "p").exists()
    usage = run("skin", "preview", "classic")
    assert usage.returncode == 2 and "--out" in usage.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", SKINS)
def test_the_preview_draws_every_screen(name, tmp_path) -> None:
    pygame.display.init()
    files = render(load_skin(name), tmp_path / "out", tmp_path / "scratch")
    names = {path.stem.removeprefix(f"{name}_") for path in files}
    assert {"main_menu", "options", "help_01", "deal", "offer", "draw", "discard", "decide",
            "computer_turn", "knocker", "defender", "game_over", "score_sheet", "replay", "notice",
            "statistics", "history", "contact_sheet"} <= names
    assert any(n.startswith("score_") for n in names)
    stored = ["draw", "score_knock"] + (["contact_sheet"] if name == "classic" else [])
    for picked in stored:
        path = tmp_path / "out" / f"{name}_{picked}.png"
        assert_matches_reference(pygame.image.load(str(path)), f"preview_{name}_{picked}",
                                 tmp_path)
