"""--watch: an edited skin is put on again while the game goes on where it was; a broken edit is
told in a box, and the skin in use stays."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from gin_handset.app import App
from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import load_skin
from gin_handset.device.skin_files import SKINS_DIR
from gin_handset.device.skin_watch import INTERVAL_MS, SkinWatch
from gin_handset.screens.dialogs import NoticeScreen
from gin_handset.screens.options import OptionsScreen


def write(path: Path, red: str, when: int) -> None:
    path.write_text(f"extends: {SKINS_DIR / 'candybar.yaml'}\npalette:\n  red: \"{red}\"\n")
    os.utime(path, ns=(when, when))


@contextmanager
def watched(skin_file: Path) -> Iterator[App]:
    """The game on ``skin_file`` (red #aa0000) with --watch, its first frame drawn."""
    write(skin_file, "#aa0000", 10**18)
    pygame.display.init()
    try:
        skin = load_skin(skin_file)
        app = assemble(skin, pygame.display.set_mode(skin.body_size), 1,
                       watch=SkinWatch(skin_file))
        app.step([], 0)
        yield app
    finally:
        pygame.display.quit()


def test_an_edited_skin_is_put_on_again_and_a_broken_edit_is_told(data_dir, tmp_path) -> None:
    skin_file = tmp_path / "mine.yaml"
    with watched(skin_file) as app:
        context = app.context
        app.press([K.NUM8, K.NUM8, K.SELECT])  # Options, where the player is working
        options = app.stack.top
        assert isinstance(options, OptionsScreen)
        assert app.wait_ms() is not None and app.wait_ms() <= INTERVAL_MS
        app.step([], INTERVAL_MS)
        assert app.notice is None, "nothing changed"
        write(skin_file, "#bb0000", 2 * 10**18)
        app.step([], INTERVAL_MS)
        assert app.skin.theme.color("red") == (0xBB, 0, 0)
        assert context.theme.color("red") == (0xBB, 0, 0)
        assert app.stack.top is options, "the game stays where it was"
        assert app.notice is not None and app.notice[0] == "Reloaded mine.yaml"
        write(skin_file, "rouge", 3 * 10**18)
        app.step([], INTERVAL_MS)
        notice = app.stack.top
        assert isinstance(notice, NoticeScreen) and "palette.red" in notice.view.messages[0]
        assert app.skin.theme.color("red") == (0xBB, 0, 0), "the skin in use stays"
        app.press([K.SELECT])
        assert app.stack.top is options


def touch(path: Path, when: int, text: str = "name: edited\n") -> None:
    path.write_text(text)
    os.utime(path, ns=(when, when))


def test_a_symlink_loop_beside_the_skin_is_told_and_the_skin_still_watched(tmp_path) -> None:
    skin_file = tmp_path / "mine.yaml"
    write(skin_file, "#aa0000", 10**18)
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    watch = SkinWatch(skin_file)
    assert watch.take_news() == "Not watched: loop.yaml: Too many levels of symbolic links"
    assert watch.take_news() is None, "told once"
    assert not watch.changed(INTERVAL_MS) and watch.take_news() is None
    write(skin_file, "#bb0000", 2 * 10**18)
    assert watch.changed(INTERVAL_MS), "the skin's own file is watched still"
    (tmp_path / "loop.yaml").unlink()
    watch.changed(INTERVAL_MS)
    assert watch.take_news() == "Watching every file again"


def test_the_skins_own_files_are_watched_first_among_too_many(tmp_path) -> None:
    base = tmp_path / "base" / "base.yaml"
    base.parent.mkdir()
    write(base, "#aa0000", 10**18)
    folder = tmp_path / "skins"
    folder.mkdir()
    for n in range(80):  # sorted before the skin's own file
        touch(folder / f"a{n:02d}.yaml", 10**18)
    skin_file = folder / "zz.yaml"
    touch(skin_file, 10**18, "extends: ../base/base.yaml\nbody:\n  image: zz.png\n")
    touch(folder / "zz.png", 10**18, "not yet a picture")
    watch = SkinWatch(skin_file)
    # Its own: itself, its image, base.yaml, candybar and classic (which candybar extends).
    assert len(watch.own) == 5 and {skin_file, folder / "zz.png"} <= set(watch.own)
    assert watch.take_news() == f"Not watched: 21 files of {folder} not watched (at most 64)"
    for changed, when in ((base, 2), (folder / "zz.png", 3), (skin_file, 4)):
        touch(changed, when * 10**18, changed.read_text())
        assert watch.changed(INTERVAL_MS), f"{changed.name} is watched"
    touch(folder / "a79.yaml", 5 * 10**18)
    assert not watch.changed(INTERVAL_MS), "the 80th other file is past the bound"


def test_a_skin_loads_its_parent_beside_it_whatever_the_current_folder(tmp_path, monkeypatch):
    folder = tmp_path / "skins"
    folder.mkdir()
    write(folder / "base.yaml", "#cc0000", 10**18)
    (folder / "mine.yaml").write_text("extends: base.yaml\nname: mine\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "base.yaml").write_text("not: a skin\n")
    monkeypatch.chdir(elsewhere)
    skin = load_skin(folder / "mine.yaml")
    assert skin.name == "mine" and skin.theme.color("red") == (0xCC, 0, 0)


def test_edits_that_python_cannot_read_are_told_and_the_game_goes_on(data_dir, tmp_path):
    skin_file = tmp_path / "mine.yaml"
    with watched(skin_file) as app:
        for when, text in enumerate(("extends: classic\nkey_style: {radius: 2024-99-99}\n",
                                     'extends: "~nosuchuser/p.yaml"\n'), start=2):
            touch(skin_file, when * 10**18, text)
            app.step([], INTERVAL_MS)
            notice = app.stack.top
            assert isinstance(notice, NoticeScreen), "told in a box, not a traceback"
            assert "mine.yaml" in notice.view.messages[0]
            assert app.skin.theme.color("red") == (0xAA, 0, 0), "the skin in use stays"
            app.press([K.SELECT])
