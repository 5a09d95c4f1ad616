"""How to Play: the rules in short, then pictures of which key does what; paged with 2/8.

8, 6, 5 or OK turn to the next page (OK on the last page returns to the menu), 2 or 4 turn
back, CLR returns to the menu it came from (the main menu, or the match menu). The text
follows the current options (bonuses, game type).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from gin_handset.device.keys import (
    BACK,
    CHOOSE,
    CURSOR_DOWN,
    CURSOR_LEFT,
    CURSOR_RIGHT,
    CURSOR_UP,
    PhoneKey,
)
from gin_handset.render import widgets
from gin_handset.render.fonts import draw_text, line_height, text_width, wrap_text
from gin_handset.render.theme import Theme
from gin_handset.rules.bonuses import BOX_BONUS, GAME_BONUS
from gin_handset.rules.options import NON_DEALER, TEN_LIMIT, Options
from gin_handset.screens.base import Pop, Screen, Transition
from gin_handset.screens.common import draw_frame
from gin_handset.screens.context import AppContext, KeyPages

UP, DOWN, LEFT, RIGHT = (widgets.UP_ARROW, widgets.DOWN_ARROW, widgets.LEFT_ARROW,
                         widgets.RIGHT_ARROW)
MIN_GAP = 4  # pixels between a key and its meaning on a keys page
NEXT = CURSOR_DOWN | CURSOR_RIGHT | CHOOSE
PREVIOUS = CURSOR_UP | CURSOR_LEFT


@dataclass(frozen=True)
class Page:
    """A page of text lines, or of a keypad picture with ``legend`` beside it."""

    lines: tuple[str, ...] = ()
    heading: str = ""
    lit: frozenset[str] = frozenset()
    legend: tuple[tuple[str, str], ...] = field(default=())


MOVING = Page(
    heading="Keys: moving",
    lit=frozenset({"2", "8", "4", "6", UP, DOWN, LEFT, RIGHT}),
    legend=((f"2 {UP}", "Up"), (f"8 {DOWN}", "Down"), (f"4 {LEFT}", "Left"),
            (f"6 {RIGHT}", "Right")),
)
CHOOSING = Page(
    heading="Keys: choosing",
    lit=frozenset({"5", "OK", "CLR", "L", "R"}),
    legend=(("5", "Pick a card or change a value"), ("OK", "Select, go on, save"),
            ("CLR", "Main menu; on the menu, leave"), ("L", "Soft key: as OK"),
            ("R", "Soft key: as CLR")),
)


def rules_text(options: Options) -> list[tuple[str, str]]:
    """The rules as (heading, paragraph) pairs, in our words, for the current options."""
    first = "The non-dealer" if options.upcard_first == NON_DEALER else "The dealer"
    if options.oklahoma and options.oklahoma_knock_limit == TEN_LIMIT:
        limit = "Oklahoma Gin: knock when your deadwood is 10 or less."
    elif options.oklahoma:
        ace = "gin only" if options.oklahoma_ace_gin_only else "1"
        limit = (f"Oklahoma Gin: knock when your deadwood is at most the first upcard's value "
                 f"(face cards 10, an ace {ace}).")
    else:
        limit = "Gin Rummy: knock when your deadwood is 10 or less."
    doubles = (" In Oklahoma Gin a spade first upcard doubles the hand's score."
               if options.oklahoma and options.oklahoma_spade_doubles else "")
    bonuses = (f" Then the match bonuses: {GAME_BONUS} to the winner, {BOX_BONUS} to each "
               "player for every hand won, and the winner's total doubled if the loser won no "
               "hand." if options.match_bonuses else "")
    return [
        ("Melds", "A run is three or more cards of one suit in a row (A-2-3 yes, Q-K-A no). "
                  "A set is three or four cards of one rank. Other cards are deadwood: ace 1, "
                  "2 to 10 as marked, J Q K 10."),
        ("The deal", "Ten cards each. The next card is turned up to start the discard pile; "
                     "the rest is the stock."),
        ("The upcard", f"{first} may take the upcard or pass, then the other player. If both "
                       "pass, the non-dealer draws from the stock."),
        ("A turn", "Draw from the stock or the discard pile, then discard. A card just taken "
                   "from the pile may not go straight back. Then knock, end the turn, or cancel "
                   "the discard."),
        ("Knocking", f"{limit} Knocking with no deadwood is gin."),
        ("Showdown", "Your melds are arranged for you; you may rearrange them. The defender's "
                     "deadwood is laid off on the knocker's melds, marked there. Nothing is "
                     "laid off against gin."),
        ("Scoring", f"Gin: the other's deadwood plus {options.gin_bonus}. Knock: the "
                    "difference in deadwood. Undercut, when the defender has as little or "
                    f"less: the defender scores the difference plus {options.undercut_bonus}."
                    f"{doubles}"),
        ("Winning", f"First to {options.points_to_win} points wins.{bonuses} If two cards are "
                    "left in the stock and nobody knocked, the hand is dead and is dealt "
                    "again."),
    ]


def build_pages(context: AppContext, theme: Theme, keys: KeyPages | None = None) -> list[Page]:
    """Every page for ``theme``'s screen: the rules wrapped to its width, then the keys:
    ``keys`` (a match's own), else those of ``context.matches``.

    A section that does not fit in what is left of a page starts the next one, so a page
    never begins mid-sentence; only a section longer than a whole page runs on to the next,
    and a heading never ends a page.
    """
    content = widgets.layout(theme).content.inflate(0, -2)
    font = theme.font("body")
    width = content.width - 2 * widgets.MARGIN
    per_page = widgets.lines_per_page(theme, content)
    pages: list[list[str]] = [[]]
    for heading, paragraph in rules_text(context.settings.options):
        section = [f"# {heading}", *wrap_text(paragraph, font, width)]
        if pages[-1] and len(pages[-1]) + 1 + len(section) > per_page >= len(section):
            pages.append([])
        elif pages[-1]:
            pages[-1].append("")
        for line in section:
            full = len(pages[-1]) >= per_page
            orphan = line.startswith("# ") and len(pages[-1]) >= per_page - 1
            if full or orphan:
                pages.append([])
            pages[-1].append(line)
    result = [Page(lines=tuple(lines)) for lines in pages]
    result += [MOVING, CHOOSING]
    for heading, legend in (context.matches.key_pages() if keys is None else keys).items():
        for part in legend_parts(theme, content, tuple(legend)):
            lit = frozenset(key.split()[0] for key, _ in part)
            result.append(Page(heading=f"Keys: {heading}", lit=lit, legend=part))
    return result


def legend_parts(theme: Theme, content: pygame.Rect, legend: tuple[tuple[str, str], ...]
                 ) -> list[tuple[tuple[str, str], ...]]:
    """``legend`` on as many keys pages as its wrapped lines need on ``theme``'s screen."""
    font = theme.font("body")
    room = (content.bottom - content.top - 1 - line_height(font) - 1) // line_height(font)
    _, _, width = legend_columns(theme, content, legend)
    parts: list[list[tuple[str, str]]] = [[]]
    used = 0
    for entry in legend:
        lines = max(1, len(wrap_text(entry[1], font, width)))
        if parts[-1] and used + lines > room:
            parts.append([])
            used = 0
        parts[-1].append(entry)
        used += lines
    return [tuple(part) for part in parts]


def legend_columns(theme: Theme, content: pygame.Rect, legend: tuple[tuple[str, str], ...]
                   ) -> tuple[int, int, int]:
    """Where a keys page's legend goes beside the keypad: the keys' x, the meanings' indent
    from it, and the meanings' width."""
    font = theme.font("body")
    left = widgets.MARGIN + widgets.keypad_size(theme)[0] + 2 * widgets.MARGIN
    gap = max(text_width(" ", font), MIN_GAP)  # a key never touches what it does
    indent = max(text_width(key, font) for key, _ in legend) + gap
    return left, indent, content.right - widgets.MARGIN - left - indent


def draw_keys_page(lcd: pygame.Surface, theme: Theme, page: Page, content: pygame.Rect) -> None:
    """The keypad picture on the left; beside it each lit key and what it does."""
    font = theme.font("body")
    accent, ink = theme.color("accent"), theme.color("text")
    top = content.top + 1
    draw_text(lcd, page.heading, font, accent, (widgets.MARGIN, top))
    top += line_height(font) + 1
    widgets.draw_keypad(lcd, theme, (widgets.MARGIN, top), set(page.lit))
    left, indent, width = legend_columns(theme, content, page.legend)
    y = top
    for key, meaning in page.legend:
        draw_text(lcd, key, font, accent, (left, y))
        for line in wrap_text(meaning, font, width):
            draw_text(lcd, line, font, ink, (left + indent, y))
            y += line_height(font)


class HelpScreen(Screen):
    """How to Play; ``keys``: the keys pages of the match it was opened from, if any."""

    def __init__(self, context: AppContext, keys: KeyPages | None = None) -> None:
        super().__init__()
        self.context = context
        self.keys = keys
        self.page = 0
        self._built: tuple[Theme, list[Page]] | None = None

    def pages(self, theme: Theme | None = None) -> list[Page]:
        """The pages for ``theme`` (default: the app's), wrapped once per theme."""
        theme = theme or self.context.theme
        if self._built is None or self._built[0] is not theme:
            self._built = (theme, build_pages(self.context, theme, self.keys))
        return self._built[1]

    def shown_page(self, theme: Theme | None = None) -> int:
        """The page on the screen: ``page``, or the last one when a new skin wrapped the text
        onto fewer pages."""
        return min(self.page, len(self.pages(theme)) - 1)

    def last(self) -> bool:
        return self.page >= len(self.pages()) - 1

    def soft_keys(self) -> tuple[str, str]:
        return ("Done" if self.last() else "Next", "Back")

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.page = self.shown_page()  # turn from the page shown
        if key in BACK:
            return Pop()
        if key in NEXT:
            if not self.last():
                self.page += 1
            elif key in CHOOSE:
                return Pop()
        elif key in PREVIOUS:
            self.page = max(0, self.page - 1)
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        pages = self.pages(theme)
        shown = self.shown_page(theme)
        content = draw_frame(lcd, theme, self, "How to Play", f"{shown + 1}/{len(pages)}")
        page = pages[shown]
        if page.legend:
            draw_keys_page(lcd, theme, page, content)
        else:
            widgets.draw_lines(lcd, theme, content.inflate(0, -2), page.lines)
