"""The Wonderful Island's ceiling for the hard level: an all-seeing form of hard against normal.

The all-seeing bot plays each of its searches on the true state (every faction card, hand,
meeting card and the decks' order) instead of worlds dealt from what its seat has seen
(tools/research/ceiling.py). It is a measurement, not a game level.

    python tools/research/wi_ceiling.py --players 5 --games 200 [--seed 1] [--reveal all|factions] [--against normal]

--reveal factions is a diagnostic between hard and the ceiling: worlds are dealt from the seat's
view as hard deals them (hands, meeting cards, decks), but with every seat's true faction card,
so it shows how much of the gap is the camps alone. --reveal all+dice also hands every world the
table's own random generator, so its rollouts roll the dice the game is about to roll (the ceiling
as first measured; it sees the future, not only the hidden cards).

Runs tools/ladder.py's ladder (one seat rotated, the rest normal) in this process (one worker).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling
from game.core.state import GameState
from game.wonderful_island.hard import HardBot


class AllSeeingBot(ceiling.SeesTruth, HardBot):
    foresees_dice = False

    def sample_world(self, view: dict, seat: int, rng) -> GameState:
        world = self.truth.clone()
        if not self.foresees_dice:
            # The clone carries the table's own generator, whose next numbers are the dice the
            # game is about to roll: seeing hidden cards is the measurement, seeing the future
            # is not, so each world rolls its own dice (as a dealt world does; ceiling.true_world
            # does the same with another seed draw, kept here so the figures in docs/wonderful_island.md repeat).
            world.rng = random.Random(rng.randrange(2**31))
        return world


class DiceSeeingBot(AllSeeingBot):
    foresees_dice = True


class FactionsSeeingBot(ceiling.SeesTruth, HardBot):
    def sample_world(self, view: dict, seat: int, rng) -> GameState:
        world = super().sample_world(view, seat, rng)
        world.factions = list(self.truth.factions)
        return world


REVEAL = {"all": AllSeeingBot, "factions": FactionsSeeingBot, "all+dice": DiceSeeingBot}


def main(argv=None) -> int:
    ap = ceiling.parser("wonderful_island", __doc__, games=200)
    ap.add_argument("--reveal", choices=sorted(REVEAL), default="all",
                    help="what of the truth the bot sees: all hidden cards (all), those and the coming dice "
                         "(all+dice), or only the faction cards (factions)")
    args = ap.parse_args(argv)
    return ceiling.run("wonderful_island", REVEAL[args.reveal], args.players, args.games, args.seed,
                       args.against, workers=args.workers)


if __name__ == "__main__":
    raise SystemExit(main())
