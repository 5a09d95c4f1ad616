"""Hostile and broken skins (tests/hostile/skins/, and large ones made here): each is refused in
bounded time with one message naming the file, the field and what is wrong; nothing is decoded
or printed whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gin_handset.cli import main
from gin_handset.device.skin import SkinError, load_skin
from tests.work import counted_calls

HOSTILE = Path(__file__).parent / "hostile" / "skins"

EXPECTED = {
    "typo_top": ("palete", "did you mean 'palette'?"),
    "typo_body": ("body.colr", "did you mean 'color'?"),
    "typo_key": ("keys.NUM5.lable", "did you mean 'label'?"),
    "huge_radius": ("key_style.radius", "must be at most 800"),
    "brand_far_away": ("body.brand.center", "numbers must be within"),
    "brand_without_text": ("body.brand.text", "missing"),
    "colour_with_newline": ("backdrop", 'expected a colour "#rrggbb"'),
    "image_outside": ("body.image", "is not a file beside the skin"),
    "image_absolute": ("body.image", "is not a file beside the skin"),
    "image_giant": ("body.image", "is 20000x20000 pixels; at most 4096x4096"),
    "alias_bomb": ("body.size[", "more than 20000 values"),  # where in it the count ran out
}


MAX_CALLS = 300_000  # some 20 times what refusing the costliest of them takes (in calls)


def refused(path: Path) -> str:
    with counted_calls() as calls, pytest.raises(SkinError) as caught:
        load_skin(path)
    assert calls.count < MAX_CALLS, "bounded work"
    message = str(caught.value)
    assert message.startswith(f"skin {path}") and "\n" not in message and len(message) < 400
    return message


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_hostile_skin_is_refused_naming_the_field(name):
    field, what = EXPECTED[name]
    message = refused(HOSTILE / f"{name}.yaml")
    assert f": {field}" in message and what in message


def alias_tree(levels: int) -> str:
    """YAML whose last line names 9 ** levels values in a few hundred bytes."""
    names = ", ".join(f"k{i}: 1" for i in range(9))
    lines = [f"  zz: &a0 {{{names}}}"]
    for level in range(1, levels + 1):
        inner = ", ".join(f"k{i}: *a{level - 1}" for i in range(9))
        lines.append(f"  y{level}: &a{level} {{{inner}}}")
    return "\n".join(lines) + "\n"


def test_aliases_that_two_skins_merge_are_refused_before_the_merge(tmp_path):
    (tmp_path / "parent.yaml").write_text("extends: classic\nkeys:\n" + alias_tree(8))
    (tmp_path / "child.yaml").write_text("extends: parent.yaml\nkeys:\n" + alias_tree(8))
    message = refused(tmp_path / "child.yaml")
    assert ": keys.y8.k8" in message and "more than 20000 values" in message


@pytest.mark.parametrize(
    ("value", "what"),
    [
        ("9" * 5000, "a number of more than 40 characters"),
        ("1" + ":59" * 20000, "a number of more than 40 characters"),
        ("2024-99-99", "key_style.radius: expected a whole number"),
        ("2024-02-30", "key_style.radius: expected a whole number"),
    ],
)
def test_numbers_and_dates_that_python_cannot_make(tmp_path, value, what):
    path = tmp_path / "digits.yaml"
    path.write_text("extends: classic\nkey_style:\n  radius: " + value + "\n")
    assert what in refused(path)


def test_a_name_that_looks_like_a_date_is_a_name(tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text("extends: classic\nname: 2024-99-99\n")
    assert load_skin(path).name == "2024-99-99"


def test_a_skin_that_is_not_a_regular_file(tmp_path):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    assert "not a regular file" in refused(path)


def test_a_skin_too_large_to_be_one(tmp_path):
    path = tmp_path / "large.yaml"
    path.write_text("extends: classic\n" + "# padding\n" * 40_000)
    assert "bytes" in refused(path)


def test_a_long_chain_of_skins_extending_skins(tmp_path):
    for index in range(12):
        parent = "classic" if index == 0 else f"chain{index - 1}"
        (tmp_path / f"chain{index}.yaml").write_text(f"extends: {parent}\n")
    with pytest.raises(SkinError, match=r"chain\d+\.yaml: extends: more than 8 skins extend"):
        load_skin(tmp_path / "chain11.yaml")


def test_a_hostile_skin_on_the_command_line_is_one_line_and_status_2(capsys, data_dir):
    with pytest.raises(SystemExit) as stop:
        main(["--skin", str(HOSTILE / "typo_top.yaml")])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "palete" in error and "did you mean" in error


def test_eight_skins_may_extend_one_another_and_the_ninth_is_the_one_named(tmp_path):
    for index in range(9):
        parent = "classic" if index == 0 else f"chain{index - 1}.yaml"  # classic extends none
        (tmp_path / f"chain{index}.yaml").write_text(f"extends: {parent}\nname: c{index}\n")
    assert load_skin(tmp_path / "chain7.yaml").name == "c7", "eight skins that extend"
    with pytest.raises(SkinError) as refused_one:
        load_skin(tmp_path / "chain8.yaml")
    assert str(refused_one.value) == (f"skin {tmp_path / 'chain0.yaml'}: extends: more than 8 "
                                      "skins extend one another")


def test_skin_check_lists_every_lcd_problem(tmp_path):
    from gin_handset.device.skin import check_skin

    path = tmp_path / "lcd.yaml"
    path.write_text("extends: candybar\nlcd:\n  rect: [0, 0, x, 10]\n  resolution: [128, 160]\n"
                    "  tint: red\n  grid: 3\n  ghost: -5\n  bogus: 1\n  bogus2: 2\n")
    problems, _ = check_skin(path)
    fields = [line.split(": ")[1] for line in problems]
    assert fields == ["lcd.bogus", "lcd.bogus2", "lcd.rect", "lcd.tint", "lcd.grid", "lcd.ghost"]


@pytest.mark.parametrize(
    ("bindings", "field", "what"),
    [
        ('{"return": SELECT, "Return": CLEAR}', "bindings.Return", "same key as bindings.return"),
        ('{"shift+a": UP, "SHIFT+A": DOWN}', "bindings.'SHIFT+A'", "the same key as"),
        ('{"a' + " " * 45 + 'zzz": SELECT}', "bindings.'a     ", "at most 40 characters"),
        ('{"\\e[31mRED\\nNL": SELECT}', "bindings.'\\x1b[31mRED\\nNL'", "unknown key name"),
    ],
)
def test_bindings_that_clash_or_do_not_print_are_named(tmp_path, bindings, field, what):
    path = tmp_path / "bound.yaml"
    path.write_text(f"extends: classic\nbindings: {bindings}\n")
    message = refused(path)
    assert f": {field}" in message and what in message and message.isprintable()


def test_an_unknown_field_that_does_not_print_is_escaped(tmp_path):
    path = tmp_path / "esc.yaml"
    path.write_text('extends: classic\n"\\e[31mRED\\nNEWLINE": 1\n')
    message = refused(path)
    assert "'\\x1b[31mRED\\nNEWLINE': unknown field" in message and message.isprintable()


@pytest.mark.parametrize(
    "name", ["../../escaped", "/tmp/x", "a\\\\b", "W" * 300, '"\\e[2J"', "' '"])
def test_a_name_that_is_a_path_too_long_or_does_not_print_is_refused(tmp_path, name):
    path = tmp_path / "named.yaml"
    path.write_text(f"extends: classic\nname: {name}\n")
    message = refused(path)
    assert ": name: expected a name of 1 to 40 characters" in message and message.isprintable()


def test_mappings_nested_deep_in_two_skins_are_refused_before_the_merge(tmp_path):
    deep = 990  # within what the YAML parser takes, beyond what a merge could recurse
    for name, parent, value in (("parent", "classic", 1), ("child", "parent.yaml", 2)):
        (tmp_path / f"{name}.yaml").write_text(
            f"extends: {parent}\nkeys: " + "{a: " * deep + str(value) + "}" * deep + "\n")
    message = refused(tmp_path / "child.yaml")
    assert ": keys.a.a." in message and "nested more than 16 deep" in message


@pytest.mark.parametrize("tag", ["pairs", "omap", "set", "binary"])
def test_kinds_of_value_a_skin_never_holds_are_refused_naming_the_line(tmp_path, tag):
    value = {"pairs": "[a: 1, b: *p]", "omap": "[a: 1, b: *p]", "set": "{a, b}",
             "binary": "aGVsbG8="}[tag]
    path = tmp_path / "tagged.yaml"
    path.write_text(f"extends: classic\nbindings: &p {{x: SELECT}}\njunk: !!{tag} {value}\n")
    message = refused(path)
    assert f"at line 3, column 7: a skin holds no {tag} values" in message
