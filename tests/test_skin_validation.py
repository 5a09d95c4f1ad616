"""The skin validator on a collection of broken skins: each names its file, field and fault."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from gin_handset.device.skin import SkinError, load_skin

BROKEN = Path(__file__).parent / "broken_skins"

# fixture file -> (the field the message names, what it says is wrong)
EXPECTED = {
    "bad_yaml": ("", "not valid YAML at line 3"),
    "not_mapping": ("", "expected a mapping of fields at the top"),
    "missing_lcd": ("lcd", "missing"),
    "wrong_type_size": ("body.size", "expected 2 whole numbers [width, height], got 'big'"),
    "wrong_type_radius": ("body.radius", "expected a whole number, got 'round'"),
    "unknown_key": ("keys.NUM10", "unknown key name"),
    "missing_image": ("body.image", "image file 'nothere.png' not found"),
    "bad_image": ("body.image", "'notanimage.png' is not a PNG file"),
    "key_outside": ("keys.NUM5.rect", "rectangle [500, 10, 20, 20] is outside the body (216x476)"),
    "lcd_outside": ("lcd.rect", "rectangle [0, 0, 900, 900] is outside the body"),
    "resolution_too_big": ("lcd.resolution", "[300, 300] does not fit in lcd.rect"),
    "resolution_too_small": ("lcd.resolution", "must be at least [128, 128], got [96, 65]"),
    "font_scale_too_big": ("fonts.body.scale", "must be at most 4, got 1000"),
    "bad_colour": ("palette.red", "expected a colour \"#rrggbb\", got 'red'"),
    "missing_palette_colour": ("palette.meld", "missing"),
    "unknown_palette_colour": ("palette.purple", "unknown colour name"),
    "loop_a": ("extends", "inheritance loop: loop_a.yaml -> loop_b.yaml -> loop_a.yaml"),
    "unknown_parent": ("extends", "unknown parent skin 'nosuchskin'"),
    "unknown_binding_key": ("bindings.nosuchkey", "unknown key name 'nosuchkey'"),
    "unknown_binding_target": ("bindings.x", "unknown phone key 'FIRE'"),
    "unknown_font": ("fonts.body.name", "unknown font 'comic'"),
    "unknown_font_role": ("fonts.huge", "unknown field (known: small, body, title)"),
    "bad_shape": ("keys.SELECT.shape", "expected one of rect, rounded, ellipse, got 'star'"),
    "overlapping_keys": ("keys.NUM2.rect", "overlaps keys.NUM1.rect"),
    "bad_numpad": ("numpad", "expected one of printed, phone, got 'upside'"),
    "missing_key": ("keys", "missing keys: POUND"),
    "unprintable_label": ("keys.NUM1.label", "cannot be printed"),
    "empty_rect": ("keys.NUM1.rect", "width and height must be positive"),
}


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.display.init()
    yield


def test_every_fixture_is_checked():
    fixtures = {p.stem for p in BROKEN.glob("*.yaml")}
    assert fixtures - {"loop_b"} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_skin_message(name):
    field, what = EXPECTED[name]
    path = BROKEN / f"{name}.yaml"
    with pytest.raises(SkinError) as caught:
        load_skin(path)
    message = str(caught.value)
    assert message.startswith(f"skin {path}")
    if field:
        assert f": {field}: " in message
    assert what in message
    assert "\n" not in message


def test_inheritance_loop_is_named():
    with pytest.raises(SkinError) as caught:
        load_skin(BROKEN / "loop_b.yaml")
    assert "inheritance loop: loop_b.yaml -> loop_a.yaml -> loop_b.yaml" in str(caught.value)


def test_unknown_skin_name():
    with pytest.raises(SkinError, match="no skin of that name"):
        load_skin("no-such-skin")


def test_missing_skin_file(tmp_path):
    with pytest.raises(SkinError, match="no such file"):
        load_skin(tmp_path / "gone.yaml")
