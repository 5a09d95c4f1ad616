"""Cards slide: a draw from the stock or the pile to its hand, a discard to the pile; at the
phone's frame rate for a moment, skipped by any key, off in Options; the computer's stock draw
slides face down."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from gin_handset.device.keys import PhoneKey as K
from gin_handset.rules.actions import DrawStock
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.deal import CARD_MS, DEALT, UPCARD_MS, DealScreen
from gin_handset.screens.match.motion import FRAME_MS, SPEEDS
from gin_handset.screens.match.play import PlayScreen
from gin_handset.screens.match.router import MatchHost
from gin_handset.screens.match.table import knock_text
from tests.conftest import skin_theme
from tests.test_match_references import ui_at
from tests.test_play_seeds import play_computer_step


def drawn(screen, theme) -> bytes:
    lcd = pygame.Surface((theme.width, theme.height))
    screen.draw(lcd, theme)
    return pygame.image.tobytes(lcd, "RGB")


@pytest.fixture
def theme():
    return skin_theme("candybar")


def test_a_drawn_card_slides_to_its_place_then_the_screen_rests(theme, tmp_path) -> None:
    ui = ui_at(theme, "gin_draw", tmp_path)
    screen = PlayScreen(ui)
    assert screen.wake_in() is None
    held = set(ui.view().hand)
    assert ui.session.act(DrawStock()) is None
    ui.sync_order()
    screen.update(0)
    motion = screen.tracker.motion
    assert motion is not None and not motion.to_pile
    assert motion.card is not None and motion.card not in held, "the player sees its own card"
    assert screen.wake_in() == FRAME_MS
    frames = []
    for _ in range(SPEEDS["normal"] // FRAME_MS + 1):
        frames.append(drawn(screen, theme))
        screen.update(FRAME_MS)
    assert screen.tracker.motion is None and screen.wake_in() is None
    assert len(set(frames)) > 5, "it moves frame by frame"
    rest = drawn(screen, theme)
    assert frames[0] != rest and motion.card in screen.hand_row()[0], "it lands in the hand"


def test_a_discard_slides_to_the_pile_and_any_key_ends_it(theme, tmp_path) -> None:
    ui = ui_at(theme, "gin_draw", tmp_path)
    ui.session.act(DrawStock())
    ui.sync_order()
    screen = PlayScreen(ui)
    card = ui.hand_cards()[screen.hand_cursor]
    below = ui.view().discard_pile[-1]
    screen.on_key(K.NUM5)  # discard the card under the cursor
    ui.sync_order()
    assert ui.view().discard_pile[-1] == card
    screen.update(0)
    motion = screen.tracker.motion
    assert motion is not None and motion.to_pile and motion.card == card
    sliding = drawn(screen, theme)
    screen.update(SPEEDS["normal"])
    assert screen.tracker.motion is None
    assert sliding != drawn(screen, theme), "the pile showed the card below until it landed"
    assert below != card


@pytest.mark.parametrize("key", [K.STAR, K.NUM9, K.NUM5, K.NUM4])
def test_any_key_ends_a_slide_and_does_nothing_else(theme, tmp_path, key) -> None:
    ui = ui_at(theme, "gin_draw", tmp_path)
    host = MatchHost(ui)
    screen = host.current
    assert isinstance(screen, PlayScreen)
    ui.session.act(DrawStock())
    ui.sync_order()
    host.update(0)
    assert screen.tracker.motion is not None
    order, cursor, steps = ui.hand_cards(), screen.hand_cursor, ui.session.record.steps
    # a key of the screen's own (sort, discard, move), or one the match host takes (the pile)
    assert host.on_key(key) is None
    assert screen.tracker.motion is None and screen.wake_in() is None
    assert (ui.hand_cards(), screen.hand_cursor, ui.session.record.steps) == (order, cursor,
                                                                             steps)
    assert host.current is screen and host.dirty
    assert host.on_key(K.NUM9) is not None, "the next key acts (9: the pile)"


def test_the_computers_stock_draw_slides_face_down(theme, tmp_path) -> None:
    ui = ui_at(theme, "gin_decide_knock", tmp_path)
    while not ui.session.computer_to_act:
        play = PlayScreen(ui)
        play.on_key(K.NUM8)
        play.on_key(K.SELECT)
        ui.sync_order()
    screen = ComputerTurnScreen(ui)
    while True:
        play_computer_step(ui.session)
        screen.update(0)
        event = ui.view().log[-1]
        if event.kind in ("stock", "pile"):
            break
    motion = screen.tracker.motion
    assert motion is not None and not motion.to_pile and motion.seat == 1
    assert motion.card == (None if event.kind == "stock" else event.card), (
        "a stock card the player may not see slides face down")


def test_off_means_no_slide(theme, tmp_path) -> None:
    ui = ui_at(theme, "gin_draw", tmp_path)
    ui.context.settings = replace(ui.context.settings, motion="off")
    screen = PlayScreen(ui)
    ui.session.act(DrawStock())
    ui.sync_order()
    screen.update(0)
    assert screen.tracker.motion is None and screen.wake_in() is None


def test_each_dealt_card_slides_from_the_stock(theme, tmp_path) -> None:
    ui = ui_at(theme, "gin_offer", tmp_path)
    screen = DealScreen(ui)
    screen.update(CARD_MS)
    motion = screen.tracker.motion
    first = 1 - ui.view().dealer
    assert motion is not None and motion.seat == first
    assert motion.card == (ui.view().hand[0] if first == 0 else None), "the CPU's face down"
    assert screen.wake_in() == FRAME_MS
    screen.update(CARD_MS)
    assert screen.tracker.motion is not None and screen.tracker.motion.seat == 1 - first
    while screen.dealt < DEALT or screen.tracker.motion is not None:
        screen.update(FRAME_MS)
    assert FRAME_MS < screen.wake_in() <= UPCARD_MS, "the frames stop with the last card"
    ui.context.settings = replace(ui.context.settings, motion="off")
    still = DealScreen(ui)
    still.update(CARD_MS)
    assert still.tracker.motion is None


def test_the_deal_tells_the_knock_limit_only_with_the_upcard(theme, tmp_path) -> None:
    """In Oklahoma the limit (and the doubling) follow from the upcard, so the status line
    gives them only once the upcard is turned, not while it is still face down."""
    ui = ui_at(theme, "okla_draw", tmp_path)
    screen = DealScreen(ui)
    screen.update(DEALT * CARD_MS)
    assert screen.dealt == DEALT and not screen.upcard_shown
    assert screen.status()[1] == ""
    screen.update(UPCARD_MS)
    view = ui.view()
    assert screen.upcard_shown and screen.status()[1] == knock_text(view.knock_limit,
                                                                    view.doubled) != ""
