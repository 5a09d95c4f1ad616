"""The tournament's log: a long run stops and goes on, and a log it cannot use is refused,
naming the file, the line and what is wrong."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gin_handset.ai.game_log import LogError, RunKey, key_of, read_log
from gin_handset.ai.tournament import PROTOCOLS, main, play_game, run_tournament
from gin_handset.rules.options import OKLAHOMA

KEY = RunKey("simple", "easy", 4, None)


def outcome(result: object) -> tuple:
    return tuple(getattr(result, f) for f in ("games", "a_wins", "margin", "hands", "kinds"))


def test_a_logged_run_goes_on_where_it_stopped_and_reports_the_whole_run(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    whole = run_tournament("simple", "easy", 6, seed=4)
    first = run_tournament("simple", "easy", 4, seed=4, log=log)
    assert len(log.read_text().splitlines()) == 4
    assert outcome(first) == outcome(run_tournament("simple", "easy", 4, seed=4))
    again = run_tournament("simple", "easy", 6, seed=4, log=log, jobs=2)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(line["game"] for line in lines) == list(range(6)), "only games 4, 5 played"
    assert outcome(again) == outcome(whole)
    games, _ = read_log(log, KEY)
    assert games[5].hands == play_game("simple", "easy", 4, 5).hands


def test_a_line_cut_short_by_a_killed_run_is_played_again(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    run_tournament("simple", "easy", 2, seed=4, log=log)
    text = log.read_text()
    log.write_text(text[: len(text) - 25])  # the second line cut short
    games, whole = read_log(log, KEY)
    assert list(games) == [0] and whole == len(text.splitlines(keepends=True)[0])
    run_tournament("simple", "easy", 2, seed=4, log=log)
    replayed = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(replayed) == 2 and [r["game"] for r in replayed] == [0, 1]
    assert without_times(replayed) == without_times([json.loads(t) for t in text.splitlines()])


def without_times(lines: list[dict]) -> list[dict]:
    return [{k: v for k, v in line.items() if not k.startswith("times")} for line in lines]


MATCH = '{"a": "simple", "b": "easy", "seed": 4, "samples": null, "game": 1, "a_won": true, '
MATCH += '"margin": 3, '


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("[1, 2]", "not a JSON object"),
        ("{", "Expecting"),
        ("[" * 100_000 + "]" * 100_000, "line 2"),
        ('{"a": "hard", "b": "easy", "seed": 4, "samples": null}', "another run (hard vs easy"),
        ('{"a": "simple", "b": "easy", "seed": 4, "samples": null, "game": -1}', "field game"),
        ('{"a": "simple", "b": "easy", "seed": 4, "samples": null, "game": ' + "9" * 5000 + "}",
         "line 2"),
        ('{"a": "simple", "b": "easy", "seed": 4, "samples": null, "game": 1, "a_won": 1}',
         "a_won"),
        (MATCH + '"hands": [[["gin"], null, null]], "times_a": [], "times_b": []}', "hands"),
        (MATCH + '"hands": [[{}, true, true]], "times_a": [], "times_b": []}', "hands"),
        (MATCH + '"hands": [], "times_a": [' + "9" * 400 + '], "times_b": []}', "times_a"),
        (MATCH + '"hands": [], "times_a": [NaN], "times_b": []}', "times_a"),
        (MATCH + '"hands": [], "times_a": [], "times_b": [-0.5]}', "times_b"),
    ],
)
def test_a_log_line_that_is_not_a_match_of_this_run_is_refused(
    tmp_path: Path, line: str, problem: str
) -> None:
    log = tmp_path / "run.jsonl"
    run_tournament("simple", "easy", 1, seed=4, log=log)
    with log.open("a") as stream:
        stream.write(line + "\n")
    with pytest.raises(LogError, match="line 2") as error:
        read_log(log, KEY)
    assert str(log) in str(error.value) and problem in str(error.value)


def test_the_command_says_what_is_wrong_with_a_log_and_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a folder"
    folder.mkdir()
    with pytest.raises(SystemExit) as stop:
        main(["--a", "simple", "--b", "easy", "--games", "2", "--log", str(folder)])
    assert stop.value.code == 2
    assert f"tournament: {folder}: not a regular file" in capsys.readouterr().err
    other = tmp_path / "other.jsonl"
    other.write_text('{"a": "hard", "b": "easy", "seed": 1, "samples": null}\n')
    with pytest.raises(SystemExit):
        main(["--a", "simple", "--b", "easy", "--games", "2", "--log", str(other)])
    assert "line 1: a match of another run (hard vs easy" in capsys.readouterr().err
    assert other.read_text().startswith('{"a": "hard"'), "the log is left as it was"
    other.write_text('{"a": "hard"}\n')
    with pytest.raises(SystemExit):
        main(["--a", "simple", "--b", "easy", "--games", "2", "--log", str(other)])
    assert "line 1: field b: None does not name a run" in capsys.readouterr().err


def test_a_run_with_common_streams_is_a_run_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its log says so; a log written before the field existed is of a run without; either
    refuses the other's matches; the first line's field must be true or false."""
    log = tmp_path / "common.jsonl"
    main(["--a", "simple", "--b", "easy", "--games", "2", "--seed", "4", "--common",
          "--log", str(log)])
    capsys.readouterr()
    assert [json.loads(line)["common"] for line in log.read_text().splitlines()] == [True, True]
    assert sorted(read_log(log, RunKey("simple", "easy", 4, None, common=True))[0]) == [0, 1]
    assert key_of(log) == RunKey("simple", "easy", 4, None, common=True)
    with pytest.raises(LogError, match=r"line 1: a match of another run .*common True"):
        read_log(log, KEY)
    older = tmp_path / "older.jsonl"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    older.write_text("".join(
        json.dumps({k: v for k, v in line.items() if k != "common"}) + "\n" for line in lines))
    assert sorted(read_log(older, KEY)[0]) == [0, 1] and key_of(older) == KEY
    lines[0]["common"] = "yes"
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(lines[0]) + "\n")
    with pytest.raises(LogError, match="line 1: field common: 'yes' does not name a run"):
        key_of(odd)


def test_an_oklahoma_run_is_a_run_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--game oklahoma`` plays the EAAI protocol as Oklahoma Gin: other matches on the same
    deals, a report that says so, a log whose lines say so and that refuses Gin Rummy's, and a
    game type of the first line that is no game of the tournament refused by its field."""
    log = tmp_path / "oklahoma.jsonl"
    main(["--a", "simple", "--b", "easy", "--games", "4", "--seed", "4", "--game", "oklahoma",
          "--log", str(log)])
    assert "4 matches to 100 (EAAI, Oklahoma Gin)" in capsys.readouterr().out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["game_type"] for line in lines] == ["oklahoma"] * 4
    oklahoma = RunKey("simple", "easy", 4, None, game_type=OKLAHOMA)
    assert key_of(log) == oklahoma and sorted(read_log(log, oklahoma)[0]) == [0, 1, 2, 3]
    with pytest.raises(LogError, match=r"line 1: a match of another run .*game oklahoma"):
        read_log(log, KEY)
    gin = [play_game("simple", "easy", 4, game) for game in range(4)]
    assert [(line["hands"], line["margin"]) for line in lines] != [
        ([[kind.value, knocker, winner] for kind, knocker, winner in r.hands], r.margin)
        for r in gin]
    with pytest.raises(ValueError, match="EAAI protocol only"):
        run_tournament("simple", "easy", 2, seed=4, options=replace(PROTOCOLS[OKLAHOMA],
                       oklahoma_spade_doubles=True), log=tmp_path / "doubled.jsonl")
    lines[0]["game_type"] = "poker"
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(lines[0]) + "\n")
    with pytest.raises(LogError, match="line 1: field game_type: 'poker' does not name a run"):
        key_of(odd)


def test_a_run_without_common_streams_writes_its_lines_as_before(tmp_path: Path) -> None:
    log = tmp_path / "plain.jsonl"
    main(["--a", "simple", "--b", "easy", "--games", "2", "--seed", "4", "--log", str(log)])
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [list(line)[:5] for line in lines] == [["a", "b", "seed", "samples", "game"]] * 2


@pytest.mark.parametrize("value", [0, 1, 1.0, None, "true", [True]])
def test_every_line_names_its_run_with_fields_of_the_right_kind(
    tmp_path: Path, value: object
) -> None:
    """Not only the first: a later line whose common is not true or false (0 equals false in
    Python) is refused by its field, and so is a seed of 4.0 for 4."""
    log = tmp_path / "run.jsonl"
    main(["--a", "simple", "--b", "easy", "--games", "2", "--seed", "4", "--log", str(log)])
    first, second = (json.loads(line) for line in log.read_text().splitlines())
    for field, odd in (("common", value), ("seed", 4.0)):
        log.write_text(json.dumps(first) + "\n" + json.dumps({**second, field: odd}) + "\n")
        with pytest.raises(LogError, match=f"line 2: field {field}: "):
            read_log(log, KEY)


def test_a_log_holding_every_match_asked_for_is_only_read(tmp_path: Path) -> None:
    """The figures of a run so far can be reported while it plays on: the report touches
    nothing, not even a line the running run is writing."""
    log = tmp_path / "run.jsonl"
    run_tournament("simple", "easy", 4, seed=4, log=log)
    with log.open("a") as stream:
        stream.write('{"a": "simple", "b": "easy", "se')  # being written by the run
    before = log.read_bytes()
    assert run_tournament("simple", "easy", 4, seed=4, log=log).games == 4
    assert log.read_bytes() == before


def test_a_log_without_decision_times_reports_them_as_not_recorded(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    run_tournament("simple", "easy", 2, seed=4, log=log)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    timed = run_tournament("simple", "easy", 2, seed=4, log=log).report()
    assert "decision time A (simple): mean" in timed
    for line in lines:
        line["times_a"] = []
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = run_tournament("simple", "easy", 2, seed=4, log=log).report()
    assert "decision time A (simple): not recorded" in report
    assert "decision time B (easy): mean" in report
