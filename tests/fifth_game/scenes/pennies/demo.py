"""Matching Pennies matches stopped at a chosen moment, for screenshots and tests."""
from __future__ import annotations

from game.core.match import Match
from game.registry import GAMES

from ..demo import demo_seats, play_until

PHASES = ("pick", "over")


def demo_match(phase: str, seed: int = 1, n_players: int = 2, humans: int = 1) -> Match:
    if phase not in PHASES:
        raise ValueError(f"unknown demo phase {phase!r}; choose from {', '.join(PHASES)}")
    seats = demo_seats(n_players, humans, lambda i: "normal")
    return play_until(GAMES["pennies"], seats, seed, 50, {},
                      lambda m, last: m.state.is_over() if phase == "over" else 0 in m.state.to_act())


def demo_scene(app, phase: str, seed: int = 1, **kw):
    from .table import PenniesTableScene
    return PenniesTableScene(app, demo_match(phase, seed, **kw))
