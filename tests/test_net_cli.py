"""``gin-handset serve`` and ``gin-handset bot`` as commands: bad values are one-line errors with
status 2; two bot processes play a whole match through a server process, which SIGTERM
stops."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from gin_handset.net.cli import bot_main, parse_address, serve_main
from tests.net_tools import ROOT, ServerProcess


@pytest.mark.parametrize(("main", "argv", "words"), [
    (serve_main, ["--port", "99999"], "argument --port"),
    (serve_main, ["--port", "x"], "argument --port"),
    (serve_main, ["--tls-cert", "a.pem"], "--tls-cert and --tls-key go together"),
    (serve_main, ["--tls-cert", "/nonexistent.pem", "--tls-key", "/nonexistent.key"],
     "cannot be used"),
    (serve_main, ["--patience", "-3"], "argument --patience"),
    (serve_main, ["--rate", "0"], "argument --rate"),
    (bot_main, [], "--join"),
    (bot_main, ["--join", "localhost"], "HOST:PORT"),
    (bot_main, ["--join", "localhost:70000"], "HOST:PORT"),
    (bot_main, ["--join", "localhost:80/12"], "six digits"),
    (bot_main, ["--join", "localhost:80", "--level", "god"], "argument --level"),
    (bot_main, ["--join", "localhost:80", "--nickname", "x" * 40], "argument --nickname"),
    (bot_main, ["--join", "localhost:80", "--nickname", " Bob"],
     "argument --nickname: ' Bob' is not 1 to 16 printable characters without spaces"),
    (serve_main, ["--port", "\u00b2"], "expected a port from 0 to 65535, got '\u00b2'"),
    (serve_main, ["--rate", "9" * 5000], "expected a whole number from 1 to 1000000, got '999"),
    (serve_main, ["--per-address", "\u00b3"], "expected a whole number from 1 to 1000000"),
    (serve_main, ["--patience", "x" * 5000], "expected seconds from 0.001 to 86400, got 'xxx"),
    (serve_main, ["--idle", "0"], "expected seconds from 0.001 to 86400, got '0'"),
    (bot_main, ["--join", "localhost:80", "--seed", "9" * 5000],
     "argument --seed: expected a whole number of at most 40 digits, got '999"),
    (bot_main, ["--join", "localhost:80", "--points", "9" * 5000],
     "argument --points: expected a whole number of at most 6 digits"),
    (bot_main, ["--join", "localhost:80", "--points", "7"], "invalid choice: 7"),
    (bot_main, ["--join", "localhost:80", "--minutes", "x"], "argument --minutes"),
])
def test_bad_values_are_one_line_errors_with_status_2(main, argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1 and "Traceback" not in error
    assert len(error) < 300, "a hostile value is never echoed whole"


def test_addresses_are_read_with_or_without_a_code():
    assert parse_address("127.0.0.1:8765") == ("127.0.0.1", 8765, None)
    assert parse_address("example.org:80/012345") == ("example.org", 80, "012345")
    assert parse_address("[::1]:9/000001") == ("[::1]", 9, "000001")


def test_a_bot_with_no_server_to_reach_says_so(capsys):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert bot_main(["--join", f"127.0.0.1:{port}"]) == 1
    assert "cannot be reached" in capsys.readouterr().err


@pytest.mark.slow
def test_two_bot_processes_play_a_match_through_a_server_process(tmp_path):
    server = ServerProcess(tmp_path, "--rate", "1000")
    address = server.url.removeprefix("ws://")
    command = [sys.executable, "-m", "gin_handset", "bot", "--points", "50", "--level"]
    maker = subprocess.Popen([*command, "normal", "--join", address], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        line = maker.stdout.readline()
        assert line.startswith(f"table {address}/"), line
        joiner = subprocess.run([*command, "easy", "--join", line.split()[1]], cwd=ROOT,
                                capture_output=True, text=True, timeout=120)
        assert joiner.returncode == 0, joiner.stderr
        assert "deal verified" in joiner.stdout and "(points)" in joiner.stdout
        assert maker.wait(30) == 0
        assert "deal verified" in maker.stdout.read()
        server.process.terminate()
        assert server.process.wait(10) == 0, "SIGTERM stops the server cleanly"
    finally:
        maker.kill()
        maker.stdout.close()
        server.stop()
