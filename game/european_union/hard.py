"""The `hard` bot of European Union: the shared search (game/core/search.py) over worlds dealt by
sampler.py, on the decisions where looking ahead pays: its bids, its drafts and, as chair, the
five bills it keeps.

Its votes are normal's (one bill, one secret vote: voting its preference against the leader is
what a single vote can do), and so are the chair's ties and the call to vote. The candidates are
normal's choice first and the few others worth trying: bids near it and the small ones, one state
of each kind (power, influence) or MEP power, the best-looking keeps. Rollouts play every seat
with a quick form of normal's rules on the whole world to the game's end; a world scores 1 for a
win (shared by the winners).
"""
from __future__ import annotations

import math
import random

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import data as cards
from .bots import NO_GIFT, NormalBot
from .estimate import gain
from .sampler import sample_world

SEARCHED = ("bid", "take", "keep_bills")
BIDS_TRIED = 6       # bids tried: normal's, its neighbours and the smallest
KEEPS_TRIED = 5      # keeps tried: the best by normal's reckoning
MARGIN_SCALE = 8.0   # influence by which a lead or a lag counts about three quarters


class HardBot(SearchBot):
    level = "hard"
    iterations = 60   # tuned with tools/bench.py: median decision <= 0.5 s on the 2-core reference machine

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()

    @property
    def ledger(self):
        return self.normal.ledger

    def choose(self, view: dict, legal: list[Action]) -> Action:
        self._guess = self.normal.choose(view, legal)   # also brings the ledger up to date
        if legal[0][0] not in SEARCHED or len(legal) == 1:
            return self._guess
        return super().choose(view, legal)

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        kind = legal[0][0]
        guess = self._guess
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


def quick_policy(state, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """normal's rules in short, reading the (sampled) world: small bids, states for influence,
    MEPs for power, the chair's best five, votes on its gain against the leader's."""
    kind = legal[0][0]
    d = cards.load()
    if kind == "bid":
        return legal[min(len(legal) - 1, rng.choice((0, 0, 1, 1, 2)))]
    if kind == "take":
        if state.stage == "council":
            return max(legal, key=lambda a: (d["state_by_id"][a[1]]["influence"]
                                             + 0.15 * d["state_by_id"][a[1]]["power"]))
        return max(legal, key=lambda a: d["mep_by_id"][a[1]]["power"])
    if kind == "keep_bills":
        party = state.parties[seat]
        best = sorted(state.drawn, key=lambda b: -(gain(party, b, True, state.tracks)
                                                   - gain(party, b, False, state.tracks)))
        return ("keep_bills", tuple(sorted(best[:d["bills_kept"]])))
    if kind == "vote":
        bill = state.agenda[state.bill_pos]
        lead = max((s for s in range(state.n_players) if s != seat), key=lambda s: state.influence[s])
        g = [gain(state.parties[s], bill, True, state.tracks) - gain(state.parties[s], bill, False, state.tracks)
             for s in (seat, lead)]
        return ("vote", "yes" if g[0] - 0.5 * g[1] > 0 else "no")
    if kind == "gift":
        return NO_GIFT
    if kind == "first":
        return next((a for a in legal if a[1] == seat), legal[0])
    return legal[0]
