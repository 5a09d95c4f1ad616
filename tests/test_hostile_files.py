"""Hostile and broken player files (settings.json, match.json): never a crash, never a hang,
never lost data. Each is set aside (renamed, never deleted) with one message naming the file,
and the game goes on. Files that would be large, and files that are not regular files, are made
here; the others are in tests/hostile/."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.router import MatchHost
from gin_handset.session.saves import SaveStore
from gin_handset.settings import SettingsStore
from gin_handset.storage import MAX_BYTES, write_atomically
from tests.work import counted_calls

HOSTILE = Path(__file__).parent / "hostile"
MAX_CALLS = 20_000  # some 20 times what starting with the costliest of them takes (in calls)


def huge_number(path: Path) -> None:
    path.write_text('{"version": 1, "seed": ' + "9" * 5000 + "}")


def deep_nesting(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def oversized(path: Path) -> None:
    path.write_text('{"version": 1, "pad": "' + "x" * MAX_BYTES + '"}')


def named_pipe(path: Path) -> None:
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.mkdir()


def stored(name: str) -> Callable[[Path], None]:
    def copy(path: Path) -> None:
        path.write_bytes((HOSTILE / name).read_bytes())

    copy.__name__ = name
    return copy


MAKERS = [huge_number, deep_nesting, oversized, named_pipe, folder,
          stored("not_json.json"), stored("wrong_types.json"), stored("bad_utf8.json")]


def made(maker: Callable[[Path], None], path: Path) -> Callable[[Path], bool]:
    """Make the hostile file at ``path``; a check that a path holds it unchanged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    maker(path)
    before = path.read_bytes() if path.is_file() else None
    return lambda aside: (aside.read_bytes() == before if before is not None
                          else os.path.lexists(aside) and not aside.is_file())


@pytest.mark.parametrize("maker", MAKERS, ids=lambda m: m.__name__)
def test_a_hostile_settings_file_is_set_aside_and_the_game_starts(maker, data_dir, theme):
    path = data_dir / "settings.json"
    kept = made(maker, path)
    with counted_calls() as calls:
        stack = ScreenStack(main_menu(theme))
    assert calls.count < MAX_CALLS, "bounded work"
    menu = stack.top
    assert isinstance(menu, MainMenu)
    assert len(menu.notice.messages) == 1 and str(path) in menu.notice.messages[0]
    assert kept(data_dir / "settings.json.bad-1"), "set aside, never deleted"
    assert menu.context.settings == SettingsStore().load()[0]


@pytest.mark.parametrize("maker", MAKERS, ids=lambda m: m.__name__)
def test_a_hostile_save_is_set_aside_and_continue_and_new_game_go_on(maker, data_dir, theme):
    path = data_dir / "match.json"
    kept = made(maker, path)
    stack = ScreenStack(main_menu(theme, start=MatchStart(5)))
    stack.key(K.SELECT)  # New Game, or Continue where the menu thinks a match is saved
    notice = stack.top
    assert not isinstance(notice, MainMenu)
    while not isinstance(stack.top, MatchHost):
        messages = getattr(getattr(stack.top, "view", None), "messages", [])
        assert not messages or str(path) in messages[0] or "new match" in messages[0].lower()
        stack.key(K.SELECT)
    assert kept(data_dir / "match.json.bad-1"), "set aside, never deleted"
    record, messages = SaveStore(data_dir).load()
    assert record is not None and record.seed == 5 and messages == []


def test_temporaries_of_a_killed_write_are_removed(data_dir):
    data_dir.mkdir(parents=True)
    leftover = data_dir / ".match.json.abc123.tmp"
    leftover.write_text("half a save")
    other = data_dir / "notes.tmp"
    other.write_text("not ours")
    SaveStore(data_dir).load()
    assert not leftover.exists() and other.exists()


def test_a_write_leaves_the_file_whole_and_no_temporary(tmp_path):
    target = tmp_path / "deeper" / "settings.json"
    write_atomically(target, "{}\n")
    write_atomically(target, '{"version": 1}\n')
    assert target.read_text() == '{"version": 1}\n'
    assert [p.name for p in target.parent.iterdir()] == ["settings.json"]


def test_the_bound_on_work_counts_every_call():
    with counted_calls() as calls:
        for _ in range(1000):
            len("x")
    assert 1000 <= calls.count < 1010
    with counted_calls() as none:
        pass
    assert none.count < 10
