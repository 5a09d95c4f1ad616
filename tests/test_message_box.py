"""Message and question boxes: sized to their text, paths broken at their separators, the home
folder shown as ~."""

from __future__ import annotations

from pathlib import Path

import pygame

from gin_handset.render import widgets
from gin_handset.render.fonts import text_width, wrap_text
from gin_handset.screens.common import MessageView, draw_text_box, for_people


def test_a_long_path_breaks_after_a_separator(theme) -> None:
    spec = theme.font("body")
    width = 100
    lines = wrap_text("Saved match /home/someone/.local/share/gin-handset/match.json is bad",
                      spec, width)
    assert all(text_width(line, spec) <= width for line in lines)
    cut = [line for line in lines if "/" in line]
    assert all(line.endswith("/") or line.endswith(".json") for line in cut[:-1]), lines
    assert "".join(cut).count("gin-handset") == 1


def test_a_word_without_a_separator_is_still_cut_to_fit(theme) -> None:
    spec = theme.font("body")
    lines = wrap_text("x" * 200, spec, 60)
    assert "".join(lines) == "x" * 200 and all(text_width(line, spec) <= 60 for line in lines)


def test_the_home_folder_is_shown_as_a_tilde() -> None:
    home = Path.home()
    shown = for_people(f"File {home / 'a' / 'b.json'} is bad")
    assert shown == f"File {Path('~') / 'a' / 'b.json'} is bad"
    assert for_people("no path here") == "no path here"


def ink_rows(lcd: pygame.Surface, theme) -> list[int]:
    ground = theme.color("background")
    return [y for y in range(lcd.get_height())
            if any(tuple(lcd.get_at((x, y)))[:3] != ground for x in range(lcd.get_width()))]


def test_a_short_message_gets_a_short_box_and_a_long_one_pages(theme) -> None:
    lcd = pygame.Surface((theme.width, theme.height))
    content = widgets.layout(theme).content
    lcd.fill(theme.color("background"))
    draw_text_box(lcd, theme, content, "Short.")
    rows = [y for y in ink_rows(lcd, theme) if content.top < y < content.bottom]
    assert rows and rows[-1] - rows[0] < content.height // 2
    view = MessageView(["word " * 400])
    pages = view.pages(theme)
    assert len(pages) > 1
    room = view.box(theme)
    assert widgets.message_box(theme, room, len(pages[0])).height <= room.height


def test_a_huge_message_is_shown_cut_and_pages_at_once(theme) -> None:
    from gin_handset.screens.common import MAX_MESSAGE
    from tests.work import counted_calls

    view = MessageView(["Settings file x is bad, field " + "z" * 3_000_000 + " unknown"])
    with counted_calls() as calls:
        pages = view.pages(theme)
    assert calls.count < 200_000, "bounded work"
    shown = "".join("".join(page) for page in pages)
    assert shown.endswith("...") and len(shown) <= MAX_MESSAGE
