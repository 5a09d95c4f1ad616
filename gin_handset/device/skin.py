"""The skin: a handset's body, LCD, palette, fonts, keypad and key bindings, loaded from YAML.

See ``skins/README.md`` for every field. `load_skin` validates everything and raises `SkinError`
with the file, the dotted field path and the fault; it never lets another exception out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gin_handset.device import rtttl
from gin_handset.device.bindings import Binding, parse_binding
from gin_handset.device.keys import PhoneKey
from gin_handset.device.rtttl import JINGLES, Note
from gin_handset.device.skin_fields import Color, Fields, Rect, SkinError, show
from gin_handset.device.skin_files import (
    DEFAULT_SKIN,
    bundled_skin_file,
    bundled_skins,
    find_skin,
    resolve,
    user_skins_problem,
)
from gin_handset.render.fonts import available_fonts, unprintable
from gin_handset.render.table import table_problems
from gin_handset.render.theme import (
    FONT_ROLES,
    FOUR_COLOUR_FIELDS,
    PALETTE_FIELDS,
    FontSpec,
    Theme,
    readability_problems,
)
from gin_handset.storage import field_name

if TYPE_CHECKING:
    import pygame

__all__ = [
    "DEFAULT_SKIN",
    "Brand",
    "Decoration",
    "KeySpec",
    "Skin",
    "SkinError",
    "bundled_skins",
    "load_or_default",
    "load_skin",
]

SHAPES = ("rect", "rounded", "ellipse")
NUMPAD_LAYOUTS = ("printed", "phone")
# The game's screens are laid out for 128x128 (a flip phone's square LCD) and up; larger
# than VGA is no keypad phone.
MIN_RESOLUTION = (128, 128)
MAX_RESOLUTION = (480, 640)
MAX_BODY = (1600, 1600)
MAX_FONT_SCALE = 4
MAX_LABEL_SCALE = 8
LABEL_FONT = "pixel5x7"  # the bundled font the key and body labels are printed in
MAX_RADIUS = 800  # a corner's radius, in body units
MAX_IMAGE = (4096, 4096)  # a body image's size in pixels, checked before it is decoded
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The fields each part of a skin may have; anything else is a mistake worth naming.
TOP_FIELDS = ("name", "backdrop", "body", "lcd", "palette", "fonts", "key_style", "keys",
              "bindings", "numpad", "jingles")
BODY_FIELDS = ("size", "color", "edge", "radius", "image", "brand", "decorations")
BRAND_FIELDS = ("text", "center", "color", "scale")
DECORATION_FIELDS = ("shape", "rect", "color", "radius")
LCD_FIELDS = ("rect", "resolution", "bezel", "tint", "grid", "ghost")
MAX_GHOST_MS = 1000
STYLE_FIELDS = ("shape", "radius", "color", "pressed", "edge", "label_color", "sub_color",
                "label_scale")
KEY_FIELDS = (*STYLE_FIELDS, "rect", "label", "sub_label")
FONT_FIELDS = ("name", "scale")
MAX_DECORATIONS = 64
MAX_LABEL = 40
MAX_BINDINGS = 256
MAX_NAME = 40  # characters of a key's or a binding's name


@dataclass(frozen=True)
class Decoration:
    """A plain shape on the body: a speaker slot, a camera ring, a stripe."""

    shape: str
    rect: Rect
    color: Color
    radius: int


@dataclass(frozen=True)
class Brand:
    text: str
    center: tuple[int, int]
    color: Color
    scale: int


@dataclass(frozen=True)
class KeySpec:
    """One key as drawn: its shape and place in body units, its labels and colours."""

    key: PhoneKey
    shape: str
    rect: Rect
    radius: int
    label: str
    sub_label: str
    color: Color
    pressed: Color
    edge: Color
    label_color: Color
    sub_color: Color
    label_scale: int


@dataclass(frozen=True)
class LcdLooks:
    """How the LCD glass looks: a backlight ``tint`` (multiplied over the picture), a pixel
    ``grid`` (the gaps between pixels, at 3x and above), a slow panel's ``ghost`` (ms a changed
    picture leaves a fading trace)."""

    tint: Color | None = None
    grid: bool = False
    ghost: int = 0


@dataclass(frozen=True)
class Skin:
    """A loaded, validated skin. Body coordinates are in body units (one unit per LCD pixel)."""

    name: str
    path: Path
    backdrop: Color
    body_size: tuple[int, int]
    body_color: Color
    body_edge: Color
    body_radius: int
    body_image: pygame.Surface | None  # decoded at load
    brand: Brand | None
    decorations: tuple[Decoration, ...]
    lcd_rect: Rect
    resolution: tuple[int, int]
    bezel: Color
    palette: dict[str, Color]
    fonts: dict[str, tuple[str, int]]
    keys: dict[PhoneKey, KeySpec]
    bindings: dict[str, PhoneKey]  # as the skin names them
    keymap: dict[Binding, PhoneKey]  # the same, parsed
    numpad: str
    theme: Theme  # what the renderer needs: one object for the app and every screen
    jingles: dict[str, tuple[Note, ...]]  # the tune of each of rtttl.JINGLES's events
    lcd_looks: LcdLooks = LcdLooks()

    def warnings(self) -> list[str]:
        """What a skin author should mend although the skin loads: text that does not read, a
        play table that does not fit."""
        problems = [("palette", p) for p in readability_problems(self.theme)]
        problems += [("lcd", p) for p in table_problems(self.theme)]
        return [f"{self.path}: {field}: {problem}" for field, problem in problems]

    @property
    def lcd_origin(self) -> tuple[int, int]:
        """Top-left of the LCD's pixels in body units: centred in the LCD window."""
        x, y, w, h = self.lcd_rect
        return (x + (w - self.resolution[0]) // 2, y + (h - self.resolution[1]) // 2)


def load_skin(spec: str | Path) -> Skin:
    """Load the skin named ``spec`` (bundled name) or at path ``spec``; `SkinError` if broken.

    Checking key names initialises pygame's display module (no window is opened).
    """
    try:
        path = find_skin(str(spec))
        return _build(path, resolve(path))
    except SkinError:
        raise
    except Exception as error:  # a last guard: a broken skin must never become a traceback
        raise SkinError(
            f"skin {spec}: cannot be loaded ({type(error).__name__}: {error})"
        ) from None


def load_or_default(spec: str | Path | None) -> tuple[Skin, list[str]]:
    """The skin ``spec`` names, else the default skin, else the first bundled skin that loads
    (its own file: a broken skin of the player's of the same name never hides it).

    Returns the skin and a message for each skin that was broken; `SkinError` if none loads.
    """
    bundled = (bundled_skin_file(name) for name in (DEFAULT_SKIN, *bundled_skins()))
    candidates = [c for c in (spec, DEFAULT_SKIN, *bundled) if c is not None]
    problems: list[str] = []
    folder = [p for p in (user_skins_problem(),) if p is not None]
    for candidate in dict.fromkeys(str(c) for c in candidates):
        try:
            skin = load_skin(candidate)
        except SkinError as error:
            problems.append(str(error))
            continue
        return skin, [*folder, *(f"{problem} (using the {skin.name} skin)"
                                 for problem in problems)]
    raise SkinError("; ".join(problems) or "no skins found")


def _build(path: Path, data: dict[str, Any], f: Fields | None = None) -> Skin:
    """The skin in ``data``; with a collecting ``f`` every part is read even after a problem,
    and the first problem is raised at the end."""
    f = f or Fields(path)
    f.attempt(lambda: f.known(data, "", TOP_FIELDS), None)
    body = f.attempt(lambda: f.mapping(data, "", "body"), {})
    f.attempt(lambda: f.known(body, "body", BODY_FIELDS), None)
    body_size = f.attempt(lambda: f.size(body, "body", "size", high=MAX_BODY), (MAX_BODY,) * 2)
    lcd = f.attempt(lambda: f.mapping(data, "", "lcd"), {})
    f.attempt(lambda: f.known(lcd, "lcd", LCD_FIELDS), None)
    read_rect = f.attempt(lambda: _lcd_rect(f, lcd, body_size), None)
    lcd_rect = read_rect or (0, 0, 0, 0)
    resolution = f.attempt(lambda: _resolution(f, lcd, read_rect), (MIN_RESOLUTION,) * 2)
    keys = f.attempt(lambda: _keys(f, data, body_size), {})
    _no_overlaps(f, keys, read_rect)
    palette = f.attempt(lambda: _palette(f, data), {})
    fonts = f.attempt(lambda: _fonts(f, data), {})
    bindings = f.attempt(lambda: _bindings(f, data), {})
    looks = {
        "name": f.attempt(lambda: _name(f, data, path.stem), path.stem),
        "backdrop": f.attempt(lambda: f.color(data, "", "backdrop", (32, 32, 36)), (0, 0, 0)),
        "body_color": f.attempt(lambda: f.color(body, "body", "color"), (0, 0, 0)),
        "body_edge": f.attempt(
            lambda: f.color(body, "body", "edge", f.color(body, "body", "color")), (0, 0, 0)),
        "body_radius": f.attempt(lambda: f.whole(body, "body", "radius", 0, high=MAX_RADIUS), 0),
        "body_image": f.attempt(lambda: _image(f, body, path), None),
        "brand": f.attempt(lambda: _brand(f, body, body_size), None),
        "decorations": f.attempt(lambda: _decorations(f, body, body_size), ()),
        "bezel": f.attempt(lambda: f.color(lcd, "lcd", "bezel", (16, 16, 16)), (0, 0, 0)),
        "numpad": f.attempt(
            lambda: f.choice(data, "", "numpad", NUMPAD_LAYOUTS, "printed"), "printed"),
        "jingles": f.attempt(lambda: _jingles(f, data), {}),
        "lcd_looks": f.attempt(lambda: _lcd_looks(f, lcd), LcdLooks()),
    }
    if f.problems:
        raise SkinError(f.problems[0])
    specs = {role: FontSpec(name, scale) for role, (name, scale) in fonts.items()}
    return Skin(
        path=path,
        body_size=body_size,
        lcd_rect=lcd_rect,
        resolution=resolution,
        palette=palette,
        fonts=fonts,
        keys=keys,
        bindings=bindings,
        keymap={parse_binding(name): key for name, key in bindings.items()},
        theme=Theme(resolution[0], resolution[1], dict(palette), specs),
        **looks,
    )


def _lcd_looks(f: Fields, lcd: dict[str, Any]) -> LcdLooks:
    """The LCD's looks; each field read even after a problem in another (skin check)."""
    tint = f.attempt(lambda: f.color(lcd, "lcd", "tint", None), None)
    grid = f.attempt(lambda: _flag(f, lcd, "lcd", "grid"), False)
    ghost = f.attempt(lambda: f.whole(lcd, "lcd", "ghost", 0, high=MAX_GHOST_MS), 0)
    return LcdLooks(tint, grid, ghost)


def _flag(f: Fields, data: dict[str, Any], path: str, name: str) -> bool:
    value = f.field(data, path, name, False)
    if type(value) is not bool:
        f.fail(f"{path}.{name}", f"expected true or false, got {show(value)}")
    return value


def _lcd_rect(f: Fields, lcd: dict[str, Any], body_size: tuple[int, int]) -> Rect:
    lcd_rect = f.rect(lcd, "lcd", "rect")
    f.inside("lcd.rect", lcd_rect, body_size, "body")
    return lcd_rect


def _resolution(f: Fields, lcd: dict[str, Any], lcd_rect: Rect | None) -> tuple[int, int]:
    """The LCD's resolution; whether it fits is checked only against an ``lcd_rect`` read."""
    resolution = f.size(lcd, "lcd", "resolution", MIN_RESOLUTION, MAX_RESOLUTION)
    if lcd_rect is not None and (resolution[0] > lcd_rect[2] or resolution[1] > lcd_rect[3]):
        f.fail("lcd.resolution", f"{list(resolution)} does not fit in lcd.rect {list(lcd_rect)}")
    return resolution


def check_skin(spec: str | Path) -> tuple[list[str], list[str]]:
    """Every problem of the skin ``spec`` (not only the first), and, when it has none, the
    warnings a skin author should mend (text that does not read)."""
    try:
        path = find_skin(str(spec))
        data = resolve(path)
    except SkinError as error:
        return [str(error)], []
    f = Fields(path, collect=True)
    try:
        skin = _build(path, data, f)
    except SkinError:
        return list(dict.fromkeys(f.problems)), []
    except Exception as error:  # a last guard, as in load_skin
        return [*f.problems, f"skin {spec}: cannot be loaded ({type(error).__name__}: "
                f"{error})"], []
    return [], skin.warnings()


def _image(f: Fields, body: dict[str, Any], path: Path) -> pygame.Surface | None:
    """A PNG in the skin's folder, no larger than `MAX_IMAGE` (read from its header before
    anything is decoded), decoded here once: a redraw never reads the file again."""
    name = f.text(body, "body", "image", None)
    if name is None:
        return None
    folder = path.parent.resolve()
    image = (folder / name).resolve()
    if image.parent != folder:
        f.fail("body.image", f"{show(name)} is not a file beside the skin (in {folder})")
    if image.exists() and not image.is_file():
        f.fail("body.image", f"image {show(name)} is not a regular file")
    if not image.is_file():
        f.fail("body.image", f"image file {show(name)} not found beside the skin")
    import pygame

    try:
        with image.open("rb") as handle:
            _check_png(f, name, handle.read(24))
            handle.seek(0)
            return pygame.image.load(handle, image.name)
    except (pygame.error, OSError) as error:
        f.fail("body.image", f"cannot read image {show(name)} ({error})")


def _check_png(f: Fields, name: str, header: bytes) -> None:
    """A PNG's header, and a size within `MAX_IMAGE`."""
    if len(header) < 24 or header[:8] != PNG_SIGNATURE or header[12:16] != b"IHDR":
        f.fail("body.image", f"{show(name)} is not a PNG file")
    width, height = int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
    if not (0 < width <= MAX_IMAGE[0] and 0 < height <= MAX_IMAGE[1]):
        f.fail("body.image", f"{show(name)} is {width}x{height} pixels; at most "
                             f"{MAX_IMAGE[0]}x{MAX_IMAGE[1]}")


def _name(f: Fields, data: dict[str, Any], default: str) -> str:
    """The skin's name (the window's title, the settings' word for it): a short line of text
    that is no file path."""
    text = f.text(data, "", "name", default)
    if "name" in data and (len(text) > MAX_NAME or not text.isprintable() or "/" in text
                           or "\\" in text or not text.strip()):
        f.fail("name", f"expected a name of 1 to {MAX_NAME} characters that print, with no / "
                       f"or \\, got {show(text)}")
    return text


def _label(f: Fields, data: dict[str, Any], path: str, name: str, *default: str) -> str:
    text = f.text(data, path, name, *default)
    if len(text) > MAX_LABEL:
        f.fail(f"{path}.{name}", f"at most {MAX_LABEL} characters, got {len(text)}")
    bad = unprintable(text, LABEL_FONT)
    if bad:
        f.fail(f"{path}.{name}", f"characters {''.join(sorted(bad))!r} cannot be printed")
    return text


def _brand(f: Fields, body: dict[str, Any], size: tuple[int, int]) -> Brand | None:
    brand = f.mapping(body, "body", "brand", None)
    if brand is None:
        return None
    f.known(brand, "body.brand", BRAND_FIELDS)
    x, y = f.numbers(brand, "body.brand", "center", 2, "[x, y]")
    if not (0 <= x <= size[0] and 0 <= y <= size[1]):
        f.fail("body.brand.center", f"{[x, y]} is outside the body ({size[0]}x{size[1]})")
    return Brand(
        text=_label(f, brand, "body.brand", "text"),
        center=(x, y),
        color=f.color(brand, "body.brand", "color"),
        scale=f.whole(brand, "body.brand", "scale", 1, low=1, high=MAX_LABEL_SCALE),
    )


def _decorations(f: Fields, body: dict[str, Any], size: tuple[int, int]) -> tuple[Decoration, ...]:
    items = f.field(body, "body", "decorations", [])
    if not isinstance(items, list):
        f.fail("body.decorations", f"expected a list, got {show(items)}")
    if len(items) > MAX_DECORATIONS:
        f.fail("body.decorations", f"at most {MAX_DECORATIONS} decorations, got {len(items)}")
    result = []
    for index, item in enumerate(items):
        path = f"body.decorations.{index}"
        if not isinstance(item, dict):
            f.fail(path, f"expected a mapping, got {show(item)}")
        f.known(item, path, DECORATION_FIELDS)
        rect = f.rect(item, path, "rect")
        f.inside(f"{path}.rect", rect, size, "body")
        result.append(
            Decoration(
                shape=f.choice(item, path, "shape", SHAPES, "rect"),
                rect=rect,
                color=f.color(item, path, "color"),
                radius=f.whole(item, path, "radius", 0, high=MAX_RADIUS),
            )
        )
    return tuple(result)


def _palette(f: Fields, data: dict[str, Any]) -> dict[str, Color]:
    palette = f.mapping(data, "", "palette")
    known = (*PALETTE_FIELDS, *FOUR_COLOUR_FIELDS)
    for name in palette:
        if name not in known:
            where = f"palette.{field_name(name)}"
            f.attempt(lambda w=where: f.fail(w, f"unknown colour name (known: {', '.join(known)})"),
                      None)
    colours = {name: f.attempt(lambda n=name: f.color(palette, "palette", n), (0, 0, 0))
               for name in PALETTE_FIELDS}
    for name, default in FOUR_COLOUR_FIELDS.items():
        colours[name] = f.attempt(lambda n=name, d=default: f.color(palette, "palette", n, d),
                                  default)
    return colours


def available_font_names() -> frozenset[str]:
    """Fonts a skin may name: the bundled pixel fonts."""
    return frozenset(available_fonts())


def _fonts(f: Fields, data: dict[str, Any]) -> dict[str, tuple[str, int]]:
    fonts = f.mapping(data, "", "fonts")
    known = available_font_names()
    f.known(fonts, "fonts", FONT_ROLES)
    result = {}
    for role in FONT_ROLES:
        spec = f.mapping(fonts, "fonts", role)
        f.known(spec, f"fonts.{role}", FONT_FIELDS)
        name = f.text(spec, f"fonts.{role}", "name")
        if name not in known:
            f.fail(f"fonts.{role}.name",
                   f"unknown font {show(name)} (known: {', '.join(sorted(known))})")
        scale = f.whole(spec, f"fonts.{role}", "scale", 1, low=1, high=MAX_FONT_SCALE)
        result[role] = (name, scale)
    return result


def _keys(f: Fields, data: dict[str, Any], body_size: tuple[int, int]) -> dict[PhoneKey, KeySpec]:
    style = f.mapping(data, "", "key_style", {})
    f.known(style, "key_style", STYLE_FIELDS)
    base = {
        "shape": f.choice(style, "key_style", "shape", SHAPES, "rounded"),
        "radius": f.whole(style, "key_style", "radius", 4, high=MAX_RADIUS),
        "color": f.color(style, "key_style", "color"),
        "pressed": f.color(style, "key_style", "pressed"),
        "edge": f.color(style, "key_style", "edge", f.color(style, "key_style", "color")),
        "label_color": f.color(style, "key_style", "label_color"),
        "sub_color": f.color(
            style, "key_style", "sub_color", f.color(style, "key_style", "label_color")
        ),
        "label_scale": f.whole(style, "key_style", "label_scale", 1, low=1, high=MAX_LABEL_SCALE),
    }
    keys_data = f.mapping(data, "", "keys")
    keys: dict[PhoneKey, KeySpec] = {}
    named: set[PhoneKey] = set()  # given, whether or not they could be read
    for name, item in keys_data.items():
        spec = f.attempt(lambda n=name, i=item: _key(f, n, i, base, body_size, named), None)
        if spec is not None:
            keys[spec.key] = spec
    missing = [k.name for k in PhoneKey if k not in named]
    if missing:
        f.fail("keys", f"missing keys: {', '.join(missing)}")
    return keys


def _key(f: Fields, name: Any, item: Any, base: dict[str, Any], body_size: tuple[int, int],
         named: set[PhoneKey]) -> KeySpec:
    """One key of ``keys``; ``named`` gathers the keys given."""
    path = f"keys.{field_name(name)}"
    try:
        key = PhoneKey.from_name(str(name) if len(str(name)) <= MAX_NAME else "")
    except ValueError:
        f.fail(path, f"unknown key name (known: {', '.join(k.name for k in PhoneKey)})")
    if key in named:
        f.fail(path, f"{key.name} is given twice")
    named.add(key)
    if not isinstance(item, dict):
        f.fail(path, f"expected a mapping, got {show(item)}")
    f.known(item, path, KEY_FIELDS)
    rect = f.rect(item, path, "rect")
    f.inside(f"{path}.rect", rect, body_size, "body")
    return KeySpec(
        key=key,
        shape=f.choice(item, path, "shape", SHAPES, base["shape"]),
        rect=rect,
        radius=f.whole(item, path, "radius", base["radius"], high=MAX_RADIUS),
        label=_label(f, item, path, "label", ""),
        sub_label=_label(f, item, path, "sub_label", ""),
        color=f.color(item, path, "color", base["color"]),
        pressed=f.color(item, path, "pressed", base["pressed"]),
        edge=f.color(item, path, "edge", base["edge"]),
        label_color=f.color(item, path, "label_color", base["label_color"]),
        sub_color=f.color(item, path, "sub_color", base["sub_color"]),
        label_scale=f.whole(
            item, path, "label_scale", base["label_scale"], low=1, high=MAX_LABEL_SCALE
        ),
    )


def _no_overlaps(f: Fields, keys: dict[PhoneKey, KeySpec], lcd_rect: Rect | None) -> None:
    """Every overlap of the keys and the LCD (an LCD not read is left out)."""
    lcd = [("lcd.rect", lcd_rect)] if lcd_rect is not None else []
    placed = lcd + [(f"keys.{k.name}.rect", s.rect) for k, s in keys.items()]
    for index, (name, rect) in enumerate(placed):
        for other_name, other in placed[:index]:
            if _overlap(rect, other):
                f.attempt(lambda n=name, r=rect, o=other_name, x=other: f.fail(
                    n, f"rectangle {list(r)} overlaps {o} {list(x)}"), None)


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _jingles(f: Fields, data: dict[str, Any]) -> dict[str, tuple[Note, ...]]:
    """Each event's tune: the skin's RTTTL text, else the bundled one."""
    given = f.mapping(data, "", "jingles", {})
    f.known(given, "jingles", tuple(JINGLES))
    tunes = {}
    for event, default in JINGLES.items():
        tunes[event] = f.attempt(lambda e=event, d=default: _tune(f, e, given.get(e, d)), ())
    return tunes


def _tune(f: Fields, event: str, text: Any) -> tuple[Note, ...]:
    try:
        return rtttl.parse(text)
    except ValueError as error:
        f.fail(f"jingles.{event}", f"not a ringtone: {error}")


def _bindings(f: Fields, data: dict[str, Any]) -> dict[str, PhoneKey]:
    raw = f.mapping(data, "", "bindings")
    if len(raw) > MAX_BINDINGS:
        f.fail("bindings", f"at most {MAX_BINDINGS} bindings, got {len(raw)}")
    result = {}
    seen: dict[Binding, str] = {}
    for name, target in raw.items():
        path = f"bindings.{field_name(name)}"
        if len(str(name)) > MAX_NAME:
            f.fail(path, f"a key name of at most {MAX_NAME} characters")
        try:
            binding = parse_binding(str(name))
        except ValueError as error:
            f.fail(path, str(error))
        if binding in seen:
            f.fail(path, f"the same key as bindings.{field_name(seen[binding])}")
        seen[binding] = str(name)
        if target is None:
            continue
        try:
            if type(target) is not str:
                raise ValueError
            result[str(name)] = PhoneKey.from_name(target[:MAX_NAME])
        except ValueError:
            known = ", ".join(k.name for k in PhoneKey)
            f.fail(path, f"unknown phone key {show(target)} (known: {known})")
    return result
