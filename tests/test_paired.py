"""Two tournament runs compared deal by deal (``benchmarks.paired``): the figures are those of
the logs' matches, whole deals only, and a log that cannot be compared is refused by name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.paired import main
from gin_handset.ai.game_log import GameRecord, RunKey, line_of
from gin_handset.ai.tournament import run_tournament
from gin_handset.rules.hand import ResultKind
from gin_handset.rules.options import OKLAHOMA


def record(won: bool, margin: int) -> GameRecord:
    hands = ((ResultKind.GIN, won, won),)
    return GameRecord(a_won=won, margin=margin, hands=hands, times_a=(0.01,), times_b=(0.001,))


def write(path: Path, key: RunKey, games: dict[int, GameRecord]) -> Path:
    path.parent.mkdir(exist_ok=True)
    path.write_text("".join(line_of(key, game, r) for game, r in games.items()))
    return path


def figures(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(argv)
    return capsys.readouterr().out


def test_the_difference_is_taken_deal_by_deal_over_whole_deals_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = write(tmp_path / "before.jsonl", RunKey("expert", "champion", 7, None), {
        0: record(True, 10), 1: record(False, -5), 2: record(False, -30), 3: record(False, -8),
        4: record(True, 40)})
    after = write(tmp_path / "after.jsonl", RunKey("expert", "champion", 7, 32, common=True), {
        0: record(True, 12), 1: record(True, 7), 2: record(False, -30), 3: record(False, -8),
        5: record(True, 3)})
    out = figures([str(before), str(after)], capsys)
    lines = out.splitlines()
    assert lines[0] == "against champion, seed 7: 4 matches, 2 whole deals in both logs"
    assert lines[1] == (f"  {before} (expert, samples default): won 1/4 = 25.0% (Wilson 4.6% - "
                        "69.9%), margin -8.2; matches of it left out: 1")
    assert lines[2].startswith(f"  {after} (expert, samples 32, common streams): won 2/4 = 50.0%")
    assert lines[3] == ("  played otherwise: 2 matches; won by the second only 1, by the first "
                        "only 0")
    # deal 0 gains half a match won and (19 - 5) / 2 = 7 points; deal 1 is the same
    assert lines[4] == ("  second minus first, by deal: wins +25.0 (95% -24.0 to +74.0) points of "
                        "matches won, margin +3.5 (95% -3.4 to +10.4) points a match")


def test_one_deal_gives_its_difference_and_no_interval(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = RunKey("hard", "champion", 7, None)
    one = write(tmp_path / "a" / "run.jsonl", key, {0: record(False, -9), 1: record(False, -2)})
    two = write(tmp_path / "b" / "run.jsonl", key, {0: record(True, 9), 1: record(False, -2)})
    out = figures([str(one), str(two)], capsys)
    assert f"{one} (hard" in out and f"{two} (hard" in out
    assert "wins +50.0 (no interval from one deal)" in out
    assert "margin +9.0 (no interval from one deal)" in out


def test_a_run_against_itself_differs_in_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hard.jsonl"
    result = run_tournament("hard", "simple", 4, seed=5, log=log)
    out = figures([str(log), str(log)], capsys)
    assert f"won {result.a_wins}/4" in out
    assert "played otherwise: 0 matches" in out
    assert "wins +0.0 (95% +0.0 to +0.0) points of matches won, margin +0.0 (95% +0.0 to " in out


def test_two_levels_on_the_same_deals_report_each_ones_own_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = [tmp_path / f"{level}.jsonl" for level in ("normal", "hard")]
    results = [run_tournament(log.stem, "simple", 4, seed=5, log=log) for log in logs]
    out = figures([str(logs[0]), str(logs[1])], capsys)
    lines = out.splitlines()
    for line, result in zip(lines[1:3], results, strict=True):
        assert f"({result.a}, samples default): won {result.a_wins}/4" in line
        assert f"margin {result.margin:+.1f};" in line
    gain = 100 * (results[1].a_wins - results[0].a_wins) / 4
    assert lines[4].startswith(f"  second minus first, by deal: wins {gain:+.1f} (95% ")


@pytest.mark.parametrize(
    ("second", "problem"),
    [
        (RunKey("hard", "champion", 8, None), "not the same deals (B champion, seed 7 against "
                                              "B champion, seed 8)"),
        (RunKey("hard", "simple", 7, None), "not the same deals (B champion, seed 7 against "
                                            "B simple, seed 7)"),
        (RunKey("hard", "champion", 7, None, game_type=OKLAHOMA),
         "not the same game (gin against oklahoma)"),
    ],
)
def test_runs_of_other_deals_are_refused_naming_both_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], second: RunKey, problem: str) -> None:
    first = write(tmp_path / "one.jsonl", RunKey("hard", "champion", 7, None),
                  {0: record(True, 9), 1: record(False, -9)})
    other = write(tmp_path / "two.jsonl", second, {0: record(True, 9), 1: record(False, -9)})
    with pytest.raises(SystemExit) as stopped:
        main([str(first), str(other)])
    assert stopped.value.code == 2
    message = capsys.readouterr().err
    assert problem in message and str(first) in message and str(other) in message


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda p: p.mkdir(), "not a regular file"),
        (lambda p: None, "no such file"),
        (lambda p: p.write_text(""), "line 1: no match: the log is empty"),
        (lambda p: p.write_text('{"a": "hard", "b"'), "line 1: cut short"),
        (lambda p: p.write_text('{"a": "\\ud800"}\n'), "line 1: field a: '\\ud800' does not"),
        (lambda p: p.write_text('{"a": "\\u001b[31m", "b": "simple"}\n'), "line 1: field a: '"),
        (lambda p: p.write_text(line_of(RunKey("hard", "simple", -1, None), 0, record(True, 1))),
         "line 1: field seed: -1 does not"),
        (lambda p: p.write_text(line_of(RunKey("hard", "simple", 10**30, None), 0,
                                        record(True, 1))), "line 1: field seed: 10000000000"),
        (lambda p: p.write_text(line_of(RunKey("hard", "simple", 1, 0), 0, record(True, 1))),
         "line 1: field samples: 0 does not"),
        (lambda p: p.write_text("[" * 100_000 + "\n"), "line 1: not a match"),
        (lambda p: p.write_text('{"a": "hard"' + " " * (1 << 21) + "}\n"),
         "line 1: longer than 1048576 bytes"),
        (lambda p: p.write_text(line_of(RunKey("hard", "champion", 7, None), 0, record(True, 1))
                                + line_of(RunKey("hard", "simple", 7, None), 1,
                                          record(True, 1))), "line 2: a match of another run"),
        (lambda p: p.write_text(line_of(RunKey("hard", "champion", 7, None), 0, record(True, 1))
                                + '{"a": "hard"}\n'), "line 2: field b: None does not name"),
    ],
)
def test_a_log_that_cannot_be_read_is_named_with_what_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Callable[[Path], object],
        problem: str) -> None:
    good = write(tmp_path / "good.jsonl", RunKey("hard", "champion", 7, None),
                 {0: record(True, 9), 1: record(False, -9)})
    bad = tmp_path / "bad.jsonl"
    make(bad)
    with pytest.raises(SystemExit) as stopped:
        main([str(good), str(bad)])
    assert stopped.value.code == 2
    message = capsys.readouterr().err
    assert "bad.jsonl" in message and problem in message


def test_logs_that_share_no_whole_deal_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = RunKey("hard", "champion", 7, None)
    one = write(tmp_path / "one.jsonl", key, {0: record(True, 9), 2: record(False, -9)})
    two = write(tmp_path / "two.jsonl", key, {0: record(True, 9), 1: record(False, -9)})
    with pytest.raises(SystemExit):
        main([str(one), str(two)])
    assert "no deal played whole in both" in capsys.readouterr().err


def test_runs_against_a_b_whose_stream_common_changes_pair_only_alike(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """hard-noread draws hard's stream with --common: its matches are other deals' play."""
    games = {0: record(True, 9), 1: record(False, -2)}
    plain = write(tmp_path / "a" / "run.jsonl", RunKey("hard", "hard-noread", 7, None), games)
    common = write(tmp_path / "b" / "run.jsonl",
                   RunKey("expert", "hard-noread", 7, None, common=True), games)
    with pytest.raises(SystemExit):
        main([str(plain), str(common)])
    assert "not the same deals for B hard-noread" in capsys.readouterr().err
    both = write(tmp_path / "c" / "run.jsonl", RunKey("hard", "hard-noread", 7, None, common=True),
                 games)
    assert "2 matches, 1 whole deals" in figures([str(both), str(common)], capsys)
