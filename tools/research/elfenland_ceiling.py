"""The ceiling for Elfenland's hard level: the same search on the TRUE state (every hand, the
others' secret counters, the pile and the deck as they lie) instead of worlds dealt from what the
seat has seen. For measurement only, kept out of the game's levels.

    python tools/research/elfenland_ceiling.py --players N --games G [--reveal all|hands|secrets] [--known K] [--against normal]

It plays the all-seeing bot in one seat, rotated, against `--against` in the others, on
tools/ladder.py's ladder (tools/research/ceiling.py), so the two figures compare directly. Its searches end
with the planning, before any card or counter is dealt, so what the truth adds is the others'
hands and secret counters. --reveal hands or secrets is a diagnostic between hard and the
ceiling: the true state with the other hidden part dealt again at random (hands: the others'
secret counters, the pile and the returned counters; secrets: the others' hands, the deck and the
discard), so it shows which of the two the gap is in. --known K with --reveal hands keeps only K
of each other hand's cards as they are (a fresh K at random in every world) and deals the rest
from the cards the seat has not seen: how the worth of seeing a hand grows with how much of it is
seen, against how much of it reading the other's acts recovers (tools/research/elfenland_reading.py);
--shared prints how many of that hand's cards a world then has right.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling
from game.elfenland.hard import HardBot
from game.registry import GAMES

SPEC = GAMES["elfenland"]


class SeeingHard(ceiling.SeesTruth, HardBot):
    """hard searching the true state of its table (`truth`, handed over before each decision)."""

    keep = "all"

    known = None  # with keep "hands": how many of each other hand's cards it sees (None: all)

    def sample_world(self, view: dict, seat: int, rng: random.Random):
        return partial_world(self.truth, seat, rng, self.keep, self.known)


class SeeingHands(SeeingHard):
    """Sees the others' travel cards; their secret counters are dealt again."""
    keep = "hands"


class SeeingSecrets(SeeingHard):
    """Sees the others' secret counters; their travel cards are dealt again."""
    keep = "secrets"


REVEAL = {"all": SeeingHard, "hands": SeeingHands, "secrets": SeeingSecrets}


def seeing_part(known: int) -> type:
    """SeeingHands that sees only `known` cards of each other hand (which ones, at random)."""
    return type(f"SeeingHands{known}", (SeeingHands,), {"known": known})


def partial_world(truth, seat: int, rng: random.Random, keep: str = "all", known=None):
    """The true state (fresh dice), with the hidden part `keep` does not name dealt again at random
    over the same places and counts: "hands" deals the others' secret counters, the pile and the
    returned counters afresh; "secrets" the others' travel cards, the deck and the discard. With
    `known` (and "hands"), only that many of each other hand's cards are kept, the rest dealt again
    with the deck and the discard."""
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
        if known is not None:
            _redeal(world, others, rng, known)
    elif keep == "secrets":
        _redeal(world, others, rng, 0)
    world._legal = {}  # what is legal was worked out for the true hands and counters
    return world


def _redeal(world, others: list[int], rng: random.Random, known: int) -> None:
    """Deal each other hand again but for `known` of its cards (chosen at random; 0: the whole
    hand), from the cards the seat has not seen (those hands, the deck and the discard), every
    count kept."""
    kept, cards = {}, list(world.deck) + list(world.discard)
    for s in others:
        hand = [c for c, k in sorted(world.hands[s].items()) for _ in range(k)]
        rng.shuffle(hand)
        kept[s] = hand[:known]
        cards += hand[known:]
    rng.shuffle(cards)
    for s in others:
        size = sum(world.hands[s].values())
        world.hands[s] = dict.fromkeys(world.hands[s], 0)
        for c in kept[s] + cards[:size - len(kept[s])]:
            world.hands[s][c] += 1
        cards = cards[size - len(kept[s]):]
    k = len(world.discard)
    world.discard, world.deck = cards[:k], cards[k:]


def shared_cards(games: int = 12, turns: int = 6, worlds: int = 20, knowns=(0, 4, 6, 7, 8)) -> dict:
    """How many of the other hand's cards (out of 8) a world dealt with `known` cards seen has
    right, on average over the first `turns` planning turns of `games` 2-player games of normal
    bots, `worlds` worlds each."""
    from game.core.match import Match, Seat
    shared: dict = {k: [] for k in knowns}
    for seed in range(1, games + 1):
        match = Match.new(SPEC, [Seat("a", "normal"), Seat("b", "normal")], seed=seed)
        seen = 0
        while not match.state.is_over() and seen < turns:
            if match.state.phase == "plan":
                seat = match.bot_to_move()
                truth, other = match.state, 1 - seat
                size = max(1, sum(truth.hands[other].values()))
                for k in knowns:
                    for i in range(worlds):
                        w = partial_world(truth, seat, random.Random(i), "hands", k)
                        right = sum(min(n, truth.hands[other].get(c, 0)) for c, n in w.hands[other].items())
                        shared[k].append(8 * right / size)
                seen += 1
            match.step_bot()
    return {k: sum(v) / len(v) for k, v in shared.items()}


def main(argv=None) -> int:
    ap = ceiling.parser(SPEC.key, __doc__)
    ap.add_argument("--reveal", choices=sorted(REVEAL), default="all",
                    help="what of the truth the bot sees (all: the ceiling; hands or secrets: a diagnostic)")
    ap.add_argument("--known", type=int, default=None,
                    help="with --reveal hands: how many of each other hand's cards it sees (the rest dealt again)")
    ap.add_argument("--shared", action="store_true",
                    help="print how many of the other hand's 8 cards a world has right for each --known (2 players)")
    args = ap.parse_args(argv)
    if args.shared:
        for k, v in shared_cards().items():
            print(f"{k} cards seen: {v:.1f} of 8 right")
        return 0
    bot = REVEAL[args.reveal]
    if args.known is not None:
        if args.reveal != "hands" or not 0 <= args.known <= 8:
            ap.error("--known takes 0 to 8, with --reveal hands")
        bot = seeing_part(args.known)
    return ceiling.run(SPEC.key, bot, args.players, args.games, args.seed, args.against, workers=args.workers)


if __name__ == "__main__":
    raise SystemExit(main())
