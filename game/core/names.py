"""Seat names and kinds, cleaned the same way wherever they come from (the setup form or a file)."""
from __future__ import annotations

from typing import Callable

from .i18n import LANGS, Translator

HUMAN = "human"
NAME_LEN = 16  # what the setup's name field takes

# Which characters the screen's fonts can draw. The model cannot ask the fonts itself (it never
# touches the screen), so the app tells it once at start (scenes/ui/glyphs.py's drawable); until
# then, and in a bots-only run, every printable character is kept.
def _every_character(ch: str) -> bool:
    return True


_drawable: Callable[[str], bool] = _every_character


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


# -- the names nobody typed ----------------------------------------------------------------------------
# A seat left unnamed is called by its number in the language of the screen ("Player 2", "玩家2"). Such
# a name is saved as it was shown, so wherever a name is shown it is checked against every language's
# default for its seat and, if it is one, shown in today's language; any other name stays as typed.
DEFAULT_NAME_KEY = "setup.default_name"


def default_name(t: Callable[..., str], seat: int) -> str:
    """The name of seat `seat` (0-based) when nobody typed one, in the language of translator `t`."""
    return t(DEFAULT_NAME_KEY, n=seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    """Is `name` the name seat `seat` gets when nobody types one, in any language of the app?"""
    return any(name.strip() == default_name(Translator(lang), seat) for lang in LANGS)


def shown_name(name: str, seat: int, t: Callable[..., str]) -> str:
    """The name to show for seat `seat`: a default name in t's language, a typed name as typed."""
    return default_name(t, seat) if is_default_name(name, seat) else name


def name_seats_in(t: Callable[..., str], seats: list) -> None:
    """Give each seat (anything with a .name) whose name is a default one that name in t's language."""
    for i, seat in enumerate(seats):
        seat.name = shown_name(seat.name, i, t)
