"""How big a save may be: measured caps from assets/data/save_caps.json (tools/measure_save_caps.py).

A record longer than FACTOR x the longest of thousands of random games, or a file larger than
FACTOR x the largest such save, is no real game: it is refused before it is read or replayed.
"""
from __future__ import annotations

import json
from functools import lru_cache

from .paths import resource_path

# Until a game is measured (a new game), these keep the loader bounded all the same.
FALLBACK_ACTIONS = 50_000
FALLBACK_FILE_BYTES = 8 * 1024 * 1024


@lru_cache(maxsize=1)
def _caps() -> dict:
    try:
        data = json.loads(resource_path("assets", "data", "save_caps.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def max_actions(game: str) -> int:
    entry = _caps().get("games", {}).get(game, {})
    value = entry.get("max_actions") if isinstance(entry, dict) else None
    return value if isinstance(value, int) and value > 0 else FALLBACK_ACTIONS


def max_file_bytes() -> int:
    value = _caps().get("max_file_bytes")
    return value if isinstance(value, int) and value > 0 else FALLBACK_FILE_BYTES


def max_journal_bytes() -> int:
    """How much of a save's journal is read: a journal is dropped (its record written whole) once it
    is as large as its record, so a real one never outgrows the largest record; past this, only the
    lines within it are read."""
    return max_file_bytes()
