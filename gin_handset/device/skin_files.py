"""Finding skin files, reading their YAML and resolving ``extends`` by deep merge.

The bundled skins are package data (``gin_handset/skins/``); a player's own skins go in the
``skins`` folder of the data folder, where a name is looked up first.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml

from gin_handset.device.skin_fields import Fields, SkinError, show
from gin_handset.storage import data_dir, field_name, read_text, show_path

SKINS_DIR = Path(str(files("gin_handset") / "skins"))
DEFAULT_SKIN = "candybar"
SUFFIXES = (".yaml", ".yml")
MAX_SKIN_BYTES = 256 * 1024  # a skin file is a page or two of YAML
MAX_EXTENDS = 8  # how long a chain of skins extending skins may be
# libyaml's safe loader where PyYAML was built with it (ten times faster: a tenth of the launch)
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_VALUES = 20_000  # values in one skin file, its aliases expanded (a bundled skin has ~500)
MAX_DEPTH = 16  # how deep fields nest (a bundled skin's go 4 deep)
MAX_NUMBER_TEXT = 40  # characters of one number (no skin number needs more than a few)


class _SkinLoader(SAFE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, reading a date as the text it is (a skin has no dates, and a date that
    is no date fails inside PyYAML), refusing a number written in more than `MAX_NUMBER_TEXT`
    characters (Python's own limit is 4,300 digits, and a YAML 1.1 number with colons grows in
    base 60) and the kinds of value a skin never holds (`UNUSED_TAGS`: pairs and ordered maps
    are lists of tuples, which the count of values would not see into)."""


UNUSED_TAGS = ("pairs", "omap", "set", "binary")


def _as_text(loader: Any, node: yaml.ScalarNode) -> str:
    return loader.construct_scalar(node)


def _short_number(read: Callable[[Any, yaml.ScalarNode], Any]) -> Callable[..., Any]:
    def construct(loader: Any, node: yaml.ScalarNode) -> Any:
        if len(node.value) > MAX_NUMBER_TEXT:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of more than {MAX_NUMBER_TEXT} characters",
                node.start_mark)
        return read(loader, node)

    return construct


def _unused(loader: Any, node: yaml.Node) -> Any:
    raise yaml.constructor.ConstructorError(
        None, None, f"a skin holds no {node.tag.rsplit(':', 1)[-1]} values", node.start_mark)


_SkinLoader.add_constructor("tag:yaml.org,2002:timestamp", _as_text)
for _tag in UNUSED_TAGS:
    _SkinLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _unused)
_SkinLoader.add_constructor(
    "tag:yaml.org,2002:int", _short_number(yaml.constructor.SafeConstructor.construct_yaml_int))
_SkinLoader.add_constructor(
    "tag:yaml.org,2002:float",
    _short_number(yaml.constructor.SafeConstructor.construct_yaml_float))


def user_skins_dir() -> Path:
    """Where a player's own skins go: ``skins`` in the data folder."""
    return data_dir() / "skins"


def _names_in(folder: Path) -> list[str]:
    try:
        return sorted(p.stem for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file())
    except OSError:
        return []


def bundled_skins() -> list[str]:
    """Names of the skins shipped with the game, sorted."""
    return _names_in(SKINS_DIR)


def bundled_skin_file(name: str) -> Path | None:
    """The bundled skin ``name``'s own file, whatever the player's skins folder holds."""
    return _skin_in(SKINS_DIR, name)


def user_skin_names() -> list[str]:
    """Names of the player's own skins (in `user_skins_dir`), sorted."""
    return _names_in(user_skins_dir())


def looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.endswith(SUFFIXES)


def find_skin(spec: str, near: Path | None = None) -> Path:
    """The file a skin name or path means; names look beside ``near`` first, then in the
    player's skins folder, then among the bundled skins."""
    if looks_like_path(spec):
        shown = show_path(spec)
        try:
            path = Path(spec).expanduser()
        except RuntimeError:  # ~someone who is not a user of this machine
            raise SkinError(f"skin {shown}: no such user's home folder") from None
        if near is not None and not path.is_absolute():  # an extends: beside the skin
            path = near / path
        try:
            if path.exists() and not path.is_file():
                raise SkinError(f"skin {shown}: not a regular file")
            if not path.is_file():
                raise SkinError(f"skin {shown}: no such file")
        except OSError as error:  # a name too long, a folder that cannot be searched
            raise SkinError(f"skin {shown}: cannot be looked at ({error.strerror})") from None
        return path
    for folder in (near, user_skins_dir(), SKINS_DIR):
        found = _skin_in(folder, spec) if folder is not None else None
        if found is not None:
            return found
    known = ", ".join(bundled_skins()) or "none"
    raise SkinError(f"skin {show_path(spec)}: no skin of that name (bundled: {known})")


def _skin_in(folder: Path, name: str) -> Path | None:
    """The skin file ``name`` in ``folder``, if there; a folder that cannot be searched holds
    none (it never hides the bundled skins: `user_skins_problem` says what is wrong)."""
    for suffix in SUFFIXES:
        candidate = folder / f"{name}{suffix}"
        try:
            if candidate.is_file():
                return candidate
        except OSError:
            return None
    return None


def user_skins_problem() -> str | None:
    """What is wrong with the player's skins folder, when it is there but cannot be searched
    or read (its skins are then not offered); None when it is fine or not there."""
    folder = user_skins_dir()
    try:
        with os.scandir(folder) as entries:
            next(entries, None)
        os.stat(folder / f"{DEFAULT_SKIN}{SUFFIXES[0]}")
    except (FileNotFoundError, NotADirectoryError):
        pass
    except OSError as error:
        return (f"Your skins folder {show_path(folder)} cannot be read ({error.strerror}): "
                "only the bundled skins are offered.")
    return None


def read_yaml(path: Path) -> dict[str, Any]:
    """The top mapping of one YAML file, or a `SkinError` naming the file and the fault."""
    fields = Fields(path)
    try:
        text = read_text(path, MAX_SKIN_BYTES)
    except (OSError, ValueError) as error:
        fields.fail("", f"cannot read the file ({error})")
    try:
        data = yaml.load(text, Loader=_SkinLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        fields.fail("", f"not valid YAML{where}: {problem}")
    except (ValueError, RecursionError) as error:  # a last guard: PyYAML's own faults
        fields.fail("", f"not valid YAML: {show(str(error))}")
    if not isinstance(data, dict):
        fields.fail("", "expected a mapping of fields at the top of the file")
    _count_values(fields, data)
    return data


def _count_values(fields: Fields, data: dict[Any, Any]) -> None:
    """Fail when the file holds more than `MAX_VALUES` values once its aliases are expanded
    (a few lines of aliases can name billions: every walk of the tree, as `merge`'s, would
    take that long), or nests deeper than `MAX_DEPTH`; counted as they are found, so the count
    itself costs at most that. The failure names the field where the count ran out."""
    left = MAX_VALUES
    found: list[tuple[Any, Any, int]] = [((None, name), value, 1) for name, value in data.items()]
    while found:
        where, item, depth = found.pop()
        if isinstance(item, dict):
            inner = [((where, key), value, depth + 1) for key, value in item.items()]
            left -= 2 * len(inner)  # its keys and its values
        elif isinstance(item, list):
            inner = [((where, index), value, depth + 1) for index, value in enumerate(item)]
            left -= len(inner)
        else:
            continue
        if left < 0:
            fields.fail(_dotted(where), f"more than {MAX_VALUES} values, its YAML aliases "
                        "(*name) expanded")
        if inner and depth >= MAX_DEPTH:
            fields.fail(_dotted(where), f"nested more than {MAX_DEPTH} deep")
        found.extend(inner)


def _dotted(where: tuple[Any, Any]) -> str:
    """``body.size[0]`` from the links (parent, key) `_count_values` keeps."""
    names: list[Any] = []
    link: tuple[Any, Any] | None = where
    while link is not None:
        link, name = link
        names.append(name)
    path = ""
    for name in reversed(names):
        path += f"[{name}]" if isinstance(name, int) else f".{field_name(name)}"
    return path.lstrip(".")[:120]


def own_files(path: Path) -> list[Path]:
    """The files the skin at ``path`` is made of: itself, the skins it extends, the body
    images they name; as far as they can be read (nothing raised)."""
    found: list[Path] = []
    current: Path | None = path
    for _ in range(MAX_EXTENDS + 1):  # the skin and the most skins it may extend
        if current is None or current in found:
            break
        found.append(current)
        try:
            data = read_yaml(current)
        except SkinError:
            break
        body = data.get("body")
        image = body.get("image") if isinstance(body, dict) else None
        if isinstance(image, str) and image.strip():
            found.append(current.parent / image)
        parent = data.get("extends")
        try:
            current = find_skin(parent, near=current.parent) if isinstance(parent, str) else None
        except (SkinError, OSError):
            current = None
    return found


def merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """``child`` over ``parent``: mappings merge key by key, a null removes, the rest replace."""
    result = dict(parent)
    for name, value in child.items():
        if value is None:
            result.pop(name, None)
        elif isinstance(value, dict) and isinstance(result.get(name), dict):
            result[name] = merge(result[name], value)
        else:
            result[name] = value
    return result


def resolve(path: Path, chain: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The full field tree of the skin at ``path``, its ``extends`` chain merged in."""
    resolved = path.resolve()
    if resolved in chain:
        loop = " -> ".join(p.name for p in (*chain, resolved))
        Fields(path).fail("extends", f"inheritance loop: {loop}")
    data = read_yaml(path)
    parent_name = data.pop("extends", None)
    if parent_name is None:
        return data
    fields = Fields(path)
    if len(chain) >= MAX_EXTENDS:  # this skin would be one more extending the others
        fields.fail("extends", f"more than {MAX_EXTENDS} skins extend one another")
    if not isinstance(parent_name, str) or not parent_name.strip():
        fields.fail("extends", f"expected a skin name, got {show(parent_name)}")
    try:
        parent_path = find_skin(parent_name, near=path.parent)
    except SkinError as error:
        fields.fail("extends", f"unknown parent skin {show(parent_name)} ({error})")
    return merge(resolve(parent_path, (*chain, resolved)), data)
