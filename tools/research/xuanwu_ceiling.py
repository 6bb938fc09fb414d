"""The ceiling for Xuanwu's hard level: the same search on the TRUE state (every card and the votes
already cast, with fresh dice for later deals) instead of worlds sampled from what the seat saw.
For measurement only, kept out of the game's levels.

    python tools/research/xuanwu_ceiling.py --players N --games G [--option variant=scoring] [--against normal]

It plays the all-seeing bot in one seat, rotated, against `--against` in the others, on
tools/ladder.py's ladder (tools/research/ceiling.py), so the two figures compare directly.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling
from game.registry import GAMES
from game.xuanwu_gate.hard import HardBot

SPEC = GAMES["xuanwu_gate"]


class SeeingHard(ceiling.SeesTruth, HardBot):
    """hard searching the true state of its table (`truth`, handed over before each decision)."""

    def weigh(self, view: dict) -> None:
        pass  # no beliefs needed: the one world is the true one

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        return ceiling.true_world(self.truth, rng)


def main(argv=None) -> int:
    ap = ceiling.parser(SPEC.key, __doc__)
    ap.add_argument("--option", action="append", default=[], help="name=value, e.g. variant=scoring")
    args = ap.parse_args(argv)
    return ceiling.run(SPEC.key, SeeingHard, args.players, args.games, args.seed, args.against, args.option,
                       workers=args.workers)


if __name__ == "__main__":
    raise SystemExit(main())
