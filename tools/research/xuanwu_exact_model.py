"""How far a search that does not see the cards can go against easy at Xuanwu: hard's search,
handed the exact model of the easy level. For measurement only, kept out of the game's levels.

    python tools/research/xuanwu_exact_model.py --players 5 --games 2000 [--seeds 1-2] [--iterations 240]

The easy level plays at random, so nothing it does tells where the cards are: this bot weighs
every placement of the cards it has not seen alike (the exact odds against random players, where
normal reads the table's acts as telling something), draws the votes already cast this round at
even odds, and plays the other seats of its playouts at random, as easy does; its own later turns
in a playout are played on what it has seen (playout.py), as hard's are. What it wins against easy
is the most this kind of search wins there without seeing the cards; the normal level's share
against easy (tools/ladder.py) is read against it. It runs on tools/ladder.py's ladder, on the
same game seeds.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling
from game.core.actions import Action
from game.registry import GAMES
from game.xuanwu_gate import beliefs, sampler
from game.xuanwu_gate.bots import NormalBot
from game.xuanwu_gate.hard import HardBot
from game.xuanwu_gate.playout import knowing_policy

SPEC = GAMES["xuanwu_gate"]
LEVEL = "exact-model"


def even(weighed: list) -> list:
    """The same placements, every one equally likely."""
    return [(w, 1.0 / len(weighed)) for w, _p in weighed]


class EvenNormal(NormalBot):
    """normal, weighing every placement alike (its first guess in the search)."""

    def _worlds(self, view: dict) -> list:
        return even(super()._worlds(view))


class ExactModel(HardBot):
    """hard's search with easy's exact model: even odds on the cards, random others (module docstring)."""

    level = LEVEL

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = EvenNormal(seat, seed)

    def weigh(self, view: dict) -> None:
        rng = random.Random(self.rng.getrandbits(32))
        self._weighed = even(beliefs.worlds(view, self.normal.memory, rng, sampler.SAMPLES))

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        world = super().sample_world(view, seat, rng)
        for s in world.votes:  # a random player's vote says nothing of its card
            if s != seat:
                world.votes[s] = "battle" if rng.random() < 0.5 else "wait"
        return world

    def rollout_policy(self, state, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if seat == self.seat:
            return knowing_policy(state, seat, legal, rng)
        return legal[rng.randrange(len(legal))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default=None, help="several seeds, as tools/ladder.py takes them")
    ap.add_argument("--iterations", type=int, default=HardBot.iterations, help="rollouts per decision")
    ap.add_argument("--margin", type=float, default=HardBot.margin,
                    help="how much another play must beat normal's by (hard's margin by default)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--option", action="append", default=["variant=basic"], help="name=value")
    args = ap.parse_args(argv)
    if args.iterations < 1 or args.margin < 0:
        ap.error("--iterations must be at least 1 and --margin not below 0")
    ExactModel.iterations = args.iterations
    ExactModel.margin = args.margin
    return ceiling.measured_ladder(SPEC.key, LEVEL, ExactModel, "easy", args.players, args.games,
                                   args.seeds or str(args.seed), args.workers, args.option)


if __name__ == "__main__":
    raise SystemExit(main())
