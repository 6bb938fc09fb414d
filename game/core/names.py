"""Seat names and kinds, cleaned the same way wherever they come from (the setup form or a file)."""
from __future__ import annotations

HUMAN = "human"
NAME_LEN = 16  # what the setup's name field takes


def clean_name(raw: str) -> str:
    """Printable characters only (no NUL, control characters or lone surrogates), trimmed and capped,
    so a name from a hand-edited file can never make drawing or saving fail. May return ""."""
    return "".join(ch for ch in raw if ch.isprintable()).strip()[:NAME_LEN].strip()
