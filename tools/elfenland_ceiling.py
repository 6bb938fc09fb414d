"""The ceiling for Elfenland's hard level: the same search on the TRUE state (every hand, the
others' secret counters, the pile and the deck as they lie) instead of worlds dealt from what the
seat has seen. For measurement only, kept out of the game's levels.

    python tools/elfenland_ceiling.py --players N --games G [--reveal all|hands|secrets] [--against normal]

It plays the all-seeing bot in one seat, rotated, against `--against` in the others, on
tools/ladder.py's ladder (tools/ceiling.py), so the two figures compare directly. Its searches end
with the planning, before any card or counter is dealt, so what the truth adds is the others'
hands and secret counters. --reveal hands or secrets is a diagnostic between hard and the
ceiling: the true state with the other hidden part dealt again at random (hands: the others'
secret counters, the pile and the returned counters; secrets: the others' hands, the deck and the
discard), so it shows which of the two the gap is in.
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

    keep = "all"

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        return partial_world(self.truth, seat, rng, self.keep)


class SeeingHands(SeeingHard):
    """Sees the others' travel cards; their secret counters are dealt again."""
    keep = "hands"


class SeeingSecrets(SeeingHard):
    """Sees the others' secret counters; their travel cards are dealt again."""
    keep = "secrets"


REVEAL = {"all": SeeingHard, "hands": SeeingHands, "secrets": SeeingSecrets}


def partial_world(truth, seat: int, rng: random.Random, keep: str = "all"):
    """The true state (fresh dice), with the hidden part `keep` does not name dealt again at random
    over the same places and counts: "hands" deals the others' secret counters, the pile and the
    returned counters afresh; "secrets" the others' travel cards, the deck and the discard."""
    world = ceiling.true_world(truth, rng)
    others = [s for s in range(world.n_players) if s != seat]
    if keep == "hands":
        pool = [c for s in others for c in world.secret[s]] + world.pile + world.returned
        rng.shuffle(pool)
        for s in others:
            k = len(world.secret[s])
            world.secret[s], pool = pool[:k], pool[k:]
        k = len(world.pile)
        world.pile, world.returned = pool[:k], pool[k:]
    elif keep == "secrets":
        cards = [c for s in others for c, k in world.hands[s].items() for _ in range(k)]
        cards += world.deck + world.discard
        rng.shuffle(cards)
        for s in others:
            size = sum(world.hands[s].values())
            world.hands[s] = dict.fromkeys(world.hands[s], 0)
            for c in cards[:size]:
                world.hands[s][c] += 1
            cards = cards[size:]
        k = len(world.discard)
        world.discard, world.deck = cards[:k], cards[k:]
    world._legal = {}  # what is legal was worked out for the true hands and counters
    return world


def main(argv=None) -> int:
    ap = ceiling.parser(SPEC.key, __doc__)
    ap.add_argument("--reveal", choices=sorted(REVEAL), default="all",
                    help="what of the truth the bot sees (all: the ceiling; hands or secrets: a diagnostic)")
    args = ap.parse_args(argv)
    return ceiling.run(SPEC.key, REVEAL[args.reveal], args.players, args.games, args.seed, args.against)


if __name__ == "__main__":
    raise SystemExit(main())
