"""The bundled skins: they load, every key is placed and drawn, and inheritance works."""

from __future__ import annotations

import itertools

import pygame
import pytest

from gin_handset.device.keys import PhoneKey
from gin_handset.device.skin import DEFAULT_SKIN, bundled_skins, load_skin
from gin_handset.device.skin_files import merge
from gin_handset.render.theme import FONT_ROLES, FOUR_COLOUR_FIELDS, PALETTE_FIELDS, Theme

RESOLUTIONS = {
    "classic": (128, 160), "candybar": (176, 208), "qvga": (240, 320), "flip": (128, 128),
}


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.display.init()
    yield


def _inside(rect, size):
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def test_four_bundled_skins_and_the_default():
    assert bundled_skins() == sorted(RESOLUTIONS)
    assert DEFAULT_SKIN == "candybar"


@pytest.mark.parametrize("name", sorted(RESOLUTIONS))
def test_bundled_skin_is_sound(name):
    skin = load_skin(name)
    assert skin.name == name
    assert skin.resolution == RESOLUTIONS[name]
    assert set(skin.keys) == set(PhoneKey)
    assert _inside(skin.lcd_rect, skin.body_size)
    lcd_x, lcd_y = skin.lcd_origin
    assert _inside((lcd_x, lcd_y, *skin.resolution), skin.body_size)
    rects = [spec.rect for spec in skin.keys.values()]
    for rect in rects:
        assert _inside(rect, skin.body_size)
    placed = [*rects, skin.lcd_rect]
    for i, a in enumerate(placed):
        for b in placed[:i]:
            apart = a[0] >= b[0] + b[2] or b[0] >= a[0] + a[2]
            assert apart or a[1] >= b[1] + b[3] or b[1] >= a[1] + a[3], (a, b)


@pytest.mark.parametrize("name", sorted(RESOLUTIONS))
def test_keypad_is_where_the_thumb_expects(name):
    keys = load_skin(name).keys

    def centre(key):
        x, y, w, h = keys[key].rect
        return (x + w / 2, y + h / 2)

    rows = [
        (PhoneKey.NUM1, PhoneKey.NUM2, PhoneKey.NUM3),
        (PhoneKey.NUM4, PhoneKey.NUM5, PhoneKey.NUM6),
        (PhoneKey.NUM7, PhoneKey.NUM8, PhoneKey.NUM9),
        (PhoneKey.STAR, PhoneKey.NUM0, PhoneKey.POUND),
    ]
    for row in rows:
        xs = [centre(k)[0] for k in row]
        assert xs == sorted(xs) and len({centre(k)[1] for k in row}) == 1
    for upper, lower in itertools.pairwise(rows):
        assert centre(upper[0])[1] < centre(lower[0])[1]
    select = centre(PhoneKey.SELECT)
    assert centre(PhoneKey.UP)[1] < select[1] < centre(PhoneKey.DOWN)[1]
    assert centre(PhoneKey.LEFT)[0] < select[0] < centre(PhoneKey.RIGHT)[0]
    assert centre(PhoneKey.SOFT_LEFT)[0] < select[0] < centre(PhoneKey.SOFT_RIGHT)[0]
    assert centre(PhoneKey.SOFT_LEFT)[1] < centre(PhoneKey.NUM1)[1]
    assert max(centre(k)[1] for k in keys if k.name.startswith("SOFT")) < centre(PhoneKey.DOWN)[1]
    assert centre(PhoneKey.CLEAR)[1] < centre(PhoneKey.NUM1)[1]
    assert keys[PhoneKey.NUM2].label == "2" and keys[PhoneKey.NUM2].sub_label == "ABC"


@pytest.mark.parametrize("name", sorted(RESOLUTIONS))
def test_theme_from_skin(name):
    skin = load_skin(name)
    theme = skin.theme
    assert isinstance(theme, Theme)
    assert (theme.width, theme.height) == skin.resolution
    assert set(theme.palette) == {*PALETTE_FIELDS, *FOUR_COLOUR_FIELDS}
    assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in theme.palette.values())
    assert set(theme.fonts) == set(FONT_ROLES)
    assert all(spec.scale >= 1 for spec in theme.fonts.values())


def test_children_inherit_what_they_do_not_change():
    classic, candybar = load_skin("classic"), load_skin("candybar")
    assert candybar.bindings == classic.bindings
    assert candybar.keys[PhoneKey.NUM7].sub_label == "PQRS"
    assert candybar.keys[PhoneKey.NUM7].rect != classic.keys[PhoneKey.NUM7].rect
    assert candybar.palette != classic.palette


def test_a_child_skin_changes_only_its_differences(tmp_path):
    child = tmp_path / "mine.yaml"
    child.write_text(
        "extends: candybar\n"
        "name: mine\n"
        "numpad: phone\n"
        "palette: {highlight: '#00ff00'}\n"
        "keys: {NUM5: {label: '5', sub_label: 'JKL', color: '#ff0000'}}\n"
        "bindings: {space: null, 'x': SELECT}\n"
    )
    skin, parent = load_skin(child), load_skin("candybar")
    assert skin.name == "mine" and skin.numpad == "phone"
    assert skin.palette["highlight"] == (0, 255, 0)
    assert skin.palette["text"] == parent.palette["text"]
    assert skin.keys[PhoneKey.NUM5].color == (255, 0, 0)
    assert skin.keys[PhoneKey.NUM5].rect == parent.keys[PhoneKey.NUM5].rect
    assert "space" not in skin.bindings and skin.bindings["x"] is PhoneKey.SELECT
    assert skin.body_size == parent.body_size


def test_a_child_too_short_for_its_fonts_is_warned_of_and_still_plays(tmp_path):
    """qvga's fonts on a 240x128 LCD leave the play table no room even with the narrowest
    cards: the skin loads and the warning names the file, the field and what to do."""
    assert load_skin("qvga").warnings() == []
    child = tmp_path / "wide.yaml"
    child.write_text("extends: qvga\nname: wide\nlcd: {resolution: [240, 128]}\n")
    skin = load_skin(child)
    assert skin.resolution == (240, 128)
    assert skin.warnings() == [
        f"{child}: lcd: resolution 240x128 is 6 pixels too short for the play table at these "
        "fonts: make the LCD taller or the fonts smaller"]


def test_a_parent_is_found_beside_its_child(tmp_path):
    (tmp_path / "base.yaml").write_text((load_skin("classic").path).read_text())
    (tmp_path / "child.yaml").write_text("extends: base\nname: child\n")
    assert load_skin(tmp_path / "child.yaml").resolution == (128, 160)


def test_merge():
    parent = {"a": {"b": 1, "c": 2}, "d": [1], "e": 5}
    child = {"a": {"c": 3}, "d": [2], "e": None}
    assert merge(parent, child) == {"a": {"b": 1, "c": 3}, "d": [2]}
    assert parent == {"a": {"b": 1, "c": 2}, "d": [1], "e": 5}


def test_a_body_image_beside_the_skin(tmp_path):
    from gin_handset.device.handset import HandsetView

    image = pygame.Surface((8, 8))
    image.fill((200, 10, 10))
    pygame.image.save(image, str(tmp_path / "shell.png"))
    (tmp_path / "shell.yaml").write_text("extends: candybar\nbody: {image: shell.png}\n")
    skin = load_skin(tmp_path / "shell.yaml")
    assert skin.body_image.get_size() == (8, 8)
    view = HandsetView(skin, skin.body_size, 1)
    window = pygame.Surface(skin.body_size)
    view.draw(window, pygame.Surface(skin.resolution), frozenset())
    assert window.get_at((skin.body_size[0] // 2, 4))[:3] == (200, 10, 10)
    # The image is decoded at load: a file half written or gone since is never read by a
    # redraw at another scale (a resized window).
    (tmp_path / "shell.png").write_bytes(b"\x89PNG\r\n\x1a\n half written")
    bigger = HandsetView(skin, (skin.body_size[0] * 2, skin.body_size[1] * 2), 2)
    window = pygame.Surface((skin.body_size[0] * 2, skin.body_size[1] * 2))
    bigger.draw(window, pygame.Surface(skin.resolution), frozenset())
    assert window.get_at((skin.body_size[0], 8))[:3] == (200, 10, 10)
