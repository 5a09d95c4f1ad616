"""What the renderer needs to know of a skin: the LCD's size, its palette and its fonts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Color = tuple[int, int, int]

# Every palette a skin gives must name each of these colours.
PALETTE_FIELDS: tuple[str, ...] = (
    "background",  # the LCD's backlit ground
    "text",  # ordinary text
    "dim",  # greyed-out text and hints
    "highlight",  # the cursor's bar or frame
    "highlight_text",  # text on the cursor's bar
    "accent",  # titles, markers
    "card",  # a card's face
    "card_back",  # a card's back (stock, opponent's hand)
    "card_edge",  # a card's outline
    "red",  # hearts and diamonds
    "black",  # clubs and spades
    "laid_off",  # laid-off cards (green on a colour screen)
    "meld",  # the mark under cards that are in a meld
    "softkey_bar",  # the soft-key bar at the bottom of the LCD
    "softkey_text",  # soft-key labels
)

# Colours a palette may give for the four-colour deck (diamonds and clubs; hearts stay red and
# spades black), and their defaults: both read on a white card face.
FOUR_COLOUR_FIELDS: dict[str, tuple[int, int, int]] = {
    "diamonds": (0, 82, 204),  # blue
    "clubs": (0, 122, 51),  # green
}

# Font roles a skin sets: each maps to a bundled pixel font and a whole scale factor.
FONT_ROLES: tuple[str, ...] = ("small", "body", "title")
# The font a role falls back to when a theme names none (a bundled font, see render/fonts.py).
DEFAULT_FONT = "pixel5x7"


@dataclass(frozen=True)
class FontSpec:
    name: str
    scale: int = 1


@dataclass(frozen=True)
class Theme:
    width: int
    height: int
    palette: Mapping[str, Color]
    fonts: Mapping[str, FontSpec] = field(default_factory=dict)
    four_colour: bool = False  # the player's four-colour deck, on a colour skin

    def color(self, name: str) -> Color:
        return self.palette[name]

    @property
    def in_colour(self) -> bool:
        """Whether the skin's suits differ in colour (a one-colour LCD's do not)."""
        return self.color("red") != self.color("black")

    def suit_color(self, suit: int) -> Color:
        """A suit's colour on a card face: red and black, or with the four-colour deck on a
        colour skin, diamonds and clubs in their own colours (suits 0-3: clubs, diamonds,
        hearts, spades)."""
        if self.four_colour and self.in_colour:
            names = ("clubs", "diamonds", "red", "black")
        else:
            names = ("black", "red", "red", "black")
        return self.palette.get(names[suit]) or FOUR_COLOUR_FIELDS[names[suit]]

    def suit_ink(self, suit: int, ground: str = "background") -> Color:
        """The colour a card's rank and pip are written in on ``ground`` (outside a card face):
        the suit's colour where it reads there, else the text colour."""
        ink = self.suit_color(suit)
        return ink if contrast(ink, self.color(ground)) >= READABLE else self.color("text")

    def laid_off_face(self) -> Color:
        """A laid-off card's face: half card, half ``laid_off``; its rank is written in it on
        the ``card_edge`` colour."""
        a, b = self.color("card"), self.color("laid_off")
        return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2, (a[2] + b[2]) // 2

    def font(self, role: str) -> FontSpec:
        """The font of ``role`` (one of FONT_ROLES); the default font at scale 1 if unset."""
        return self.fonts.get(role) or FontSpec(DEFAULT_FONT)


def luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio of two colours: 1 (none) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


READABLE = 4.5  # WCAG's contrast ratio for text

# Every (ink, ground) pair of palette colours the renderer writes text in, besides the suit
# colours on the background (`Theme.suit_ink` falls back to the text colour there) and greyed
# out text (``dim``: inactive, exempt as WCAG exempts inactive controls). tests/test_readable.py
# watches every screen being drawn to keep this list whole.
TEXT_ON: tuple[tuple[str, str], ...] = (
    ("text", "background"),
    ("accent", "background"),
    ("highlight_text", "highlight"),
    ("softkey_text", "softkey_bar"),
    ("red", "card"),
    ("black", "card"),
)
LAID_OFF_RANK = "a laid-off card's rank (half card, half laid_off) on card_edge"
MARK_READABLE = 3.0  # WCAG's contrast ratio for marks that carry meaning (the meld underline)


def readability_problems(theme: Theme) -> list[str]:
    """Each pair of colours the renderer writes text in whose contrast is under `READABLE`, and
    the meld underline if it is under `MARK_READABLE` on the background."""
    pairs = [(f"{ink} on {ground}", theme.color(ink), theme.color(ground))
             for ink, ground in TEXT_ON]
    pairs.append((LAID_OFF_RANK, theme.laid_off_face(), theme.color("card_edge")))
    if theme.in_colour:
        pairs += [(f"{name} on card (four-colour deck)", theme.palette.get(name, default),
                   theme.color("card")) for name, default in FOUR_COLOUR_FIELDS.items()]
    problems = []
    for name, ink, ground in pairs:
        ratio = contrast(ink, ground)
        if ratio < READABLE:
            problems.append(f"{name}: contrast {ratio:.2f}, text needs at least {READABLE}")
    ratio = contrast(theme.color("meld"), theme.color("background"))
    if ratio < MARK_READABLE:
        problems.append(f"meld on background: contrast {ratio:.2f}, the meld underline needs at "
                        f"least {MARK_READABLE}")
    return problems
