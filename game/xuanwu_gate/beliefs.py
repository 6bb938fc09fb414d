"""What one Xuanwu seat can believe about where the cards lie, from what it saw and what the
others did in public.

A seat remembers the cards it saw (its own card at the deal, each centre card it peeked) and
follows the public swaps to know where they are now. The other cards could lie anywhere else;
a placement of them (a *world*) is weighed by how well it explains the others' public acts,
read as a player who mostly plays for itself would play them:

* taking a centre card in (swap_own): the card taken usually wins with the centre it leaves;
* swapping another seat's card into the centre: the swapper's own card usually wins better after;
* keeping (putting the card back) while knowing its own card: its own card usually wins;
* voting battle: its card usually wins at that moment; waiting: it usually does not.

Each act moves a world's weight by a modest factor only, since a careless (or random) player's
acts say little. Reads nothing but the view and the seat's own memory.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from itertools import permutations
from typing import Optional

from . import data as cards

Place = tuple  # ("seat", i) or ("centre", j)

# How much more likely an act is when it serves the actor than when it does not.
TAKE_GOOD = 0.68     # swap_own: the card taken wins
GIVE_GOOD = 0.62     # swap with another seat: the swapper's own card wins after
KEEP_GOOD = 0.58     # keep, knowing its own card: that card wins
BATTLE_GOOD = 0.68   # vote battle: its card wins now
WAIT_GOOD = 0.42     # vote wait: its card wins now (waiting also comes from winners biding time)
ENUMERATE_UP_TO = 120  # placements of the unknown cards enumerated exactly, else sampled


def places(n: int) -> list[Place]:
    return [("seat", i) for i in range(n)] + [("centre", 0), ("centre", 1)]


class Memory:
    """One seat's memory of a deal: sightings (swap count then, place, card) and the votes."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deal: Optional[int] = None
        self.seen: list[tuple[int, Place, str]] = []
        self.votes: dict[int, dict] = {}   # round -> {seat (str): vote}

    def observe(self, view: dict) -> None:
        if view["deal"] != self.deal:
            self.deal, self.seen, self.votes = view["deal"], [], {}
        t = len(view["swaps"])
        if view["own_card"]:
            self._note(t, ("seat", self.seat), view["own_card"])
        if view["peeked_card"] and view["peeking_slot"] is not None:
            self._note(t, ("centre", view["peeking_slot"]), view["peeked_card"])
        # The last round's votes are shown until the next vote: they belong to round - 1.
        if view["last_votes"] and view["round"] > 1 and view["phase"] != "over":
            self.votes.setdefault(view["round"] - 1, dict(view["last_votes"]))

    def _note(self, t: int, place: Place, card: str) -> None:
        if (t, place, card) not in self.seen:
            self.seen.append((t, place, card))

    def known(self, view: dict) -> dict:
        """Where each remembered card is now, following the public swaps since it was seen."""
        swaps = view["swaps"]
        now: dict[Place, str] = {}
        for t, place, card in self.seen:
            for sw in swaps[t:]:
                if sw["target"] is None:
                    continue
                a, b = ("centre", sw["slot"]), ("seat", sw["target"])
                place = b if place == a else a if place == b else place
            for p, c in list(now.items()):  # a newer sighting overrides an older one
                if c == card or p == place:
                    del now[p]
            now[place] = card
        return now


@lru_cache(maxsize=4096)
def points(card: str, c0: str, c1: str) -> int:
    """cards.points, remembered (a decision asks it thousands of times)."""
    return cards.points(card, [c0, c1])


def _wins(card: str, c0: str, c1: str) -> bool:
    return points(card, c0, c1) > 0


def wins(card: str, centre: list[str]) -> bool:
    return _wins(card, centre[0], centre[1])


def likelihood(world: dict, view: dict, memory: Memory) -> float:
    """How well `world` (the placement now) explains the others' public acts this deal."""
    swaps = view["swaps"]
    me = memory.seat
    w = dict(world)
    for sw in reversed(swaps):  # back to the placement at the deal
        if sw["target"] is not None:
            a, b = ("centre", sw["slot"]), ("seat", sw["target"])
            w[a], w[b] = w[b], w[a]
    votes_at: dict[int, list] = {}  # swaps made before a vote -> that vote
    for rnd, votes in memory.votes.items():
        votes_at.setdefault(sum(1 for sw in swaps if sw["round"] <= rnd), []).append(votes)
    # Whether each seat knows its own card: lost when another seat swaps it, regained by swap_own.
    knows = [True] * view["n_players"]
    c0, c1 = ("centre", 0), ("centre", 1)
    p = 1.0
    for i in range(len(swaps) + 1):
        for votes in votes_at.get(i, ()):
            for s, vote in votes.items():
                x = int(s)
                if x == me or not knows[x]:
                    continue
                good = _wins(w[("seat", x)], w[c0], w[c1])
                if vote == "battle":
                    p *= BATTLE_GOOD if good else 1 - BATTLE_GOOD
                else:
                    p *= WAIT_GOOD if good else 1 - WAIT_GOOD
        if i == len(swaps):
            break
        sw = swaps[i]
        x, t = sw["seat"], sw["target"]
        mine = ("seat", x)
        if t is None:
            if x != me and knows[x]:
                p *= KEEP_GOOD if _wins(w[mine], w[c0], w[c1]) else 1 - KEEP_GOOD
            continue
        a, b = ("centre", sw["slot"]), ("seat", t)
        w[a], w[b] = w[b], w[a]
        if x != me and (t == x or knows[x]):
            good = _wins(w[mine], w[c0], w[c1])
            q = TAKE_GOOD if t == x else GIVE_GOOD
            p *= q if good else 1 - q
        knows[t] = t == x
    return p


def worlds(view: dict, memory: Memory, rng: random.Random, samples: int) -> list[tuple[dict, float]]:
    """Placements of every card consistent with what the seat knows, each with its weight
    (the weights sum to 1). Exact when the unknown cards are few, else `samples` drawn at random."""
    known = memory.known(view)
    open_places = [p for p in places(view["n_players"]) if p not in known]
    unknown = sorted(c for c in view["deck"] if c not in known.values())
    if math.factorial(len(unknown)) <= ENUMERATE_UP_TO:
        fills = list(permutations(unknown))
    else:
        fills = []
        for _ in range(samples):
            rng.shuffle(unknown)
            fills.append(tuple(unknown))
    out = []
    for fill in fills:
        w = dict(known)
        w.update(zip(open_places, fill))
        out.append((w, likelihood(w, view, memory)))
    total = sum(x for _, x in out) or 1.0
    return [(w, x / total) for w, x in out]
