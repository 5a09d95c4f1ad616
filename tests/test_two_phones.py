"""Two phones as two real processes on 127.0.0.1: each runs the app's loop (dummy video
driver) with scripted keys; one creates the table in itself and the other joins it by its
address; they play a whole match, in both orders (either phone creating), gin and Oklahoma.
Each phone sees only its own seat's views, both verify the deal, agree on the result, and keep
the match in their own History from their own seat."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gin_handset.ai.levels import PEOPLE
from gin_handset.session.ledger import Ledger
from gin_handset.session.statistics import ALL, scope
from tests.pictures import CHECKOUT

LIMIT = 240  # seconds: a guard against a hang; a match to 50 takes a few seconds


def phone(folder: Path, nickname: str, out: Path, *more: str) -> subprocess.Popen:
    folder.mkdir()
    return subprocess.Popen(
        [sys.executable, "-m", "tests.phone_process", "--folder", str(folder), "--nickname",
         nickname, "--out", str(out), *more],
        cwd=CHECKOUT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen, deadline: float) -> None:
    try:
        _, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError("a phone did not finish its match") from None
    assert process.returncode == 0, err[-2000:]


@pytest.mark.parametrize("creator, game", [("Ann", "gin"), ("Bob", "oklahoma")])
def test_two_phone_processes_play_a_whole_match(tmp_path: Path, creator: str,
                                                game: str) -> None:
    joiner = "Bob" if creator == "Ann" else "Ann"
    address = tmp_path / "address"
    deadline = time.monotonic() + LIMIT
    first = phone(tmp_path / creator, creator, tmp_path / f"{creator}.json", "--address-file",
                  str(address), "--game", game, "--skin", "flip")
    while not address.exists():
        assert first.poll() is None, first.communicate()[1][-2000:]
        assert time.monotonic() < deadline, "no table was opened"
        time.sleep(0.05)
    second = phone(tmp_path / joiner, joiner, tmp_path / f"{joiner}.json", "--join",
                   address.read_text(), "--seed", "8")
    finish(first, deadline)
    finish(second, deadline)
    seen = {name: json.loads((tmp_path / f"{name}.json").read_text())
            for name in (creator, joiner)}
    assert seen[creator]["seat"] != seen[joiner]["seat"]
    for name, summary in seen.items():
        assert summary["verified"] and summary["own_views_only"] and summary["views"] > 0
        assert summary["names"][summary["seat"]] == name and summary["game"] == game
        assert summary["reason"] == "points" and not summary["notices"], summary
        assert {"PlayScreen", "ComputerTurnScreen", "GameOverScreen"} <= set(summary["screens"])
        history, problems = Ledger(tmp_path / name).history()
        assert not problems and len(history) == 1
        entry = history[0]
        assert entry.record.seat == summary["seat"] and entry.record.difficulty == PEOPLE
        assert entry.winner == summary["winner"] and list(entry.scores) == summary["scores"]
        entry.check()
        stats = Ledger(tmp_path / name).statistics()[0].tally(scope(ALL, PEOPLE))
        assert stats.matches == 1 and stats.won == (summary["winner"] == summary["seat"])
    assert seen[creator]["winner"] == seen[joiner]["winner"]
    assert seen[creator]["scores"] == seen[joiner]["scores"]


def test_a_phone_process_killed_mid_match_rejoins_with_continue(tmp_path: Path) -> None:
    """kill -9 of the joining phone in the middle of the match; a new process on its data
    folder presses Continue, sits at its seat again, and the match ends for both."""
    address = tmp_path / "address"
    deadline = time.monotonic() + LIMIT
    first = phone(tmp_path / "Ann", "Ann", tmp_path / "Ann.json", "--address-file",
                  str(address), "--points", "100")
    while not address.exists():
        assert first.poll() is None, first.communicate()[1][-2000:]
        assert time.monotonic() < deadline, "no table was opened"
        time.sleep(0.05)
    bob = tmp_path / "Bob"
    second = phone(bob, "Bob", tmp_path / "Bob-first.json", "--join", address.read_text())
    seat_file = bob / "table.json"
    while not seat_file.exists():
        assert second.poll() is None, second.communicate()[1][-2000:]
        assert time.monotonic() < deadline, "the seat was never kept"
        time.sleep(0.05)
    time.sleep(1.0)  # some moves into the match
    second.kill()  # as kill -9: nothing is closed, nothing left
    second.communicate()
    assert seat_file.exists() and not (tmp_path / "Bob-first.json").exists()
    again = subprocess.Popen(
        [sys.executable, "-m", "tests.phone_process", "--folder", str(bob), "--nickname", "Bob",
         "--out", str(tmp_path / "Bob.json"), "--continue"],
        cwd=CHECKOUT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finish(again, deadline)
    finish(first, deadline)
    ann = json.loads((tmp_path / "Ann.json").read_text())
    bob_seen = json.loads((tmp_path / "Bob.json").read_text())
    assert bob_seen["verified"] and ann["verified"], (ann, bob_seen)
    assert bob_seen["reason"] == ann["reason"] == "points"
    assert bob_seen["winner"] == ann["winner"] and bob_seen["scores"] == ann["scores"]
    assert bob_seen["seat"] != ann["seat"]
    assert not seat_file.exists()
    history, _ = Ledger(bob).history()
    assert len(history) == 1 and history[0].record.seat == bob_seen["seat"]
