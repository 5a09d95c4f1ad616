"""Live reload for skin authors (``--watch``): notices when a skin's files change.

The folder of the skin file is looked at (its YAML files, which a skin may extend, and its PNG
images), at most `MAX_FILES` of them, every `INTERVAL_MS` of the clock: a cheap ``stat`` each.
"""

from __future__ import annotations

import os
from pathlib import Path

INTERVAL_MS = 500
MAX_FILES = 64
SUFFIXES = (".yaml", ".yml", ".png")


class SkinWatch:
    def __init__(self, skin_file: Path) -> None:
        self.folder = skin_file.parent
        self.waited = 0
        self.seen = self.signature()

    def signature(self) -> tuple[tuple[str, int, int], ...]:
        """Each watched file's name, change time and size."""
        found = []
        try:
            with os.scandir(self.folder) as entries:
                for entry in entries:
                    if len(found) >= MAX_FILES:
                        break
                    if entry.name.endswith(SUFFIXES) and entry.is_file():
                        info = entry.stat()
                        found.append((entry.name, info.st_mtime_ns, info.st_size))
        except OSError:
            return ()
        return tuple(sorted(found))

    def due_in(self) -> int:
        return max(0, INTERVAL_MS - self.waited)

    def changed(self, ms: int) -> bool:
        """Whether the files changed, looked at once every `INTERVAL_MS` of ``ms`` passing."""
        self.waited += ms
        if self.waited < INTERVAL_MS:
            return False
        self.waited = 0
        now = self.signature()
        if now == self.seen:
            return False
        self.seen = now
        return True
