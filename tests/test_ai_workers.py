"""A long command stopped by a person (Ctrl-C, sent by a terminal to each of its processes) or by
the system (SIGTERM to the command) says so in one line, keeps what it has, and leaves no worker
behind. Real commands in their own process groups, real signals, real files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from gin_handset.ai.workers import STOPPED

# A background job's shell ignores Ctrl-C for its children, and an ignored signal stays ignored
# across exec: the command is started with Ctrl-C as a terminal leaves it.
AS_AT_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                    "os.execv(sys.executable, [sys.executable, '-m', *sys.argv[1:]])")


def start(module: str, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", AS_AT_A_TERMINAL, module, *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def wait_for(done: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not within the time allowed"
        time.sleep(0.05)


def stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, parent, ...); None once
    the process is gone."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def children(pid: int) -> list[int]:
    return [int(entry.name) for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and (fields := stat(entry.name)) and int(fields[1]) == pid]


def gone(pid: int) -> bool:
    fields = stat(pid)
    return fields is None or fields[0] in ("Z", "X")


def stop(command: subprocess.Popen[str], ready: Callable[[], bool],
         send: Callable[[], None]) -> tuple[str, str]:
    """Once ``ready`` holds, ``send`` a signal; what the command wrote then. A command that does
    not end within a minute, or a wait that fails, kills its group."""
    try:
        wait_for(ready)
        send()
        return command.communicate(timeout=60)
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
            command.wait()


def lines(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@needs_proc
@pytest.mark.parametrize(("jobs", "signalled"), [("2", "the group by Ctrl-C"),
                                                 ("2", "the command by SIGTERM"),
                                                 ("1", "the group by Ctrl-C")])
def test_a_stopped_tournament_says_so_keeps_its_matches_and_ends_its_workers(
        tmp_path, jobs, signalled) -> None:
    log = tmp_path / "run.jsonl"
    argv = ("--a", "hard", "--b", "simple", "--games", "2000", "--jobs", jobs, "--seed", "7",
            "--log", str(log))
    command = start("gin_handset.ai.tournament", *argv)
    workers: list[int] = []

    def send() -> None:
        workers.extend(children(command.pid))
        if signalled.endswith("Ctrl-C"):
            os.killpg(command.pid, signal.SIGINT)
        else:
            command.send_signal(signal.SIGTERM)

    out, err = stop(command, lambda: lines(log) >= 2, send)
    assert command.returncode == STOPPED
    assert err == (f"tournament: stopped; the matches played are in {log}; "
                   "the same command plays the rest\n")
    assert out == ""
    assert len(workers) >= (3 if jobs == "2" else 0)  # with their tracker
    wait_for(lambda: all(gone(pid) for pid in workers), 10)
    kept = [json.loads(line)["game"] for line in log.read_text().splitlines()]
    assert len(kept) >= 2 and len(set(kept)) == len(kept) < 2000
    again = subprocess.run([sys.executable, "-m", "gin_handset.ai.tournament",
                            *argv[:5], "2", *argv[6:]], capture_output=True, text=True,
                           timeout=120)
    assert again.returncode == 0 and "A won" in again.stdout and again.stderr == ""


@needs_proc
def test_a_stopped_table_build_leaves_the_table_as_it_was(tmp_path) -> None:
    out = tmp_path / "matchwin.json"
    out.write_text('{"before": true}\n')
    command = start("gin_handset.ai.matchwin_build", "--matches", "2000", "--jobs", "2",
                    "--out", str(out))
    # The first child is the resource tracker, started as the pool is made: SIGTERM is held
    # until the pool is, then ends it.
    _, err = stop(command, lambda: len(children(command.pid)) >= 1,
                  lambda: command.send_signal(signal.SIGTERM))
    assert command.returncode == STOPPED
    assert err == f"matchwin_build: stopped; {out} was not written\n"
    assert out.read_text() == '{"before": true}\n'
