"""The `hard` bot of The Xuanwu Gate Incident: the shared search (game/core/search.py) over
worlds dealt by sampler.py from its own view and memory.

The normal bot's choice comes first and stands unless another play wins clearly more: every
candidate is played on the same sampled worlds with the same dice (paired), and the playouts are
played by players who act on the cards they have seen only (playout.py), itself included, so a
later decision of its own is not made on cards it will not know. A scoring game cut off before
its end is scored by the points: ahead of the best other seat by the target is a sure win.
"""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import sampler
from .beliefs import worlds
from .bots import NormalBot
from .playout import knowing_policy


class HardBot(SearchBot):
    level = "hard"
    iterations = 240      # rollouts per decision (tools/bench.py: median and max decision time)
    rollout_depth = 60    # scoring game: actions played on before the points decide
    paired = True
    margin = 0.02         # the normal choice stands unless another beats it by this much,
    confidence = 1.0      # and by one standard error of the paired differences

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()
        self._weighed: list = []

    def observe(self, view: dict) -> None:
        self.normal.observe(view)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            self.normal.memory.observe(view)
            return legal[0]
        self._guess = self.normal.choose(view, legal)  # also brings its memory up to date
        if legal[0][0] == "peek" and not self.weigh_all:
            return self._guess  # normal's peek already weighs the swap each slot opens
        self.rollout_depth = HardBot.rollout_depth if view["variant"] == "scoring" else None
        self.weigh(view)
        return super().choose(view, legal)

    def weigh(self, view: dict) -> None:
        """The placements of the cards and their weights for this decision (beliefs.py), drawn once."""
        self._weighed = worlds(view, self.normal.memory, random.Random(self.rng.getrandbits(32)), sampler.SAMPLES)

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        return [self._guess] + [a for a in legal if a != self._guess]

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sampler.sample_world(view, self.normal.memory, rng, weighed=self._weighed)

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return knowing_policy(state, seat, legal, rng)

    def evaluate(self, state: GameState, seat: int) -> float:
        if state.is_over() or not state.scoring:
            return super().evaluate(state, seat)
        lead = state.scores[seat] - max(s for i, s in enumerate(state.scores) if i != seat)
        return min(1.0, max(0.0, 0.5 + lead / (2.0 * state.target)))
