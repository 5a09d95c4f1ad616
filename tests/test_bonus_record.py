"""The match bonuses in the player's record: the history keeps the final scores, the statistics
count the matches scored with bonuses and measure margins in final scores, an exported match
replays to the same final score, and files from before the option read as played without it.
The Statistics and History screens say which matches had the bonuses."""

from __future__ import annotations

import json
from pathlib import Path

from gin_handset.rules.options import Options
from gin_handset.screens.context import AppContext
from gin_handset.screens.history import row_details
from gin_handset.screens.statistics import StatisticsScreen, tally_rows
from gin_handset.session.ledger import Ledger, read_shared
from gin_handset.session.saves import SaveStore
from gin_handset.session.statistics import ALL, Statistics, scope
from gin_handset.settings import Settings
from tests.conftest import skin_theme
from tests.test_player_record import finished_match


def test_a_match_with_bonuses_is_kept_and_counted_with_its_final_score(tmp_path: Path) -> None:
    plain = finished_match(tmp_path, 4, options=Options(points_to_win=50),
                           started="2026-11-30T20:00:00")
    bonus = finished_match(tmp_path, 4, options=Options(points_to_win=50, match_bonuses=True),
                           started="2026-11-30T20:10:00")
    final = bonus.final
    assert final is not None and final.bonuses and final.totals != bonus.scores
    assert plain.final is not None and plain.final.totals == plain.scores
    history, _ = Ledger(tmp_path).history()
    assert [entry.scores for entry in history] == [final.totals, plain.scores]
    assert row_details(history[0])[1] == "With bonuses"
    assert row_details(history[1])[1] == ""
    tally = Ledger(tmp_path).statistics()[0].tally(scope(ALL, ALL))
    margins = {final.totals[0] - final.totals[1], plain.scores[0] - plain.scores[1]}
    assert {tally.best_margin, tally.worst_margin} == margins
    assert (tally.matches, tally.bonus_matches) == (2, 1)
    assert tally.points == sum(r.points for s in (plain, bonus) for r in s.results
                               if r.winner == 0), "points a hand count the hands' points only"
    assert ("With match bonuses", "1") in tally_rows(tally)
    exported = Ledger(tmp_path).export(history[0])
    shared, problem = read_shared(exported)
    assert problem is None and shared is not None and shared.scores == final.totals


def test_a_match_with_bonuses_killed_at_the_game_over_counts_once(tmp_path: Path) -> None:
    bonus = finished_match(tmp_path, 2, options=Options(points_to_win=50, match_bonuses=True))
    SaveStore(tmp_path).save(bonus.record)  # as if killed before the save was cleared
    Ledger(tmp_path).finish(bonus.record, bonus.match, SaveStore(tmp_path))
    tally = Ledger(tmp_path).statistics()[0].tally(scope(ALL, ALL))
    assert (tally.matches, tally.bonus_matches) == (1, 1)


def test_statistics_from_before_the_option_read_with_no_bonus_matches(tmp_path: Path) -> None:
    tally = {"matches": 3, "won": 2, "hands": 20, "points": 150, "best_margin": 40,
             "worst_margin": -12}
    (tmp_path / "statistics.json").write_text(json.dumps({
        "format": "gin-handset statistics", "version": 1,
        "tallies": {"all/all": tally}, "counted": ["abc"]}))
    stats, problems = Ledger(tmp_path).statistics()
    assert problems == [] and isinstance(stats, Statistics)
    assert stats.tally(scope(ALL, ALL)).bonus_matches == 0
    screen = StatisticsScreen(AppContext(skin_theme("classic"), initial_settings=Settings()))
    assert screen.pages(skin_theme("classic"))


def test_a_save_from_before_the_option_resumes_without_bonuses(tmp_path: Path) -> None:
    options = {"points_to_win": 100, "game_type": "gin", "gin_bonus": 25, "undercut_bonus": 20,
               "oklahoma_ace_gin_only": True, "oklahoma_spade_doubles": False,
               "oklahoma_knock_limit": "upcard", "upcard_first": "non-dealer",
               "next_dealer": "alternate"}
    (tmp_path / "match.json").write_text(json.dumps({
        "format": "gin-handset match", "version": 1, "options": options, "seed": 5,
        "difficulty": "normal", "steps": ["take"], "first_hand": 0, "first_dealer": None,
        "assisted": False, "started": "2026-11-30T20:00:00"}))
    record, problems = SaveStore(tmp_path).load()
    assert problems == [] and record is not None
    assert record.options == Options() and not record.options.match_bonuses
