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
- An engine that knows its fields' shapes may instead name them (planned_clone): containers of
  values are copied one level deep, lists of such two levels, everything else is shared (values,
  tuples, and containers the engine only ever replaces whole); unplanned_fields() lets a test
  check that no changeable container was left out of the plan.
- A SnapshotRandom keeps the state it last handed out until it draws again, so a position cloned
  many times (a search's worlds) gives each clone the same state tuple instead of making one.
"""
from __future__ import annotations

import copy
import random
from itertools import islice
from typing import Any, Callable, Iterator, Optional

_VALUES = (str, int, float, bool, type(None))
_getrandbits = random.Random.getrandbits


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


class SnapshotRandom(random.Random):
    """random.Random drawing the very same numbers, whose getstate() is made once per run of draws:
    making the state tuple (625 numbers) was a third of a search clone's time."""

    _snapshot: Optional[tuple] = None

    # Every draw goes through random() or getrandbits() (shuffle, choice, randrange, sample, ...
    # reach getrandbits through _randbelow); each forgets the snapshot first.
    def random(self) -> float:
        self._snapshot = None
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._snapshot = None
        return super().getrandbits(k)

    def shuffle(self, x: list) -> None:
        """random.shuffle's very draws, without a call of the method above per card (a search's
        playouts shuffle every deal)."""
        self._snapshot = None
        bits = _getrandbits.__get__(self)  # the generator's own, not the method above
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = bits(k)  # as Random._randbelow_with_getrandbits: draw again until below n
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]

    def randbytes(self, n: int) -> bytes:
        self._snapshot = None
        return super().randbytes(n)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._snapshot = None
        super().seed(*args, **kwargs)

    def setstate(self, state: tuple) -> None:
        super().setstate(state)
        self._snapshot = state if type(state) is tuple else None

    def getstate(self) -> tuple:
        if self._snapshot is None:
            self._snapshot = super().getstate()  # a tuple of numbers: safe to hand out again
        return self._snapshot


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator at the same point, without reseeding from the system."""
    new = random.Random.__new__(type(rng))
    new.setstate(rng.getstate())
    return new


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
    if kind is random.Random or kind is SnapshotRandom:
        return copy_rng(value)  # not Random(): seeding from the system costs more
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


def planned_clone(state: Any, flat: tuple[str, ...] = (), nested: tuple[str, ...] = ()) -> Any:
    """An independent copy of `state` made by plan, far quicker than field-by-field copying: `flat`
    names the lists, dicts and sets of values (copied one level deep; a list's entries may be
    dicts the engine never changes once appended), `nested` the lists of such lists (two levels).
    Every other field is shared: values, tuples of values, and containers the engine only ever
    replaces whole, never changes in place (see unplanned_fields)."""
    fields = state.__dict__.copy()
    fields["actions"] = ActionLog.after(fields["actions"])
    fields["rng"] = copy_rng(fields["rng"])
    get = fields.get
    for key in flat:
        value = get(key)
        if value is not None:  # a field a later stage of the game makes may not be there yet
            fields[key] = value.copy()
    for key in nested:
        value = get(key)
        if value is not None:
            fields[key] = [v.copy() for v in value]
    new = object.__new__(type(state))
    new.__dict__ = fields
    return new


def _is_value(value: Any) -> bool:
    kind = type(value)
    return kind in _VALUES or (kind in (tuple, frozenset) and all(_is_value(v) for v in value))


def unplanned_fields(state: Any, flat: tuple[str, ...], nested: tuple[str, ...],
                     replaced: tuple[str, ...]) -> list[str]:
    """The fields planned_clone would share although they hold a changeable container: neither
    values nor named in `flat`, `nested`, or `replaced` (containers only ever replaced whole)."""
    planned = {"actions", "setup_events", "rng", *flat, *nested, *replaced}
    return sorted(k for k, v in state.__dict__.items() if k not in planned and not _is_value(v))
