"""Seat names and kinds, cleaned the same way wherever they come from (the setup form or a file)."""
from __future__ import annotations

from typing import Callable

HUMAN = "human"
NAME_LEN = 16  # what the setup's name field takes

# Which characters the screen's fonts can draw. The model cannot ask the fonts itself (it never
# touches the screen), so the app tells it once at start (scenes/ui/glyphs.py's drawable); until
# then, and in a bots-only run, every printable character is kept.
_drawable: Callable[[str], bool] = lambda ch: True


def set_drawable(test: Callable[[str], bool]) -> None:
    """Keep in names only the characters `test` accepts, as the setup's name field does."""
    global _drawable
    _drawable = test


def clean_name(raw: str) -> str:
    """Printable characters the fonts can draw only (no NUL, control characters, lone surrogates or
    characters that would show as an empty box), trimmed and capped, so a name from a hand-edited
    file can never make drawing or saving fail, nor show what the setup would have refused.
    May return ""."""
    return "".join(ch for ch in raw if ch.isprintable() and _drawable(ch)).strip()[:NAME_LEN].strip()
