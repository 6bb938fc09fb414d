"""The `hard` bot of The Xuanwu Gate Incident: the shared search (game/core/search.py) over
worlds dealt by sampler.py from its own view and memory.

The normal bot's choice comes first and stands unless another play wins clearly more: every
candidate is played on the same sampled worlds with the same dice (paired), and the rollouts
play every seat as a player who knows its own card's fate in that world (keeps or swaps for its
own points, votes battle when it wins), now and then at random. A scoring game cut off before its
end is scored by the points: ahead of the best other seat by the target is a sure win.
"""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import sampler
from .beliefs import points, worlds
from .bots import LAST_ROUND, NormalBot


class HardBot(SearchBot):
    level = "hard"
    iterations = 240      # rollouts per decision (tools/bench.py: median and max decision time)
    rollout_depth = 60    # scoring game: actions played on before the points decide
    rollout_random = 0.2  # share of rollout moves made at random
    paired = True
    margin = 0.02         # the normal choice stands unless another beats it by this much,
    confidence = 1.0      # and by one standard error of the paired differences

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()
        self._weighed: list = []

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            self.normal.memory.observe(view)
            return legal[0]
        self._guess = self.normal.choose(view, legal)  # also brings its memory up to date
        if legal[0][0] == "peek":
            return self._guess  # a peek changes nothing on the table: the normal choice is as good
        self.rollout_depth = HardBot.rollout_depth if view["variant"] == "scoring" else None
        self._weighed = worlds(view, self.normal.memory, random.Random(self.rng.getrandbits(32)), sampler.SAMPLES)
        return super().choose(view, legal)

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        return [self._guess] + [a for a in legal if a != self._guess]

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sampler.sample_world(view, self.normal.memory, rng, weighed=self._weighed)

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        kind = legal[0][0]
        if kind in ("look", "peek") or rng.random() < self.rollout_random:
            return legal[rng.randrange(len(legal))]
        if kind == "vote":
            mine = points(state.cards[seat], state.centre[0], state.centre[1])
            return ("vote", "battle" if mine or state.round >= LAST_ROUND else "wait")
        slot = state.peeked
        best, best_pts = legal[0], -1
        for a in legal:
            t = seat if a[0] == "swap_own" else a[1] if a[0] == "swap" else None
            centre = list(state.centre)
            card = state.cards[seat]
            if t is not None:
                if t == seat:
                    card, centre[slot] = centre[slot], card
                else:
                    centre[slot] = state.cards[t]
            p = points(card, centre[0], centre[1])
            if p > best_pts:
                best, best_pts = a, p
        return best

    def evaluate(self, state: GameState, seat: int) -> float:
        if state.is_over() or not state.scoring:
            return super().evaluate(state, seat)
        lead = state.scores[seat] - max(s for i, s in enumerate(state.scores) if i != seat)
        return min(1.0, max(0.0, 0.5 + lead / (2.0 * state.target)))
