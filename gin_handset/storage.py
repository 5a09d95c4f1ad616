"""The player's files (settings, the saved match): JSON written atomically, and a file that
cannot be read renamed aside, never deleted."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


class FieldError(ValueError):
    """A value in a file that cannot be used, naming its field."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"field {name}: {problem}")
        self.field = name
        self.problem = problem


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path:
    """Rename an unreadable file to ``<name>.bad-<n>`` (the first free n); the new path."""
    n = 1
    while (aside := path.with_name(f"{path.name}.bad-{n}")).exists():
        n += 1
    os.replace(path, aside)
    return aside


def read_json(path: Path, parse: Callable[[Any], T]) -> tuple[T | None, str | None]:
    """``parse`` of the file's JSON: (value, None); (None, None) when there is no file.

    A file that cannot be read or parsed (``parse`` raises FieldError) is set aside:
    (None, what was wrong and where the file went).
    """
    if not path.exists():
        return None, None
    try:
        return parse(json.loads(path.read_text(encoding="utf-8"))), None
    except FieldError as error:
        problem = str(error)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        problem = f"not readable JSON ({error})"
    try:
        where = f"it was moved to {set_aside(path)}"
    except OSError as error:
        where = f"it could not be moved aside ({error})"
    return None, f"{problem}; {where}"
