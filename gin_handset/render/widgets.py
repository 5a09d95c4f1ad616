"""Widgets on the LCD: title bar, soft-key bar, prompt line, menu list, text pages, message box.

All sizes come from the theme's resolution and fonts. The LCD is split, top to bottom, into the
title bar, the content area and the soft-key bar; `layout` gives those rectangles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gin_handset.render.fonts import draw_text, fit_text, line_height, text_height, text_width
from gin_handset.render.theme import Theme

MARGIN = 2  # pixels between the LCD's edge and text
LEFT_ARROW, RIGHT_ARROW, UP_ARROW, DOWN_ARROW = "◄", "►", "▲", "▼"


@dataclass(frozen=True)
class Layout:
    title: pygame.Rect
    content: pygame.Rect
    softkeys: pygame.Rect


def layout(theme: Theme) -> Layout:
    """The title bar, content area and soft-key bar of the theme's LCD."""
    title_h = text_height(theme.font("title")) + 3
    soft_h = text_height(theme.font("small")) + 3
    return Layout(
        title=pygame.Rect(0, 0, theme.width, title_h),
        content=pygame.Rect(0, title_h + 1, theme.width, theme.height - title_h - soft_h - 2),
        softkeys=pygame.Rect(0, theme.height - soft_h, theme.width, soft_h),
    )


def clear(surface: pygame.Surface, theme: Theme) -> None:
    """Fill the LCD with its background."""
    surface.fill(theme.color("background"))


TITLE_GAP = 6  # pixels at least between the title and what is at its right


def title_room(theme: Theme, right: str = "") -> int:
    """The width the title has beside ``right``."""
    right_w = text_width(right, theme.font("title")) + TITLE_GAP if right else 0
    return layout(theme).title.width - 2 * MARGIN - right_w


def draw_title(surface: pygame.Surface, theme: Theme, text: str, right: str = "") -> pygame.Rect:
    """The title bar: ``text`` on the left, ``right`` (a page number, a clock) on the right,
    apart from it."""
    rect = layout(theme).title
    font = theme.font("title")
    accent = theme.color("accent")
    shown = fit_text(text, font, title_room(theme, right))
    draw_text(surface, shown, font, accent, (MARGIN, 1))
    if right:
        draw_text(surface, right, font, accent, (rect.right - MARGIN, 1), align="right")
    surface.fill(accent, (0, rect.bottom - 1, rect.width, 1))
    return rect


def draw_softkeys(
    surface: pygame.Surface, theme: Theme, left: str, right: str, middle: str = ""
) -> pygame.Rect:
    """The soft-key bar at the bottom: the left and right soft keys' labels, and OK's between."""
    rect = layout(theme).softkeys
    font = theme.font("small")
    color = theme.color("softkey_text")
    surface.fill(theme.color("softkey_bar"), rect)
    y = rect.top + 2
    third = rect.width // 3 - MARGIN
    if middle:
        draw_text(surface, fit_text(middle, font, third), font, color, (rect.centerx, y), "center")
    side = third if middle else rect.width // 2 - 2 * MARGIN
    draw_text(surface, fit_text(left, font, side), font, color, (MARGIN, y))
    draw_text(surface, fit_text(right, font, side), font, color, (rect.right - MARGIN, y), "right")
    return rect


def prompt_rect(theme: Theme) -> pygame.Rect:
    """Where `draw_prompt` writes: the last line of the content area."""
    content = layout(theme).content
    height = line_height(theme.font("small")) + 2
    return pygame.Rect(0, content.bottom - height, theme.width, height)


def draw_prompt(surface: pygame.Surface, theme: Theme, text: str) -> pygame.Rect:
    """One line just above the soft-key bar saying what the player is expected to do."""
    rect = prompt_rect(theme)
    font = theme.font("small")
    surface.fill(theme.color("background"), rect)
    surface.fill(theme.color("dim"), (0, rect.top, rect.width, 1))
    draw_text(surface, fit_text(text, font, rect.width - 2 * MARGIN), font, theme.color("text"),
              (MARGIN, rect.top + 2))
    return rect


@dataclass(frozen=True)
class MenuItem:
    """A row of a menu: a label, a value shown beside it (an option's), greyed out if disabled."""

    label: str
    value: str | None = None
    enabled: bool = True


def _two_line(theme: Theme, items: Sequence[MenuItem], width: int) -> bool:
    font = theme.font("body")
    for item in items:
        if item.value is None:
            continue
        value = f"{LEFT_ARROW} {item.value} {RIGHT_ARROW}"
        if text_width(item.label, font) + text_width(value, font) + 4 * MARGIN + 4 > width:
            return True
    return False


def menu_row_height(theme: Theme, items: Sequence[MenuItem], width: int) -> int:
    """Height of one row of ``items`` in a menu ``width`` wide (two lines if values don't fit)."""
    line = line_height(theme.font("body")) + 2
    return 2 * line - 1 if _two_line(theme, items, width) else line


def menu_first_row(count: int, cursor: int, visible: int) -> int:
    """Index of the first row shown so the cursor stays in view, centred where possible."""
    if count <= visible:
        return 0
    return max(0, min(cursor - (visible - 1) // 2, count - visible))


def draw_menu(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    items: Sequence[MenuItem],
    cursor: int,
) -> None:
    """A list with a cursor bar; rows scroll when they don't fit, with arrows on the right.

    A row with a value shows it on the right (``◄ value ►`` under the cursor), or on a second
    line when label and value don't fit side by side.
    """
    font = theme.font("body")
    gutter = text_width(UP_ARROW, theme.font("small")) + 1
    row_h = menu_row_height(theme, items, rect.width - gutter)
    visible = max(1, rect.height // row_h)
    first = menu_first_row(len(items), cursor, visible)
    scrolls = len(items) > visible
    inner = rect.width - (gutter if scrolls else 0)
    two_line = row_h > line_height(font) + 2
    for row, index in enumerate(range(first, min(len(items), first + visible))):
        item = items[index]
        top = rect.top + row * row_h
        on = index == cursor
        if on:
            surface.fill(theme.color("highlight"), (rect.left, top, inner, row_h))
        color = theme.color("highlight_text" if on else "text" if item.enabled else "dim")
        label = fit_text(item.label, font, inner - 2 * MARGIN)
        draw_text(surface, label, font, color, (rect.left + MARGIN, top + 1))
        if item.value is not None:
            value = f"{LEFT_ARROW} {item.value} {RIGHT_ARROW}" if on else item.value
            value_y = top + 1 + (line_height(font) + 1 if two_line else 0)
            draw_text(surface, value, font, color, (rect.left + inner - MARGIN, value_y), "right")
    if scrolls:
        small = theme.font("small")
        accent = theme.color("accent")
        x = rect.right - 1
        if first > 0:
            draw_text(surface, UP_ARROW, small, accent, (x, rect.top), "right")
        if first + visible < len(items):
            bottom = rect.top + visible * row_h - text_height(small)
            draw_text(surface, DOWN_ARROW, small, accent, (x, bottom), "right")


def lines_per_page(theme: Theme, rect: pygame.Rect, role: str = "body") -> int:
    """How many lines of ``role``'s font fit in ``rect``."""
    return max(1, rect.height // line_height(theme.font(role)))


def paginate(lines: Sequence[str], per_page: int) -> list[list[str]]:
    """Split lines into pages of ``per_page``; a line ``"\\f"`` forces a new page."""
    pages: list[list[str]] = [[]]
    for line in lines:
        if line == "\f":
            if pages[-1]:
                pages.append([])
            continue
        if len(pages[-1]) == per_page:
            pages.append([])
        if line or pages[-1]:
            pages[-1].append(line)
    return [page for page in pages if page] or [[]]


def draw_lines(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    lines: Sequence[str],
    role: str = "body",
    color: str = "text",
) -> None:
    """Lines of text from the top of ``rect``; a line starting with ``"# "`` is an underlined
    heading in the accent colour."""
    font = theme.font(role)
    y = rect.top
    for line in lines:
        heading = line.startswith("# ")
        text = line[2:] if heading else line
        ink = theme.color("accent" if heading else color)
        drawn = draw_text(surface, fit_text(text, font, rect.width - 2 * MARGIN), font, ink,
                          (rect.left + MARGIN, y))
        if heading:
            surface.fill(ink, (drawn.left, drawn.bottom, drawn.width, 1))
        y += line_height(font)


BOX_PADDING = 4 * MARGIN + 2  # a message box's frame, margins and the gap above its text


def message_lines(theme: Theme, room: pygame.Rect) -> int:
    """How many lines of body text a message box in ``room`` holds."""
    return max(1, (room.height - BOX_PADDING) // line_height(theme.font("body")))


def message_box(theme: Theme, room: pygame.Rect, lines: int) -> pygame.Rect:
    """A box for ``lines`` of body text: as wide as ``room``, as tall as its text needs (at most
    ``room``), a third of the way down the room's spare height."""
    height = min(room.height, lines * line_height(theme.font("body")) + BOX_PADDING)
    top = room.top + (room.height - height) // 3
    return pygame.Rect(room.left, top, room.width, height)


def draw_message(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, lines: Sequence[str]
) -> None:
    """A framed box in ``rect``, sized to ``lines`` (already wrapped), with them inside it."""
    box = message_box(theme, rect, len(lines))
    surface.fill(theme.color("background"), box)
    pygame.draw.rect(surface, theme.color("accent"), box, 1)
    inner = box.inflate(-2 * MARGIN, -2 * MARGIN)
    draw_lines(surface, theme, inner.inflate(0, -2), lines)


def draw_key(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, label: str, lit: bool
) -> None:
    """A key of the keypad picture: framed, filled with the highlight when ``lit``."""
    font = theme.font("small")
    if lit:
        surface.fill(theme.color("highlight"), rect)
    pygame.draw.rect(surface, theme.color("text" if lit else "dim"), rect, 1)
    color = theme.color("highlight_text" if lit else "dim")
    y = rect.top + (rect.height - text_height(font)) // 2 + 1
    draw_text(surface, fit_text(label, font, rect.width - 2), font, color, (rect.centerx, y),
              "center")


KEYPAD_ROWS: tuple[tuple[str, ...], ...] = (
    ("L", UP_ARROW, "R"),
    (LEFT_ARROW, "OK", RIGHT_ARROW),
    ("CLR", DOWN_ARROW, ""),
    ("1", "2", "3"),
    ("4", "5", "6"),
    ("7", "8", "9"),
    ("*", "0", "#"),
)


def keypad_size(theme: Theme) -> tuple[int, int]:
    """Width and height of `draw_keypad`'s picture."""
    key_w, key_h = _key_size(theme)
    return 3 * key_w + 2, len(KEYPAD_ROWS) * (key_h + 1) - 1


def _key_size(theme: Theme) -> tuple[int, int]:
    font = theme.font("small")
    return text_width("CLR", font) + 4, text_height(font) + 3


def draw_keypad(
    surface: pygame.Surface, theme: Theme, pos: tuple[int, int], lit: set[str]
) -> pygame.Rect:
    """A picture of the handset's keys with the labels in ``lit`` highlighted; its rectangle."""
    key_w, key_h = _key_size(theme)
    for r, row in enumerate(KEYPAD_ROWS):
        for c, label in enumerate(row):
            if label:
                key = pygame.Rect(pos[0] + c * (key_w + 1), pos[1] + r * (key_h + 1), key_w, key_h)
                draw_key(surface, theme, key, label, label in lit)
    return pygame.Rect(pos, keypad_size(theme))
