"""Statistics, History and the replay on the phone, driven by phone keys through the real
screen stack, with real files in a private data folder."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from gin_handset.ai import expert
from gin_handset.ai.levels import PEOPLE
from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import table, widgets
from gin_handset.render.cards import card_metrics, hand_slots
from gin_handset.render.fonts import text_width
from gin_handset.rules.match import MatchState
from gin_handset.rules.melds import best_arrangement
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.history import HistoryScreen, row_label
from gin_handset.screens.main_menu import HISTORY, ITEMS, STATISTICS, MainMenu
from gin_handset.screens.match.replay import ReplayScreen, describe_position, keys_help
from gin_handset.screens.match.table import knock_text
from gin_handset.screens.match.ui import BY_MELDS, sorted_hand
from gin_handset.screens.statistics import StatisticsScreen, sections, tally_rows
from gin_handset.session.ledger import Ledger
from gin_handset.session.replayer import positions
from gin_handset.session.seats import COMPUTER_SEATS
from gin_handset.session.statistics import ALL, Statistics, Tally, scope
from tests.conftest import SKINS, skin_theme
from tests.pictures import assert_matches_reference
from tests.test_player_record import finished_match
from tests.test_screens import press


def menu_to(stack: ScreenStack, item: str) -> None:
    menu = stack.top
    assert isinstance(menu, MainMenu)
    while ITEMS[menu.cursor] != item:
        press(stack, K.NUM8)
    press(stack, K.SELECT)


def root(theme) -> ScreenStack:
    return ScreenStack(main_menu(theme))


def test_statistics_pages_with_2_8_and_sections_with_4_6(data_dir: Path, theme) -> None:
    finished_match(data_dir, 1, "easy", started="2026-11-30T20:00:01")
    finished_match(data_dir, 2, "hard", started="2026-11-30T20:00:02")
    stack = root(theme)
    menu_to(stack, STATISTICS)
    screen = stack.top
    assert isinstance(screen, StatisticsScreen)
    pages = screen.pages(theme)
    titles = list(dict.fromkeys(section.title for section, _ in pages))
    assert titles == ["All vs CPU", "Easy", "Hard"]
    assert len(pages) > len(titles), "a section takes more than one page at 128x160"
    shown = dict(row for _, rows in pages if _.title == "All vs CPU" for row in rows)
    assert shown["Matches"] == "2"
    press(stack, K.NUM6)
    assert pages[screen.page][0].title == "Easy"
    press(stack, K.NUM6, K.NUM6, K.NUM6)
    assert pages[screen.page][0].title == "Hard"
    press(stack, K.NUM4)
    assert pages[screen.page][0].title == "Easy"
    press(stack, K.NUM8)
    assert screen.page == pages.index(next(p for p in pages if p[0].title == "Easy")) + 1
    press(stack, K.NUM2, K.NUM2)
    assert pages[screen.page][0].title == "All vs CPU"
    press(stack, K.CLEAR)
    assert isinstance(stack.top, MainMenu)


def test_statistics_show_the_matches_against_expert_apart(data_dir: Path, theme,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "SAMPLES", 4)
    finished_match(data_dir, 2, "hard", started="2026-11-30T20:00:02")
    finished_match(data_dir, 3, "expert", started="2026-11-30T20:00:03")
    stack = root(theme)
    menu_to(stack, STATISTICS)
    screen = stack.top
    assert isinstance(screen, StatisticsScreen)
    pages = screen.pages(theme)
    assert list(dict.fromkeys(section.title for section, _ in pages)) == [
        "All vs CPU", "Hard", "Expert"]
    shown = dict(row for section, rows in pages if section.title == "Expert" for row in rows)
    assert shown["Matches"] == "1"


def test_resetting_the_statistics_asks_first(data_dir: Path, theme) -> None:
    finished_match(data_dir, 1)
    stack = root(theme)
    menu_to(stack, STATISTICS)
    press(stack, K.SOFT_LEFT, K.CLEAR)
    assert isinstance(stack.top, StatisticsScreen)
    assert Ledger(data_dir).statistics()[0].tally(scope(ALL, ALL)).matches == 1
    press(stack, K.SOFT_LEFT, K.SELECT)
    screen = stack.top
    assert isinstance(screen, StatisticsScreen)
    assert Ledger(data_dir).statistics()[0].tally(scope(ALL, ALL)).matches == 0
    assert dict(screen.pages(theme)[0][1])["Matches"] == "0"
    assert len(Ledger(data_dir).history()[0]) == 1, "the history is kept"


def test_an_unreadable_statistics_file_is_told_on_the_screen(data_dir: Path, theme) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "statistics.json").write_text("{")
    stack = root(theme)
    menu_to(stack, STATISTICS)
    screen = stack.top
    assert isinstance(screen, StatisticsScreen) and screen.notice.messages
    assert "statistics.json" in screen.notice.messages[0]
    press(stack, K.SELECT)
    assert not screen.notice.messages and (data_dir / "statistics.json.bad-1").exists()


def test_history_lists_matches_and_replays_the_one_chosen(data_dir: Path, theme) -> None:
    older = finished_match(data_dir, 1, started="2026-11-30T20:00:01",
                           ended=datetime(2026, 11, 30, 20, 41))
    newer = finished_match(data_dir, 2, started="2026-11-30T20:50:02",
                           ended=datetime(2026, 11, 30, 21, 7))
    stack = root(theme)
    menu_to(stack, HISTORY)
    screen = stack.top
    assert isinstance(screen, HistoryScreen)
    assert [e.record for e in screen.entries] == [newer.record, older.record]
    labels = [row_label(entry) for entry in screen.entries]
    assert labels[0].startswith("30 Nov 21:07 ") and labels[1].startswith("30 Nov 20:41 "), (
        "two matches of one day: the time tells them apart")
    press(stack, K.NUM8, K.SELECT)
    replay = stack.top
    assert isinstance(replay, ReplayScreen)
    first = replay.position.match.hand
    dealt = MatchState.new(older.options, older.seed)
    assert first.hands == dealt.hand.hands, "the replay deals the cards the match dealt"
    press(stack, *[K.NUM8] * 100)
    assert replay.index == replay.starts[-1], "8 goes from deal to deal, to the last hand's"
    press(stack, K.NUM6)
    assert replay.index == replay.starts[-1] + 1
    press(stack, K.NUM2)
    assert replay.index == replay.starts[-1], "2 goes back to this hand's deal"
    press(stack, K.NUM4)
    assert replay.index == replay.starts[-1] - 1
    assert replay.position.match.hand.is_over, "the hand before ends on its score"
    press(stack, *[K.NUM6] * len(replay.positions))
    end = replay.position.match
    assert end.is_over and end.scores == older.scores
    press(stack, K.CLEAR)
    assert stack.top is screen


def underlined(lcd: pygame.Surface, theme, row: pygame.Rect, count: int, framed: bool
               ) -> list[bool]:
    """Whether each of the ``count`` cards drawn in ``row`` has the meld colour under it (under
    the cursor frame's room if the row is ``framed``, right under the card if not)."""
    below = card_metrics(theme).frame + 1 if framed else 1
    meld = tuple(theme.color("meld"))[:3]
    return [tuple(lcd.get_at((slot.left + 1, slot.bottom + below)))[:3] == meld
            for slot in hand_slots(theme, count, row)]


def test_the_replay_underlines_the_melds_of_both_open_hands(data_dir: Path, theme) -> None:
    """Both hands are open from the deal on, so the computer's melds are underlined at every
    step just as the player's are: each card of a meld in the best arrangement, no other."""
    finished_match(data_dir, 6)
    stack = root(theme)
    menu_to(stack, HISTORY)
    press(stack, K.SELECT)
    replay = stack.top
    assert isinstance(replay, ReplayScreen)
    seats = replay.seats
    where = table.table_layout(theme)
    rows = {seats.me: where.hand,
            seats.other: table.opponent_row(theme, where.opponent, seats.name(seats.other))}
    lcd = pygame.Surface((theme.width, theme.height))
    opponent_melds = 0
    for _ in replay.positions:
        hand = replay.position.match.hand
        if not hand.is_over:
            stack.draw(lcd, theme)
            for seat, row in rows.items():
                cards = sorted_hand(hand.hands[seat], BY_MELDS)
                melded = {c for meld in best_arrangement(cards).melds for c in meld.cards}
                shown = underlined(lcd, theme, row, len(cards), framed=seat == seats.me)
                assert shown == [c in melded for c in cards], (
                    f"step {replay.index}: {seats.name(seat)}'s melds {sorted(map(str, melded))}")
                opponent_melds += seat == seats.other and bool(melded)
        press(stack, K.NUM6)
    assert opponent_melds, "the computer held a meld at some step"


def test_the_replay_plays_itself_with_ok_and_stops_at_the_end(data_dir: Path, theme) -> None:
    finished_match(data_dir, 3)
    stack = root(theme)
    menu_to(stack, HISTORY)
    press(stack, K.SELECT)
    replay = stack.top
    assert isinstance(replay, ReplayScreen) and replay.wake_in() is None
    press(stack, K.SELECT)
    assert replay.playing and replay.soft_keys() == ("Pause", "Back")
    for _ in range(3):
        stack.update(replay.wake_in() or 0)
    assert replay.index == 3
    press(stack, K.SELECT)
    assert not replay.playing
    replay.index = len(replay.positions) - 2
    press(stack, K.SELECT)
    stack.update(replay.wake_in() or 0)
    assert replay.index == len(replay.positions) - 1 and not replay.playing


def test_the_replay_names_every_card_it_moves(data_dir: Path) -> None:
    session = finished_match(data_dir, 4)
    entry = Ledger(data_dir).history()[0][0]
    for position in positions(entry.record):
        parts = [p for line in describe_position(position, COMPUTER_SEATS) for p in line]
        if position.step is None:
            assert position.match.hand.upcard in parts, "the deal names the upcard"
        if position.step in ("stock", "pile", "take") or (position.step or "").startswith(
                "discard"):
            assert any(not isinstance(p, str) for p in parts), position.step
    assert session.match_over


def test_the_replay_of_an_oklahoma_hand_keeps_its_knock_limit_in_view(data_dir: Path, theme,
                                                                      tmp_path: Path) -> None:
    """The table shows an Oklahoma hand's knock limit (and its doubling) all along; the replay
    keeps it on top of the notes at every step, the last steps below it as room allows. A Gin
    Rummy hand's limit is always 10, and its replay notes the steps alone."""
    finished_match(data_dir, 2, started="2026-11-30T19:00:00", ended=datetime(2026, 11, 30, 19))
    finished_match(data_dir, 3, options=Options(points_to_win=50, game_type=OKLAHOMA,
                                                oklahoma_spade_doubles=True))
    stack = root(theme)
    menu_to(stack, HISTORY)
    press(stack, K.SELECT)
    replay = stack.top
    assert isinstance(replay, ReplayScreen) and replay.position.match.options.oklahoma
    limits = set()
    for _ in replay.positions:
        hand = replay.position.match.hand
        if not hand.is_over:
            limit = knock_text(hand.knock_limit, hand.doubled)
            limits.add(limit)
            steps = replay.notes(100)[1:]
            assert replay.notes(3) == [[limit], *steps[-2:]] and replay.notes(1) == [[limit]]
        press(stack, K.NUM6)
    assert len(limits) > 1 and any(limit.endswith(" x2") for limit in limits), limits
    replay.index = next(i for i, p in enumerate(replay.positions) if p.match.hand.doubled) + 5
    lcd = pygame.Surface((theme.width, theme.height))
    stack.draw(lcd, theme)
    assert_matches_reference(lcd, "record_replay_oklahoma_classic", tmp_path)
    press(stack, K.CLEAR)
    press(stack, K.NUM8)
    press(stack, K.SELECT)
    gin = stack.top
    assert isinstance(gin, ReplayScreen) and not gin.position.match.options.oklahoma
    press(stack, K.NUM6)
    assert gin.notes(100) == describe_position(gin.positions[0], gin.seats) + \
        describe_position(gin.positions[1], gin.seats)


@pytest.mark.parametrize("skin_name", SKINS)
def test_the_replay_prompt_keeps_its_keys_whole(skin_name) -> None:
    """Even at a three-digit step the prompt ends with "OK play", spaced apart where it fits."""
    theme = skin_theme(skin_name)
    room = theme.width - 2 * widgets.MARGIN
    for step in ("1/8", "20/20", "123/456"):
        prompt = keys_help(step, theme)
        assert prompt.startswith(step) and prompt.endswith("OK play"), prompt
        assert text_width(prompt, theme.font("small")) <= room, (skin_name, prompt)
    assert ("  " in keys_help("20/20", theme)) == (skin_name in ("candybar", "qvga"))


@pytest.mark.parametrize("skin_name", SKINS)
def test_every_replay_line_fits_beside_the_piles(skin_name, data_dir: Path) -> None:
    """Each line the replay writes beside the piles fits there whole (the deal's upcard too,
    on the 128-pixel-wide screens)."""
    theme = skin_theme(skin_name)
    finished_match(data_dir, 4)
    entry = Ledger(data_dir).history()[0][0]
    room = table.table_layout(theme).choices.width
    spec = theme.font("small")
    for position in positions(entry.record):
        if position.match.hand.is_over:
            continue
        for line in describe_position(position, COMPUTER_SEATS):
            assert table.rich_width(line, spec) <= room, (skin_name, line)


def test_exporting_a_match_writes_a_file_that_opens(data_dir: Path, theme) -> None:
    finished_match(data_dir, 5)
    stack = root(theme)
    menu_to(stack, HISTORY)
    screen = stack.top
    assert isinstance(screen, HistoryScreen)
    press(stack, K.POUND)
    assert "Exported to" in screen.notice.messages[0]
    files = list((data_dir / "exports").glob("*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["format"] == "gin-handset replay"
    press(stack, K.SELECT)
    assert not screen.notice.messages


def test_an_empty_history_says_so(data_dir: Path, theme) -> None:
    stack = root(theme)
    menu_to(stack, HISTORY)
    screen = stack.top
    assert isinstance(screen, HistoryScreen) and screen.entries == []
    assert screen.soft_keys() == ("", "Back")
    press(stack, K.SELECT)
    assert isinstance(stack.top, MainMenu)


@pytest.mark.parametrize("skin_name", SKINS)
def test_the_record_screens_match_their_references(skin_name, data_dir: Path, tmp_path) -> None:
    theme = skin_theme(skin_name)
    finished_match(data_dir, 6)
    lcd = pygame.Surface((theme.width, theme.height))
    stack = root(theme)
    for item in (STATISTICS, HISTORY):
        menu_to(stack, item)
        stack.draw(lcd, theme)
        assert_matches_reference(lcd, f"record_{item.lower()}_{skin_name}", tmp_path)
        if item == STATISTICS:
            press(stack, K.CLEAR)
    press(stack, K.SELECT)
    replay = stack.top
    assert isinstance(replay, ReplayScreen)
    for index, name in ((0, "deal"), (7, "step"), (len(replay.positions) - 1, "end")):
        replay.index = index
        stack.draw(lcd, theme)
        assert_matches_reference(lcd, f"record_replay_{name}_{skin_name}", tmp_path)


def test_statistics_against_people_name_them_and_show_no_hints() -> None:
    """No hint is given at a table of two people, and the other side is no CPU."""
    stats = Statistics({scope(ALL, "hard"): Tally(matches=1), scope(ALL, ALL): Tally(matches=1),
                        scope(ALL, PEOPLE): Tally(matches=2, gins_against=1)})
    found = {section.title: section for section in sections(stats)}
    assert not found["Hard"].people and found["People"].people
    people = dict(tally_rows(found["People"].tally, found["People"].people))
    assert people["Their gins"] == "1" and "Undercut by them" in people
    assert "With hints" not in people and not any("CPU" in label for label in people)
    computer = dict(tally_rows(found["Hard"].tally))
    assert "CPU gins" in computer and "With hints" in computer
