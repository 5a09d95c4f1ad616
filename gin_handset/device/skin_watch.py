"""Live reload for skin authors (``--watch``): notices when a skin's files change.

The skin's own files are watched first, wherever they are: the skin file, the skins it extends
and its body image. Then the other skin-like files of its folder (YAML and PNG, which it may
come to use), the first by name, up to `MAX_FILES` in all. Every `INTERVAL_MS` of the clock
each is looked at with a cheap ``stat``. A file that cannot be looked at (a symlink loop, a
folder that cannot be searched) is passed over, and what is not watched is said (`news`), once,
and again when it is watched again: watching never stops silently.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gin_handset.device.skin_files import own_files
from gin_handset.storage import show_path

INTERVAL_MS = 500
MAX_FILES = 64
MAX_ENTRIES = 10_000  # entries of the folder looked through for skin-like files
SUFFIXES = (".yaml", ".yml", ".png")
Signature = tuple[tuple[str, int, int], ...]


class SkinWatch:
    def __init__(self, skin_file: Path) -> None:
        self.skin_file = skin_file
        self.folder = skin_file.parent
        self.waited = 0
        self.news: list[str] = []  # what to tell the author about the watching, not yet told
        self._told: str | None = None  # what the watching last said was wrong
        self.own = own_files(skin_file)
        self.seen = self.signature()

    def signature(self) -> Signature:
        """Each watched file's name, change time and size (-1 for one that cannot be looked
        at); what is not watched goes to `news` when it changed."""
        found: dict[str, tuple[int, int]] = {}
        problems: list[str] = []
        for path in self.own:
            found[str(path)] = _stat(path, problems)
        others, more = self._others(problems)
        for path in others[: max(0, MAX_FILES - len(found))]:
            found.setdefault(str(path), _stat(path, problems))
        left_out = len(set(map(str, others)) - set(found))
        if left_out or more:
            problems.append(f"{left_out}{'+' * more} files of {show_path(self.folder)} not "
                            f"watched (at most {MAX_FILES})")
        self._tell(problems)
        return tuple(sorted((name, *info) for name, info in found.items()))

    def _others(self, problems: list[str]) -> tuple[list[Path], bool]:
        """The skin-like files of the folder, by name; and whether there were too many
        entries to look through."""
        names: list[str] = []
        more = False
        try:
            with os.scandir(self.folder) as entries:
                for count, entry in enumerate(entries):
                    if count >= MAX_ENTRIES:
                        more = True
                        break
                    if entry.name.endswith(SUFFIXES):
                        names.append(entry.name)
        except OSError as error:
            problems.append(f"folder {show_path(self.folder)}: {error.strerror}")
        return [self.folder / name for name in sorted(names)], more

    def _tell(self, problems: list[str]) -> None:
        told = "; ".join(problems) or None
        if told == self._told:
            return
        if told is not None:
            self.news.append(f"Not watched: {problems[0]}")
            print(f"gin-handset: --watch: not watched: {told}", file=sys.stderr)
        else:
            self.news.append("Watching every file again")
            print("gin-handset: --watch: watching every file again", file=sys.stderr)
        self._told = told

    def take_news(self) -> str | None:
        """The latest word on what is watched, once."""
        news = self.news[-1] if self.news else None
        self.news.clear()
        return news

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
        self.own = own_files(self.skin_file)  # it may extend another skin now
        self.seen = self.signature()
        return True


def _stat(path: Path, problems: list[str]) -> tuple[int, int]:
    """A file's change time and size; (-1, -1) and a problem when it cannot be looked at."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return (-1, -1)  # not there (yet): its coming is a change
    except OSError as error:
        problems.append(f"{show_path(path.name)}: {error.strerror}")
        return (-1, -1)
    return (info.st_mtime_ns, info.st_size)
