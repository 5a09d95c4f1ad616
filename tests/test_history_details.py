"""The History screen's two lines on the match under the cursor: the game, target and opponent,
then what it was played with, each whole on every bundled skin (the real fonts, cut as the
screen cuts with ``fit_text``), the export key's hint beside the second."""

from __future__ import annotations

import pytest

from gin_handset.ai.levels import LEVELS
from gin_handset.net.protocol import MAX_NICKNAME as MAX_TABLE_NICKNAME
from gin_handset.render.fonts import fit_text, text_width
from gin_handset.render.widgets import MARGIN
from gin_handset.rules.options import CHOICES, GIN_RUMMY, OKLAHOMA, Options
from gin_handset.screens.history import EXPORT_HINT, row_details
from gin_handset.session.history import Finished
from gin_handset.session.record import MatchRecord
from gin_handset.session.seats import MAX_NICKNAME
from tests.conftest import SKINS, skin_theme

WIDEST_NAME = "W" * MAX_NICKNAME  # the widest nickname the keypad types


def finished(game: str = GIN_RUMMY, target: int = 100, level: str = "normal",
             bonuses: bool = False, hints: bool = False, names: tuple[str, ...] = (),
             conceded: int | None = None) -> Finished:
    options = Options(points_to_win=target, game_type=game, match_bonuses=bonuses)
    record = MatchRecord(options, 7, level, assisted=hints, names=names, conceded=conceded)
    return Finished(record, "2026-11-30T21:07:00", (112, 86), 0)


def representative() -> list[Finished]:
    """Every game, target and computer level, and people with the widest nickname, with the
    bonuses and hints (the longest lines) and without."""
    opponents = [*((level.name, ()) for level in LEVELS), ("people", ("Ann", WIDEST_NAME))]
    return [finished(game, target, level, flag, flag and not names, names, conceded)
            for game in (GIN_RUMMY, OKLAHOMA) for target in CHOICES["points_to_win"]
            for level, names in opponents for flag in (False, True)
            for conceded in ((None, 0, 1) if names else (None,))]


def test_the_details_name_the_game_target_opponent_and_what_it_was_played_with() -> None:
    assert row_details(finished()) == ("Gin to 100 vs Normal", "")
    assert row_details(finished(OKLAHOMA, 500, "expert", bonuses=True, hints=True)) == (
        "Okla to 500 vs Expert", "With bonuses, hints")
    assert row_details(finished(OKLAHOMA, 50, hints=True))[1] == "With hints"
    people = finished(level="people", bonuses=True, names=("Ann", "Bob"))
    assert row_details(people) == ("Gin to 100 vs Bob", "With bonuses")
    left = finished(level="people", bonuses=True, names=("Ann", "Bob"), conceded=1)
    assert row_details(left) == ("Gin to 100 vs Bob", "Forfeit, with bonuses")
    assert row_details(finished(level="people", names=("Ann", "Bob"), conceded=0))[1] == (
        "Forfeit")


@pytest.mark.parametrize("skin_name", SKINS)
def test_every_details_line_fits_on_every_skin(skin_name: str) -> None:
    theme = skin_theme(skin_name)
    font = theme.font("small")
    room = theme.width - 2 * MARGIN
    beside_hint = room - text_width(EXPORT_HINT, font) - 2 * MARGIN
    for entry in representative():
        first, second = row_details(entry)
        assert fit_text(first, font, room) == first, (skin_name, first)
        assert fit_text(second, font, beside_hint) == second, (skin_name, second)


@pytest.mark.parametrize("skin_name", SKINS)
def test_a_long_table_nickname_is_all_that_is_cut(skin_name: str) -> None:
    """A network table's nickname may be longer than the keypad's: the game and target before
    it stay whole."""
    theme = skin_theme(skin_name)
    name = "W" * MAX_TABLE_NICKNAME
    first, _ = row_details(finished(OKLAHOMA, 500, "people", names=("Ann", name)))
    assert fit_text(first, theme.font("small"), theme.width - 2 * MARGIN).startswith(
        "Okla to 500 vs W")
