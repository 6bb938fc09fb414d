"""Playouts per second, as a search does them: from a position, clone() the state and play random
legal actions to the end (as game/core/search.py's rollouts do: the engine's _apply on an action
taken from legal_actions, not apply's second legality check). Measured from positions at each tenth of a long game at the game's
largest table, with the engine's clone() and, in the same run, with a plain copy.deepcopy (what
clone() was before issue 13), so the gain is measured, not remembered."""
from __future__ import annotations

import copy
import random
import time

from game.registry import GAMES

# (game, its words, players, options): each game's largest table; Xuanwu as dealt (one deal) and
# its longest game (the scoring variant to 10).
TABLES = [("xuanwu_gate", "xuanwu", 7, {}), ("xuanwu_gate", "xuanwu scoring to 10", 7,
                                             {"variant": "scoring", "target": 10}),
          ("european_union", "european union", 7, {}), ("elfenland", "elfenland", 6, {}),
          ("wonderful_island", "wonderful island", 8, {})]


def roots(key: str, n: int, options: dict, seed: int = 3) -> list:
    """Positions at 0 %, 10 %, ... 90 % of one random game of `key` with n players."""
    spec = GAMES[key]
    rng = random.Random(seed)
    state = spec.new_game(n, seed, options)
    played = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        played.append((seat, action))
        state.apply(seat, action)
    out = []
    for k in range(10):
        st = spec.new_game(n, seed, options)
        for seat, action in played[:len(played) * k // 10]:
            st.apply(seat, action)
        out.append(st)
    return out


def playouts_per_s(positions: list, seconds: float, clone) -> float:
    """Playouts a second, round-robin over the positions."""
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = clone(positions[done % len(positions)])
        while not st.is_over():  # as game/core/search.py's rollout: legal actions once, then _apply
            seat = st.to_act()[0]
            action = rng.choice(st.legal_actions(seat))
            st._apply(seat, action)
            st.actions.append((seat, action))
        done += 1
    return done / (time.perf_counter() - start)


def _best_us(fn, repeat: int = 5, number: int = 20) -> float:
    """Microseconds per call, the best of a few runs (the machine is shared)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best * 1e6


def bench_clone(seconds: float) -> list[dict]:
    rows = []
    for key, label, n, options in TABLES:
        positions = roots(key, n, options)
        lean_us = _best_us(lambda: positions[-1].clone())
        deep_us = _best_us(lambda: copy.deepcopy(positions[-1]))
        lean = playouts_per_s(positions, seconds, lambda s: s.clone())
        deep = playouts_per_s(positions, seconds, copy.deepcopy)
        rows.append({"game": key, "label": label, "players": n, "clone_us": lean_us, "deepcopy_us": deep_us,
                     "actions_at_last_root": len(positions[-1].actions),
                     "playouts_per_s": lean, "deepcopy_playouts_per_s": deep, "gain": lean / deep})
    return rows
