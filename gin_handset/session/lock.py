"""One copy of the game owns the data folder: the first to start holds a lock on
``gin-handset.lock`` in it until it ends (the system lets go of it when the process ends, even
killed). A second copy started meanwhile is told the folder is already open, and plays without
saving: it writes nothing there (`storage.refuse_writes`), not the match, the statistics, the
history or the settings, and leaves the first copy's files alone.

The lock file itself is never removed (removing it would let two copies each hold a lock on a
different file); it holds the owner's process id, for the message.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from gin_handset.storage import refuse_writes, set_aside, show_path

LOCK_FILE = "gin-handset.lock"
MAX_PID_TEXT = 20


@dataclass
class DataLock:
    """The data folder as this copy holds it: ``owner`` when it may write there."""

    path: Path
    owner: bool
    handle: int | None = None  # the open lock file, while held

    def release(self) -> None:
        """Let go of the folder (and write there again, for a copy that could not)."""
        if self.handle is not None:
            os.close(self.handle)  # closing drops the lock
            self.handle = None
        self.owner = False
        refuse_writes(None)


def claim(folder: Path) -> tuple[DataLock, list[str]]:
    """Hold the data folder ``folder`` for this copy; and a message when another copy holds
    it (this one then writes nothing there). A folder that cannot hold a lock at all (it cannot
    be written) is used as before: its saves fail and are told as they fail."""
    path = folder / LOCK_FILE
    moved: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            aside = set_aside(path)  # never written through: the link's target is not ours
            moved.append(f"{show_path(path)} was not a plain file; it was moved to "
                         f"{show_path(aside)}.")
        handle = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as error:
        return DataLock(path, owner=True), [
            f"The data folder {show_path(folder)} cannot be used ({error.strerror}): the game "
            "plays, but its settings, saved match and statistics cannot be read or kept."]
    if _try_lock(handle):
        _note_owner(handle)
        return DataLock(path, owner=True, handle=handle), moved
    holder = _owner_of(handle)
    os.close(handle)
    who = f" (process {holder})" if holder else ""
    reason = (f"another copy of gin-handset{who} has the data folder {show_path(folder)} open: "
              "this one saves nothing")
    refuse_writes(reason)
    return DataLock(path, owner=False), [
        *moved,
        f"Gin-handset is already open{who} with the data folder {show_path(folder)}. This copy "
        "plays, "
        "but saves nothing: no match, statistics, history or settings."]


def _try_lock(handle: int) -> bool:
    """Whether this process now holds the lock on ``handle`` (False: another one does)."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks: nothing to tell two copies apart by
        return True
    return True


def _note_owner(handle: int) -> None:
    try:
        os.ftruncate(handle, 0)
        os.pwrite(handle, str(os.getpid()).encode(), 0)
    except (OSError, AttributeError):  # only a courtesy for the message
        pass


def _owner_of(handle: int) -> str:
    try:
        text = os.pread(handle, MAX_PID_TEXT, 0).decode("ascii", "replace").strip()
    except (OSError, AttributeError):
        return ""
    return text if text.isdigit() else ""
