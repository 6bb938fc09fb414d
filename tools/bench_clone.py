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


def playouts(positions: list, seconds: float, clone, rng: random.Random, start: int) -> int:
    """Playouts done in `seconds`, round-robin over the positions from `start`."""
    done = 0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        st = clone(positions[(start + done) % len(positions)])
        while not st.is_over():  # as game/core/search.py's rollout: legal actions once, then _apply
            seat = st.to_act()[0]
            action = rng.choice(st.legal_actions(seat))
            st._apply(seat, action)
            st.actions.append((seat, action))
        done += 1
    return done


def compare(positions: list, seconds: float, slice_s: float = 0.2) -> tuple[float, float]:
    """Playouts a second with clone() and with deepcopy, measured in alternating slices so that
    load from elsewhere on the machine falls on both alike."""
    rng_a, rng_b = random.Random(1), random.Random(1)
    lean = deep = 0
    t_lean = t_deep = 0.0
    while t_lean + t_deep < seconds:
        t0 = time.perf_counter()
        lean += playouts(positions, slice_s, lambda s: s.clone(), rng_a, lean)
        t1 = time.perf_counter()
        deep += playouts(positions, slice_s, copy.deepcopy, rng_b, deep)
        t_lean, t_deep = t_lean + t1 - t0, t_deep + time.perf_counter() - t1
    return lean / t_lean, deep / t_deep


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
        lean, deep = compare(positions, 2 * seconds)
        rows.append({"game": key, "label": label, "players": n, "clone_us": lean_us, "deepcopy_us": deep_us,
                     "actions_at_last_root": len(positions[-1].actions),
                     "playouts_per_s": lean, "deepcopy_playouts_per_s": deep, "gain": lean / deep})
    return rows
