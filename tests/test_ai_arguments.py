"""The computer players' tools refuse counts out of bounds by name, before playing anything."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from benchmarks import bench_tables, search_check
from gin_handset.ai import matchwin_build, tournament
from gin_handset.ai.arguments import MAX_COUNT, MAX_JOBS, count, jobs


def test_counts_and_jobs_are_whole_numbers_within_their_bounds() -> None:
    assert count("1") == 1 and count(str(MAX_COUNT)) == MAX_COUNT
    assert jobs("2") == 2 and jobs(str(MAX_JOBS)) == MAX_JOBS
    for text in ("0", "-3", str(MAX_COUNT + 1), "1e9", "two", "", "1_000", " 12", "\uff11\uff12"):
        with pytest.raises(argparse.ArgumentTypeError, match=f" from 1 to {MAX_COUNT}, got"):
            count(text)
    for text in ("0", str(MAX_JOBS + 1), "2.5"):
        with pytest.raises(argparse.ArgumentTypeError, match=f"from 1 to {MAX_JOBS}"):
            jobs(text)


def test_a_long_bad_number_is_echoed_short() -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        count("9" * 5000)
    assert len(str(caught.value)) < 100 and "..." in str(caught.value)


@pytest.mark.parametrize(("main", "argv", "named"), [
    (tournament.main, ["--jobs", "1000"], "--jobs"),
    (tournament.main, ["--games", "1000000000"], "--games"),
    (tournament.main, ["--samples", "0"], "--samples"),
    (matchwin_build.main, ["--matches", "-1"], "--matches"),
    (matchwin_build.main, ["--jobs", "0"], "--jobs"),
    (search_check.main, ["--rollouts", "0"], "--rollouts"),
    (search_check.main, ["--zmin", "nan"], "--zmin"),
    (search_check.main, ["--zmin", "1e400"], "--zmin"),
    (bench_tables.main, ["--tables", "100000"], "--tables"),
    (bench_tables.main, ["--seconds", "inf"], "--seconds"),
    (bench_tables.main, ["--think", "-1"], "--think"),
    (tournament.main, ["--seed", "9" * 5000], "--seed"),
    (search_check.main, ["--seed", "-1"], "--seed"),
])
def test_each_tool_refuses_a_count_out_of_bounds_by_name(
    main, argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert named in err and "expected a" in err and len(err) < 1000


def test_the_table_build_refuses_an_out_that_is_not_a_file_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for out in (tmp_path, tmp_path / "missing" / "counts.json"):
        with pytest.raises(SystemExit) as stopped:
            matchwin_build.main(["--matches", "1", "--out", str(out)])
        assert stopped.value.code == 2
        assert f"--out {out}: not a file in an existing folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
