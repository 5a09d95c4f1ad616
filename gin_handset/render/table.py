"""The card table on the LCD: where the opponent, the piles, the status line and the hand go,
text with card names drawn as rank and pip, a column of choices, and arranged hands.

Every size comes from the theme through `card_metrics` and the fonts, as in render/cards.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gin_handset.render import widgets
from gin_handset.render.cards import (
    PLAIN,
    CardLook,
    card_metrics,
    draw_hand,
    hand_height,
    packed_table_height,
    pile_size,
    status_height,
    table_room,
)
from gin_handset.render.fonts import cap_height, draw_text, line_height, load_font, text_width
from gin_handset.render.pips import draw_pip, pip_size_for
from gin_handset.render.theme import FontSpec, Theme
from gin_handset.rules.cards import RANK_TEXT, Card
from gin_handset.rules.melds import Meld

Part = str | Card  # a piece of rich text: words, or a card drawn as its rank and pip


def _pip_size(spec: FontSpec) -> int:
    return pip_size_for(cap_height(spec))


def _gap(spec: FontSpec) -> int:
    """The room between a card's pip and the words right after it: a letter's spacing."""
    return load_font(spec.name).spacing * spec.scale


def _touches(text: str) -> bool:
    """Whether ``text`` starts right at what comes before it (a mark, not a space)."""
    return bool(text) and not text[0].isspace()


def _joined(parts: Sequence[Part]) -> list[Part]:
    """``parts`` with the texts next to one another made one: words and the spaces between
    them are measured and drawn as one text, as the font spaces them."""
    joined: list[Part] = []
    for part in parts:
        if isinstance(part, str) and joined and isinstance(joined[-1], str):
            joined[-1] += part
        elif not isinstance(part, str) or part:
            joined.append(part)
    return joined


def rich_width(parts: Sequence[Part], spec: FontSpec) -> int:
    """Width of ``parts`` drawn by `draw_rich`."""
    width = 0
    after_card = False
    for part in _joined(parts):
        if isinstance(part, Card):
            width += text_width(RANK_TEXT[part.rank - 1], spec) + 1 + _pip_size(spec)
        else:
            width += text_width(part, spec) + (_gap(spec) if after_card and _touches(part) else 0)
        after_card = isinstance(part, Card)
    return width


def draw_rich(
    surface: pygame.Surface,
    theme: Theme,
    parts: Sequence[Part],
    spec: FontSpec,
    pos: tuple[int, int],
    color: str = "text",
    align: str = "left",
) -> pygame.Rect:
    """One line of words and cards (rank, then the suit's pip in its colour); its rectangle."""
    width = rich_width(parts, spec)
    x, y = pos
    if align == "center":
        x -= width // 2
    elif align == "right":
        x -= width
    left = x
    ink = theme.color(color)
    after_card = False
    for part in _joined(parts):
        if isinstance(part, Card):
            card_ink = theme.suit_ink(part.suit)
            drawn = draw_text(surface, RANK_TEXT[part.rank - 1], spec, card_ink, (x, y))
            size = _pip_size(spec)
            draw_pip(surface, part.suit, size, card_ink, (drawn.right + 1, y + cap_height(spec)
                                                          - size))
            x = drawn.right + 1 + size
        else:
            x += _gap(spec) if after_card and _touches(part) else 0
            draw_text(surface, part, spec, ink, (x, y))
            x += text_width(part, spec)
        after_card = isinstance(part, Card)
    return pygame.Rect(left, y, width, line_height(spec))


def fit_parts(parts: Sequence[Part], spec: FontSpec, width: int) -> list[Part]:
    """``parts`` cut short from the end (whole words) until they fit ``width``."""
    shown = list(parts)
    while shown and rich_width(shown, spec) > width:
        last = shown[-1]
        if isinstance(last, str) and " " in last.strip():
            shown[-1] = last.rstrip().rsplit(" ", 1)[0]
        else:
            shown.pop()
    return shown


def wrap_rich(parts: Sequence[Part], spec: FontSpec, width: int) -> list[list[Part]]:
    """Rich text broken into lines no wider than ``width``, between words; a card and the
    words or marks touching it stay together (a word wider than a line has a line of its
    own)."""
    words: list[list[Part]] = [[]]
    for part in parts:
        if isinstance(part, Card):
            words[-1].append(part)
            continue
        pieces = part.split(" ")
        for i, piece in enumerate(pieces):
            if i:
                words.append([])
            if piece:
                words[-1].append(piece)
    lines: list[list[Part]] = []
    line: list[Part] = []
    for word in (w for w in words if w):
        longer = [*line, " ", *word] if line else list(word)
        if line and rich_width(longer, spec) > width:
            lines.append(_joined(line))
            longer = list(word)
        line = longer
    return [*lines, _joined(line)] if line or not lines else lines


def draw_prompt(surface: pygame.Surface, theme: Theme, parts: Sequence[Part]) -> pygame.Rect:
    """The prompt line above the soft keys, with cards shown as rank and pip."""
    rect = widgets.draw_prompt(surface, theme, "")
    spec = theme.font("small")
    shown = fit_parts(parts, spec, rect.width - 2 * widgets.MARGIN)
    draw_rich(surface, theme, shown, spec, (widgets.MARGIN, rect.top + 2))
    return rect


@dataclass(frozen=True)
class TableLayout:
    """Where the play screen's parts go, top to bottom."""

    opponent: pygame.Rect  # the opponent's cards (a hand row) and their count at the right
    stock: tuple[int, int]
    discard: tuple[int, int]
    choices: pygame.Rect  # right of the piles: a column of choices, or notes
    status: pygame.Rect  # one line: deadwood, knock limit, doubling
    hand: pygame.Rect  # the player's hand row


def table_problems(theme: Theme) -> list[str]:
    """What a skin author should mend when the play table does not fit the LCD's height at the
    skin's fonts, even with the narrowest cards: its rows would touch or overlap."""
    short = packed_table_height(card_metrics(theme)) - table_room(theme)
    if short <= 0:
        return []
    return [f"resolution {theme.width}x{theme.height} is {short} pixels too short for the play "
            "table at these fonts: make the LCD taller or the fonts smaller"]


def table_layout(theme: Theme) -> TableLayout:
    """The rows of the table spread evenly over the content area, above the prompt line, or
    packed where there is no room to spare."""
    content = widgets.layout(theme).content
    bottom = widgets.prompt_rect(theme).top
    row = hand_height(theme)
    pile_w, pile_h = pile_size(theme)
    status_h = status_height(theme)
    spare = bottom - content.top - 2 * row - pile_h - status_h
    gap = max(0, spare) // 4
    # Packed (flip's 128x128): the opponent's row gives up the room above its cards, kept for a
    # raised card and the cursor's frame, which it never shows, and the rows below it stand on
    # the prompt line, so the hand's meld underline stays above that line and the opponent's
    # clear of the stock's frame (`cards.packed_table_height`).
    packed = gap == 0
    top = content.top - card_metrics(theme).lift if packed else content.top + gap // 2
    opponent = pygame.Rect(content.left, top, content.width, row)
    y = bottom - row - status_h - pile_h if packed else opponent.bottom + gap
    stock = (content.left + 2 * widgets.MARGIN, y)
    discard = (stock[0] + pile_w + 3 * widgets.MARGIN, y)
    left = discard[0] + pile_w + 3 * widgets.MARGIN
    choices = pygame.Rect(left, y, content.right - widgets.MARGIN - left, pile_h)
    y += pile_h + gap
    status = pygame.Rect(content.left, y, content.width, status_h)
    y += status_h + gap
    hand = pygame.Rect(content.left, y, content.width, row)
    return TableLayout(opponent, stock, discard, choices, status, hand)


def opponent_row(theme: Theme, rect: pygame.Rect, name: str) -> pygame.Rect:
    """Where the opponent's cards go in ``rect``: left of its name and count."""
    spec = theme.font("small")
    label_w = max(text_width(name, spec), text_width("88", spec)) + 2 * widgets.MARGIN
    return pygame.Rect(rect.left, rect.top, rect.width - label_w, rect.height)


def draw_opponent(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    count: int,
    name: str,
    cards: Sequence[Card] | None = None,
    looks: Sequence[CardLook] | None = None,
) -> None:
    """The opponent's hand as backs (or ``cards`` face up, drawn with ``looks``), its name and
    count at the right."""
    spec = theme.font("small")
    row = opponent_row(theme, rect, name)
    shown: list[Card | None] = list(cards) if cards is not None else [None] * count
    draw_hand(surface, theme, shown, row, looks, framed=False)
    x = rect.right - widgets.MARGIN
    y = rect.centery - line_height(spec)
    draw_text(surface, name, spec, theme.color("text"), (x, y), "right")
    draw_text(surface, str(count), spec, theme.color("text"), (x, y + line_height(spec)), "right")


def draw_choices(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    labels: Sequence[str],
    cursor: int | None,
) -> None:
    """A column of choices in ``rect``, the one at ``cursor`` on the highlight bar."""
    spec = theme.font("body")
    row_h = line_height(spec) + 2
    top = rect.top + max(0, (rect.height - row_h * len(labels)) // 2)
    for i, label in enumerate(labels):
        bar = pygame.Rect(rect.left, top + i * row_h, rect.width, row_h)
        on = i == cursor
        if on:
            surface.fill(theme.color("highlight"), bar)
        else:
            pygame.draw.rect(surface, theme.color("dim"), bar, 1)
        ink = theme.color("highlight_text" if on else "text")
        draw_text(surface, label, spec, ink, (bar.centerx, bar.top + 2), "center")


def draw_rich_message(
    surface: pygame.Surface, theme: Theme, room: pygame.Rect, lines: Sequence[Sequence[Part]]
) -> None:
    """A framed box in ``room``, sized to ``lines`` of rich body text (already wrapped), with
    them inside it."""
    box = widgets.message_box(theme, room, len(lines))
    surface.fill(theme.color("background"), box)
    pygame.draw.rect(surface, theme.color("accent"), box, 1)
    inner = box.inflate(-2 * widgets.MARGIN, -2 * widgets.MARGIN).inflate(0, -2)
    spec = theme.font("body")
    y = inner.top
    for parts in lines:
        draw_rich(surface, theme, parts, spec, (inner.left + widgets.MARGIN, y))
        y += line_height(spec)


def draw_notes(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, lines: Sequence[Sequence[Part]]
) -> None:
    """Short lines of rich text, top-aligned in ``rect``."""
    spec = theme.font("small")
    y = rect.top
    for parts in lines:
        draw_rich(surface, theme, fit_parts(parts, spec, rect.width), spec, (rect.left, y))
        y += line_height(spec) + 1


def draw_status(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, left: str, right: str,
    role: str = "body",
) -> None:
    """The status line: ``left`` (the deadwood) and ``right`` (the knock limit)."""
    spec = theme.font(role)
    ink = theme.color("text")
    draw_text(surface, left, spec, ink, (rect.left + widgets.MARGIN, rect.top))
    draw_text(surface, right, spec, ink, (rect.right - widgets.MARGIN, rect.top), "right")


@dataclass(frozen=True)
class ArrangedRow:
    """A hand laid out as melds, then laid-off cards, then deadwood, with a look for each."""

    cards: tuple[Card, ...]
    looks: tuple[CardLook, ...]


def arranged_row(
    melds: Sequence[Meld],
    deadwood: Sequence[Card],
    laid_off: Sequence[Card] = (),
) -> ArrangedRow:
    """Cards in meld groups (underlined), laid-off cards (green), then deadwood by rank."""
    cards: list[Card] = []
    looks: list[CardLook] = []
    for index, meld in enumerate(melds):
        cards.extend(meld.cards)
        looks.extend([CardLook(meld=index)] * len(meld.cards))
    cards.extend(laid_off)
    looks.extend([CardLook(laid_off=True)] * len(laid_off))
    loose = sorted(deadwood, key=lambda c: (c.rank, c.suit))
    cards.extend(loose)
    looks.extend([PLAIN] * len(loose))
    return ArrangedRow(tuple(cards), tuple(looks))
