"""Actions are tuples of str/int/None; JSON turns them into lists, this turns them back."""
from __future__ import annotations

from typing import Any

Action = tuple


def to_action(value: Any) -> Action:
    """Return the immutable form of an action read from JSON (lists become tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(to_action(v) if isinstance(v, (list, tuple)) else v for v in value)
    return (value,)


def to_json(action: Action) -> list:
    return [to_json(v) if isinstance(v, tuple) else v for v in action]
