"""Matches frozen in a chosen moment, for screenshots, benchmarks and scene tests.

``demo_match(phase, seed)`` plays a seeded match with the normal bot choosing
for every seat (the human seat 0 included) until the wanted moment; the result
does not depend on the language.
"""
from __future__ import annotations

from typing import Optional

from game.core.match import Match
from game.registry import GAMES

from ..demo import demo_seats, play_until

PHASES = ("look", "layout", "peek", "vote", "reveal", "between", "over")
MAX_TRIES = 200


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
    seats = demo_seats(n_players, humans, lambda i: "normal" if i % 2 else "easy")
    match = play_until(spec, seats, seed, MAX_TRIES, opts, lambda m, last: _reached(phase, m, last))
    if phase == "peek":
        match.act(0, ("peek", 0))
    return match


def demo_scene(app, phase: str, seed: int = 1, **kw):
    """The table scene for a demo match, with the moment's overlay (vote reveal, deal result) up."""
    from .table import XuanwuTableScene
    match = demo_match(phase, seed, **kw)
    scene = XuanwuTableScene(app, match)
    if phase == "reveal":
        scene.reveal_clock = 3600.0
    elif phase == "between":
        scene.deal_due = True
    return scene
