"""Drawing the handset around the LCD, scaled by a whole factor, and hit-testing its keys.

Everything in a skin is in body units; at scale ``s`` one unit is ``s`` window pixels, so the
LCD (one unit per LCD pixel) is scaled by the same whole factor and stays crisp.

The body is shown whole (``full``), or ``compact``: cut below the LCD, the keypad put beside the
screen, as a slider phone opens, so a tall handset fits a wide desktop at a larger scale.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gin_handset.device.keys import PhoneKey
from gin_handset.device.skin import LABEL_FONT, KeySpec, Skin
from gin_handset.device.skin_fields import Color, Rect
from gin_handset.render.fonts import cap_height, draw_text, text_width
from gin_handset.render.theme import FontSpec


def _print(
    surface: pygame.Surface, text: str, center: tuple[int, int], color: Color, scale: int
) -> None:
    """A label centred on ``center``, its capitals' middle on the centre line."""
    spec = FontSpec(LABEL_FONT, scale)
    draw_text(surface, text, spec, color, (center[0], center[1] - cap_height(spec) // 2), "center")


FULL, COMPACT, AUTO = "full", "compact", "auto"
ARRANGEMENTS = (AUTO, FULL, COMPACT)
GAP = 8  # body units between the screen and the keypad, compact


def fit_scale(body_size: tuple[int, int], space: tuple[int, int]) -> int:
    """The largest whole factor at which the body fits in ``space`` (at least 1)."""
    return max(1, min(space[0] // body_size[0], space[1] // body_size[1]))


@dataclass(frozen=True)
class Piece:
    """A part of the body (in body units) and where its top-left goes in the picture."""

    source: Rect
    at: tuple[int, int]

    def holds(self, x: float, y: float) -> bool:
        sx, sy, w, h = self.source
        return sx <= x < sx + w and sy <= y < sy + h


def split_line(skin: Skin) -> int | None:
    """Where a compact handset is cut: between the LCD and the keys (None if a key is beside
    the LCD, so no cut can keep them apart)."""
    lcd_bottom = skin.lcd_rect[1] + skin.lcd_rect[3]
    tops = [spec.rect[1] for spec in skin.keys.values()]
    if not tops or min(tops) < lcd_bottom:
        return None
    return (lcd_bottom + min(tops)) // 2


def pieces(skin: Skin, arrangement: str) -> tuple[Piece, ...]:
    """The body's pieces and where they go: whole, or compact (keypad beside the screen)."""
    width, height = skin.body_size
    cut = split_line(skin) if arrangement == COMPACT else None
    if cut is None:
        return (Piece((0, 0, width, height), (0, 0)),)
    lower = height - cut
    return (Piece((0, 0, width, cut), (0, max(0, (lower - cut) // 2))),
            Piece((0, cut, width, lower), (width + GAP, max(0, (cut - lower) // 2))))


def arranged_size(skin: Skin, arrangement: str) -> tuple[int, int]:
    """The picture's size in body units."""
    found = pieces(skin, arrangement)
    return (max(p.at[0] + p.source[2] for p in found), max(p.at[1] + p.source[3] for p in found))


def choose_arrangement(skin: Skin, space: tuple[int, int], wanted: str = AUTO) -> str:
    """``wanted``, or for AUTO: the whole handset, unless its LCD would show at less than 2x
    in ``space`` and compact shows it larger."""
    if wanted != AUTO:
        return wanted
    whole = fit_scale(arranged_size(skin, FULL), space)
    compact = fit_scale(arranged_size(skin, COMPACT), space)
    return COMPACT if whole < 2 and compact > whole else FULL


@dataclass(frozen=True)
class Layout:
    """Where the body lies in the window: its whole scale, the top-left corner of the picture,
    and its pieces."""

    scale: int
    offset: tuple[int, int]
    parts: tuple[Piece, ...] = ()

    def _piece(self, x: float, y: float) -> Piece | None:
        if not self.parts:
            return None
        return next((p for p in self.parts if p.holds(x, y)), None)

    def rect(self, rect: Rect) -> pygame.Rect:
        """A rectangle in body units as window pixels."""
        x, y, w, h = rect
        piece = self._piece(x, y)
        dx, dy = (piece.at[0] - piece.source[0], piece.at[1] - piece.source[1]) if piece else (0, 0)
        s = self.scale
        return pygame.Rect(self.offset[0] + (x + dx) * s, self.offset[1] + (y + dy) * s, w * s,
                           h * s)

    def to_body(self, pos: tuple[int, int]) -> tuple[float, float]:
        """A window position in body units (outside the body when no piece is there)."""
        u = (pos[0] - self.offset[0]) / self.scale
        v = (pos[1] - self.offset[1]) / self.scale
        for piece in self.parts:
            sx, sy, w, h = piece.source
            if piece.at[0] <= u < piece.at[0] + w and piece.at[1] <= v < piece.at[1] + h:
                return (u - piece.at[0] + sx, v - piece.at[1] + sy)
        return (u, v) if not self.parts else (-1.0, -1.0)


def layout_for(skin: Skin, window: tuple[int, int], scale: int | None = None,
               arrangement: str = FULL) -> Layout:
    """The body centred in a window of size ``window``, at ``scale`` or the largest that fits,
    whole or compact."""
    size = arranged_size(skin, arrangement)
    s = scale or fit_scale(size, window)
    w, h = size[0] * s, size[1] * s
    return Layout(s, ((window[0] - w) // 2, (window[1] - h) // 2), pieces(skin, arrangement))


def _contains(spec: KeySpec, x: float, y: float) -> bool:
    kx, ky, kw, kh = spec.rect
    if not (kx <= x < kx + kw and ky <= y < ky + kh):
        return False
    if spec.shape == "ellipse":
        dx, dy = (x - kx - kw / 2) / (kw / 2), (y - ky - kh / 2) / (kh / 2)
        return dx * dx + dy * dy <= 1.0
    if spec.shape == "rounded":
        r = min(spec.radius, kw // 2, kh // 2)
        cx = min(max(x, kx + r), kx + kw - r)
        cy = min(max(y, ky + r), ky + kh - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    return True


def key_at(skin: Skin, layout: Layout, pos: tuple[int, int]) -> PhoneKey | None:
    """The key drawn under window position ``pos``, or None."""
    x, y = layout.to_body(pos)
    for spec in skin.keys.values():
        if _contains(spec, x, y):
            return spec.key
    return None


def _shape(
    surface: pygame.Surface, shape: str, rect: pygame.Rect, color: Color, radius: int
) -> None:
    if shape == "ellipse":
        pygame.draw.ellipse(surface, color, rect)
    else:
        pygame.draw.rect(surface, color, rect, border_radius=radius if shape == "rounded" else 0)


class HandsetView:
    """Draws a skin's handset into a window of any size, and finds the key under a point."""

    def __init__(self, skin: Skin, window: tuple[int, int], scale: int | None = None,
                 arrangement: str = FULL) -> None:
        self.skin = skin
        self.arrangement = arrangement
        self.layout = layout_for(skin, window, scale, arrangement)
        self._body: pygame.Surface | None = None
        self.looks = skin.lcd_looks  # as the settings have it (the app sets it)
        self._shown: pygame.Surface | None = None  # the LCD as last drawn, scaled
        self._ghost: pygame.Surface | None = None  # the picture before it, fading
        self.ghost_left = 0  # ms until the ghost is gone

    def resize(self, window: tuple[int, int]) -> None:
        """Re-layout for a new window size, at the largest whole scale that fits."""
        self.layout = layout_for(self.skin, window, None, self.arrangement)
        self._body = self._shown = self._ghost = None

    def key_at(self, pos: tuple[int, int]) -> PhoneKey | None:
        return key_at(self.skin, self.layout, pos)

    @property
    def lcd_rect(self) -> pygame.Rect:
        """The LCD's pixels in window coordinates."""
        x, y = self.skin.lcd_origin
        return self.layout.rect((x, y, *self.skin.resolution))

    def draw(
        self, window: pygame.Surface, lcd: pygame.Surface, pressed: frozenset[PhoneKey],
        changed: bool = True,
    ) -> None:
        """The whole picture: backdrop, body, keys (``pressed`` ones pressed) and the LCD
        (``changed``: with a new picture)."""
        if self._body is None:
            self._body = self._draw_body()
        window.fill(self.skin.backdrop)
        s, (ox, oy) = self.layout.scale, self.layout.offset
        for piece in self.layout.parts:
            x, y, w, h = piece.source
            window.blit(self._body, (ox + piece.at[0] * s, oy + piece.at[1] * s),
                        pygame.Rect(x * s, y * s, w * s, h * s))
        for key in pressed:
            self._draw_key(window, self.skin.keys[key], self.layout, pressed=True)
        self.draw_lcd(window, lcd, changed)

    def draw_lcd(self, window: pygame.Surface, lcd: pygame.Surface, changed: bool = True
                 ) -> None:
        """The LCD scaled by the whole factor (no smoothing) onto its place in the window,
        through the glass's looks; ``changed`` says the LCD has a new picture."""
        target = self.lcd_rect
        if changed or self._shown is None or self._shown.get_size() != target.size:
            previous = self._shown
            self._shown = self._glass(pygame.transform.scale(lcd, target.size))
            if self.looks.ghost and previous is not None and previous.get_size() == target.size:
                self._ghost, self.ghost_left = previous, self.looks.ghost
        window.blit(self._shown, target)
        if self._ghost is not None and self.ghost_left > 0:
            self._ghost.set_alpha(int(128 * self.ghost_left / max(1, self.looks.ghost)))
            window.blit(self._ghost, target)

    def fade(self, ms: int) -> bool:
        """Let the ghost fade by ``ms``; whether there was one to draw."""
        if self.ghost_left <= 0:
            return False
        self.ghost_left = max(0, self.ghost_left - ms)
        if self.ghost_left == 0:
            self._ghost = None
        return True

    def _glass(self, picture: pygame.Surface) -> pygame.Surface:
        """``picture`` with the backlight's tint and the pixel grid, as the looks say."""
        if self.looks.tint is not None:
            picture.fill(self.looks.tint, special_flags=pygame.BLEND_MULT)
        scale = self.layout.scale
        if self.looks.grid and scale >= 3:
            gap = (150, 150, 150)
            width, height = picture.get_size()
            for x in range(0, width, scale):
                picture.fill(gap, (x, 0, 1, height), special_flags=pygame.BLEND_MULT)
            for y in range(0, height, scale):
                picture.fill(gap, (0, y, width, 1), special_flags=pygame.BLEND_MULT)
        return picture

    def _draw_body(self) -> pygame.Surface:
        skin, s = self.skin, self.layout.scale
        local = Layout(s, (0, 0))
        size = (skin.body_size[0] * s, skin.body_size[1] * s)
        body = pygame.Surface(size, pygame.SRCALPHA)
        whole = pygame.Rect((0, 0), size)
        pygame.draw.rect(body, skin.body_edge, whole, border_radius=skin.body_radius * s)
        inner = whole.inflate(-4 * s, -4 * s)
        pygame.draw.rect(
            body, skin.body_color, inner, border_radius=max(0, skin.body_radius - 2) * s
        )
        if skin.body_image is not None:
            body.blit(pygame.transform.scale(skin.body_image, size), (0, 0))
        for deco in skin.decorations:
            _shape(body, deco.shape, local.rect(deco.rect), deco.color, deco.radius * s)
        if skin.brand is not None:
            bx, by = skin.brand.center
            _print(body, skin.brand.text, (bx * s, by * s), skin.brand.color, skin.brand.scale * s)
        bezel = local.rect(skin.lcd_rect)
        pygame.draw.rect(body, skin.bezel, bezel, border_radius=3 * s)
        for spec in skin.keys.values():
            self._draw_key(body, spec, local, pressed=False)
        return body

    @staticmethod
    def _draw_key(surface: pygame.Surface, spec: KeySpec, layout: Layout, pressed: bool) -> None:
        s = layout.scale
        rect = layout.rect(spec.rect)
        radius = spec.radius * s
        _shape(surface, spec.shape, rect, spec.edge, radius)
        face = rect.inflate(-2 * s, -2 * s)
        if not pressed:
            face.height -= s
        _shape(
            surface, spec.shape, face, spec.pressed if pressed else spec.color, max(0, radius - s)
        )
        drop = s if pressed else 0
        label_scale = spec.label_scale * s
        center = (face.centerx, face.centery + drop)
        if spec.sub_label:
            label_w = text_width(spec.label, FontSpec(LABEL_FONT, label_scale))
            sub_w = text_width(spec.sub_label, FontSpec(LABEL_FONT, s))
            gap = 3 * s
            left = face.centerx - (label_w + gap + sub_w) // 2
            _print(
                surface, spec.label, (left + label_w // 2, center[1]), spec.label_color, label_scale
            )
            sub_center = (left + label_w + gap + sub_w // 2, center[1] + s)
            _print(surface, spec.sub_label, sub_center, spec.sub_color, s)
        elif spec.label:
            _print(surface, spec.label, center, spec.label_color, label_scale)
