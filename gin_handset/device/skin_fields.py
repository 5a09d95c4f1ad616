"""Typed reading of a skin's YAML tree: every failure names the file, the field and the fault."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from gin_handset.storage import field_name, show, show_path

T = TypeVar("T")
Color = tuple[int, int, int]
Rect = tuple[int, int, int, int]

_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
_MISSING = object()
MAX_COORDINATE = 100_000  # no number in a skin is larger (bodies are at most 1600 units)


class SkinError(Exception):
    """A skin that cannot be used; the message names the file, the field and what is wrong."""


class _Noted(SkinError):
    """A problem already noted by a collecting `Fields`: the part it was found in stops."""


class Fields:
    """Reads fields of one skin file, failing with a `SkinError` that names the dotted path."""

    def __init__(self, file: Path | str, collect: bool = False) -> None:
        self.file = show_path(file)  # escaped when it holds what does not print
        self.collect = collect  # note every problem (skin check) instead of stopping at one
        self.problems: list[str] = []

    def attempt(self, read: Callable[[], T], default: T) -> T:
        """``read()``; when collecting, a problem in it is noted and ``default`` returned."""
        try:
            return read()
        except _Noted:
            return default

    def fail(self, path: str, what: str) -> NoReturn:
        where = f"{self.file}: {path}" if path else self.file
        message = f"skin {where}: {what}"
        if self.collect:
            self.problems.append(message)
            raise _Noted(message)
        raise SkinError(message)

    def field(self, data: Mapping[str, Any], path: str, name: str, default: Any = _MISSING) -> Any:
        """The raw value of ``name`` in ``data``; missing and no default means a failure."""
        full = f"{path}.{name}" if path else name
        if name not in data or data[name] is None:
            if default is _MISSING:
                self.fail(full, "missing")
            return default
        return data[name]

    def known(self, data: Mapping[str, Any], path: str, names: Collection[str]) -> None:
        """Fail on a field of ``data`` that is not one of ``names``, suggesting the closest."""
        for name in data:
            if name in names:
                continue
            close = difflib.get_close_matches(str(name)[:40], list(names), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(names)})"
            where = _join(path, field_name(name))
            self.attempt(lambda w=where, h=hint: self.fail(w, f"unknown field{h}"),
                         None)  # when collecting, every unknown field is noted

    def mapping(
        self, data: Mapping[str, Any], path: str, name: str, default: Any = _MISSING
    ) -> Any:
        value = self.field(data, path, name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, dict):
            self.fail(_join(path, name), f"expected a mapping, got {show(value)}")
        return value

    def text(self, data: Mapping[str, Any], path: str, name: str, default: Any = _MISSING) -> Any:
        value = self.field(data, path, name, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.fail(_join(path, name), f"expected text, got {show(value)}")
        return str(value)

    def whole(
        self,
        data: Mapping[str, Any],
        path: str,
        name: str,
        default: Any = _MISSING,
        low: int = 0,
        high: int | None = None,
    ) -> Any:
        value = self.field(data, path, name, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(_join(path, name), f"expected a whole number, got {show(value)}")
        high = MAX_COORDINATE if high is None else high
        if value < low:
            self.fail(_join(path, name), f"must be at least {low}, got {show(value)}")
        if value > high:
            self.fail(_join(path, name), f"must be at most {high}, got {show(value)}")
        return value

    def color(self, data: Mapping[str, Any], path: str, name: str, default: Any = _MISSING) -> Any:
        value = self.field(data, path, name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str) or not _COLOR.fullmatch(value):
            self.fail(_join(path, name), f'expected a colour "#rrggbb", got {show(value)}')
        return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))

    def numbers(self, data: Mapping[str, Any], path: str, name: str, count: int, what: str) -> Any:
        value = self.field(data, path, name)
        ok = isinstance(value, list) and len(value) == count
        if not ok or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            self.fail(
                _join(path, name), f"expected {count} whole numbers {what}, got {show(value)}"
            )
        if any(abs(v) > MAX_COORDINATE for v in value):
            self.fail(_join(path, name), f"numbers must be within +-{MAX_COORDINATE}, got "
                                         f"{show(value)}")
        return tuple(value)

    def size(
        self,
        data: Mapping[str, Any],
        path: str,
        name: str,
        low: tuple[int, int] = (1, 1),
        high: tuple[int, int] | None = None,
    ) -> tuple[int, int]:
        """A [width, height] within ``low`` and ``high`` (inclusive)."""
        width, height = self.numbers(data, path, name, 2, "[width, height]")
        if width < low[0] or height < low[1]:
            self.fail(_join(path, name), f"must be at least {list(low)}, got {[width, height]}")
        if high is not None and (width > high[0] or height > high[1]):
            self.fail(_join(path, name), f"must be at most {list(high)}, got {[width, height]}")
        return (width, height)

    def rect(self, data: Mapping[str, Any], path: str, name: str) -> Rect:
        x, y, w, h = self.numbers(data, path, name, 4, "[x, y, width, height]")
        if w <= 0 or h <= 0:
            self.fail(_join(path, name), f"width and height must be positive, got {[x, y, w, h]}")
        return (x, y, w, h)

    def choice(
        self, data: Mapping[str, Any], path: str, name: str, options: tuple[str, ...], default: Any
    ) -> Any:
        value = self.field(data, path, name, default)
        if value not in options:
            self.fail(
                _join(path, name), f"expected one of {', '.join(options)}, got {show(value)}"
            )
        return value

    def inside(self, path: str, rect: Rect, size: tuple[int, int], outer: str) -> None:
        """Fail unless ``rect`` lies within a box of ``size`` at the origin."""
        x, y, w, h = rect
        if x < 0 or y < 0 or x + w > size[0] or y + h > size[1]:
            self.fail(path, f"rectangle {list(rect)} is outside the {outer} ({size[0]}x{size[1]})")


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name
