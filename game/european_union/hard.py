"""The `hard` bot of European Union: the shared search (game/core/search.py) over worlds dealt by
sampler.py, on the decisions where looking ahead pays: its bids, its drafts, as chair the five
bills it keeps, and the votes where its own vote may decide the bill.

A vote is searched only where it moves the bill's chance to pass by VOTE_PIVOT or more (the
others voting their own gain with normal's odds); elsewhere, and for the chair's ties and the call
to vote, hard plays as normal. The candidates are normal's choice first and the few others worth
trying: bids near it and the small ones, one state of each kind (power, influence) or MEP power,
the best-looking keeps, the other vote. Rollouts play every seat with a quick form of normal's
rules on the whole world to the game's end; a world scores 1 for a win (shared by the winners),
and the margin to the best other party a little.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Optional

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import data as cards
from .bots import LEADER_WEIGHT, NO_GIFT, POWER_WEIGHT, YES_SURE, NormalBot, _at_least
from .estimate import swing, swing_at
from .sampler import sample_world
from .state import VOTE_NO, VOTE_YES

SEARCHED = ("bid", "take", "keep_bills")
VOTE_PIVOT = 0.1     # a vote is searched when it moves the bill's chance to pass by this much or more
BIDS_TRIED = 6       # bids tried: normal's, its neighbours and the smallest
KEEPS_TRIED = 5      # keeps tried: the best by normal's reckoning
MARGIN_SCALE = 8.0   # influence by which a lead or a lag counts about three quarters


class HardBot(SearchBot):
    level = "hard"
    iterations = 180  # bids, drafts, keeps; tools/bench.py: median decision <= 0.5 s, max <= 1 s on the 2-core machine

    vote_pivot: Optional[float] = VOTE_PIVOT   # None: every vote as normal's
    vote_iterations = 60                        # two candidates: fewer rollouts tell them apart

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()

    @property
    def ledger(self):
        return self.normal.ledger

    def choose(self, view: dict, legal: list[Action]) -> Action:
        self._guess = self.normal.choose(view, legal)   # also brings the ledger up to date
        kind = legal[0][0]
        if len(legal) == 1 or not self._searched(view, kind):
            return self._guess
        # The budget of this decision (an instance's own, read by the search).
        self.iterations = self.vote_iterations if kind == "vote" else type(self).iterations
        return super().choose(view, legal)

    def _searched(self, view: dict, kind: str) -> bool:
        """Bids, drafts and keeps always; a vote only where it may decide the bill."""
        if kind in SEARCHED:
            return True
        return kind == "vote" and self.vote_pivot is not None and pivot(view, self.seat) >= self.vote_pivot

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        kind = legal[0][0]
        guess = self._guess
        if kind == "vote":
            return [guess] + [a for a in legal if a != guess]
        if kind not in SEARCHED:
            return [guess]
        if kind == "bid":
            top = legal[-1][1]
            near = [guess[1] + k for k in (1, -1, 2)] + [0, 1, 2, 3, 5]
            picks = [guess] + [("bid", b) for b in near if 0 <= b <= top]
        elif kind == "take":
            picks = [guess] + _one_of_each(legal)
        else:
            lead = self.normal.leader(view)
            value = {b: self.normal.keep_value(view, b, lead) for b in view["drawn_bills"]}
            picks = [guess] + sorted(legal, key=lambda a: -sum(value[b] for b in a[1]))[:KEEPS_TRIED]
        out: list[Action] = []
        for a in picks:
            if a not in out and a in legal:
                out.append(a)
        return out[:BIDS_TRIED] if kind == "bid" else out

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sample_world(view, seat, rng, self.normal.ledger)

    def evaluate(self, state: GameState, seat: int) -> float:
        """A win (shared by the winners) counts most; the margin to the best other party counts too,
        so that worlds lost by a little and won by a lot tell the search something."""
        won = super().evaluate(state, seat)
        mine = state.influence[seat]
        best = max(state.influence[s] for s in range(state.n_players) if s != seat)
        return (won + 1 / (1 + math.exp(-(mine - best) / MARGIN_SCALE))) / 2

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return quick_policy(state, seat, legal, rng)


def pivot(view: dict, seat: int) -> float:
    """How much `seat`'s vote changes the chance the bill at hand passes this vote, the others
    voting their own gain with normal's odds (the sampler's, for votes cast unseen)."""
    bill = view["current_bill"]
    parties = [p["party"] for p in view["players"]]
    g = [swing(p, bill, view["tracks"]) for p in parties]
    others = [YES_SURE if x > 0 else 1 - YES_SURE if x < 0 else 0.5 for x in g]
    if view["stage"] == "council":
        unanimity = cards.load()["bill_by_id"][bill]["method"] == cards.UNANIMITY
        weights, needed = [p["state_power"] for p in view["players"]], view["threshold"]
    else:
        unanimity = False
        weights, needed = [p["mep_power"] for p in view["players"]], view["majority"]
    chance = []
    for mine in (1.0, 0.0):
        p_yes = [mine if s == seat else others[s] for s in range(len(parties))]
        chance.append(math.prod(p_yes) if unanimity else _at_least(p_yes, weights, needed))
    return chance[0] - chance[1]


def _one_of_each(legal: list[Action]) -> list[Action]:
    """One card of each kind: states alike in power and influence (or MEPs alike in power) are the
    same choice."""
    d = cards.load()
    seen, out = set(), []
    for a in legal:
        c = a[1]
        kind = (d["state_by_id"][c]["power"], d["state_by_id"][c]["influence"]) if c in d["state_by_id"] \
            else d["mep_by_id"][c]["power"]
        if kind not in seen:
            seen.add(kind)
            out.append(a)
    return out


@lru_cache(maxsize=1)
def _draft_score() -> dict:
    """A card's worth in the quick draft: a state's influence (its power a little), an MEP's power."""
    d = cards.load()
    score = {c: st["influence"] + POWER_WEIGHT * st["power"] for c, st in d["state_by_id"].items()}
    score.update({c: m["power"] for c, m in d["mep_by_id"].items()})
    return score


def quick_policy(state, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """normal's rules in short, reading the (sampled) world: small bids, states for influence,
    MEPs for power, the chair's best five, votes on its gain against the leader's."""
    kind = legal[0][0]
    if kind == "vote":
        bill = state.agenda[state.bill_pos]
        pos = state.tracks[cards.load()["bill_by_id"][bill]["border"]]
        influence = state.influence
        lead = max((s for s in range(state.n_players) if s != seat), key=influence.__getitem__)
        parties = state.parties
        mine = swing_at(parties[seat], bill, pos) - LEADER_WEIGHT * swing_at(parties[lead], bill, pos)
        return VOTE_YES if mine > 0 else VOTE_NO
    if kind == "take":
        score = _draft_score()
        return max(legal, key=lambda a: score[a[1]])
    if kind == "bid":
        return legal[min(len(legal) - 1, rng.choice((0, 0, 1, 1, 2)))]
    if kind == "keep_bills":
        party = state.parties[seat]
        best = sorted(state.drawn, key=lambda b: -swing(party, b, state.tracks))
        return ("keep_bills", tuple(sorted(best[:cards.load()["bills_kept"]])))
    if kind == "gift":
        return NO_GIFT
    if kind == "first":
        return next((a for a in legal if a[1] == seat), legal[0])
    return legal[0]
