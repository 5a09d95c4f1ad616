"""Each bundled skin's handset, drawn with a blank LCD, against a stored reference picture.

A picture that differs is saved in the test's temporary folder; ``UPDATE_REFERENCES=1`` rewrites
``tests/references/``.
"""

from __future__ import annotations

import pygame
import pytest

from gin_handset.device.handset import HandsetView
from gin_handset.device.skin import bundled_skins, load_skin
from tests.pictures import CHECKOUT, assert_matches_reference

SCALE = 2


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.display.init()
    yield


def render_handset(name: str, scale: int = SCALE) -> pygame.Surface:
    skin = load_skin(name)
    size = (skin.body_size[0] * scale, skin.body_size[1] * scale)
    view = HandsetView(skin, size, scale)
    lcd = pygame.Surface(skin.resolution)
    lcd.fill(skin.palette["background"])
    window = pygame.Surface(size)
    view.draw(window, lcd, frozenset())
    return window


@pytest.mark.parametrize("name", bundled_skins())
def test_handset_matches_reference(name, tmp_path):
    assert_matches_reference(render_handset(name), f"handset_{name}", tmp_path,
                             edges_may_move=True)


def test_a_moved_edge_passes_but_a_changed_key_fails(tmp_path, monkeypatch):
    monkeypatch.delenv("UPDATE_REFERENCES", raising=False)  # the reference is only read here
    name = bundled_skins()[0]
    skin = load_skin(name)
    key = next(iter(skin.keys.values()))
    x, y, w, h = (v * SCALE for v in key.rect)
    moved = render_handset(name)
    for i in range(w):  # the key's top edge drawn one pixel higher, as a new rasteriser might
        moved.set_at((x + i, y - 1), moved.get_at((x + i, y)))
    plain = render_handset(name)
    assert pygame.image.tobytes(moved, "RGB") != pygame.image.tobytes(plain, "RGB")
    assert_matches_reference(moved, f"handset_{name}", tmp_path, edges_may_move=True)
    changed = render_handset(name)
    changed.fill((255, 0, 255), (x + w // 2 - 1, y + h // 2 - 1, 3, 3))
    failed = tmp_path / "failed"
    with pytest.raises(pytest.fail.Exception, match="differs") as raised:
        assert_matches_reference(changed, f"handset_{name}", failed, edges_may_move=True)
    drawn = failed / f"handset_{name}.png"
    assert f"drawn: {drawn}" in str(raised.value), "the failure names the picture drawn"
    saved = pygame.image.load(str(drawn))
    assert pygame.image.tobytes(saved, "RGB") == pygame.image.tobytes(changed, "RGB")
    assert sorted(p.name for p in tmp_path.rglob("*.png")) == [drawn.name], "only the failure"


def test_no_picture_is_written_into_the_checkout():
    with pytest.raises(AssertionError, match="in the checkout"):
        assert_matches_reference(render_handset(bundled_skins()[0]), "nothing", CHECKOUT / "x")


@pytest.mark.parametrize("name", bundled_skins())
def test_lcd_is_scaled_crisp(name):
    skin = load_skin(name)
    scale = 3
    size = (skin.body_size[0] * scale, skin.body_size[1] * scale)
    view = HandsetView(skin, size, scale)
    lcd = pygame.Surface(skin.resolution)
    lcd.fill((0, 0, 0))
    lcd.set_at((1, 1), (255, 255, 255))
    window = pygame.Surface(size)
    view.draw(window, lcd, frozenset())
    x, y = view.lcd_rect.topleft
    block = [window.get_at((x + 3 + i, y + 3 + j))[:3] for i in range(3) for j in range(3)]
    assert block == [(255, 255, 255)] * 9
    assert window.get_at((x + 2, y + 3))[:3] == (0, 0, 0)
    assert window.get_at((x + 6, y + 3))[:3] == (0, 0, 0)
    assert view.lcd_rect.size == (skin.resolution[0] * scale, skin.resolution[1] * scale)
