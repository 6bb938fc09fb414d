"""Matches frozen in a chosen moment, for screenshots, benchmarks and scene tests.

``demo_match(phase, seed)`` plays a seeded match with the normal bot choosing
for every seat (the human seat 0 included) until the wanted moment; the result
does not depend on the language.
"""
from __future__ import annotations

from typing import Optional

from game.core.match import Match, Seat
from game.registry import GAMES

PHASES = ("look", "layout", "peek", "vote", "reveal", "between", "over")
NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol", "張雅婷"]
MAX_TRIES = 200


def _seats(n: int, humans: int) -> list[Seat]:
    return [Seat(NAMES[i], "human" if i < humans else ("normal" if i % 2 else "easy")) for i in range(n)]


def _reached(phase: str, match: Match, last: list[dict]) -> bool:
    v = match.state.view(0)
    kinds = {e["type"] for e in last}
    if phase == "look":
        return v["phase"] == "look" and 0 in v["to_act"]
    if phase in ("layout", "peek"):
        return v["phase"] == "layout" and v["active"] == 0 and v["peeking_slot"] is None
    if phase == "vote":
        return v["phase"] == "vote" and 0 in v["to_act"]
    if phase == "reveal":
        return "votes" in kinds and v["phase"] == "layout"
    if phase == "between":
        return "battle" in kinds and v["phase"] == "look"
    if phase == "over":
        return v["phase"] == "over"
    raise ValueError(f"unknown demo phase {phase!r}; choose from {', '.join(PHASES)}")


def demo_match(phase: str, seed: int = 1, n_players: int = 5, humans: int = 1,
               options: Optional[dict] = None) -> Match:
    """A match stopped at `phase` (see PHASES); seat 0 is human. Tries later seeds if one never gets there."""
    spec = GAMES["xuanwu_gate"]
    opts = {"start_player": 0}
    if phase == "between":
        opts["variant"] = "scoring"
    opts.update(options or {})
    for s in range(seed, seed + MAX_TRIES):
        match = Match.new(spec, _seats(n_players, humans), seed=s, options=opts)
        deciders = {i: spec.bots["normal"](i, s) for i in range(n_players)}
        last: list[dict] = []
        while not _reached(phase, match, last):
            to_act = match.state.to_act()
            if not to_act:
                break
            seat = to_act[0]
            action = deciders[seat].choose(match.state.view(seat), match.state.legal_actions(seat))
            last = match.act(seat, action)
        else:
            if phase == "peek":
                match.act(0, ("peek", 0))
            if humans > 1:
                match.confirm_handoff(match.viewer() or 0)
            return match
    raise RuntimeError(f"no seed from {seed} reaches {phase!r}")


def demo_scene(app, phase: str, seed: int = 1, **kw):
    """The table scene for a demo match, with the moment's overlay (vote reveal, deal result) up."""
    from .table import XuanwuTableScene
    match = demo_match(phase, seed, **kw)
    scene = XuanwuTableScene(app, match)
    if phase == "reveal":
        scene.reveal_clock = 3600.0
    elif phase == "between":
        scene.deal_panel = True
    return scene
