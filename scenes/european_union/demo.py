"""European Union matches frozen in a chosen moment, for screenshots, benchmarks and scene tests.

``demo_match(phase, seed)`` plays a seeded match with the normal bot choosing for
every seat (the human seat 0 included) until the wanted moment; seat 0 is the
viewer. The result does not depend on the language.
"""
from __future__ import annotations

from typing import Optional

from game.core.match import Match
from game.european_union import data as cards
from game.registry import GAMES

from ..demo import demo_seats, play_until

PHASES = ("bid", "order", "draft", "draft3", "keep", "discuss", "discuss_bot", "vote", "reveal", "parliament", "scoring", "over")
MAX_TRIES = 300


def _reached(phase: str, match: Match, last: list[dict]) -> bool:
    v = match.state.view(0)
    kinds = {e["type"] for e in last}
    mine = 0 in v["to_act"]
    others_done = all(p["has_bid"] or p["has_voted"] for p in v["players"] if p["seat"] != 0)
    if phase == "bid":
        return v["phase"] == "bid" and v["stage"] == "council" and v["round"] == 2 and mine and others_done
    if phase == "order":
        return v["phase"] == "order" and mine
    if phase == "draft":
        return v["phase"] == "draft" and v["stage"] == "council" and v["round"] >= 2 and mine
    if phase == "draft3":   # round 3's 28 member states, some taken already
        return v["phase"] == "draft" and v["stage"] == "council" and v["round"] == 3 and mine and \
            len(v["cards_left"]) <= len(cards.states_for_round(3)) - 3
    if phase == "keep":
        return v["phase"] == "keep" and mine
    if phase == "discuss":
        return v["phase"] == "discuss" and mine and v["round"] >= 2 and \
            v["current_bill"] != v["agenda"][0]
    if phase == "discuss_bot":   # a bot chairs the discussion, the people watch
        return v["phase"] == "discuss" and v["chair"] in match.bots and v["round"] >= 2 and \
            v["current_bill"] != v["agenda"][0]
    if phase == "vote":
        return v["phase"] == "vote" and mine and v["round"] >= 2 and others_done and \
            v["current_bill"] != v["agenda"][0]
    if phase == "reveal":
        return "votes" in kinds and v["round"] >= 2 and v["phase"] == "discuss"
    if phase == "parliament":
        return v["phase"] == "bid" and v["stage"] == "parliament" and v["round"] >= 2 and mine and others_done
    if phase == "scoring":
        return "scoring" in kinds and v["round"] == 3
    if phase == "over":
        return v["phase"] == "over"
    raise ValueError(f"unknown demo phase {phase!r}; choose from {', '.join(PHASES)}")


def demo_match(phase: str, seed: int = 1, n_players: int = 5, humans: int = 1,
               options: Optional[dict] = None) -> Match:
    """A match stopped at `phase` (see PHASES); seat 0 is human. Tries later seeds if one never gets there."""
    spec = GAMES["european_union"]
    opts = {"start_player": 0}
    opts.update(options or {})
    seats = demo_seats(n_players, humans, lambda i: "normal" if i % 2 else "easy")
    # The others act first, so seat 0 sees them done.
    return play_until(spec, seats, seed, MAX_TRIES, opts, lambda m, last: _reached(phase, m, last),
                      pick=lambda to_act: next((x for x in to_act if x != 0), to_act[0]))


def demo_scene(app, phase: str, seed: int = 1, **kw):
    """The table scene for a demo match, with the moment's overlay (vote reveal, round scoring) up."""
    from .table import EuropeanUnionTableScene
    match = demo_match(phase, seed, **kw)
    scene = EuropeanUnionTableScene(app, match)
    if phase == "reveal":
        scene.reveal_kind, scene.reveal_clock = "votes", 3600.0
        scene.rebuild()
    elif phase == "scoring":
        rnd = max(h["round"] for h in scene.view["history"])
        scene.open_scoring(rnd)
        scene.scoring.lines = 99
        scene.rebuild()
    elif phase in ("draft", "draft3", "order"):
        scene.reveal_kind, scene.reveal_clock = "bids", 3600.0
        scene.rebuild()
    return scene
