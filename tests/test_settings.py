"""Settings: defaults, saved and read back, the data folder, bad files set aside with a message."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gin_handset import storage
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.settings import Settings, SettingsError, SettingsStore
from gin_handset.storage import ENV_VAR


def test_defaults_when_nothing_is_saved(data_dir):
    settings, messages = SettingsStore().load()
    assert settings == Settings() and messages == []
    assert settings.difficulty == "normal" and settings.sound is False, "games start silent"
    assert settings.options == Options()


def test_env_var_names_the_folder(data_dir):
    assert SettingsStore().folder == data_dir


def test_without_env_var_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_VAR, raising=False)
    folder = storage.data_dir()
    assert "gin-handset" in str(folder)
    if sys.platform.startswith("linux"):  # platformdirs follows XDG_DATA_HOME, set per test
        assert folder == tmp_path / "xdg" / "xdg_data_home" / "gin-handset"


def test_no_test_and_no_program_it_starts_sees_the_developers_data_folder(tmp_path):
    # No fixture asked for: the folder is the test's own all the same (conftest's autouse).
    assert storage.data_dir() == tmp_path / "data"
    code = "import gin_handset.storage as s; print(s.data_dir())"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert shown.stdout.strip() == str(tmp_path / "data")


def test_saved_and_read_back(data_dir):
    chosen = Settings(Options(points_to_win=500, game_type=OKLAHOMA, undercut_bonus=10),
                      difficulty="hard", sound=False, skin="qvga")
    SettingsStore().save(chosen)
    assert SettingsStore().load() == (chosen, [])
    assert sorted(p.name for p in data_dir.iterdir()) == ["settings.json"]


def test_missing_fields_take_defaults(data_dir):
    data_dir.mkdir()
    (data_dir / "settings.json").write_text('{"sound": true}')
    assert SettingsStore().load() == (Settings(sound=True), [])


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "not readable JSON"),
        ('{"options": {"points_to_win": 75}}', "points_to_win"),
        ('{"options": {"gin_bonus": "25"}}', "gin_bonus"),
        ('{"options": [1, 2]}', "field options"),
        ('{"difficulty": "simple"}', "field difficulty"),
        ('{"sound": 1}', "field sound"),
        ('{"skin": 7}', "field skin"),
        ('{"colour": "red"}', "field colour"),
        ('[1, 2]', "top level"),
        ('{"version": 99}', "field version"),
        ('{"options": {"jokers": 2}}', "field options.jokers: unknown field"),
        ('{"skin": "' + "x" * 3_000_000 + '"}', "field skin: 'xxxx"),
        ('{"table_address": "127.0.0.1:8765"}', "field table_address: '127.0.0.1:8765' is not"),
        ('{"table_address": "' + "1" * 400 + '.1:8765/123456"}', "field table_address: '111"),
        ('{"table_address": ["127.0.0.1:8765/123456"]}', "field table_address"),
        ('{"' + "z" * 1_000_000 + '": 1}', "field 'zzzz"),
        ('{"options": {"' + "\\u001b[31m" * 1000 + '": 1}}', "field options.'\\x1b[31m"),
    ],
)
def test_bad_file_is_set_aside_with_a_message(data_dir, text, field):
    data_dir.mkdir()
    path = data_dir / "settings.json"
    path.write_text(text)
    settings, messages = SettingsStore().load()
    assert settings == Settings()
    assert len(messages) == 1
    assert str(path) in messages[0] and field in messages[0]
    assert len(messages[0]) < 400 and messages[0].isprintable()  # a hostile field is shortened
    aside = data_dir / "settings.json.bad-1"
    assert aside.read_text() == text and not path.exists()
    assert str(aside) in messages[0]


def test_second_bad_file_does_not_overwrite_the_first(data_dir):
    data_dir.mkdir()
    for text in ("first", "second"):
        (data_dir / "settings.json").write_text(text)
        SettingsStore().load()
    assert (data_dir / "settings.json.bad-1").read_text() == "first"
    assert (data_dir / "settings.json.bad-2").read_text() == "second"


def test_saving_replaces_the_file_whole(data_dir):
    store = SettingsStore()
    store.save(Settings(sound=False))
    store.save(Settings(difficulty="easy"))
    assert json.loads(store.path.read_text())["difficulty"] == "easy"
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]


def test_unwritable_folder_raises(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OSError):
        SettingsStore(blocker / "sub").save(Settings())


def test_the_table_last_joined_is_kept_as_typed(data_dir):
    for address in ("127.0.0.1:8765/123456", "wss://gin.example.org:443/000001"):
        SettingsStore().save(Settings(table_address=address))
        assert SettingsStore().load() == (Settings(table_address=address), [])
    SettingsStore().save(Settings())
    assert "table_address" not in json.loads(SettingsStore().path.read_text()), \
        "none kept, none written: an earlier version reads the file whole"


@pytest.mark.parametrize("address", [
    " 127.0.0.1:8765/123456", "127.0.0.1:8765/123456\n", "\x1f127.0.0.1:8765/123456",
    "127.0.0.1/123456", "ws://127.0.0.1:8765/123456", "127.0.0.1:0/123456",
    "127.0.0.1:8765/12345", "a" * 300 + ":8765/123456",
])
def test_a_table_address_is_kept_only_as_join_table_writes_it(address):
    with pytest.raises(SettingsError, match="table_address"):
        Settings(table_address=address)


def test_bad_values_are_refused():
    with pytest.raises(SettingsError, match="difficulty"):
        Settings(difficulty="champion")
    with pytest.raises(SettingsError, match="sound"):
        Settings(sound="yes")  # type: ignore[arg-type]


def test_nothing_is_read_at_import(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.json").write_text("{broken")
    code = "import gin_handset.settings, gin_handset.compose"
    subprocess.run([sys.executable, "-c", code], check=True,
                   env={ENV_VAR: str(folder), "SDL_VIDEODRIVER": "dummy"})
    assert [p.name for p in folder.iterdir()] == ["settings.json"]


def test_a_settings_file_from_before_the_new_defaults_keeps_what_it_holds(data_dir):
    data_dir.mkdir(parents=True)
    old = {"version": 1, "options": {
        "points_to_win": 100, "game_type": "oklahoma", "gin_bonus": 25, "undercut_bonus": 25,
        "oklahoma_ace_gin_only": True, "oklahoma_spade_doubles": True,
        "upcard_first": "non-dealer", "next_dealer": "alternate"},
        "difficulty": "hard", "sound": False, "skin": None}
    (data_dir / "settings.json").write_text(json.dumps(old))
    settings, messages = SettingsStore().load()
    assert messages == []
    assert settings.options.undercut_bonus == 25 and settings.options.oklahoma_spade_doubles
    assert settings.options.oklahoma_knock_limit == "upcard"
    fresh = Settings().options
    assert (fresh.undercut_bonus, fresh.oklahoma_spade_doubles) == (20, False)
