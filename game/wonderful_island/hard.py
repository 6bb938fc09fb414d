"""The `hard` bot of The Wonderful Island: the shared search (game/core/search.py) over worlds
dealt by sampler.py, on the seat's own venue and action-turn decisions.

The normal bot's choice is the first candidate (and the answer wherever the view does not hold a
whole world: answering a card, votes, settlements); its camp beliefs weigh the sampled factions.
Rollouts play every seat at random for a few rounds' worth of actions; a world that has ended
scores 1 for a win (shared by the winners), one cut off is scored by the rules' forced count as if
the game were counted there (a Politician's condition, then the outright leader, then the camp
with more votes)."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import sampler
from .bots import NormalBot


class HardBot(SearchBot):
    level = "hard"
    iterations = 120     # tuned with tools/bench.py: median decision <= 0.5 s on the 2-core reference machine
    rollout_depth = 80   # actions played on before the count; whole games at 8 seats take too long

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._guess = self.normal.choose(view, legal)  # also brings the camp beliefs up to date
        if not sampler.searchable(view):
            return self._guess
        return super().choose(view, legal)

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        return [self._guess] + [a for a in legal if a != self._guess]

    def evaluate(self, state: GameState, seat: int) -> float:
        if not state.is_over():
            state._forced_count("rounds")  # the world is the search's own: counting ends it
        return super().evaluate(state, seat)

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sampler.sample_world(view, seat, rng, self.normal.beliefs)
