"""The coach's times: a hint (the search from a seat's views, as the table asks it) and the review
of a whole game (every decision of one seat), per game, beside their goals.

    python tools/bench_coach.py [--positions 20] [--games xuanwu_gate,...] [--players max|min|N]

Hints: positions where a person has a real choice, in games of normal bots at the table size asked
(the largest by default), the CPU and wall seconds of each hint worked out on the worker thread;
goal about 2 s. Reviews: one finished game per table, the seat of the first person reviewed in
this process (the app runs it in a process of its own); goal: a 200-decision game within 3 minutes,
so the figure is also given per 200 decisions.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.hints import HintJob
from game.core.match import Match, Seat
from game.core.review import review
from game.registry import GAMES

HINT_GOAL = 2.0
REVIEW_GOAL = 180.0  # seconds for 200 decisions


def players_for(spec, which: str) -> int:
    return spec.max_players if which == "max" else spec.min_players if which == "min" else int(which)


def bench(game: str, positions: int, which: str) -> None:
    spec = GAMES[game]
    n = players_for(spec, which)
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)], seed=101)
    me = spec.bots["normal"](0, "ann")
    cpu, wall = [], []
    asked = 0
    while not match.state.is_over():
        if 0 not in match.state.to_act():
            match.step_bot()
            continue
        legal = match.state.legal_actions(0)
        if len(legal) > 1 and asked < positions:
            t0, c0 = time.perf_counter(), time.process_time()
            job = HintJob(match, 0)
            job.wait()
            wall.append(time.perf_counter() - t0)
            cpu.append(job.hint.seconds if job.hint is not None else time.process_time() - c0)
            asked += 1
        match.act(0, me.choose(match.state.view(0), legal))
    t0, c0 = time.perf_counter(), time.process_time()
    result = review(spec, match.to_save(), 0)
    took, took_cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = len(result.decisions) + result.skipped
    per200 = took / max(1, decisions) * 200
    print(f"{game:17s} {n}p  hint: {len(wall)} positions, median {statistics.median(wall):.2f} s, "
          f"max {max(wall):.2f} s wall (CPU median {statistics.median(cpu):.2f}, max {max(cpu):.2f}), "
          f"goal ~{HINT_GOAL:.0f} s  |  review: {decisions} decisions in {took:.1f} s (CPU {took_cpu:.1f} s) "
          f"({per200:.0f} s per 200, goal {REVIEW_GOAL:.0f} s)", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--players", default="max")
    args = ap.parse_args(argv)
    for game in args.games.split(","):
        bench(game, args.positions, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
