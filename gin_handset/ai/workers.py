"""Worker processes for the long commands (tournament, matchwin_build, search_check), and how
such a command stops when a person presses Ctrl-C or the system sends it SIGTERM: with one
line, not a traceback from it and from each worker."""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import Pool
from types import FrameType
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

STOPPED = 130
"""The exit status of a command stopped by Ctrl-C or SIGTERM (128 + SIGINT, as a shell gives)."""


def worker_pool(jobs: int) -> Pool:
    """``jobs`` worker processes for matches. They are spawned, not forked: a fork copies the
    locks the parent's other threads hold (a test's, a phone's), and a worker could wait on one
    of them for ever. A worker ignores Ctrl-C (a terminal sends it to every process of the
    command) from its start, as the pool is made while the command ignores it (a Ctrl-C in
    those few milliseconds is lost; a SIGTERM is held, then ends the pool and is raised again):
    the command stops, and leaving its ``with`` block ends the workers. (Blocking SIGTERM would
    not hold it: starting the resource tracker unblocks it.)"""
    context = multiprocessing.get_context("spawn")
    if threading.current_thread() is not threading.main_thread():
        return context.Pool(jobs, initializer=_ignore_ctrl_c)
    held: list[int] = []

    def hold(number: int, _frame: FrameType | None) -> None:
        held.append(number)

    previous = {signal.SIGINT: signal.signal(signal.SIGINT, signal.SIG_IGN),
                signal.SIGTERM: signal.signal(signal.SIGTERM, hold)}
    try:
        pool = context.Pool(jobs, initializer=_ignore_ctrl_c)
    finally:
        _restore_all(previous)
    if held:
        pool.terminate()
        signal.raise_signal(signal.SIGTERM)
    return pool


def map_jobs(function: Callable[[T], R], items: Sequence[T], jobs: int) -> list[R]:
    """``function`` of each item, in order: in this process with one job, else in ``jobs``
    workers."""
    if jobs <= 1:
        return [function(item) for item in items]
    with worker_pool(jobs) as pool:
        return pool.map(function, items)


def _ignore_ctrl_c() -> None:
    """For a worker the pool starts in place of one that ended."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(_signal: int, _frame: FrameType | None) -> None:
    """The first Ctrl-C or SIGTERM stops the command; those that follow while it ends its
    workers and closes its files are ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


@contextmanager
def stopped_quietly(program: str, kept: str) -> Iterator[None]:
    """Within it, Ctrl-C or SIGTERM ends the command with ``program: stopped; kept`` on standard
    error and status ``STOPPED``, after the ``with`` blocks inside have closed their files and
    ended their workers. ``kept`` says what the person keeps of the work done. Stopped, the
    command goes on ignoring both until it exits."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _interrupt)
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    except KeyboardInterrupt:
        sys.stderr.write(f"{program}: stopped; {kept}\n")
        raise SystemExit(STOPPED) from None
    except BaseException:
        _restore_all(previous)
        raise
    _restore_all(previous)


def _restore_all(handlers: dict[int, object]) -> None:
    """Put back the handlers ``signal.signal`` returned (None: one set outside Python)."""
    for number, handler in handlers.items():
        signal.signal(number, signal.SIG_DFL if handler is None else handler)
