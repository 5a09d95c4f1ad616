"""The player's record: statistics counted once per match, the last 50 matches kept, replays
that show what was played, shared match files, and unreadable files set aside."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from gin_handset.ai import expert
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.session.history import MAX_MATCHES, Finished
from gin_handset.session.ledger import Ledger, read_shared
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import HUMAN, NEXT_HAND, replay
from gin_handset.session.replayer import hand_starts, last_hand, positions
from gin_handset.session.saves import SaveStore
from gin_handset.session.statistics import ALL, Statistics, Tally, scope
from tests.test_session import play_steps

WHEN = datetime(2026, 11, 30, 21, 0, 0)


def finished_match(folder: Path, seed: int, level: str = "simple", options: Options | None = None,
                   started: str = "2026-11-30T20:00:00", saved: bool = False,
                   ended: datetime = WHEN) -> MatchSession:
    """A whole match played by the computer in both seats and counted in ``folder`` (and, when
    ``saved``, saved there after every step as the app does: a durable write each, slow), ending
    at ``ended``."""
    store = SaveStore(folder) if saved else None
    session = MatchSession.new(options or Options(), seed, level, store, ledger=Ledger(
        folder, lambda: ended), started=started)
    play_steps(session, 100_000)
    assert session.match_over
    return session


def expected_tally(sessions: list[MatchSession]) -> Tally:
    """The tally worked out by hand from the matches' results."""
    t: dict[str, int] = dict.fromkeys(("matches", "won", "hands", "gins", "gins_against",
                                       "knocks_won", "knocks_lost", "undercuts",
                                       "undercuts_against", "dead", "points"), 0)
    margins, streak, longest = [], 0, 0
    for session in sessions:
        t["matches"] += 1
        won = session.winner == HUMAN
        t["won"] += won
        streak = streak + 1 if won else 0
        longest = max(longest, streak)
        margins.append(session.scores[0] - session.scores[1])
        for result in session.results:
            t["hands"] += 1
            if result.kind == "dead":
                t["dead"] += 1
                continue
            mine = result.winner == HUMAN
            t["points"] += result.points if mine else 0
            if result.kind == "gin":
                t["gins" if mine else "gins_against"] += 1
            elif result.kind == "knock":
                t["knocks_won" if mine else "knocks_lost"] += 1
            else:
                t["undercuts" if mine else "undercuts_against"] += 1
    return Tally(**t, best_margin=max(margins), worst_margin=min(margins), streak=streak,
                 longest_streak=longest)


def test_statistics_count_every_hand_and_match_as_played(tmp_path: Path) -> None:
    played = [finished_match(tmp_path, seed, started=f"2026-11-30T20:00:{seed:02d}")
              for seed in range(6)]
    stats, problems = Ledger(tmp_path).statistics()
    assert problems == []
    assert stats.tally(scope(ALL, ALL)) == expected_tally(played)
    assert stats.tally(scope(ALL, "simple")) == expected_tally(played)
    assert stats.tally(scope("gin", ALL)) == expected_tally(played)
    assert stats.tally(scope(ALL, "hard")) == Tally()
    history, _ = Ledger(tmp_path).history()
    assert [entry.record for entry in history] == [s.record for s in reversed(played)]


def test_levels_and_game_types_are_counted_apart(tmp_path: Path) -> None:
    gin = finished_match(tmp_path, 1, "easy", started="2026-11-30T20:00:01")
    oklahoma = finished_match(tmp_path, 2, "simple", Options(game_type=OKLAHOMA),
                              started="2026-11-30T20:00:02")
    stats, _ = Ledger(tmp_path).statistics()
    assert stats.tally(scope(ALL, "easy")) == expected_tally([gin])
    assert stats.tally(scope(ALL, "simple")) == expected_tally([oklahoma])
    assert stats.tally(scope(OKLAHOMA, ALL)) == expected_tally([oklahoma])
    assert stats.tally(scope(ALL, ALL)).matches == 2


def test_a_match_against_expert_is_saved_and_counted_under_expert(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "SAMPLES", 4)  # a few worlds a decision: a quick match
    store = SaveStore(tmp_path)
    session = MatchSession.new(Options(points_to_win=50), 6, "expert", store,
                               ledger=Ledger(tmp_path, lambda: WHEN), started="2026-11-30T20:00:00")
    play_steps(session, 30)
    record, problems = store.load()
    assert problems == [] and record == session.record and record.difficulty == "expert"
    resumed = MatchSession(record, store, ledger=Ledger(tmp_path, lambda: WHEN))
    assert resumed.computer.name == "expert"
    play_steps(resumed, 100_000)
    assert resumed.match_over
    stats, _ = Ledger(tmp_path).statistics()
    assert stats.tally(scope(ALL, "expert")) == expected_tally([resumed])
    assert stats.tally(scope(ALL, "hard")) == Tally()


def test_a_match_killed_at_game_over_counts_once_when_continued(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = finished_match(tmp_path, 5, options=Options(points_to_win=50), saved=True)
    assert not store.exists(), "the save of a finished match is cleared"
    counted = Ledger(tmp_path).statistics()[0]
    assert counted.tally(scope(ALL, ALL)).matches == 1
    store.save(session.record)  # killed after counting, before the save was cleared
    record, problems = store.load()
    assert record is not None and problems == []
    resumed = MatchSession(record, store, ledger=Ledger(tmp_path))
    assert resumed.match_over and not store.exists(), "continuing it clears the save"
    assert Ledger(tmp_path).statistics()[0] == counted
    assert len(Ledger(tmp_path).history()[0]) == 1


def test_a_hint_puts_the_match_apart(tmp_path: Path) -> None:
    session = MatchSession.new(Options(), 3, "simple", ledger=Ledger(tmp_path),
                               started="2026-11-30T20:00:00")
    while not session.human_to_act:
        play_steps(session, 1)
    assert session.ask_hint() is None
    play_steps(session, 100_000)
    tally = Ledger(tmp_path).statistics()[0].tally(scope(ALL, ALL))
    assert (tally.assisted, tally.assisted_won) == (1, int(session.winner == HUMAN))
    assert tally.matches == tally.hands == 0 and tally.best_margin is None


def test_an_abandoned_match_counts_once(tmp_path: Path) -> None:
    session = MatchSession.new(Options(), 4, "hard", SaveStore(tmp_path), started="x")
    play_steps(session, 10)
    ledger = Ledger(tmp_path)
    assert ledger.count_abandoned(session.record) == []
    assert ledger.count_abandoned(session.record) == [], "killed before the new save: again"
    tally = ledger.statistics()[0].tally(scope(ALL, "hard"))
    assert (tally.abandoned, tally.matches) == (1, 0)


def test_the_history_keeps_the_last_50_matches(tmp_path: Path) -> None:
    session = finished_match(tmp_path, 9)
    ledger = Ledger(tmp_path)
    for n in range(MAX_MATCHES + 2):
        record = replace(session.record, started=f"2026-12-01T10:{n // 60:02d}:{n % 60:02d}")
        assert ledger.count_finished(record, session.match) == []
    history, _ = ledger.history()
    assert len(history) == MAX_MATCHES
    assert history[0].record.started == "2026-12-01T10:00:51", "newest first"
    assert history[-1].record.started == "2026-12-01T10:00:02"
    assert ledger.statistics()[0].tally(scope(ALL, ALL)).matches == MAX_MATCHES + 3


@pytest.mark.parametrize("seed", range(12))
def test_a_replay_shows_every_step_as_it_was_played(seed: int) -> None:
    options = Options(game_type=OKLAHOMA) if seed % 3 == 0 else Options()
    session = MatchSession.new(options, seed, "simple")
    seen = [session.match]
    while not session.match_over:
        play_steps(session, 1)
        seen.append(session.match)
    found = positions(session.record)
    steps = session.record.steps
    kept = [seen[0], *(state for state, step in zip(seen[1:], steps, strict=True)
                       if step != "end")]
    # An ended turn is folded into the discard before it: the position shows the state after.
    ends = {i for i, step in enumerate(steps) if step == "end"}
    expected = []
    for i, state in enumerate(seen[1:]):
        if i in ends:
            expected[-1] = state
        else:
            expected.append(state)
    assert len(kept) == len(found)
    assert [p.match for p in found] == [seen[0], *expected]
    assert len(hand_starts(found)) == steps.count(NEXT_HAND) + 1
    assert found[-1].match == replay(session.record)
    last = last_hand(session.record)
    assert last[0].step is None and last[-1].match.hand.is_over


def test_a_shared_match_opens_and_a_damaged_one_is_named(tmp_path: Path) -> None:
    session = finished_match(tmp_path, 2)
    entry = Ledger(tmp_path).history()[0][0]
    path = Ledger(tmp_path).export(entry)
    assert path.parent == tmp_path / "exports" and path.stat().st_size < 64 * 1024
    opened, problem = read_shared(path)
    assert problem is None and opened == entry
    data = json.loads(path.read_text())
    data["scores"] = [data["scores"][1] + 1, data["scores"][0]]
    path.write_text(json.dumps(data))
    assert read_shared(path) == (None, f"Match file {path} cannot be replayed, field "
                                 "record.steps: they do not lead to the scores and winner given.")
    assert path.exists(), "a player's own file is never moved"
    settings = tmp_path / "settings.json"
    settings.write_text('{"version": 1}')
    _, problem = read_shared(settings)
    assert problem is not None and "field format: None is not 'gin-handset replay'" in problem
    _, problem = read_shared(tmp_path)
    assert problem is not None and "not a regular file" in problem
    assert session.match_over


@pytest.mark.parametrize("text", [
    "not json", '{"format": "gin-handset statistics", "version": 1, "tallies": {"all/all": '
    '{"matches": 1e999}}}', "[" * 100_000, '{"format": "gin-handset statistics", "version": 1, '
    '"tallies": {"all/all": {"won": 5, "matches": 2}}}', '{"format": "gin-handset statistics", '
    '"version": 1, "tallies": {"mine/all": {}}}', '{"format": "gin-handset statistics", '
    '"version": 1, "tallies": {"all/all": {"matches": ' + "9" * 5000 + "}}}",
])
def test_an_unreadable_statistics_file_is_set_aside_and_told(tmp_path: Path, text: str) -> None:
    ledger = Ledger(tmp_path)
    ledger.statistics_path.write_text(text)
    stats, problems = ledger.statistics()
    assert stats == Statistics()
    assert len(problems) == 1 and str(ledger.statistics_path) in problems[0]
    assert (tmp_path / "statistics.json.bad-1").read_text() == text
    finished_match(tmp_path, 1)
    assert ledger.statistics()[0].tally(scope(ALL, ALL)).matches == 1


def test_an_unreadable_history_is_set_aside_and_told(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path)
    ledger.history_path.write_text('{"format": "gin-handset history", "version": 1, '
                                   '"matches": [{"ended": "yesterday"}]}')
    entries, problems = ledger.history()
    assert entries == [] and "field matches[0].ended: 'yesterday' is not a date" in problems[0]
    assert (tmp_path / "history.json.bad-1").exists()


def test_finished_entries_survive_a_round_trip(tmp_path: Path) -> None:
    session = finished_match(tmp_path, 8)
    entry = Finished.of(session.record, session.match, WHEN)
    assert Finished.from_dict(entry.to_dict(), "", check_steps=True) == entry
