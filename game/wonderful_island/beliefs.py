"""What a seat believes about the others' camps, from its view only.

Every assignment of the dealt faction cards to the other seats that agrees with
the seat's own card and its dossier is weighed by how likely the public acts
are under it: helping a seat (assist cards, votes shared, a yes vote, clearing
a summons) is likely between allies and unlikely between enemies; hindering
the other way; Politicians are taken as neither. Evidence is kept per ordered
pair of seats, so weighing an assignment costs one sum over the pairs seen.
"""
from __future__ import annotations

import math
from functools import lru_cache, reduce
from itertools import compress, repeat
from operator import add, itemgetter, sub, truediv

from . import data

CAMPS = data.CAMPS
INDEX = {c: i for i, c in enumerate(CAMPS)}
POLARITY = {"assist": 1.0, "help": 1.0, "share": 1.0, "vote_yes": 0.5, "hinder": -1.0, "hostile": -1.0,
            "poach": -1.0, "cancel": -1.0, "vote_no": -0.5}
STRENGTH = 0.3  # P(help | allies) = 0.8, P(help | enemies) = 0.2, anyone with a Politician 0.5

_LOG = {}


def _loglik(polarity: float) -> list[list[float]]:
    """log P(act | actor camp, target camp) for an act of this polarity, as a 3x3 table."""
    if polarity not in _LOG:
        table = []
        for a in range(3):
            row = []
            for t in range(3):
                rel = 0 if 2 in (a, t) else (1 if a == t else -1)
                row.append(math.log(0.5 + STRENGTH * polarity * rel))
            table.append(row)
        _LOG[polarity] = table
    return _LOG[polarity]


@lru_cache(maxsize=256)
def _assignments(n: int, seat: int, mine: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to deal the camps left (counts, by INDEX) to the seats other than `seat`, which
    holds `mine`, in the order a walk over the seats and camps finds them (the sampler draws from
    this order). Kept: the same few tables come up at every rollout move."""
    others = [s for s in range(n) if s != seat]
    left = list(counts)
    assign = [mine] * n
    out: list[tuple[int, ...]] = []

    def walk(i: int) -> None:
        if i == len(others):
            out.append(tuple(assign))
            return
        s = others[i]
        for c in range(3):
            if left[c]:
                left[c] -= 1
                assign[s] = c
                walk(i + 1)
                left[c] += 1

    walk(0)
    return tuple(out)


class _Consistent:
    """The assignments of one table that agree with a seat's facts, and, per ordered pair of
    seats, where each of them reads that pair's 3x3 evidence table (row * 3 + column)."""

    def __init__(self, assigns: tuple[tuple[int, ...], ...]) -> None:
        self.assigns = assigns
        self._codes: dict[tuple[int, int], list[int]] = {}
        self._groups: dict[int, tuple[list[int], ...]] = {}

    def codes(self, a: int, t: int) -> list[int]:
        codes = self._codes.get((a, t))
        if codes is None:
            # [3 * assign[a] + assign[t] for assign in self.assigns], in C
            codes = self._codes[(a, t)] = list(map(add, map((3).__mul__, map(itemgetter(a), self.assigns)),
                                                   map(itemgetter(t), self.assigns)))
        return codes

    def groups(self, s: int) -> tuple[list[int], ...]:
        """Per camp (by INDEX), the positions of the assignments that give seat s that camp, in
        their order."""
        groups = self._groups.get(s)
        if groups is None:
            column = list(map(itemgetter(s), self.assigns))
            order = sorted(range(len(column)), key=column.__getitem__)  # stable: in order within a camp
            a = column.count(0)
            b = a + column.count(1)
            groups = self._groups[s] = (order[:a], order[a:b], order[b:])
        return groups


@lru_cache(maxsize=512)
def _consistent(n: int, seat: int, mine: int, counts: tuple[int, ...],
                limits: tuple[tuple[int, tuple[bool, ...]], ...]) -> _Consistent:
    """The assignments (in _assignments' order) that give every limited seat a camp its facts
    allow. Kept: a rollout's beliefs weigh the same few dossiers again and again."""
    assigns = _assignments(n, seat, mine, counts)
    for s, ok in limits:  # one fact's seat at a time (the order of the assignments kept), in C
        assigns = tuple(compress(assigns, map(ok.__getitem__, map(itemgetter(s), assigns))))
    return _Consistent(assigns)


class Beliefs:
    def __init__(self, seat: int, n_players: int) -> None:
        self.seat = seat
        self.n = n_players
        self.seen = 0
        self.evidence: dict[tuple[int, int], list[list[float]]] = {}
        self._key = None
        self._probs: list[list[float]] = []
        self._worlds: list[tuple[tuple[int, ...], float]] = []

    def _absorb(self, acts: list) -> None:
        for actor, verb, target in acts[self.seen:]:
            pol = POLARITY.get(verb)
            if pol is None or target is None or actor == target or actor == self.seat:
                continue
            table = _loglik(pol)
            pair = self.evidence.setdefault((actor, target), [[0.0] * 3 for _ in range(3)])
            for a in range(3):
                for t in range(3):
                    pair[a][t] += table[a][t]
        self.seen = len(acts)

    def probs(self, view: dict) -> list[list[float]]:
        """P(seat s is in camp c) for every seat, as probs[s][INDEX[c]]."""
        acts = view["acts"]
        if len(acts) < self.seen:  # a new game in the same object (tests): start over
            self.__init__(self.seat, self.n)
        self._absorb(acts)
        facts = view["dossier"]
        key = (self.seen, len(facts), view["faction"])
        if key == self._key:
            return self._probs
        self._key = key
        mine = INDEX[view["faction"]]
        counts = [0, 0, 0]
        for camp in data.factions_for(self.n):
            counts[INDEX[camp]] += 1
        counts[mine] -= 1
        allowed = [[True] * 3 for _ in range(self.n)]
        for f in facts:
            c = INDEX[f["camp"]]
            if f["is"]:
                allowed[f["seat"]] = [i == c for i in range(3)]
            else:
                allowed[f["seat"]][c] = False
        limited = tuple((s, tuple(allowed[s])) for s in range(self.n) if s != self.seat and not all(allowed[s]))
        consistent = _consistent(self.n, self.seat, mine, tuple(counts), limited)
        assigns = consistent.assigns
        if not assigns:  # facts that cannot all hold (never from a fair engine): fall back to the counts
            self._probs = [[1 / 3] * 3 for _ in range(self.n)]
            self._probs[self.seat] = [1.0 if i == mine else 0.0 for i in range(3)]
            return self._probs
        # An assignment's log weight is the sum of its pairs' evidence, added in the evidence's
        # order; done a pair at a time over all assignments at once (each sum still adds its terms
        # in the same order, so the same floats), in C rather than in a loop per assignment.
        logw = [0.0] * len(assigns)
        for (a, t), table in self.evidence.items():
            flat = table[0] + table[1] + table[2]
            logw = list(map(add, logw, map(flat.__getitem__, consistent.codes(a, t))))
        top = max(logw)
        weights = list(map(math.exp, map(sub, logw, repeat(top))))
        total = sum(weights)
        shares = list(map(truediv, weights, repeat(total)))
        # P(seat s in camp c): the shares of the assignments that give s camp c, added in their
        # order from 0.0 (a pass over each seat's camps in C, not a loop over the assignments).
        probs = [[reduce(add, map(shares.__getitem__, group), 0.0) for group in consistent.groups(s)]
                 for s in range(self.n)]
        self._worlds = list(zip(assigns, shares))
        self._probs = probs
        return probs

    def entropy(self, seat: int) -> float:
        return -sum(p * math.log(p) for p in self._probs[seat] if p > 0)
