"""The `hard` bot of European Union: the shared search (game/core/search.py) over worlds dealt by
sampler.py, on the decisions where looking ahead pays: its bids, its drafts, as chair the five
bills it keeps, and the votes where its own vote may decide the bill.

A vote is searched only where it moves the bill's chance to pass by VOTE_PIVOT or more (the
others voting their own gain with normal's odds); elsewhere, and for the chair's ties and the call
to vote, hard plays as normal. The candidates are normal's choice first and the few others worth
trying: bids near it and the small ones, one state of each kind (power, influence) or MEP power,
the best-looking keeps, the other vote; each is played on the same worlds with the same dice
(paired), and normal's choice stands unless another is clearly better. Rollouts play every seat
with a quick form of normal's rules on the whole world to the game's end: votes and council drafts
exactly as normal's, the others' bids as this seat has seen them bid (small ones, as normal's
mostly are, for a bidder not yet seen); the others' secret votes already cast are dealt as normal
casts them. A world scores 1 for a win (shared by the winners), and the margin to the best other
party a little.
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
from .bots import NO_GIFT, POWER_WEIGHT, YES_SURE, NormalBot, _at_least, block_bonus, leader_weight
from .estimate import swing, swing_at
from .sampler import sample_world
from .state import COUNCIL, VOTE_NO, VOTE_YES

SEARCHED = ("bid", "take", "keep_bills")
VOTE_PIVOT = 0.1     # a vote is searched when it moves the bill's chance to pass by this much or more
BIDS_TRIED = 6       # bids tried: normal's, its neighbours and the smallest
KEEPS_TRIED = 5      # keeps tried: the best by normal's reckoning
MARGIN_SCALE = 8.0   # influence by which a lead or a lag counts about three quarters
# What a bidder never seen bidding bids in a rollout: normal bids nothing three times in four, a
# little otherwise (its bids in 15 games of normal bots at 3 players: 0 76 %, 1 15 %, 2 7 %, more 2 %).
FIRST_BIDS = (0, 0, 0, 0, 0, 0, 1, 1, 2)


class HardBot(SearchBot):
    level = "hard"
    iterations = 180  # bids, drafts, keeps; tools/bench.py: median decision <= 0.5 s, max <= 1 s on the 2-core machine

    vote_pivot: Optional[float] = VOTE_PIVOT   # None: every vote as normal's
    vote_iterations = 60                        # two candidates: fewer rollouts tell them apart
    paired = True        # every candidate on the same worlds and dice: a bid or a vote apart is
    margin = 0.01        # told by the game, not by the luck of its worlds; normal's choice stands
    confidence = 1.0     # unless another beats it by this much and one standard error

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()

    @property
    def ledger(self):
        return self.normal.ledger

    def observe(self, view: dict) -> None:
        self.normal.observe(view)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        self._guess = self.normal.choose(view, legal)   # also brings the ledger up to date
        kind = legal[0][0]
        if len(legal) == 1 or not (self._searched(view, kind) or self.weigh_all):
            return self._guess
        return super().choose(view, legal)

    def budget(self, view: dict, legal: list[Action]) -> int:
        return self.vote_iterations if legal[0][0] == "vote" else self.iterations

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
            picks = _one_of_each([guess] + legal)   # normal's card stands for its kind
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
        """The sampler's world, the others' secret votes already cast read as normal casts them
        (its gain against its leader's, as the rollouts vote), not by their own gain alone."""
        world = sample_world(view, seat, rng, self.normal.ledger)
        if view["phase"] == "vote":
            for s in sorted(world.votes):
                if s != seat:
                    likely = normal_vote(world, s)
                    world.votes[s] = likely[1] if rng.random() < YES_SURE else _other(likely)[1]
        return world

    def evaluate(self, state: GameState, seat: int) -> float:
        """A win (shared by the winners) counts most; the margin to the best other party counts too,
        so that worlds lost by a little and won by a lot tell the search something."""
        won = super().evaluate(state, seat)
        mine = state.influence[seat]
        best = max(state.influence[s] for s in range(state.n_players) if s != seat)
        return (won + 1 / (1 + math.exp(-(mine - best) / MARGIN_SCALE))) / 2

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """quick_policy, the others bidding as this seat has seen them bid (normal's bids follow
        its stakes, and its stakes change slowly)."""
        if legal[0][0] == "bid" and seat != self.seat:
            seen = self.normal.ledger.bids_of(seat, state.stage)
            if seen and rng.random() < len(seen) / (len(seen) + 1):
                return legal[min(len(legal) - 1, seen[rng.randrange(len(seen))])]
        return quick_policy(state, seat, legal, rng)


def pivot(view: dict, seat: int) -> float:
    """How much `seat`'s vote changes the chance the bill at hand passes this vote, the others
    voting their own gain with normal's odds (the sampler's, for votes cast unseen)."""
    bill = view["current_bill"]
    parties = [p["party"] for p in view["players"]]
    g = [swing(p, bill, view["tracks"], len(parties)) for p in parties]
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


@lru_cache(maxsize=None)
def _bonus(party: str, tracks: tuple[int, ...]) -> int:
    """The end bonuses `party` stands to gain with the tracks at `tracks` (in cards.POLICIES order)."""
    return sum(cards.track_bonus(party, k, pos) for k, pos in zip(cards.POLICIES, tracks))


def normal_vote(state, seat: int) -> Action:
    """normal's vote, read from a (sampled) world: for the bill exactly when its gain beats the
    leader's (the strongest other party, end bonuses counted) weighed as normal weighs it."""
    bill = state.agenda[state.bill_pos]
    pos = state.tracks[cards.load()["bill_by_id"][bill]["border"]]
    tracks = tuple(state.tracks[k] for k in cards.POLICIES)
    parties = state.parties
    stand = [state.influence[s] + _bonus(parties[s], tracks) for s in range(state.n_players)]
    lead = max((s for s in range(state.n_players) if s != seat), key=lambda s: (stand[s], -s))
    weight = leader_weight(stand[lead] - stand[seat])
    n = state.n_players
    mine = swing_at(parties[seat], bill, pos, n) - weight * swing_at(parties[lead], bill, pos, n)
    return VOTE_YES if mine > 0 else VOTE_NO


def _other(vote: Action) -> Action:
    return VOTE_NO if vote == VOTE_YES else VOTE_YES


def quick_policy(state, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """normal's rules in short, reading the (sampled) world: small bids, states for influence (and
    the power that blocks a qualified majority), MEPs for power, the chair's best five for itself,
    votes as normal's."""
    kind = legal[0][0]
    if kind == "vote":
        return normal_vote(state, seat)
    if kind == "take":
        score = _draft_score()
        if state.stage != COUNCIL:
            return max(legal, key=lambda a: score[a[1]])
        power = cards.load()["state_power"]
        mine = sum(power[c] for c in state.states[seat])

        def worth(a: Action) -> tuple:
            p = power[a[1]]
            return score[a[1]] + block_bonus(mine, p, state.round, state.threshold), p, a[1]
        return max(legal, key=worth)
    if kind == "bid":
        return legal[min(len(legal) - 1, rng.choice(FIRST_BIDS))]
    if kind == "keep_bills":
        party = state.parties[seat]
        best = sorted(state.drawn, key=lambda b: -swing(party, b, state.tracks, state.n_players))
        return ("keep_bills", tuple(sorted(best[:cards.load()["bills_kept"]])))
    if kind == "gift":
        return NO_GIFT
    if kind == "first":
        return next((a for a in legal if a[1] == seat), legal[0])
    return legal[0]
