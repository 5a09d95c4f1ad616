"""The screenshot key: the LCD at its own resolution and the phone as drawn, saved as PNGs; the
prompt line says where for a moment; a folder that cannot be written is told, not a crash."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from gin_handset.app import NOTICE_MS, App
from gin_handset.compose import assemble
from gin_handset.device.screenshots import Screenshots
from gin_handset.device.skin import load_skin


@pytest.fixture
def app(data_dir, tmp_path):
    pygame.display.init()
    skin = load_skin("classic")
    window = pygame.display.set_mode((skin.body_size[0] * 2, skin.body_size[1] * 2))
    app = assemble(skin, window, 2, shots=Screenshots(tmp_path / "shots", "f12"))
    app.step([], 0)
    yield app
    pygame.display.quit()


def f12(shift: bool = False) -> pygame.event.Event:
    mod = pygame.KMOD_LSHIFT if shift else 0
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=mod, scancode=0)


def test_f12_saves_the_lcd_and_the_phone_and_says_where(app: App, tmp_path: Path) -> None:
    before = pygame.image.tobytes(app.lcd, "RGB")
    app.step([f12()], 16)
    lcd_files = list((tmp_path / "shots").glob("gin-*-lcd.png"))
    phone_files = list((tmp_path / "shots").glob("gin-*-phone.png"))
    assert len(lcd_files) == len(phone_files) == 1
    assert pygame.image.load(str(lcd_files[0])).get_size() == (128, 160)
    assert pygame.image.load(str(phone_files[0])).get_size() == app.window.get_size()
    assert pygame.image.tobytes(pygame.image.load(str(lcd_files[0])), "RGB") == before, (
        "the picture is the screen as it was, without the note")
    assert app.notice is not None and app.notice[0] == "Saved to shots/"
    assert pygame.image.tobytes(app.lcd, "RGB") != before, "the prompt line says so"
    app.step([], 200)  # classic's slow LCD: the trace of the change fades
    assert app.wait_ms() == NOTICE_MS - 200, "the loop wakes when the note is due to go"
    app.step([], NOTICE_MS - 200)
    assert app.notice is None and pygame.image.tobytes(app.lcd, "RGB") == before
    app.step([f12()], 16)
    assert len(list((tmp_path / "shots").glob("gin-*-lcd.png"))) == 2, "never overwritten"


def test_a_second_picture_soon_after_the_first_is_of_the_screen_not_of_its_note(
        app: App, tmp_path: Path) -> None:
    before = pygame.image.tobytes(app.lcd, "RGB")
    app.step([f12()], 16)
    first = set((tmp_path / "shots").glob("gin-*-lcd.png"))
    app.step([], 500)
    assert app.notice is not None, "the first picture's note is still on the prompt line"
    app.step([f12()], 16)
    (second,) = set((tmp_path / "shots").glob("gin-*-lcd.png")) - first
    assert pygame.image.tobytes(pygame.image.load(str(second)), "RGB") == before
    assert app.notice is not None and app.notice[0] == "Saved to shots/"


def test_shift_f12_is_not_the_screenshot_key(app: App, tmp_path: Path) -> None:
    app.step([f12(shift=True)], 16)
    assert not (tmp_path / "shots").exists() and app.notice is None


def test_a_folder_that_cannot_be_written_is_told(app: App, tmp_path: Path) -> None:
    (tmp_path / "shots").write_text("a file where the folder should be")
    app.step([f12()], 16)
    assert app.notice is not None and app.notice[0].startswith("Screenshot not saved:")
