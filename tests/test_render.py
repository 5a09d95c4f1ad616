"""The pixel fonts, pips, cards and widgets: coverage, crispness, sizes on every skin."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_handset.render import cards, fonts, pips, table, widgets
from gin_handset.render.fonts import ELLIPSIS, fit_text, text_width, wrap_text
from gin_handset.render.theme import FontSpec, Theme, contrast, luminance
from gin_handset.rules.cards import DECK, parse_cards
from gin_handset.storage import ENV_VAR
from tests.conftest import SKINS, skin_theme

ASCII = "".join(chr(c) for c in range(32, 127))


def test_bundled_fonts_cover_ascii_and_arrows():
    assert fonts.available_fonts() == {"pixel3x5", "pixel5x7"}
    for name in fonts.available_fonts():
        font = fonts.load_font(name)
        missing = [c for c in ASCII + "◄►▲▼·" if c not in font.glyphs]
        assert missing == [], name
        assert all(len(g.rows) == font.height for g in font.glyphs.values())


def test_fonts_have_a_licence_beside_them():
    licence = (fonts.FONT_DIR / "LICENSE").read_text()
    assert "CC0" in licence and "gin-handset" in licence


def test_no_font_is_read_at_import():
    code = ("import gin_handset.render.fonts as f, gin_handset.render.cards, "
            "gin_handset.compose; print(f.load_font.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"SDL_VIDEODRIVER": "dummy",
                                          "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                                          ENV_VAR: os.environ[ENV_VAR]})
    assert out.stdout.strip() == "0"


def test_unknown_font_is_named():
    with pytest.raises(ValueError, match="no font 'nope'"):
        fonts.load_font("nope")


@pytest.mark.parametrize("text", ["U+0041 A\n.#\n", "name x\nascent 2\n"])
def test_broken_font_text_is_refused(text):
    with pytest.raises(ValueError, match=r"broken\.txt"):
        fonts.parse_font(text, "broken.txt")


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_text_is_crisp_and_measured(scale):
    spec = FontSpec("pixel5x7", scale)
    width = fonts.text_width("Gin 10", spec)
    surface = pygame.Surface((width + 4, 20 * scale))
    surface.fill((0, 0, 0))
    rect = fonts.draw_text(surface, "Gin 10", spec, (255, 255, 255), (2, 1))
    assert rect.width == width
    colours = {surface.get_at((x, y))[:3] for x in range(surface.get_width())
               for y in range(surface.get_height())}
    assert colours == {(0, 0, 0), (255, 255, 255)}
    inked = [x for x in range(surface.get_width()) for y in range(surface.get_height())
             if surface.get_at((x, y))[:3] == (255, 255, 255)]
    assert min(inked) == 2 and max(inked) == 1 + width


def test_wrap_and_fit_stay_within_width():
    spec = FontSpec("pixel5x7")
    text = "A run is three or more cards of one suit in a row; Supercalifragilistic words too."
    lines = fonts.wrap_text(text, spec, 60)
    assert all(fonts.text_width(line, spec) <= 60 for line in lines)
    assert " ".join(lines).replace(" ", "") == text.replace(" ", "")
    assert fonts.text_width(fonts.fit_text(text, spec, 50), spec) <= 50
    assert fonts.fit_text("short", spec, 50) == "short"


def test_pips_in_every_size_for_every_suit():
    for size in pips.PIP_SIZES:
        for suit in range(4):
            sprite = pips.pip_sprite(suit, size, (255, 0, 0))
            assert sprite.get_size() == (size, size)
            assert sprite.get_bounding_rect().size == (size, size)


def test_eleven_cards_fit_and_show_their_ranks(skin):
    _, theme = skin
    m = cards.card_metrics(theme)
    step = cards.hand_step(theme, 11, theme.width - 4)
    assert 10 * step + m.width <= theme.width - 4
    assert step >= m.min_step


def test_card_sizes_grow_with_the_screen(skin):
    _, theme = skin
    m = cards.card_metrics(theme)
    assert m.width >= theme.width // 9 and m.height > m.width


def test_hand_row_states(skin):
    _, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    hand = parse_cards("As 2s 3s 7h 7d 7c Td Jc Qh Kd 5c")
    looks = [cards.CardLook(meld=0)] * 3 + [cards.CardLook(meld=1)] * 3 + [
        cards.CardLook(cursor=True), cards.CardLook(raised=True),
        cards.CardLook(laid_off=True), cards.CardLook(dim=True), cards.PLAIN]
    row = pygame.Rect(2, 20, theme.width - 4, cards.hand_height(theme))
    drawn = cards.draw_hand(lcd, theme, hand, row, looks)
    assert len(drawn) == 11
    assert all(row.contains(r) for r in drawn)
    assert drawn[7].top < drawn[6].top
    below = drawn[0].bottom + cards.card_metrics(theme).frame + 1
    meld = lcd.get_at((drawn[0].left + 1, below))[:3]
    assert meld == theme.color("meld")


def test_every_card_face_draws(skin):
    _, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    m = cards.card_metrics(theme)
    for card in DECK:
        assert cards.draw_card(lcd, theme, card, (0, 0)).size == (m.width, m.height)


def test_pile_with_count(skin):
    _, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    area = cards.draw_pile(lcd, theme, (3, 3), None, 31)
    assert area.size == cards.pile_size(theme)
    cards.draw_pile(lcd, theme, (3, 3), DECK[0], 0)


def test_layout_splits_the_lcd(skin):
    _, theme = skin
    parts = widgets.layout(theme)
    assert parts.title.top == 0 and parts.softkeys.bottom == theme.height
    assert parts.title.bottom < parts.content.top
    assert parts.content.bottom < parts.softkeys.top
    assert parts.content.height > theme.height * 2 // 3


def test_the_table_keeps_the_hand_and_its_meld_underline_above_the_prompt(skin):
    """On every skin (flip's 128x128 has the least room) the hand's meld underline is drawn
    above the prompt line, and the opponent's cards below the title."""
    _, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    where = table.table_layout(theme)
    hand = parse_cards("As 2s 3s 7h 7d 7c Td Jc Qh Kd")
    drawn = cards.draw_hand(lcd, theme, hand, where.hand, [cards.CardLook(meld=0)] * 3 + [
        cards.CardLook(meld=1)] * 3 + [cards.PLAIN] * 4)
    m = cards.card_metrics(theme)
    underline = drawn[0].bottom + m.frame + 1
    assert underline + m.underline <= widgets.prompt_rect(theme).top
    row = table.opponent_row(theme, where.opponent, "CPU")
    backs = cards.draw_hand(lcd, theme, [None] * 10, row)
    assert backs[0].top - m.frame >= widgets.layout(theme).content.top


def test_the_opponents_open_meld_underline_stays_clear_of_the_stock_frame(skin):
    """The replay shows the opponent's hand face up with its melds underlined: on every skin the
    underline lies under the opponent's cards and at least a pixel above the stock's cursor
    frame (on flip it once ran along the frame's top edge)."""
    _, theme = skin
    lcd = pygame.Surface((theme.width, theme.height))
    lcd.fill(theme.color("background"))
    where = table.table_layout(theme)
    hand = parse_cards("As 2s 3s 7h 7d 7c Td Jc Qh Kd")
    looks = [cards.CardLook(meld=0)] * 3 + [cards.CardLook(meld=1)] * 3 + [cards.PLAIN] * 4
    table.draw_opponent(lcd, theme, where.opponent, 10, "CPU", hand, looks)
    meld = tuple(theme.color("meld"))[:3]
    first = table.opponent_row(theme, where.opponent, "CPU")
    drawn = cards.hand_slots(theme, 10, first)
    column = drawn[0].left + 1
    rows = [y for y in range(drawn[0].bottom, theme.height) if lcd.get_at((column, y))[:3] == meld]
    m = cards.card_metrics(theme)
    assert rows, "no underline under the first meld"
    assert max(rows) < where.stock[1] - m.frame - 1
    assert min(rows) > drawn[0].bottom


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SKINS), st.integers(128, 480), st.integers(128, 640))
def test_the_table_rows_never_overlap_where_the_skin_is_not_warned(name, width, height):
    """On any LCD a skin may have (bundled fonts), the cards shrink until the table's rows fit:
    the opponent's cards under the title, their underline a pixel clear of the stock's frame,
    the piles, the status line and the hand in order, the hand's underline above the prompt;
    a screen too short for that even with the narrowest cards is what `table_problems` warns of."""
    fonts = skin_theme(name)
    theme = Theme(width, height, fonts.palette, fonts.fonts)
    where = table.table_layout(theme)
    m = cards.card_metrics(theme)
    top = table.opponent_row(theme, where.opponent, "CPU").top + m.frame + m.lift
    below_opponent = top + m.height + 1 + m.underline
    hand_underline_end = where.hand.top + cards.hand_height(theme)
    fits = (top > widgets.layout(theme).content.top
            and below_opponent < where.stock[1] - m.frame
            and where.stock[1] + table.pile_size(theme)[1] <= where.status.top
            and where.status.bottom <= where.hand.top
            and hand_underline_end <= widgets.prompt_rect(theme).top)
    assert fits == (not table.table_problems(theme))
    if not fits:
        assert m.width == cards.MIN_CARD_WIDTH


def test_a_screen_too_short_for_its_fonts_is_warned_of():
    fonts = skin_theme("qvga")
    theme = Theme(240, 128, fonts.palette, fonts.fonts)
    assert table.table_problems(theme) == [
        "resolution 240x128 is 6 pixels too short for the play table at these fonts: make the "
        "LCD taller or the fonts smaller"]
    assert not table.table_problems(Theme(240, 160, fonts.palette, fonts.fonts))


def test_menu_scrolls_to_keep_the_cursor():
    assert widgets.menu_first_row(10, 0, 4) == 0
    assert widgets.menu_first_row(10, 5, 4) == 4
    assert widgets.menu_first_row(10, 9, 4) == 6
    assert widgets.menu_first_row(3, 2, 4) == 0


def test_paginate_breaks_on_form_feed():
    pages = widgets.paginate(["a", "b", "c", "\f", "d"], 2)
    assert pages == [["a", "b"], ["c"], ["d"]]


def wrap_by_brute_force(text: str, spec: FontSpec, width: int) -> list[str]:
    """Wrapping as the definition says, measuring every candidate line afresh: a word wider
    than the line is cut after its last separator that fits, else as late as fits."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, spec) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and text_width(word, spec) > width:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], spec) > width:
                    cut -= 1
                for marks in ("/", "-."):  # after a path separator, else after punctuation
                    after = [i + 1 for i, char in enumerate(word[:cut]) if char in marks]
                    if after:
                        cut = after[-1]
                        break
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab Wi./-\n", max_size=60), st.integers(1, 60),
       st.sampled_from([FontSpec("pixel3x5"), FontSpec("pixel5x7", 2)]))
def test_wrapping_matches_the_definition(text, width, spec):
    assert wrap_text(text, spec, width) == wrap_by_brute_force(text, spec, width)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abWi. ", max_size=40), st.integers(0, 80))
def test_fitting_keeps_the_longest_start_that_fits(text, width):
    spec = FontSpec("pixel5x7")
    shown = fit_text(text, spec, width)
    assert text_width(shown, spec) <= width or shown == ""
    if shown != text and shown:
        kept = shown[: -len(ELLIPSIS)]
        longer = text[: len(kept) + 1]
        assert text.startswith(kept.rstrip()) or text.startswith(kept)
        assert text_width(longer.rstrip() + ELLIPSIS, spec) > width or longer.rstrip() == kept


def test_a_word_of_twenty_thousand_letters_wraps_into_lines_that_fit():
    spec = FontSpec("pixel5x7")
    lines = wrap_text("w" * 20_000 + " end", spec, 120)
    assert "".join(lines).replace(" ", "") == "w" * 20_000 + "end"
    assert all(text_width(line, spec) <= 120 for line in lines)


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def bitmap(text: str, font_name: str) -> set[tuple[int, int]]:
    """The inked pixels of ``text`` in a bundled font, at scale 1."""
    font = fonts.load_font(font_name)
    inked, x = set(), 0
    for char in text:
        glyph = font.glyph(char)
        inked |= {(x + i, y) for y, row in enumerate(glyph.rows) for i, c in enumerate(row)
                  if c == "#"}
        x += glyph.width + font.spacing
    return inked


@pytest.mark.parametrize("font_name", sorted(fonts.available_fonts()))
def test_every_rank_reads_apart_from_every_other(font_name):
    drawn = {rank: bitmap(rank, font_name) for rank in RANKS}
    for i, a in enumerate(RANKS):
        for b in RANKS[i + 1:]:
            assert len(drawn[a] ^ drawn[b]) >= 2, f"{a} and {b} look alike in {font_name}"
    queen, zero = bitmap("Q", font_name), bitmap("0", font_name)
    assert len(queen ^ zero) >= 4, f"the queen reads as a zero in {font_name}"


def test_a_laid_off_card_is_told_apart_by_more_than_a_shade(skin):
    """Light and dark as the eye splits them (half way between the card and its edge): a
    laid-off card must differ from a plain one there too, on one-colour skins as well."""
    _, theme = skin
    card = parse_cards("7s")[0]
    pictures = []
    for look in (cards.CardLook(), cards.CardLook(laid_off=True)):
        surface = pygame.Surface((40, 40))
        surface.fill(theme.color("background"))
        cards.draw_card(surface, theme, card, (2, 2), look)
        pictures.append(surface)
    light, dark = theme.color("card"), theme.color("card_edge")
    middle = (luminance(light) + luminance(dark)) / 2
    flipped = sum(
        (luminance(pictures[0].get_at((x, y))[:3]) > middle)
        != (luminance(pictures[1].get_at((x, y))[:3]) > middle)
        for x in range(40) for y in range(40)
    )
    m = cards.card_metrics(theme)
    assert flipped >= 0.2 * m.width * m.height, "a shade alone (the old tint) flips less"


@pytest.mark.parametrize("size", pips.PIP_SIZES)
def test_every_suit_pip_reads_apart_from_every_other(size):
    """By shape alone (a one-colour LCD draws all four suits in one ink): any two pips differ
    in at least as many pixels as the pip is wide, ♣ from ♠ and ♥ from ♦ too."""
    drawn = []
    for suit in range(4):
        sprite = pips.pip_sprite(suit, size, (255, 255, 255))
        drawn.append({(x, y) for x in range(size) for y in range(size)
                      if sprite.get_at((x, y)).a > 0})
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(drawn[a] ^ drawn[b]) >= size, f"suits {a} and {b} look alike at {size}"


@pytest.mark.parametrize("look", [cards.CardLook(raised=True), cards.CardLook(meld=0),
                                  cards.CardLook(cursor=True)], ids=["picked", "meld", "cursor"])
def test_picked_meld_and_cursor_cards_are_told_apart_by_more_than_a_shade(skin, look):
    """Pixels that change with at least 3:1 contrast (WCAG's for marks), on every skin."""
    _, theme = skin
    row = parse_cards("5s 6s 7s")
    height = cards.hand_height(theme)
    pictures = []
    for chosen in (cards.CardLook(), look):
        surface = pygame.Surface((theme.width, height + 20))
        surface.fill(theme.color("background"))
        cards.draw_hand(surface, theme, row, pygame.Rect(0, 10, theme.width, height),
                        [chosen] * 3)
        pictures.append(surface)
    changed = sum(
        contrast(pictures[0].get_at((x, y))[:3], pictures[1].get_at((x, y))[:3]) >= 3
        for x in range(theme.width) for y in range(height + 20)
    )
    assert changed >= 20


def rich_words(parts: list) -> list[list]:
    """The words of rich text: runs of parts between spaces (a card sticks to its marks)."""
    flat: list = []
    for part in parts:
        flat += [part] if not isinstance(part, str) else [c for c in part]
    words: list[list] = [[]]
    for item in flat:
        if item == " ":
            words.append([])
        elif isinstance(item, str) and words[-1] and isinstance(words[-1][-1], str):
            words[-1][-1] += item
        else:
            words[-1].append(item)
    return [w for w in words if w]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(alphabet="ab Wi,:.", max_size=12), st.sampled_from(DECK)),
                max_size=12), st.integers(10, 120),
       st.sampled_from([FontSpec("pixel3x5"), FontSpec("pixel5x7", 2)]))
def test_rich_text_wraps_between_words_into_lines_that_fit(parts, width, spec):
    lines = table.wrap_rich(parts, spec, width)
    assert [w for line in lines for w in rich_words(line)] == rich_words(parts)
    for line, after in zip(lines, [*lines[1:], None], strict=True):
        words = rich_words(line)
        assert table.rich_width(line, spec) <= width or len(words) == 1
        if after:  # the next line's first word would not have fitted on this one
            assert table.rich_width([*line, " ", *rich_words(after)[0]], spec) > width
