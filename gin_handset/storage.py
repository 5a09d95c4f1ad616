"""The player's files (settings, the saved match, the record) in the data folder: JSON written
atomically, and a file that cannot be read renamed aside, never deleted.

Any file is read as possibly hostile: only a regular file (not a pipe, a folder or a device) of
at most `MAX_BYTES` is read; numbers with thousands of digits and deep nesting are refused like
any other bad JSON; temporaries left by a write that was killed are removed.

While another copy of the game holds the data folder (`session.lock`), this copy writes
nothing there: `refuse_writes` makes every write, removal and setting aside an OSError saying
why, and leaves the other copy's temporaries alone.
"""

from __future__ import annotations

import json
import os
import reprlib
import stat
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 36
_REPR.maxlist = _REPR.maxdict = 4
_REPR.maxlevel = 2
MAX_BYTES = 4 * 1024 * 1024  # far more than any settings file or saved match
MAX_TIME_TEXT = 40
ENV_VAR = "GIN_HANDSET_DATA_DIR"
APP_NAME = "gin-handset"


def data_dir() -> Path:
    """The folder of the player's files: ``$GIN_HANDSET_DATA_DIR``, else the user's data folder
    (``platformdirs.user_data_dir("gin-handset")``)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


_refused: str | None = None  # why this copy writes nothing in the data folder, if it does not


def refuse_writes(reason: str | None) -> None:
    """From now on every write, removal and setting aside fails with ``reason`` (None: they
    work again)."""
    global _refused
    _refused = reason


def _check_writable() -> None:
    if _refused is not None:
        raise OSError(_refused)


class FieldError(ValueError):
    """A value in a file that cannot be used, naming its field."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"field {name}: {problem}")
        self.field = name
        self.problem = problem


def checked_format(data: Any, expected: str, version: int,
                   error: Callable[[str, str], FieldError]) -> dict[str, Any]:
    """``data`` if it is an object of format ``expected`` and ``version``; else ``error(field,
    problem)`` raised."""
    if not isinstance(data, dict):
        raise error("(top level)", f"expected an object, found {type(data).__name__}")
    if data.get("format") != expected:
        raise error("format", f"{show(data.get('format'))} is not {expected!r}")
    if type(data.get("version")) is not int or data.get("version") != version:
        raise error("version", f"{show(data.get('version'))} is not {version} (another version)")
    return data


def is_time(value: Any) -> bool:
    """Whether ``value`` is an ISO 8601 date and time (of at most `MAX_TIME_TEXT` characters)."""
    if type(value) is not str or len(value) > MAX_TIME_TEXT:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def write_atomically(path: Path, text: str, durable: bool = True) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file.
    ``durable`` also waits for the disk (fsync), so that a power cut cannot lose the write;
    without it the file survives the process being killed, not the machine stopping."""
    _check_writable()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    if durable:
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, so a power cut cannot bring the previous file back."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:  # a system that cannot open folders (Windows) syncs renames itself
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def remove_temporaries(path: Path) -> None:
    """Remove what writes of ``path`` that were killed left behind (``.<name>.*.tmp``); not
    while another copy of the game may be writing them."""
    if _refused is not None:
        return
    try:
        for leftover in path.parent.glob(f".{path.name}.*.tmp"):
            if leftover.is_file():
                leftover.unlink(missing_ok=True)
    except OSError:
        pass


def remove(path: Path) -> None:
    """Remove ``path`` (a file whose content is kept elsewhere), if it is there."""
    _check_writable()
    path.unlink(missing_ok=True)


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes; OSError or ValueError saying what
    is wrong otherwise. A pipe, a folder or a device is never read from (no hang)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{info.st_size} bytes, more than the {limit} this file may have")
        data = os.read(handle, limit + 1)
    finally:
        os.close(handle)
    if len(data) > limit:
        raise ValueError(f"more than the {limit} bytes this file may have")
    return data.decode("utf-8")


def show(value: Any) -> str:
    """A value as a message may print it: short whatever the value (a huge or deep one too)."""
    text = _REPR.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


MAX_PATH_TEXT = 200


def show_path(path: Path | str) -> str:
    """A file's name as a message prints it: as it is when every character prints, else
    escaped (a newline or a terminal's escape code in a name never reaches the terminal raw);
    a very long one shortened in the middle."""
    text = str(path)
    if not text.isprintable():
        text = ascii(text)[1:-1]
    if len(text) > MAX_PATH_TEXT:
        half = (MAX_PATH_TEXT - 3) // 2
        text = f"{text[:half]}...{text[-half:]}"
    return text


def field_name(name: Any) -> str:
    """A field's name as a message prints it: as it is when it is a plain name, else quoted
    and short (a hostile name never reaches the terminal raw)."""
    plain = isinstance(name, str) and name.isidentifier() and len(name) <= 40
    return name if plain else show(name)


def refuse_unknown(data: dict[str, Any], known: tuple[str, ...], where: str,
                   error: Callable[[str, str], FieldError]) -> None:
    """``error(field, "unknown field")`` for the first field of ``data`` not in ``known``."""
    for name in data:
        if name not in known:
            raise error(f"{where}{field_name(name)}", "unknown field")


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def set_aside(path: Path) -> Path:
    """Rename an unreadable file to ``<name>.bad-<n>`` (the first free n); the new path."""
    _check_writable()
    n = 1
    while os.path.lexists(aside := path.with_name(f"{path.name}.bad-{n}")):
        n += 1
    os.replace(path, aside)
    return aside


def parse_file(path: Path, parse: Callable[[Any], T],
               limit: int = MAX_BYTES) -> tuple[T | None, str | None]:
    """``parse`` of the JSON in ``path``: (value, None), or (None, what is wrong). The file is
    left where it is."""
    try:
        text = read_text(path, limit)
    except FileNotFoundError:
        return None, "there is no such file"
    except OSError as error:
        return None, f"it cannot be read ({_short(error.strerror or str(error))})"
    except UnicodeDecodeError as error:
        return None, f"not readable JSON ({_short(str(error))})"
    except ValueError as error:  # not a regular file, too large
        return None, _short(str(error))
    try:
        return parse(json.loads(text)), None
    except FieldError as error:
        return None, str(error)
    except RecursionError:
        return None, "not readable JSON (nested too deeply)"
    except ValueError as error:  # JSON errors, numbers too large to read
        return None, f"not readable JSON ({_short(str(error))})"
    except Exception as error:  # a last guard: a bad file must never become a traceback
        return None, f"cannot be used ({type(error).__name__}: {_short(str(error))})"


def read_json(path: Path, parse: Callable[[Any], T]) -> tuple[T | None, str | None]:
    """``parse`` of the file's JSON: (value, None); (None, None) when there is no file.

    A file that cannot be read or parsed (``parse`` raises FieldError) is set aside:
    (None, what was wrong and where the file went).
    """
    remove_temporaries(path)
    if not os.path.lexists(path):
        return None, None
    value, problem = parse_file(path, parse)
    if problem is None:
        return value, None
    try:
        where = f"it was moved to {set_aside(path)}"
    except OSError as error:
        where = f"it could not be moved aside ({error})"
    return None, f"{problem}; {where}"
