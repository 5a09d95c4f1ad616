"""Cards on the LCD: faces, backs, a hand row with overlap and cursor, a pile with its count.

Every size here comes from the theme's resolution through `card_metrics`, so a hand of eleven
overlapping cards fits a 128-pixel-wide screen and grows with larger ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from gin_handset.render import widgets
from gin_handset.render.fonts import cap_height, draw_text, line_height, text_width
from gin_handset.render.pips import draw_pip, pip_size_for
from gin_handset.render.theme import Color, FontSpec, Theme
from gin_handset.rules.cards import RANK_TEXT, Card


@dataclass(frozen=True)
class CardLook:
    """How one card is shown.

    ``raised``: lifted above the row (a picked card). ``cursor``: a frame in the highlight
    colour just outside the card.
    ``laid_off``: in the palette's ``laid_off`` colour (an inner frame, and the face half
    tinted with it), the rank and pip in the corner inverted: told apart on one-colour skins
    too. ``dim``: rank and pip greyed (a card that cannot be chosen now). ``meld``: a group
    number; cards of one group in a row share an underline in the ``meld`` colour, and
    neighbouring groups are split by a gap.
    """

    raised: bool = False
    cursor: bool = False
    laid_off: bool = False
    dim: bool = False
    meld: int | None = None


PLAIN = CardLook()


@dataclass(frozen=True)
class CardMetrics:
    width: int
    height: int
    pad: int  # from the card's edge to its rank and pips
    rank_font: FontSpec
    pip: int  # the corner pip's size
    big_pip: int  # the centre pip's size
    lift: int  # how far a raised card rises
    underline: int  # thickness of the meld underline
    frame: int  # thickness of the cursor frame

    @property
    def min_step(self) -> int:
        """The narrowest strip of an overlapped card that still shows its rank and pip."""
        return self.pad + 1 + max(text_width("10", self.rank_font), self.pip) + 2


MIN_CARD_WIDTH = 14  # the narrowest card whose rank and pip stay readable


@cache
def _metrics(w: int) -> CardMetrics:
    big = w >= 20
    return CardMetrics(
        width=w,
        height=w * 4 // 3 + 1,
        pad=2 if big else 1,
        rank_font=FontSpec("pixel5x7" if big else "pixel3x5"),
        pip=pip_size_for(7 if big else 5),
        big_pip=pip_size_for(9 if big else 7),
        lift=max(2, w // 5),
        underline=2 if big else 1,
        frame=2,
    )


def _row_height(m: CardMetrics) -> int:
    return m.frame + m.lift + m.height + m.frame + 1 + m.underline


def _pile_height(m: CardMetrics) -> int:
    return m.height + 2 + 1 + cap_height(m.rank_font) + 1


def packed_table_height(m: CardMetrics) -> int:
    """The least height the play table's card rows take (its status line aside), packed as
    `table.table_layout` packs them: the opponent's cards a frame's width under the title, their
    meld underline right under them, a blank line, the piles under the cursor's frame, and the
    hand's row."""
    return 2 * m.frame + m.height + 1 + m.underline + 1 + _pile_height(m) + _row_height(m)


def _fitted(width: int, height: int, room: int) -> CardMetrics:
    w = max(MIN_CARD_WIDTH, min(width // 8, height // 8 + 4))
    while w > MIN_CARD_WIDTH and packed_table_height(_metrics(w)) > room:
        w -= 1
    return _metrics(w)


# The card size of each LCD size and font set met, as `card_metrics` is asked many times a frame.
_FITTED: dict[tuple[int, int, tuple[tuple[str, FontSpec], ...]], CardMetrics] = {}


def status_height(theme: Theme) -> int:
    """The play table's status line (deadwood, knock limit), in the body font."""
    return line_height(theme.font("body")) + 1


def table_room(theme: Theme) -> int:
    """The height the play table's card rows and piles may take: from the content's top to the
    prompt line, less the status line."""
    return widgets.prompt_rect(theme).top - widgets.layout(theme).content.top - status_height(theme)


def card_metrics(theme: Theme) -> CardMetrics:
    """Card sizes for the theme's LCD: 16x22 on 128x160, 22x30 on 176x208, 30x41 on 240x320;
    narrower where the play table would not fit the screen's height (a short, wide LCD)."""
    key = (theme.width, theme.height, tuple(theme.fonts.items()))
    found = _FITTED.get(key)
    if found is None:
        found = _FITTED[key] = _fitted(theme.width, theme.height, table_room(theme))
    return found


def _shape(surface: pygame.Surface, rect: pygame.Rect, face: Color, edge: Color) -> None:
    """A card-shaped box: filled face, one-pixel edge, corners cut for a rounded look."""
    surface.fill(face, rect.inflate(-2, -2))
    x, y, r, b = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    surface.fill(edge, (x + 1, y, rect.width - 2, 1))
    surface.fill(edge, (x + 1, b, rect.width - 2, 1))
    surface.fill(edge, (x, y + 1, 1, rect.height - 2))
    surface.fill(edge, (r, y + 1, 1, rect.height - 2))


def _cursor(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """The cursor's frame just outside ``rect``, clear of the rank drawn inside it."""
    m = card_metrics(theme)
    _frame(surface, rect.inflate(2 * m.frame, 2 * m.frame), theme.color("highlight"), m.frame)


def _frame(surface: pygame.Surface, rect: pygame.Rect, color: Color, thickness: int) -> None:
    for i in range(thickness):
        pygame.draw.rect(surface, color, rect.inflate(-2 * i, -2 * i), 1)


def draw_card(
    surface: pygame.Surface, theme: Theme, card: Card, pos: tuple[int, int], look: CardLook = PLAIN
) -> pygame.Rect:
    """A face-up card with its top-left at ``pos`` (lifted if ``look.raised``); its rectangle."""
    m = card_metrics(theme)
    x, y = pos[0], pos[1] - (m.lift if look.raised else 0)
    rect = pygame.Rect(x, y, m.width, m.height)
    face = theme.color("card")
    if look.laid_off:
        green = theme.color("laid_off")
        face = theme.laid_off_face()
    _shape(surface, rect, face, theme.color("card_edge"))
    if look.laid_off:
        pygame.draw.rect(surface, green, rect.inflate(-2, -2), 1)
    ink = theme.color("dim") if look.dim else theme.suit_color(card.suit)
    left, top = x + m.pad + 1, y + m.pad + 1
    rank = RANK_TEXT[card.rank - 1]
    if look.laid_off:  # inverse rank and pip: told apart by more than a shade on any skin
        corner_h = cap_height(m.rank_font) + 1 + m.pip
        corner_w = max(text_width(rank, m.rank_font), m.pip)
        surface.fill(theme.color("card_edge"), (left - 1, top - 1, corner_w + 2, corner_h + 2))
        ink = face
    draw_text(surface, rank, m.rank_font, ink, (left, top))
    draw_pip(surface, card.suit, m.pip, ink, (left, top + cap_height(m.rank_font) + 1))
    corner = (rect.right - m.big_pip - m.pad - 1, rect.bottom - m.big_pip - m.pad - 1)
    draw_pip(surface, card.suit, m.big_pip, ink, corner)
    if look.cursor:
        _cursor(surface, theme, rect)
    return rect


@cache
def _back_pattern(size: tuple[int, int], ground: Color, mark: Color) -> pygame.Surface:
    """The diagonal hatching of a card back, drawn once per size and colours."""
    pattern = pygame.Surface(size)
    pattern.fill(ground)
    width, height = size
    for py in range(height):
        for px in range(py % 3, width, 3):
            pattern.set_at((px, py), mark)
    return pattern


def draw_card_back(
    surface: pygame.Surface, theme: Theme, pos: tuple[int, int], look: CardLook = PLAIN
) -> pygame.Rect:
    """A face-down card (stock, the opponent's hand) with its top-left at ``pos``."""
    m = card_metrics(theme)
    x, y = pos[0], pos[1] - (m.lift if look.raised else 0)
    rect = pygame.Rect(x, y, m.width, m.height)
    _shape(surface, rect, theme.color("card_back"), theme.color("card_edge"))
    inner = rect.inflate(-2 * m.pad - 2, -2 * m.pad - 2)
    surface.blit(_back_pattern(inner.size, theme.color("card_back"), theme.color("card")), inner)
    if look.cursor:
        _cursor(surface, theme, rect)
    return rect


def draw_any(
    surface: pygame.Surface,
    theme: Theme,
    card: Card | None,
    pos: tuple[int, int],
    look: CardLook = PLAIN,
) -> pygame.Rect:
    """`draw_card` for a card, `draw_card_back` for None."""
    if card is None:
        return draw_card_back(surface, theme, pos, look)
    return draw_card(surface, theme, card, pos, look)


def hand_step(theme: Theme, count: int, width: int) -> int:
    """Horizontal distance between neighbouring cards of a row of ``count`` in ``width`` pixels."""
    m = card_metrics(theme)
    if count <= 1:
        return m.width
    return max(1, min(m.width + 1, (width - m.width) // (count - 1)))


def hand_height(theme: Theme) -> int:
    """Height of a hand row: room for a raised card, the card, and the meld underline."""
    return _row_height(card_metrics(theme))


def hand_slots(theme: Theme, count: int, rect: pygame.Rect) -> list[pygame.Rect]:
    """Where each of ``count`` cards of a row centred in ``rect`` goes (not raised)."""
    if count <= 0:
        return []
    m = card_metrics(theme)
    step = hand_step(theme, count, rect.width - 2 * m.frame)
    left = rect.left + (rect.width - step * (count - 1) - m.width) // 2
    top = rect.top + m.frame + m.lift
    return [pygame.Rect(left + i * step, top, m.width, m.height) for i in range(count)]


def draw_hand(
    surface: pygame.Surface,
    theme: Theme,
    cards: Sequence[Card | None],
    rect: pygame.Rect,
    looks: Sequence[CardLook] | None = None,
    framed: bool = True,
) -> list[pygame.Rect]:
    """A row of overlapping cards centred in ``rect`` (``None`` draws a back).

    ``rect`` should be `hand_height` tall. The cursor's frame surrounds the visible part of its
    card, inside ``rect``; a row that is never ``framed`` has its meld underline right under its
    cards, not under the frame's room. Returns each card's rectangle as drawn.
    """
    if not cards:
        return []
    m = card_metrics(theme)
    looks = list(looks) if looks is not None else [PLAIN] * len(cards)
    slots = hand_slots(theme, len(cards), rect)
    top = slots[0].top
    drawn: list[pygame.Rect] = []
    for card, look, slot in zip(cards, looks, slots, strict=True):
        drawn.append(draw_any(surface, theme, card, slot.topleft, _no_cursor(look)))
    line_y = top + m.height + (m.frame if framed else 0) + 1
    for i, look in enumerate(looks):
        if look.meld is None:
            continue
        last = i == len(looks) - 1
        joined = not last and looks[i + 1].meld == look.meld
        end = drawn[i].right if last else drawn[i + 1].left - (0 if joined else 2)
        surface.fill(theme.color("meld"), (drawn[i].left, line_y, end - drawn[i].left, m.underline))
    for i, look in enumerate(looks):
        if look.cursor:
            visible = drawn[i].copy()
            if i < len(drawn) - 1:
                visible.width = min(visible.width, drawn[i + 1].left + 1 - m.frame - visible.left)
            _cursor(surface, theme, visible)
    return drawn


def _no_cursor(look: CardLook) -> CardLook:
    return CardLook(look.raised, False, look.laid_off, look.dim, look.meld)


def pile_size(theme: Theme) -> tuple[int, int]:
    """Width and height of `draw_pile`'s picture, its count line included."""
    m = card_metrics(theme)
    return m.width + 2, _pile_height(m)


def draw_pile(
    surface: pygame.Surface,
    theme: Theme,
    pos: tuple[int, int],
    top: Card | None,
    count: int,
    look: CardLook = PLAIN,
    show_count: bool = True,
) -> pygame.Rect:
    """A pile of ``count`` cards at ``pos``: ``top`` face up, or backs when ``top`` is None.

    An empty pile is an outline. The count is written under the pile. Returns the area used.
    """
    m = card_metrics(theme)
    x, y = pos
    edge = theme.color("card_edge")
    if count == 0:
        _frame(surface, pygame.Rect(x, y, m.width, m.height), theme.color("dim"), 1)
    else:
        for depth in range(min(2, count - 1), 0, -1):
            _shape(surface, pygame.Rect(x + depth, y + depth, m.width, m.height),
                   theme.color("card_back" if top is None else "card"), edge)
        draw_any(surface, theme, top, (x, y), look)
    if show_count:
        draw_text(surface, str(count), m.rank_font, theme.color("text"),
                  (x + m.width // 2, y + m.height + 3), align="center")
    return pygame.Rect(pos, pile_size(theme))
