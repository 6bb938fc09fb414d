"""The Wonderful Island's ceiling for the hard level: an all-seeing form of hard against normal.

The all-seeing bot plays each of its searches on the true state (every faction card, hand,
meeting card and the decks' order) instead of worlds dealt from what its seat has seen
(tools/ceiling.py). It is a measurement, not a game level.

    python tools/wi_ceiling.py --players 5 --games 200 [--seed 1]

Runs tools/ladder.py's ladder (one seat rotated, the rest normal) in this process (one worker).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling  # noqa: E402
from game.core.state import GameState  # noqa: E402
from game.wonderful_island.hard import HardBot  # noqa: E402


class AllSeeingBot(ceiling.SeesTruth, HardBot):
    def sample_world(self, view: dict, seat: int, rng) -> GameState:
        return self.truth.clone()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    return ceiling.run("wonderful_island", AllSeeingBot, args.players, args.games, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
