"""--watch: an edited skin is put on again while the game goes on where it was; a broken edit is
told in a box, and the skin in use stays."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

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


def test_an_edited_skin_is_put_on_again_and_a_broken_edit_is_told(data_dir, tmp_path) -> None:
    skin_file = tmp_path / "mine.yaml"
    write(skin_file, "#aa0000", 10**18)
    pygame.display.init()
    try:
        skin = load_skin(skin_file)
        window = pygame.display.set_mode(skin.body_size)
        app = assemble(skin, window, 1, watch=SkinWatch(skin_file))
        context = app.context
        app.step([], 0)
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
    finally:
        pygame.display.quit()
