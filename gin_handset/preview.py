"""For skin authors: every screen of the game drawn on a skin, headless, as PNG files and one
contact sheet (``gin-handset skin preview FILE --out DIR``).

The match screens come from a seeded match that the computer plays in both seats, caught at
each kind of moment (the deal, the upcard offer, drawing, discarding, the knock decision, the
computer's turn, both showdowns, the score, the end, the score sheet), so a preview always shows
the same cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pygame

from gin_handset.ai.levels import make_player
from gin_handset.compose import build_context
from gin_handset.device.skin import Skin
from gin_handset.render.fonts import draw_text, fit_text, line_height
from gin_handset.render.theme import FontSpec
from gin_handset.rules.hand import Phase
from gin_handset.rules.options import Options
from gin_handset.screens.base import Screen
from gin_handset.screens.context import AppContext
from gin_handset.screens.dialogs import NoticeScreen, confirm_replace
from gin_handset.screens.help import HelpScreen
from gin_handset.screens.host import QuietHost
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match.menu import MatchMenuScreen, PileScreen
from gin_handset.screens.match.replay import ReplayScreen
from gin_handset.screens.match.router import screen_for
from gin_handset.screens.match.sheet import ScoreSheetScreen
from gin_handset.screens.match.ui import MatchUI, Route
from gin_handset.screens.options import OptionsScreen
from gin_handset.session.match_session import MatchSession
from gin_handset.session.replayer import positions
from gin_handset.settings import Settings

SEED = 7  # the preview match's seed
MESSAGE = ("Saved match ~/.local/share/gin-handset/match.json cannot be resumed, field steps: "
           "not readable JSON; it was moved to match.json.bad-1.")
PHASE_NAMES = {Phase.OFFER: "offer", Phase.DRAW: "draw", Phase.DISCARD: "discard",
               Phase.DECIDE: "decide", Phase.KNOCKER_ARRANGE: "knocker",
               Phase.DEFENDER_ARRANGE: "defender"}
SHEET_COLUMNS = 6
LABEL = FontSpec("pixel5x7")


def _context(skin: Skin, folder: Path, messages: tuple[str, ...] = ()) -> AppContext:
    """A context whose data folder is ``folder`` (a scratch folder, never the player's own:
    the same picture whatever the player has saved), with the match's pages in How to
    Play."""
    return build_context(skin.theme, host=QuietHost(folder), settings=Settings(),
                         messages=messages)


def menu_screens(skin: Skin, folder: Path) -> Iterator[tuple[str, Screen]]:
    context = _context(skin, folder)
    yield "main_menu", MainMenu(context)
    yield "message", MainMenu(_context(skin, folder, (MESSAGE,)))
    yield "question", confirm_replace(lambda: MainMenu(context))
    yield "options", OptionsScreen(context)
    help_screen = HelpScreen(context)
    for page in range(len(help_screen.pages())):
        screen = HelpScreen(context)
        screen.page = page
        yield f"help_{page + 1:02d}", screen
    from gin_handset.screens.history import HistoryScreen
    from gin_handset.screens.statistics import StatisticsScreen

    yield "statistics", StatisticsScreen(context)
    yield "history", HistoryScreen(context)


def match_screens(skin: Skin, folder: Path) -> Iterator[tuple[str, Screen]]:
    """The match screens, each the first time its moment comes in the seeded match."""
    context = _context(skin, folder)
    session = MatchSession.new(Options(), SEED, "simple")
    ui = MatchUI(session, context)
    me = make_player("simple", random.Random(SEED))
    seen: set[str] = set()

    def first(name: str) -> bool:
        new = name not in seen
        seen.add(name)
        return new

    ui.sync_order()
    yield "deal", _dealt(screen_for(ui, Route.DEAL))
    while not session.match_over:
        ui.sync_order()
        if session.hand_over:
            assert session.result is not None
            if first(f"score_{session.result.kind.value}"):
                yield f"score_{session.result.kind.value}", screen_for(ui)
            session.next_hand()
        elif session.computer_to_act:
            decision = session.decision_in_progress()
            assert decision is not None
            decision.wait()
            session.advance(0)
            if session.computer_step is not None and first("computer_turn"):
                yield "computer_turn", screen_for(ui)
            session.hurry()
        else:
            name = PHASE_NAMES.get(session.phase)
            if name is not None and first(name):
                yield name, screen_for(ui)
                if name == "draw":
                    yield "match_menu", MatchMenuScreen(ui)
                    yield "pile", PileScreen(ui)
            session.act(me.choose(session.view()))
    ui.sync_order()
    yield "game_over", screen_for(ui, Route.GAME_OVER)
    yield "score_sheet", ScoreSheetScreen(ui)
    found = positions(session.record)
    replay = ReplayScreen(found, SEED)
    replay.index = 9
    yield "replay", replay
    yield "notice", NoticeScreen(["The match could not be saved: disk full"], None, skin.theme,
                                 "Saving")


def _dealt(screen: Screen) -> Screen:
    """The deal screen with every card dealt and in its place."""
    screen.update(10_000)
    screen.update(1_000)  # the last card lands
    return screen


def every_screen(skin: Skin, folder: Path) -> Iterator[tuple[str, Screen]]:
    yield from menu_screens(skin, folder)
    yield from match_screens(skin, folder)


def render(skin: Skin, out: Path, scratch: Path) -> list[Path]:
    """Draw every screen on ``skin`` into ``out`` (a PNG each, at the LCD's resolution) and a
    contact sheet of them all; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    theme = skin.theme
    pictures: list[tuple[str, pygame.Surface]] = []
    written = []
    stem = re.sub(r"[^0-9A-Za-z_-]+", "_", skin.path.stem)[:40] or "skin"
    for name, screen in every_screen(skin, scratch):
        lcd = pygame.Surface((theme.width, theme.height))
        screen.draw(lcd, theme)
        path = out / f"{stem}_{name}.png"
        pygame.image.save(lcd, str(path))
        pictures.append((name, lcd))
        written.append(path)
    sheet = out / f"{stem}_contact_sheet.png"
    pygame.image.save(contact_sheet(pictures, skin), str(sheet))
    return [*written, sheet]


def contact_sheet(pictures: list[tuple[str, pygame.Surface]], skin: Skin) -> pygame.Surface:
    """The pictures in rows of `SHEET_COLUMNS`, each named under it."""
    width, height = skin.resolution
    gap, label = 8, line_height(LABEL) + 2
    rows = (len(pictures) + SHEET_COLUMNS - 1) // SHEET_COLUMNS
    sheet = pygame.Surface((SHEET_COLUMNS * (width + gap) + gap,
                            rows * (height + label + gap) + gap))
    sheet.fill(skin.backdrop)
    ink = (230, 230, 230)
    for index, (name, picture) in enumerate(pictures):
        row, column = divmod(index, SHEET_COLUMNS)
        x = gap + column * (width + gap)
        y = gap + row * (height + label + gap)
        sheet.blit(picture, (x, y))
        draw_text(sheet, fit_text(name, LABEL, width), LABEL, ink, (x, y + height + 2))
    return sheet
