"""Nothing lost, ever: a match's end under a full disk, the bounds of what is written against
what is read, replays that cost what their steps do, shared files that say what they hold,
export names of any seed."""

from __future__ import annotations

import errno
import json
import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.bench_records import measure
from gin_handset.rules.actions import action_text
from gin_handset.rules.hand import Phase
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import Options
from gin_handset.session import ledger as ledger_module
from gin_handset.session.history import Finished
from gin_handset.session.ledger import MAX_SHARED_BYTES, Ledger, read_shared
from gin_handset.session.match_base import FULL
from gin_handset.session.match_session import MatchSession
from gin_handset.session.opening import open_data_folder
from gin_handset.session.record import MatchRecord, positions
from gin_handset.session.saves import MAX_STEP_TEXT, MAX_STEPS, SaveStore
from gin_handset.session.statistics import ALL, MAX_COUNT, Statistics, Tally, scope
from gin_handset.storage import MAX_BYTES
from tests.test_player_record import WHEN, finished_match
from tests.test_session import play_steps

PAGE = 4096
SHORT = Options(points_to_win=50)  # matches played whole, kept short


def steps_to_end(seed: int) -> int:
    """How many steps the computer's match of ``seed`` takes (played in memory)."""
    session = MatchSession.new(SHORT, seed, "simple")
    play_steps(session, 100_000)
    return len(session.record.steps)


def all_but_the_last_step(folder: Path, seed: int) -> MatchSession:
    """The match of ``seed`` saved in ``folder``, one step before its end."""
    session = MatchSession.new(SHORT, seed, "simple", SaveStore(folder),
                               ledger=Ledger(folder, lambda: WHEN), started="2026-12-01T09:00:00")
    play_steps(session, steps_to_end(seed) - 1)
    assert not session.match_over
    return session


def history_keys(folder: Path) -> list[str]:
    return [entry.record.key for entry in Ledger(folder).history()[0]]


def matches_counted(folder: Path) -> int:
    return Ledger(folder).statistics()[0].tally(scope(ALL, ALL)).matches


def check_kept_then_finished(folder: Path, session: MatchSession, before: int) -> None:
    """The match counted but not in the history: its save kept, saying it ended; the next
    start finishes the bookkeeping, counting nothing twice."""
    problems = session.take_problems()
    assert any(str(folder / "history.json") in p for p in problems), problems
    assert not any(str(folder / "statistics.json") in p for p in problems), problems
    assert any("kept in" in p and "next start" in p for p in problems)
    assert matches_counted(folder) == before + 1
    assert session.record.key not in history_keys(folder)
    saved = json.loads((folder / "match.json").read_text())
    assert saved["ended"] == WHEN.isoformat(), "the save is kept, with when the match ended"
    lock, messages = open_data_folder(folder)  # the next start
    lock.release()
    assert messages == ["The match that ended 2026-11-30 21:00:00 is now in your statistics and "
                        "history."]
    assert matches_counted(folder) == before + 1, "counted once"
    entry = Ledger(folder).history()[0][0]
    assert entry.record == session.record and entry.ended == WHEN.isoformat()
    assert not (folder / "match.json").exists()


@pytest.fixture
def small_disk(tmp_path: Path):
    """A tmpfs of 1 MiB (skipped where ``mount -t tmpfs`` is not allowed)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip("mount -t tmpfs is not allowed here (test_a_history_write_that_fails_* "
                    "shows the same with a test double)")
    yield disk
    subprocess.run(["umount", str(disk)], check=False)


def fill(disk: Path, leave: int) -> Path:
    """Fill ``disk`` but for ``leave`` bytes; the file that fills it."""
    filler = disk / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError as error:
            assert error.errno == errno.ENOSPC
    os.truncate(filler, filler.stat().st_size - leave)
    info = os.statvfs(disk)
    assert info.f_bavail * info.f_frsize == leave
    return filler


def test_a_full_disk_at_the_history_keeps_the_save_until_the_next_start(small_disk: Path):
    folder = small_disk / "data"
    for seed in range(4):  # a history larger than a save and the statistics together
        finished_match(folder, seed, options=SHORT, started=f"2026-11-30T20:00:0{seed}")
    before = matches_counted(folder)
    session = all_but_the_last_step(folder, 9)
    save = (folder / "match.json").stat().st_size + 64
    stats = (folder / "statistics.json").stat().st_size + 64
    room = (save // PAGE + 1 + stats // PAGE + 1) * PAGE
    assert (folder / "history.json").stat().st_size > room
    filler = fill(small_disk, room)
    play_steps(session, 1)  # the last step: the disk is full for the history alone
    assert session.match_over
    filler.unlink()
    check_kept_then_finished(folder, session, before)


def test_a_history_write_that_fails_keeps_the_save_until_the_next_start(tmp_path, monkeypatch):
    """The same with a test double for the history's write alone (where tmpfs cannot be
    mounted)."""
    folder = tmp_path / "data"
    finished_match(folder, 1, options=SHORT)
    before = matches_counted(folder)
    session = all_but_the_last_step(folder, 9)
    real = ledger_module.write_atomically

    def full_for_the_history(path: Path, text: str) -> None:
        if path.name == "history.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(ledger_module, "write_atomically", full_for_the_history)
    play_steps(session, 1)
    assert session.match_over
    monkeypatch.setattr(ledger_module, "write_atomically", real)
    check_kept_then_finished(folder, session, before)


def test_new_game_over_a_kept_finished_match_finishes_it_never_abandons_it(tmp_path):
    folder = tmp_path / "data"
    session = finished_match(folder, 4, options=SHORT)
    ledger = Ledger(folder)
    ledger.history_path.unlink()  # as if the history could not be written at its end
    stats = ledger.statistics_path
    stats.write_text(json.dumps(Statistics().to_dict()))
    assert ledger.count_abandoned(session.record) == []
    tally = ledger.statistics()[0].tally(scope(ALL, ALL))
    assert (tally.matches, tally.abandoned) == (1, 0)
    assert history_keys(folder) == [session.record.key]


def cancel_loop(steps: int) -> MatchRecord:
    """A legal record of ``steps`` steps: the player's first discard cancelled and made again,
    again and again (a seed where the player draws first)."""
    for seed in range(100):
        match, taken = MatchState.new(Options(), seed), []
        while match.hand.phase is not Phase.DISCARD:
            action = match.hand.legal_actions()[-1]  # pass, then the forced draw
            match, taken = match.apply(action), [*taken, action_text(action)]
        if match.hand.turn != 0:
            continue
        card = match.hand.legal_actions()[0]
        loop = [action_text(card), "cancel"] * steps
        return MatchRecord(Options(), seed, "simple", (*taken, *loop)[:steps])
    raise AssertionError("no seed where the player draws first")


def test_a_match_stops_at_the_steps_a_save_holds_and_the_save_reads_back(tmp_path):
    store = SaveStore(tmp_path)
    session = MatchSession(cancel_loop(MAX_STEPS - 1), store)
    assert session.human_to_act and not session.full
    assert session.act(session.view().legal_actions[-1]) is None  # the last step a save holds
    assert session.full and len(session.record.steps) == MAX_STEPS
    record, problems = store.load()
    assert problems == [] and record == session.record, "written at the bound, read back"
    assert session.act(session.view().legal_actions[0]) == FULL
    assert not session.computer_to_act and len(session.record.steps) == MAX_STEPS
    over = replace(record, steps=(*record.steps, "cancel"))
    store.save(over)  # what the game never writes: one step more is refused by the reader
    assert store.load()[0] is None and (tmp_path / "match.json.bad-1").exists()


def test_statistics_at_the_largest_count_stay_readable_after_one_more_match(tmp_path):
    ledger = Ledger(tmp_path)
    top = Tally(matches=MAX_COUNT, won=MAX_COUNT, hands=MAX_COUNT, points=MAX_COUNT,
                streak=MAX_COUNT, longest_streak=MAX_COUNT, best_margin=MAX_COUNT,
                worst_margin=-MAX_COUNT, abandoned=MAX_COUNT, gins=MAX_COUNT)
    ledger.statistics_path.write_text(json.dumps(Statistics({scope(ALL, ALL): top}).to_dict()))
    session = finished_match(tmp_path, 6, options=SHORT)
    assert session.take_problems() == []
    stats, problems = ledger.statistics()
    assert problems == [], "written in a form its reader accepts"
    tally = stats.tally(scope(ALL, ALL))
    assert tally.matches == tally.hands == tally.points == MAX_COUNT
    assert ledger.count_abandoned(replace(session.record, started="2026-12-01T00:00:00",
                                          steps=())) == []
    stats, problems = ledger.statistics()
    assert problems == [] and stats.tally(scope(ALL, ALL)).abandoned == MAX_COUNT


def test_the_largest_save_history_and_shared_file_fit_what_their_readers_read(tmp_path):
    longest = MatchRecord(Options(), -(10**40), "normal", ("x" * MAX_STEP_TEXT,) * MAX_STEPS,
                          started="2026-12-01T00:00:00")
    store = SaveStore(tmp_path)
    store.save(longest)
    assert store.path.stat().st_size <= MAX_BYTES
    entry = Finished(longest, "2026-12-01T01:00:00", (0, 100), 1)
    ledger = Ledger(tmp_path)
    shared = ledger.export(entry)
    assert shared.stat().st_size <= MAX_SHARED_BYTES
    problem = read_shared(shared)[1]
    assert problem is not None and "steps[0] 'xxx" in problem, "read, then replayed"
    ledger._write_history([entry] * 3)
    entries, problems = ledger.history()
    assert problems == [] and 1 <= len(entries) < 3, "the oldest dropped to stay readable"


def test_replay_holds_memory_linear_in_the_steps_and_the_benchmark_runs():
    small, large = measure(2000), measure(4000)
    assert small["steps"] <= 2000 and large["steps"] <= 4000
    assert large["steps"] > 3900, "the benchmark's match is as long as asked"
    # One hand thousands of steps long: a log copied at every step would hold 4x the memory.
    assert large["peak_mb"] < 2.6 * small["peak_mb"]
    assert large["positions"] > 3900


def test_a_replay_is_worked_out_once_whoever_asks():
    record = cancel_loop(600)
    first = positions(record)
    assert positions(record)[-1] is first[-1], "remembered"
    logs = {id(p.match.hand.log._items) for p in first[1:]}  # type: ignore[union-attr]
    assert len(logs) == 1, "every position of the hand shares one log"


@pytest.mark.parametrize(("where", "extra"), [("top", "cheat"), ("record", "ace_up_sleeve")])
def test_a_shared_match_with_a_field_the_game_does_not_know_is_refused(tmp_path, where, extra):
    finished_match(tmp_path, 2, options=SHORT)
    path = Ledger(tmp_path).export(Ledger(tmp_path).history()[0][0])
    data = json.loads(path.read_text())
    (data if where == "top" else data["record"])[extra] = 1
    path.write_text(json.dumps(data))
    _, problem = read_shared(path)
    name = extra if where == "top" else f"record.{extra}"
    assert problem is not None and f"field {name}: unknown field" in problem


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda r: r["options"].update({"\x1b]0;pwned\x07" + "A" * 3_000_000: 1}),
         "field record.options.'\\x1b]0;pwned"),
        (lambda r: r.update(first_dealer=1.0), "field record.first_dealer: 1.0 is not 0, 1"),
        (lambda r: r.update(version=True), "field record.version: True is not"),
    ],
    ids=["hostile option name", "float dealer", "bool version"],
)
def test_a_shared_match_with_a_hostile_value_is_refused_naming_it_shortly(
        tmp_path, change, named):
    finished_match(tmp_path, 2, options=SHORT)
    path = Ledger(tmp_path).export(Ledger(tmp_path).history()[0][0])
    data = json.loads(path.read_text())
    change(data["record"])
    path.write_text(json.dumps(data))
    _, problem = read_shared(path)
    assert problem is not None and named in problem
    assert len(problem) < 600 and problem.isprintable()


def test_a_save_and_a_history_with_unknown_fields_are_set_aside_naming_them(tmp_path):
    session = finished_match(tmp_path, 3, options=SHORT)
    store = SaveStore(tmp_path)
    store.save(session.record)
    data = json.loads(store.path.read_text())
    data["bonus\n"] = 5
    store.path.write_text(json.dumps(data))
    record, problems = store.load()
    assert record is None and "field 'bonus\\n': unknown field" in problems[0]
    history = json.loads((tmp_path / "history.json").read_text())
    history["matches"][0]["mood"] = "smug"
    (tmp_path / "history.json").write_text(json.dumps(history))
    entries, problems = Ledger(tmp_path).history()
    assert entries == [] and "field matches[0].mood: unknown field" in problems[0]


def test_a_match_of_a_seed_with_thousands_of_digits_is_exported_and_opens(tmp_path):
    seed = 7 * 10**4000
    session = MatchSession.new(Options(points_to_win=50), seed, "simple", SaveStore(tmp_path),
                               ledger=Ledger(tmp_path), started="2026-12-01T10:00:00")
    play_steps(session, 100_000)
    entry = Ledger(tmp_path).history()[0][0]
    path = Ledger(tmp_path).export(entry)
    assert len(path.name.encode()) < 100 and path.name.startswith("gin-")
    assert "seed7000" in path.name
    opened, problem = read_shared(path)
    assert problem is None and opened is not None and opened.record.seed == seed


def test_a_shared_file_is_replayed_once_to_be_checked_and_shown(tmp_path, monkeypatch):
    finished_match(tmp_path, 5, options=SHORT)
    path = Ledger(tmp_path).export(Ledger(tmp_path).history()[0][0])
    entry, problem = read_shared(path)  # checked by replaying it, as --replay does
    assert entry is not None and problem is None
    steps: list[object] = []
    real = MatchState.apply
    monkeypatch.setattr(MatchState, "apply", lambda self, action: steps.append(action)
                        or real(self, action))
    shown = positions(entry.record)  # what the replay screen is given
    assert steps == [] and shown[-1].match.is_over, "not replayed again"
