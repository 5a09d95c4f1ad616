"""Expert's data files, shipped in the package beside its code (``matchwin.json``,
``knock_forecast.json``): where each is and how it is read."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def data_file(name: str) -> Path:
    """The path of the package's data file ``name``."""
    return Path(str(files("gin_handset") / "ai" / name))


def load(path: Path, parse: Callable[[object], T]) -> T:
    """``parse`` of the JSON ``path`` holds (a bad file is a fault of the package: ValueError
    naming it and what is wrong)."""
    try:
        return parse(json.loads(path.read_text()))
    except (OSError, ValueError) as problem:
        raise ValueError(f"{path}: {problem}") from problem
