"""A hint said to the person who asked: their move in the second person ("Swap the left centre card
with Bo's card", not "Ann swapped ...") and, where the game can tell one, a reason they can check on
the table ("you keep your secret counter for the mountain road").

The words are the log's (game/<game>/describe.py) with each line's key looked up first as its
"you" twin (assets/i18n/*/advice.json: <game>.log.<what> -> <game>.you.<what>, the same fields).
The reasons are each game's (game/<game>/advice.py: reason(bot, view, action)), from what the
seat has seen only (its view and the hint's bot, which took in its earlier views).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Optional

from .actions import Action
from .i18n import table


class SaidToYou:
    """A translator that says a log line to its seat: the key's ".you." twin where there is one."""

    def __init__(self, t) -> None:
        self.t = t
        self.lang = getattr(t, "lang", "en")

    def __call__(self, key: str, **kw: Any) -> str:
        if ".log." in key:
            you = key.replace(".log.", ".you.", 1)
            if you in table(self.lang) or you in table("en"):
                return self.t(you, **kw)
        return self.t(key, **kw)

    def __getattr__(self, name: str) -> Any:  # t.name, t.lang, ...: the wrapped translator's
        return getattr(self.t, name)


def reason(game: str, bot, view: dict, action: Action) -> Optional[Callable[[Any, list], str]]:
    """Why the move is good, as words to be said (a function of the translator and the seats'
    names), in terms the seat can check on what it has seen; None where the game gives none for this kind of
    move. `bot` is the hint's search, brought up to what the seat has seen (its memory: the
    cards it saw, where they went)."""
    try:
        module = importlib.import_module(f"game.{game}.advice")
    except ImportError:
        return None
    return module.reason(bot, view, tuple(action))


def said(game: str, action: Action, t, names: list) -> Optional[str]:
    """The move in full, where the game's log line would hide what tells it apart (a secret card
    passed face down); None: the log's words, said to you, are enough."""
    try:
        module = importlib.import_module(f"game.{game}.advice")
    except ImportError:
        return None
    words = getattr(module, "said", None)
    return words(tuple(action), t, names) if words is not None else None


def distinct(game: str, view: dict, legal: list) -> list:
    """The legal moves with one of each set that are the same choice (two face-up counters of one
    kind), by the game's `distinct(view, legal)`: a hint weighs and shows a choice once."""
    try:
        module = importlib.import_module(f"game.{game}.advice")
    except ImportError:
        return list(legal)
    same = getattr(module, "distinct", None)
    return same(view, list(legal)) if same is not None else list(legal)


def measured_equal(game: str, bot, view: dict, legal: list) -> Optional[Callable[[Any, list], str]]:
    """Where the kind of decision was measured (tools/calibrate_coach.py, docs/coach.md) to have the
    search's first choice play out no better than its second, the words that say so (the game's
    `measured_equal(bot, view, legal)`, `bot` the hint's search brought up to what the seat has seen):
    the hint calls the moves about equal and says why; else None."""
    try:
        module = importlib.import_module(f"game.{game}.advice")
    except ImportError:
        return None
    equal = getattr(module, "measured_equal", None)
    return equal(bot, view, [tuple(a) for a in legal]) if equal is not None else None


def measured_better(game: str, bot: Callable[[], Any], view: dict,
                    legal: list) -> Optional[tuple[Action, Callable[[Any, list], str]]]:
    """Where a kind of decision turns on something the search cannot weigh (the worth of what a
    peek shows: it plays each world it deals with every card open) and one move was measured to
    play out better (docs/coach.md), that move and the words that say what the suggestion rests on
    (the game's `measured_better(bot, view, legal)`); else None. `bot()` gives the hint's bot
    brought up to what the seat has seen, made only for a game that has such a decision."""
    try:
        module = importlib.import_module(f"game.{game}.advice")
    except ImportError:
        return None
    better = getattr(module, "measured_better", None)
    return better(bot(), view, [tuple(a) for a in legal]) if better is not None else None
