"""Playouts per second, as a search does them: from a position, clone() the state and play random
legal actions to the end (as game/core/search.py's rollouts do: the engine's _apply on an action
taken from legal_actions, not apply's second legality check). Measured from positions at each tenth
of a long game at the game's largest table, in alternating slices of the same run so that load
from elsewhere on the machine falls on every side alike:

- today's clone() against a plain copy.deepcopy of today's state (what clone() was before issue
  13): the gain of the clone alone;
- with a baseline commit (``--baseline COMMIT``; tools/bench.py uses BASELINE, the code before
  issue 13's work began): that commit's game/ and data, exported with ``git archive`` to a
  temporary folder, play the same loop in a subprocess from the positions of its own game with
  the same seed; its clone() is whatever that commit had (deepcopy then). Today's playouts per
  second over the baseline's is the whole gain a search sees: the clone and the faster rules.

    python tools/bench_clone.py                      # today's clone() / deepcopy
    python tools/bench_clone.py --baseline 5789296   # also against that commit
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The last commit before issue 13's speed work (clone() was copy.deepcopy, the rules unhurried).
BASELINE = "5789296"

# (game, its words, players, options): each game's largest table; Xuanwu as dealt (one deal) and
# its longest game (the scoring variant to 10).
TABLES = [("xuanwu_gate", "xuanwu", 7, {}), ("xuanwu_gate", "xuanwu scoring to 10", 7,
                                             {"variant": "scoring", "target": 10}),
          ("european_union", "european union", 7, {}), ("elfenland", "elfenland", 6, {}),
          ("wonderful_island", "wonderful island", 8, {})]
SLICE_S = 0.2


def roots(key: str, n: int, options: dict, seed: int = 3) -> list:
    """Positions at 0 %, 10 %, ... 90 % of one random game of `key` with n players."""
    from game.registry import GAMES  # imported here: a baseline worker puts its own game/ first
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


def playouts(positions: list, seconds: float, clone, rng: random.Random, start: int) -> tuple[int, int]:
    """Playouts done in `seconds`, round-robin over the positions from `start`, and the actions
    they played."""
    done = steps = 0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        st = clone(positions[(start + done) % len(positions)])
        before = len(st.actions)
        while not st.is_over():  # as game/core/search.py's rollout: legal actions once, then _apply
            seat = st.to_act()[0]
            action = rng.choice(st.legal_actions(seat))
            st._apply(seat, action)
            st.actions.append((seat, action))
        steps += len(st.actions) - before
        done += 1
    return done, steps


class _Side:
    """One way of playing: its playouts (and their actions) so far and the seconds they took."""

    def __init__(self, run) -> None:
        self.run, self.done, self.steps, self.seconds = run, 0, 0, 0.0

    def slice(self, seconds: float) -> None:
        done, steps, took = self.run(seconds, self.done)
        self.done += done
        self.steps += steps
        self.seconds += took

    def rate(self) -> float:
        return self.done / self.seconds if self.seconds else 0.0

    def step_rate(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def _local(positions: list, clone) -> _Side:
    rng = random.Random(1)

    def run(seconds: float, start: int) -> tuple[int, int, float]:
        t0 = time.perf_counter()
        done, steps = playouts(positions, seconds, clone, rng, start)
        return done, steps, time.perf_counter() - t0
    return _Side(run)


class Baseline:
    """A commit's game/ and data in a temporary folder, and a worker process per table on it."""

    def __init__(self, commit: str) -> None:
        self.commit = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout.strip()
        self._tmp = tempfile.TemporaryDirectory(prefix="sifang-baseline-")
        # The rules read their data from assets/data and (Elfenland) maps/.
        archive = subprocess.run(["git", "archive", self.commit, "game", "assets/data", "maps"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", self._tmp.name], input=archive, check=True)
        self.root = self._tmp.name

    def has(self, key: str) -> bool:
        return (Path(self.root) / "game" / key).is_dir()

    def side(self, key: str, n: int, options: dict) -> tuple[_Side, dict]:
        """A side whose slices the worker plays, and what the worker says of its positions."""
        proc = subprocess.Popen([sys.executable, __file__, "--worker", self.root, key, str(n), json.dumps(options)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = proc.stdout.readline()
        if not first:
            raise RuntimeError(f"the baseline worker for {key} ended before its positions were made")
        info = json.loads(first)

        def run(seconds: float, start: int) -> tuple[int, int, float]:
            proc.stdin.write(f"{seconds} {start}\n")
            proc.stdin.flush()
            done, steps, took = proc.stdout.readline().split()
            return int(done), int(steps), float(took)
        side = _Side(run)
        side.proc = proc  # type: ignore[attr-defined]
        return side, info

    def close(self) -> None:
        self._tmp.cleanup()


def _worker(root: str, key: str, n: int, options: dict) -> None:
    """Play slices on a baseline commit's code: "seconds start" in, "playouts seconds" out."""
    sys.path.insert(0, root)
    positions = roots(key, n, options)
    rng = random.Random(1)
    print(json.dumps({"actions_at_last_root": len(positions[-1].actions)}), flush=True)
    for line in sys.stdin:
        seconds, start = line.split()
        t0 = time.perf_counter()
        done, steps = playouts(positions, float(seconds), lambda s: s.clone(), rng, int(start))
        print(done, steps, time.perf_counter() - t0, flush=True)


def _best_us(fn, repeat: int = 5, number: int = 20) -> float:
    """Microseconds per call, the best of a few runs (the machine is shared)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best * 1e6


def bench_clone(seconds: float, baseline: str | None = None, only: tuple[str, ...] = ()) -> list[dict]:
    """Per table: playouts a second with clone() and deepcopy (and the baseline commit's code),
    `seconds` of each side, measured in alternating slices."""
    base = Baseline(baseline) if baseline else None
    rows = []
    try:
        for key, label, n, options in TABLES:
            if only and key not in only:
                continue
            positions = roots(key, n, options)
            lean_us = _best_us(lambda: positions[-1].clone())
            deep_us = _best_us(lambda: copy.deepcopy(positions[-1]))
            sides = {"lean": _local(positions, lambda s: s.clone()), "deep": _local(positions, copy.deepcopy)}
            row = {"game": key, "label": label, "players": n, "clone_us": lean_us, "deepcopy_us": deep_us,
                   "actions_at_last_root": len(positions[-1].actions)}
            if base is not None:
                if base.has(key):
                    sides["base"], info = base.side(key, n, options)
                    row["baseline_actions_at_last_root"] = info["actions_at_last_root"]
                else:
                    row["baseline_missing"] = True
            try:
                while sides["lean"].seconds < seconds:
                    for side in sides.values():
                        side.slice(SLICE_S)
            finally:
                if "base" in sides:
                    sides["base"].proc.stdin.close()  # type: ignore[attr-defined]
                    sides["base"].proc.wait()  # type: ignore[attr-defined]
            lean, deep = sides["lean"].rate(), sides["deep"].rate()
            row.update(playouts_per_s=lean, deepcopy_playouts_per_s=deep, gain=lean / deep)
            if "base" in sides:
                # Where a rule was changed since, the baseline's game differs (its length too): the
                # playouts' actions a second compare the same work whatever the games' lengths.
                row.update(baseline=base.commit, baseline_playouts_per_s=sides["base"].rate(),
                           baseline_gain=lean / sides["base"].rate(),
                           baseline_step_gain=sides["lean"].step_rate() / sides["base"].step_rate())
            rows.append(row)
    finally:
        if base is not None:
            base.close()
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of playouts on each side per table")
    parser.add_argument("--baseline", help=f"also against this commit's code (e.g. {BASELINE})")
    parser.add_argument("--games", default="", help="comma list of game keys (default: all)")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        root, key, n, options = args.worker
        _worker(root, key, int(n), json.loads(options))
        return 0
    sys.path.insert(0, str(ROOT))
    only = tuple(g for g in args.games.split(",") if g)
    for r in bench_clone(args.seconds, args.baseline, only):
        line = (f"{r['label']} ({r['players']}): clone() {r['playouts_per_s']:,.0f} playouts/s, deepcopy "
                f"{r['deepcopy_playouts_per_s']:,.0f}: {r['gain']:.2f}x")
        if "baseline_gain" in r:
            line += (f"; {r['baseline']} {r['baseline_playouts_per_s']:,.0f}: {r['baseline_gain']:.2f}x,"
                     f" their actions a second {r['baseline_step_gain']:.2f}x"
                     f" (its game: {r['baseline_actions_at_last_root']} actions at the last tenth,"
                     f" today's {r['actions_at_last_root']})")
        elif r.get("baseline_missing"):
            line += "; not in the baseline commit"
        print(line + f"; one clone late in the game {r['clone_us']:.0f} us, deepcopy {r['deepcopy_us']:.0f} us",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
