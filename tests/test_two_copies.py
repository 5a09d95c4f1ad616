"""Two copies of the game at once, as two real processes: the first holds the data folder, the
second says it is already open and plays without writing anything there, so it can never
break a write of the first; the folder is free again once the first ends, even killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from gin_handset.session.lock import LOCK_FILE
from gin_handset.session.saves import SaveStore
from gin_handset.settings import SettingsStore
from tests.test_app_start import first_frame

REPO = Path(__file__).parent.parent
GUARD_S = 120  # a bound against a hang, never a measure: the copies are waited for, not timed

FIRST = textwrap.dedent("""
    import sys
    from pathlib import Path
    from gin_handset.rules.options import Options
    from gin_handset.session.opening import open_data_folder
    from gin_handset.session.record import MatchRecord
    from gin_handset.session.saves import SaveStore
    folder = Path(sys.argv[1])
    lock, messages = open_data_folder(folder)
    print("first", lock.owner, messages, flush=True)
    sys.stdin.readline()  # the second copy is reading
    store, failed = SaveStore(folder), 0
    for n in range(300):
        try:
            store.save(MatchRecord(Options(), n, "normal", ("pass",) * (n % 3)))
        except OSError as error:
            failed += 1
            print("failed", error, flush=True)
    print("done", failed, flush=True)
""")

SECOND = textwrap.dedent("""
    import sys
    from pathlib import Path
    from gin_handset.rules.options import Options
    from gin_handset.session.ledger import Ledger
    from gin_handset.session.match_session import MatchSession
    from gin_handset.session.opening import open_data_folder
    from gin_handset.session.saves import SaveStore
    folder = Path(sys.argv[1])
    lock, messages = open_data_folder(folder)
    print("second", lock.owner, messages, flush=True)
    print("reading", flush=True)
    store = SaveStore(folder)
    while not (folder / "stop").exists():
        store.load()  # each read once removed every temporary beside the file
        Ledger(folder).statistics()
    session = MatchSession.new(Options(), 5, "simple", store, ledger=Ledger(folder))
    print("problems", session.take_problems(), flush=True)
""")


def python(code: str, folder: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-c", code, str(folder)], cwd=REPO, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_second_copy_reads_while_the_first_writes_and_breaks_nothing(tmp_path):
    folder = tmp_path / "data"
    first = python(FIRST, folder)
    try:
        assert first.stdout is not None and first.stdin is not None
        assert first.stdout.readline().strip() == "first True []"
        second = python(SECOND, folder)
        assert second.stdout is not None
        said = second.stdout.readline()
        assert said.startswith("second False") and "already open" in said
        assert f"(process {first.pid})" in said and "saves nothing" in said
        assert second.stdout.readline().strip() == "reading"
        first.stdin.write("go\n")
        first.stdin.flush()
        out, err = first.communicate(timeout=GUARD_S)
        assert out.strip().splitlines()[-1] == "done 0", out + err
        (tmp_path / "data" / "stop").write_text("")
        out, err = second.communicate(timeout=GUARD_S)
        assert "could not be saved" in out and "another copy of gin-handset" in out, out + err
    finally:
        for process in (first, locals().get("second")):
            if process is not None and process.poll() is None:
                process.kill()
    record, problems = SaveStore(folder).load()
    assert problems == [] and record is not None and record.seed == 299
    written = sorted(p.name for p in folder.iterdir())
    assert written == [LOCK_FILE, "match.json", "stop"], "the second copy wrote nothing"


def wait_for(check, what: str) -> None:
    deadline = time.monotonic() + GUARD_S
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def test_the_real_program_twice_then_the_first_killed(data_dir):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    first = subprocess.Popen([sys.executable, "-m", "gin_handset", "--skin", "flip"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        settings = data_dir / "settings.json"
        wait_for(lambda: settings.is_file() and "flip" in settings.read_text(),
                 "the first copy remembers its skin")
        second = first_frame("--skin", "classic")
        assert second.returncode == 0 and "first frame" in second.stdout, second.stderr
        assert f"another copy of gin-handset (process {first.pid})" in second.stderr
        assert json.loads(settings.read_text())["skin"] == "flip", "the second saved nothing"
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=GUARD_S)
    third = first_frame("--skin", "qvga")
    assert third.returncode == 0 and "another copy" not in third.stderr, third.stderr
    assert SettingsStore(data_dir).load()[0].skin == "qvga", "the folder is free again"


def test_a_lock_file_that_is_a_link_is_moved_aside_and_its_target_kept(tmp_path):
    from gin_handset.session.lock import claim

    precious = tmp_path / "notes.txt"
    precious.write_text("precious notes")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOCK_FILE).symlink_to(precious)
    lock, messages = claim(folder)
    try:
        assert lock.owner and precious.read_text() == "precious notes"
        assert not (folder / LOCK_FILE).is_symlink() and (folder / LOCK_FILE).is_file()
        assert (folder / f"{LOCK_FILE}.bad-1").is_symlink()
        assert len(messages) == 1 and "was not a plain file" in messages[0]
    finally:
        lock.release()
