"""The ceiling for Elfenland's hard level: the same search on the TRUE state (every hand, the
others' secret counters, the pile and the deck as they lie) instead of worlds dealt from what the
seat has seen. For measurement only, kept out of the game's levels.

    python tools/elfenland_ceiling.py --players N --games G [--against normal]

It plays the all-seeing bot in one seat, rotated, against `--against` in the others, on
tools/ladder.py's ladder (tools/ceiling.py), so the two figures compare directly. Its searches end
with the planning, before any card or counter is dealt, so what the truth adds is the others'
hands and secret counters.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling  # noqa: E402
from game.elfenland.hard import HardBot  # noqa: E402
from game.registry import GAMES  # noqa: E402

SPEC = GAMES["elfenland"]


class SeeingHard(ceiling.SeesTruth, HardBot):
    """hard searching the true state of its table (`truth`, handed over before each decision)."""

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        return ceiling.true_world(self.truth, rng)


def main(argv=None) -> int:
    args = ceiling.parser(SPEC.key, __doc__).parse_args(argv)
    return ceiling.run(SPEC.key, SeeingHard, args.players, args.games, args.seed, args.against)


if __name__ == "__main__":
    raise SystemExit(main())
