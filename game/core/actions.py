"""Actions are tuples of str/int/None; JSON turns them into lists, this turns them back."""
from __future__ import annotations

from typing import Any

Action = tuple


MAX_DEPTH = 8  # actions are small values; anything nested deeper is not one


def to_action(value: Any, _depth: int = 0) -> Action:
    """Return the immutable form of an action read from JSON (lists become tuples)."""
    if _depth > MAX_DEPTH:
        raise TypeError("an action cannot be nested so deeply")
    if isinstance(value, (list, tuple)):
        return tuple(to_action(v, _depth + 1) if isinstance(v, (list, tuple)) else v for v in value)
    return (value,)


def to_json(action: Action) -> list:
    return [to_json(v) if isinstance(v, tuple) else v for v in action]


def same_value(a: Any, b: Any) -> bool:
    """Equal and of exactly the same types all the way down: JSON's true, 1.0 or "1" is not the
    engine's 1, though Python's True == 1 and 1.0 == 1 would let them through."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return a == b


def is_among(value: Any, choices: list) -> bool:
    """Is `value` one of `choices`, type for type (see same_value)?"""
    return any(same_value(value, c) for c in choices if c == value)
