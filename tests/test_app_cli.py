"""The command line, run as a real subprocess: bad values give one line and status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BROKEN = Path(__file__).parent / "broken_skins"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "gin_handset", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "flag", "what"),
    [
        (["--scale", "0"], "--scale", "expected a scale from 1 to 64, got '0'"),
        (["--scale", "-3"], "--scale", "expected a scale from 1 to 64, got '-3'"),
        (["--scale", "big"], "--scale", "expected a scale from 1 to 64, got 'big'"),
        (["--scale", "\uff12"], "--scale", "expected a scale from 1 to 64, got '\uff12'"),
        (["--seed", "x"], "--seed", "expected a whole number of at most 40 digits, got 'x'"),
        (["--seed", "1_000"], "--seed", "expected a whole number of at most 40 digits"),
        (["--hand", "0"], "--hand", "expected a hand from 1 to "),
        (["--skin", "no-such-skin"], "--skin", "no skin of that name"),
        (["--scale", "100"], "--scale", "expected a scale from 1 to 64, got '100'"),
        (["--scale", "999999"], "--scale", "expected a scale from 1 to 64"),
        (["--scale", "9" * 5000], "--scale", "expected a scale from 1 to 64, got '9999"),
        (["--seed", "9" * 5000], "--seed", "expected a whole number of at most 40 digits"),
        (["--skin", "qvga", "--scale", "13"], "--scale", "3692x8242 pixels; at most 8192 a side"),
        (["--skin", "gone/away.yaml"], "--skin", "no such file"),
        (["--frobnicate"], "", "unrecognized arguments: --frobnicate"),
        (["--bind", "q"], "--bind", "expected KEY=PHONEKEY, got 'q'"),
        (["--bind", "nokey=select"], "--bind", "unknown key name 'nokey'"),
        (["--bind", "x=fire"], "--bind", "unknown phone key 'fire'"),
        (["--bind", "x" * 5000 + "=select"], "--bind", "at most 80 characters, got 'xxx"),
        (["--screenshot-key", "x" * 5000], "--screenshot-key", "at most 80 characters"),
        (["--bind", "x=select", "--bind", "X=clear"], "--bind",
         "'X=clear' binds 'x' again, already bound to select; bind each key once"),
        (["--bind", "shift+3=5", "--bind", "Shift+3=none"], "--bind",
         "'Shift+3=none' binds 'shift+3' again, already bound to 5"),
        (["--skin", "a/" + "b" * 5000], "--skin", "bbb...bbb"),
        (["--table-host", "::::"], "--table-host", "expected an IP address or a host name"),
        (["--table-host", "my host"], "--table-host", "got 'my host'"),
        (["--table-host", "lan_1"], "--table-host", "got 'lan_1'"),
        (["--table-host", "a" * 300], "--table-host", "got '" + "a" * 15 + "..."),
        (["--table-host", "a\x1b[31m"], "--table-host", "got 'a\\x1b[31m'"),
    ],
)
def test_bad_values(args, flag, what):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert flag in lines[0] and what in lines[0] and len(lines[0]) < 400
    assert "Traceback" not in result.stderr + result.stdout


def test_a_window_of_too_many_pixels_is_refused_though_no_side_is_too_long(tmp_path):
    square = tmp_path / "square.yaml"
    square.write_text("extends: classic\nname: square\nbody:\n  size: [1200, 1200]\n")
    result = run("--skin", str(square), "--scale", "6")
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == (
        "gin-handset: error: argument --scale: 6 makes the square window 7200x7200 pixels; "
        "at most 8192 a side and 40 million pixels in all")


def test_the_same_binding_given_twice_is_taken(data_dir):
    result = run("--bind", "x=select", "--bind", "x=select", "--list-skins")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost",
                                  "phone-7.lan.", "a" * 63 + ".example"])
def test_listening_addresses_of_every_form_are_taken(host):
    from gin_handset.cli import build_parser, parse_args

    assert parse_args(build_parser(), ["--table-host", host]).table_host == host


@pytest.mark.parametrize("fixture", ["bad_yaml", "key_outside", "loop_a", "missing_image"])
def test_broken_skin_on_the_command_line(fixture):
    path = BROKEN / f"{fixture}.yaml"
    result = run("--skin", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    assert "--skin" in result.stderr and f"{fixture}.yaml" in result.stderr


def test_list_skins():
    result = run("--list-skins")
    assert result.returncode == 0
    lines = result.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == ["candybar", "classic", "flip", "qvga"]
    assert "176x208" in lines[0] and "(default)" in lines[0]
    assert "128x160" in lines[1] and "128x128" in lines[2] and "240x320" in lines[3]


def test_a_skin_file_name_that_does_not_print_is_listed_escaped(data_dir):
    (data_dir / "skins").mkdir(parents=True)
    (data_dir / "skins" / "x\x1b[31mRED\nnl.yaml").write_text("extends: classic\n")
    result = run("--list-skins")
    assert result.returncode == 0 and "\x1b" not in result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("x\\x1b[31mRED\\nnl  128x160")


def test_help():
    result = run("--help")
    assert result.returncode == 0
    for flag in ("--skin", "--scale", "--fullscreen", "--seed", "--list-skins"):
        assert flag in result.stdout


def test_a_shared_match_opens_with_replay_and_a_bad_one_is_named(data_dir, tmp_path):
    from gin_handset.session.ledger import Ledger
    from tests.test_app_start import first_frame
    from tests.test_player_record import finished_match

    finished_match(data_dir, 3)
    shared = Ledger(data_dir).export(Ledger(data_dir).history()[0][0])
    opened = first_frame("--replay", str(shared))
    assert opened.returncode == 0 and "first frame" in opened.stdout, opened.stderr
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"format": "something else", "version": 1}')
    for bad, what in ((foreign, "field format: 'something else' is not 'gin-handset replay'"),
                      (tmp_path / "gone.json", "cannot be replayed, there is no such file."),
                      (tmp_path, "not a regular file")):
        result = run("--replay", str(bad))
        assert result.returncode == 2 and result.stdout == ""
        line = result.stderr.strip().splitlines()[-1]
        assert line.startswith(f"gin-handset: error: argument --replay: Match file {bad} ")
        assert what in line and "Traceback" not in result.stderr
        assert "JSON" not in line or bad == foreign
    assert foreign.exists()


def test_a_skin_whose_text_does_not_read_is_warned_of(data_dir, tmp_path):
    from gin_handset.device.skin_files import SKINS_DIR

    text = (SKINS_DIR / "candybar.yaml").read_text()
    assert "highlight_text:" in text
    grey = "\n".join(line.split(":")[0] + ': "#808080"' if line.strip().startswith(
        ("highlight_text:", "highlight:")) else line for line in text.splitlines())
    skin = tmp_path / "grey.yaml"
    skin.write_text(grey + "\n")
    for image in SKINS_DIR.glob("*.png"):
        (tmp_path / image.name).write_bytes(image.read_bytes())
    listed = run("--list-skins")
    assert listed.returncode == 0 and "warning" not in listed.stdout, "bundled skins read"
    from tests.test_app_start import first_frame

    started = first_frame("--skin", str(skin))
    assert started.returncode == 0, started.stderr
    assert (f"gin-handset: warning: {skin}: palette: highlight_text on highlight: contrast "
            "1.00, text needs at least 4.5") in started.stderr


def test_a_replay_file_name_that_does_not_print_is_escaped(data_dir, tmp_path):
    path = tmp_path / "match\nwon\x1b[31m.json"
    path.write_text("not json")
    result = run("--replay", str(path))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "\x1b" not in result.stderr
    assert f"Match file {tmp_path}/match\\nwon\\x1b[31m.json cannot be replayed" in result.stderr
