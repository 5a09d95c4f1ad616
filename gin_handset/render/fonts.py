"""The bundled pixel fonts: parsed lazily from their text files, drawn crisp at whole scales.

A font file (``gin_handset/fonts/<name>.txt``) holds a few ``key value`` headers (``name``,
``ascent``, ``descent``, ``spacing``, ``leading``) and then glyphs: a line ``U+XXXX <char>``
followed by one line per pixel row, ``#`` for ink and ``.`` for paper. A glyph gives ``ascent``
rows, or ``ascent + descent`` when it reaches below the baseline. Widths are per glyph
(proportional).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

import pygame

from gin_handset.render.theme import Color, FontSpec

FONT_DIR = Path(str(files("gin_handset") / "fonts"))  # package data, in a wheel too
FALLBACK_CHAR = "?"
ELLIPSIS = ".."


@dataclass(frozen=True)
class Glyph:
    width: int
    rows: tuple[str, ...]


@dataclass(frozen=True)
class PixelFont:
    name: str
    ascent: int
    descent: int
    spacing: int
    leading: int
    glyphs: dict[str, Glyph]

    @property
    def height(self) -> int:
        return self.ascent + self.descent

    @property
    def line_height(self) -> int:
        return self.height + self.leading

    def glyph(self, char: str) -> Glyph:
        return self.glyphs.get(char) or self.glyphs[FALLBACK_CHAR]

    def width(self, text: str) -> int:
        """Unscaled width of ``text`` in pixels: glyph widths plus the spacing between them."""
        if not text:
            return 0
        return sum(self.glyph(c).width for c in text) + self.spacing * (len(text) - 1)


def parse_font(text: str, source: str) -> PixelFont:
    """A font from the text of a font file; ValueError naming ``source`` and the line if bad."""
    headers: dict[str, str] = {}
    glyphs: dict[str, Glyph] = {}
    current: str | None = None
    rows: list[str] = []
    where = 0

    def finish() -> None:
        if current is None:
            return
        if "ascent" not in headers or "descent" not in headers:
            raise ValueError(f"{source}:{where}: glyph {current!r} before ascent and descent")
        height = int(headers["ascent"])
        full = height + int(headers["descent"])
        if len(rows) not in (height, full):
            raise ValueError(f"{source}:{where}: glyph {current!r} has {len(rows)} rows")
        if len({len(r) for r in rows}) != 1:
            raise ValueError(f"{source}:{where}: glyph {current!r} has rows of unequal width")
        padded = rows + ["." * len(rows[0])] * (full - len(rows))
        glyphs[current] = Glyph(len(rows[0]), tuple(padded))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or (line.startswith("#") and current is None):
            continue
        if line.startswith("U+"):
            finish()
            current, rows, where = chr(int(line.split()[0][2:], 16)), [], number
        elif current is None:
            key, _, value = line.partition(" ")
            headers[key] = value.strip()
        elif set(line) <= {"#", "."}:
            rows.append(line)
        else:
            raise ValueError(f"{source}:{number}: not a pixel row: {line!r}")
    finish()
    missing = {"name", "ascent", "descent", "spacing", "leading"} - set(headers)
    if missing:
        raise ValueError(f"{source}: missing header(s) {', '.join(sorted(missing))}")
    if FALLBACK_CHAR not in glyphs:
        raise ValueError(f"{source}: no glyph for {FALLBACK_CHAR!r}")
    return PixelFont(
        headers["name"],
        int(headers["ascent"]),
        int(headers["descent"]),
        int(headers["spacing"]),
        int(headers["leading"]),
        glyphs,
    )


def available_fonts() -> set[str]:
    """Names of the bundled fonts, as a skin's ``fonts`` section may name them."""
    return {path.stem for path in FONT_DIR.glob("*.txt")}


@cache
def load_font(name: str) -> PixelFont:
    """The bundled font ``name``, read on first use; ValueError if there is no such font."""
    path = FONT_DIR / f"{name}.txt"
    if not path.is_file():
        known = ", ".join(sorted(available_fonts()))
        raise ValueError(f"no font {name!r} (bundled: {known})")
    return parse_font(path.read_text(encoding="utf-8"), str(path))


def unprintable(text: str, name: str) -> set[str]:
    """The characters of ``text`` that font ``name`` has no glyph for."""
    glyphs = load_font(name).glyphs
    return {char for char in text if char not in glyphs}


def text_width(text: str, spec: FontSpec) -> int:
    """Width of ``text`` in LCD pixels when drawn with ``spec``."""
    return load_font(spec.name).width(text) * spec.scale


def line_height(spec: FontSpec) -> int:
    """Distance in LCD pixels from one line's top to the next's."""
    return load_font(spec.name).line_height * spec.scale


def text_height(spec: FontSpec) -> int:
    """Height in LCD pixels of a line's ink box, descenders included."""
    return load_font(spec.name).height * spec.scale


def cap_height(spec: FontSpec) -> int:
    """Height in LCD pixels of a capital letter (the ascent)."""
    return load_font(spec.name).ascent * spec.scale


@cache
def _glyph_surface(name: str, char: str, scale: int, color: Color) -> pygame.Surface:
    font = load_font(name)
    glyph = font.glyph(char)
    size = (max(1, glyph.width * scale), font.height * scale)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    for y, row in enumerate(glyph.rows):
        for x, cell in enumerate(row):
            if cell == "#":
                surface.fill((*color, 255), (x * scale, y * scale, scale, scale))
    return surface


def draw_text(
    surface: pygame.Surface,
    text: str,
    spec: FontSpec,
    color: Color,
    pos: tuple[int, int],
    align: str = "left",
) -> pygame.Rect:
    """Draw one line with its top at ``pos[1]``; ``pos[0]`` is its left, centre or right edge.

    ``align`` is ``"left"``, ``"center"`` or ``"right"``. Returns the rectangle drawn into.
    """
    font = load_font(spec.name)
    width = text_width(text, spec)
    x, y = pos
    if align == "center":
        x -= width // 2
    elif align == "right":
        x -= width
    elif align != "left":
        raise ValueError(f"align must be left, center or right, not {align!r}")
    cursor = x
    for char in text:
        known = char if char in font.glyphs else FALLBACK_CHAR
        surface.blit(_glyph_surface(spec.name, known, spec.scale, tuple(color)), (cursor, y))
        cursor += (font.glyphs[known].width + font.spacing) * spec.scale
    return pygame.Rect(x, y, width, font.height * spec.scale)


def _prefix_fitting(text: str, spec: FontSpec, width: int) -> int:
    """How many characters of ``text`` fit in ``width`` (in one pass)."""
    font = load_font(spec.name)
    used = 0
    for count, char in enumerate(text):
        used += (font.spacing if count else 0) + font.glyph(char).width
        if used * spec.scale > width:
            return count
    return len(text)


def fit_text(text: str, spec: FontSpec, width: int) -> str:
    """``text`` if it fits ``width``, else cut short and ended with an ellipsis that fits."""
    if text_width(text, spec) <= width:
        return text
    font = load_font(spec.name)
    room = width - text_width(ELLIPSIS, spec) - font.spacing * spec.scale
    text = text[:_prefix_fitting(text, spec, room)]
    return text.rstrip() + ELLIPSIS if text else ""


# Where a long word (a path) breaks, best first: after a separator, else after punctuation.
BREAKS_AFTER = ("/\\", "-_.,;:")


def _cut_word(word: str, spec: FontSpec, width: int) -> list[str]:
    """A word wider than ``width`` cut into pieces that fit (at least a character each),
    after a path separator or other punctuation where there is one."""
    pieces: list[str] = []
    while word:
        cut = max(1, _prefix_fitting(word, spec, width))
        if cut < len(word):
            for marks in BREAKS_AFTER:
                natural = max(word.rfind(mark, 0, cut) for mark in marks) + 1
                if natural > 0:
                    cut = natural
                    break
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces


def wrap_text(text: str, spec: FontSpec, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width``; ``\n`` forces a break.

    A word wider than the line is cut across lines. The time taken grows with the text's
    length, no faster.
    """
    font = load_font(spec.name)
    space = (font.spacing + font.glyph(" ").width) * spec.scale
    spacing = font.spacing * spec.scale
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0
        for word in paragraph.split(" "):
            word_w = text_width(word, spec)
            empty = not any(line)  # only empty words so far: they take no room
            extra = word_w if empty else space + (spacing + word_w if word else 0)
            if used + extra <= width:
                if empty:
                    line = [word]
                else:
                    line.append(word)
                used += extra
                continue
            if not empty:
                lines.append(" ".join(line))
            pieces = _cut_word(word, spec, width) if word_w > width else [word]
            lines.extend(pieces[:-1])
            line, used = [pieces[-1]], text_width(pieces[-1], spec)
        lines.append(" ".join(line))
    return lines
