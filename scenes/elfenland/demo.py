"""Elfenland matches frozen in a chosen moment, for screenshots, benchmarks and scene tests.

``demo_match(phase, seed)`` plays a seeded match with bots choosing for every
seat (the human seat 0 included, as the "normal" bot if there is one, else the
easy one) until the wanted moment; the result does not depend on the language.
"""
from __future__ import annotations

from typing import Optional

from game.core.match import Match
from game.registry import GAMES

from ..demo import demo_seats, play_until

PHASES = ("draw", "plan", "move", "finish", "over")
MAX_TRIES = 100


def _reached(phase: str, match: Match, min_round: int) -> bool:
    st = match.state
    v = st.view(0)
    if phase == "over":
        return v["phase"] == "over"
    if v["phase"] != phase or 0 not in v["to_act"] or v["round"] < min_round:
        return False
    legal = st.legal_actions(0)
    if phase == "draw":
        return v["players"][0]["drawn"] >= 1
    if phase == "plan":
        return len(v["counters"]) >= v["n_players"] and any(a[0] == "place" for a in legal)
    if phase == "move":
        return sum(1 for a in legal if a[0] == "move") >= 3 and len({a[1] for a in legal if a[0] == "move"}) >= 2
    if phase == "finish":
        return v["players"][0]["discard_left"] > 0 or v["players"][0]["keep_pending"]
    raise ValueError(f"unknown demo phase {phase!r}; choose from {', '.join(PHASES)}")


def demo_match(phase: str, seed: int = 1, n_players: int = 4, humans: int = 1,
               options: Optional[dict] = None, min_round: Optional[int] = None) -> Match:
    """A match stopped at `phase` (see PHASES); seat 0 is human. Tries later seeds if one never gets there."""
    if phase not in PHASES:
        raise ValueError(f"unknown demo phase {phase!r}; choose from {', '.join(PHASES)}")
    spec = GAMES["elfenland"]
    opts = {"start_player": 0}
    opts.update(options or {})
    if min_round is None:
        min_round = 2 if phase in ("plan", "move") else 1
    level = "normal" if "normal" in spec.bots else "easy"
    seats = demo_seats(n_players, humans, lambda i: level)
    return play_until(spec, seats, seed, MAX_TRIES, opts, lambda m, last: _reached(phase, m, min_round))


def demo_scene(app, phase: str, seed: int = 1, **kw):
    """The table scene for a demo match."""
    from .table import ElfenlandTableScene
    return ElfenlandTableScene(app, demo_match(phase, seed, **kw))
