"""Elfenland matches frozen in a chosen moment, for screenshots, benchmarks and scene tests.

``demo_match(phase, seed)`` plays a seeded match with bots choosing for every
seat (the human seat 0 included, as the "normal" bot if there is one, else the
easy one) until the wanted moment; the result does not depend on the language.
"""
from __future__ import annotations

from typing import Optional

from game.core.match import Match, Seat
from game.registry import GAMES

PHASES = ("draw", "plan", "move", "finish", "over")
NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol"]
MAX_TRIES = 100


def _level(spec) -> str:
    return "normal" if "normal" in spec.bots else "easy"


def _seats(spec, n: int, humans: int) -> list[Seat]:
    return [Seat(NAMES[i], "human" if i < humans else _level(spec)) for i in range(n)]


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
    for s in range(seed, seed + MAX_TRIES):
        match = Match.new(spec, _seats(spec, n_players, humans), seed=s, options=opts)
        level = _level(spec)
        deciders = {i: spec.bots[level](i, s) for i in range(n_players)}
        while not _reached(phase, match, min_round):
            to_act = match.state.to_act()
            if not to_act:
                break
            seat = to_act[0]
            action = deciders[seat].choose(match.state.view(seat), match.state.legal_actions(seat))
            match.act(seat, action)
        else:
            if humans > 1 and match.handoff_needed() is not None:
                match.confirm_handoff(match.handoff_needed())
            return match
    raise RuntimeError(f"no seed from {seed} reaches {phase!r}")


def demo_scene(app, phase: str, seed: int = 1, **kw):
    """The table scene for a demo match."""
    from .table import ElfenlandTableScene
    return ElfenlandTableScene(app, demo_match(phase, seed, **kw))
