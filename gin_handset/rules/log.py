"""A hand's log that shares its past: adding an event to a log copies nothing.

Each state of a hand holds a `Log`, a length into one list of events that every later state of
the hand extends in place; so a hand of n steps holds n events, not n²/2, and replaying it is
linear in its steps. A log extended twice (two actions tried on one state) copies its events
for the second branch, as a tuple would: the events a log shows never change.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

T = TypeVar("T")
_EXTENDING = threading.Lock()  # a computer's decision may extend a state in another thread


class Log(Sequence[T]):
    """An immutable sequence of events; ``plus`` gives it one more, in constant time."""

    __slots__ = ("_items", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)

    @staticmethod
    def _view(items: list[T], length: int) -> Log[T]:
        log: Log[T] = Log.__new__(Log)
        log._items, log._length = items, length
        return log

    def plus(self, item: T) -> Log[T]:
        """This log and ``item`` after it."""
        with _EXTENDING:
            if len(self._items) == self._length:  # the newest state: extend the shared list
                self._items.append(item)
                items = self._items
            else:  # a branch from an older state
                items = [*islice(self._items, self._length), item]
        return Log._view(items, self._length + 1)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if start == 0 and step == 1:  # a beginning of the log: shared, not copied
                return Log._view(self._items, max(stop, 0))
            return tuple(self._items[i] for i in range(start, stop, step))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            if other._length != self._length:
                return False
            return other._items is self._items or list(self) == list(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, (list(self),))
