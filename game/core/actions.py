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
