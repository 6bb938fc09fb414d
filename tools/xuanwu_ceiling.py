"""The ceiling for Xuanwu's hard level: the same search on the TRUE state (every card and the votes
already cast, with fresh dice for later deals) instead of worlds sampled from what the seat saw.
For measurement only, kept out of the game's levels.

    python tools/xuanwu_ceiling.py --players N --games G [--option variant=scoring] [--against normal]

It plays the all-seeing bot in one seat, rotated, against `--against` in the others, on the same
game seeds as tools/ladder.py, and prints its win share against the fair share with a 95 %
interval, as the ladder does, so the two figures compare directly.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.ladder import wilson  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.selfplay import MAX_ACTIONS, game_seeds  # noqa: E402
from game.registry import GAMES  # noqa: E402
from game.xuanwu_gate.hard import HardBot  # noqa: E402

SPEC = GAMES["xuanwu_gate"]


class SeeingHard(HardBot):
    """hard searching the true state of its table (`match`, set before it plays)."""

    match: Match = None

    def weigh(self, view: dict) -> None:
        pass  # no beliefs needed: the one world is the true one

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        world = self.match.state.clone()
        world.rng = random.Random(rng.getrandbits(32))  # the next deals' shuffles stay unknown
        return world


def play(n: int, seed: int, seeing: int, against: str, options: dict) -> list[int]:
    """One game, the all-seeing bot in seat `seeing`; its winners."""
    seats = [Seat(f"{against} {i + 1}", against) for i in range(n)]
    match = Match.new(SPEC, seats, seed=seed, options=options)
    bot = SeeingHard(seeing, match.state.seed)
    bot.match = match
    match.bots[seeing] = bot
    for _ in range(MAX_ACTIONS):
        if match.state.is_over() or not match.step_bot():
            break
    return sorted(set(match.state.winners())) if match.state.is_over() else []


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", default="normal", choices=[k for k in SPEC.bots if k != "hard"])
    ap.add_argument("--option", action="append", default=[], help="name=value, e.g. variant=scoring")
    args = ap.parse_args(argv)
    options = {k: int(v) if v.isdigit() else v for k, v in (o.split("=", 1) for o in args.option)}
    options = SPEC.check_options(args.players, options)
    start = time.perf_counter()
    won = 0.0
    for i, seed in enumerate(game_seeds(args.seed, args.games)):
        winners = play(args.players, seed, i % args.players, args.against, options)
        if i % args.players in winners:
            won += 1.0 / len(winners)
    fair = 1.0 / args.players
    lo, hi = wilson(won, args.games)
    print(f"xuanwu_gate, {args.players} players, {args.games} games, {options}: all-seeing hard in one seat "
          f"(rotated), {args.against} elsewhere")
    print(f"  all-seeing hard wins {100 * won / args.games:.1f} % (95 % interval {100 * lo:.1f}-{100 * hi:.1f}), "
          f"fair share {100 * fair:.1f} %: {won / args.games / fair:.2f}x fair ({lo / fair:.2f}-{hi / fair:.2f})")
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
