"""Matches frozen at a chosen moment, for screenshots, benchmarks and scene tests.

Bots choose for every seat (the human seats too) from a seed until the moment
is reached; if a seed never gets there, the next one is tried. The result does
not depend on the language. Each game's scenes/<key>/demo.py says which
moments it has and how to recognise them.
"""
from __future__ import annotations

from typing import Callable, Optional

from game.core.match import Match, Seat, bot_seed_for
from game.core.spec import GameSpec

NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol", "張雅婷", "Dave"]


def demo_seats(n: int, humans: int, bot: Callable[[int], str]) -> list[Seat]:
    """Seats 0..humans-1 are people; the others bots of level bot(seat)."""
    return [Seat(NAMES[i], "human" if i < humans else bot(i)) for i in range(n)]


def play_until(spec: GameSpec, seats: list[Seat], seed: int, tries: int, options: Optional[dict],
               reached: Callable[[Match, list[dict]], bool],
               pick: Callable[[list[int]], int] = lambda to_act: to_act[0]) -> Match:
    """A match where reached(match, last events) holds, trying seeds from `seed` on."""
    level = "normal" if "normal" in spec.bots else "easy"
    for s in range(seed, seed + tries):
        match = Match.new(spec, seats, seed=s, options=options)
        deciders = {i: spec.bots[level](i, bot_seed_for(s)) for i in range(len(seats))}
        last: list[dict] = []
        while not reached(match, last):
            to_act = match.state.to_act()
            if not to_act:
                break
            seat = pick(to_act)
            last = match.act(seat, deciders[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
        else:
            if match.handoff_needed() is not None:  # the screen is already the viewer's
                match.confirm_handoff(match.handoff_needed())
            return match
    raise RuntimeError(f"no seed from {seed} to {seed + tries - 1} reaches that moment")
