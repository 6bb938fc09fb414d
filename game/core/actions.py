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
    engine's 1, though Python's True == 1 and 1.0 == 1 would let them through.

    Written as plain loops: every action a player or a replay makes goes through it."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is tuple or kind is list:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            inner = type(x)
            if inner is not type(y):
                return False
            if inner is tuple or inner is list or inner is dict:
                if not same_value(x, y):
                    return False
            elif x != y:
                return False
        return True
    if kind is dict:
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return a == b


def is_among(value: Any, choices: list) -> bool:
    """Is `value` one of `choices`, type for type (see same_value)? As fast as `in` when it is."""
    try:
        i = choices.index(value)
    except ValueError:
        return False
    return same_value(value, choices[i]) or any(same_value(value, c) for c in choices[i + 1:] if c == value)
