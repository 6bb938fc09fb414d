"""A lean clone() for search: an independent state that plays on exactly like the original, made
without copying what only grows with the game.

- The action history is not copied: a clone's ``actions`` is an ActionLog that reads its parent's
  first actions in place (a game's history is only ever appended to) and keeps its own after them,
  so ``record()`` of a clone is still the whole game, yet cloning costs the same at the last action
  as at the first.
- The setup events (what the first deal showed) are never changed after setup: shared.
- Everything else is copied as JSON-like data (lists, dicts, sets, tuples of values), the random
  generator with its state; an engine may name fields whose entries never change once appended
  (a list of past swaps, of past rounds): those lists are copied, their entries shared.
"""
from __future__ import annotations

import copy
import random
from itertools import islice
from typing import Any, Callable, Iterator, Optional

_VALUES = (str, int, float, bool, type(None))


class ActionLog:
    """The (seat, action) pairs of a game: the first `n_past` of `past` (read in place), then its own."""

    __slots__ = ("_past", "_n_past", "_own")

    def __init__(self, past: Any = (), n_past: int = 0) -> None:
        self._past, self._n_past, self._own = past, n_past, []

    @classmethod
    def after(cls, actions: Any) -> "ActionLog":
        """A log that continues `actions` as they stand now (later appends to them are not seen)."""
        return cls(actions, len(actions))

    def append(self, item: tuple) -> None:
        self._own.append(item)

    def __len__(self) -> int:
        return self._n_past + len(self._own)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[tuple]:
        yield from islice(self._past, self._n_past)
        yield from self._own

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action index out of range")
        return self._past[i] if i < self._n_past else self._own[i - self._n_past]

    def __eq__(self, other: object) -> bool:
        try:
            return list(self) == list(other)  # type: ignore[call-overload]
        except TypeError:
            return NotImplemented

    def __repr__(self) -> str:
        return f"ActionLog({list(self)!r})"


def fast_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (plus sets, tuples and random generators), far quicker than
    copy.deepcopy; anything else goes to deepcopy."""
    kind = type(value)
    if kind in _VALUES:
        return value
    if kind is list:
        return [v if type(v) in _VALUES else fast_copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _VALUES else fast_copy(v) for k, v in value.items()}
    if kind is tuple:
        return value if all(type(v) in _VALUES or type(v) is tuple for v in value) else \
            tuple(fast_copy(v) for v in value)
    if kind in (set, frozenset):
        return kind(value)  # members are hashable values
    if kind is random.Random:
        rng = random.Random.__new__(random.Random)  # not Random(): seeding from the system costs more
        rng.setstate(value.getstate())
        return rng
    return copy.deepcopy(value)


def shared_entries(value: list) -> list:
    """A copy of a list whose entries are never changed once appended (they are shared)."""
    return list(value)


def shared_entries_2(value: list) -> list:
    """The same for a list of such lists (one per seat)."""
    return [list(v) for v in value]


def lean_clone(state: Any, by_field: Optional[dict[str, Callable[[Any], Any]]] = None) -> Any:
    """An independent copy of `state` (see the module's docstring); `by_field` names how some
    fields are copied instead of fast_copy."""
    new = object.__new__(type(state))
    by_field = by_field or {}
    fields = {}
    for key, value in state.__dict__.items():
        if key == "actions":
            fields[key] = ActionLog.after(value)
        elif key == "setup_events":
            fields[key] = value
        elif key in by_field:
            fields[key] = by_field[key](value)
        else:
            fields[key] = fast_copy(value)
    new.__dict__.update(fields)
    return new
