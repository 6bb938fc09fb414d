"""The `hard` bot of The Wonderful Island: the shared search (game/core/search.py) over worlds
dealt by sampler.py, on the seat's own venue and action-turn decisions.

The normal bot's choice is the first candidate (and the answer wherever the view does not hold a
whole world: answering a card, votes, settlements), with its next best plays as challengers; its
camp beliefs weigh the sampled factions. Every candidate is played on the same sampled worlds with
the same dice, and a challenger replaces the normal choice only when it wins clearly.
Rollouts play every seat at random for a few rounds' worth of actions; a world that has ended
scores 1 for a win (shared by the winners), one cut off is scored by the rules' forced count as if
the game were counted there (a Politician's condition, then the outright leader, then the camp
with more votes).

Before the faction card is dealt there is nothing to search: of the two characters offered it keeps
the one that wins more often at this table size, as measured in games of normal bots
(tools/wi_character_odds.py writes the odds to assets/data; normal rates them by their skills and
condition instead)."""
from __future__ import annotations

import json
import random
from functools import lru_cache
from operator import itemgetter
from typing import Optional

from game.core.actions import Action
from game.core.paths import resource_path
from game.core.playouts import won
from game.core.search import SearchBot
from game.core.state import GameState

from . import sampler
from .beliefs import Beliefs
from .bots import Ctx, NormalBot
from .phases import CHARACTER, PLAY, VENUE
from .venue_worth import venue_worth

# How many seats' worth of the fair share a character's measured odds start from: a character
# seldom kept by the bots that measured it is not judged on a handful of games.
PRIOR_SEATS = 50

_FACT = itemgetter("seat", "camp", "is")  # what a dossier's fact says, as a key


@lru_cache(maxsize=1)
def character_odds() -> dict:
    """Per table size, each character's [win shares, seats] in games of normal bots
    (assets/data/wonderful_island_character_odds.json, written by tools/wi_character_odds.py)."""
    with open(resource_path("assets", "data", "wonderful_island_character_odds.json"), encoding="utf-8") as f:
        return {int(n): size["characters"] for n, size in json.load(f)["sizes"].items()}


def rated(odds: dict, cid: str, n_players: int) -> float:
    """A character's measured win share at this table, drawn towards the fair share by
    PRIOR_SEATS seats of it (a character never measured is worth the fair share)."""
    wins, seats = odds.get(cid, (0.0, 0))
    return (wins + PRIOR_SEATS / n_players) / (seats + PRIOR_SEATS)


class _FrozenBeliefs(Beliefs):
    """A rollout player's camp beliefs, weighed once per faction and dossier it holds in a world
    and then kept: reading every act again at every rollout move would cost more than the move."""

    def __init__(self, seat: int, n_players: int) -> None:
        super().__init__(seat, n_players)
        self._kept: dict = {}
        self._entropies: dict = {}  # per seat, of the beliefs kept last (the same floats entropy() gives)

    def probs(self, view: dict) -> list[list[float]]:
        key = (view["faction"], tuple(map(_FACT, view["dossier"])))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = (super().probs(view), {})
        self._probs, self._entropies = kept
        return kept[0]

    def entropy(self, seat: int) -> float:
        e = self._entropies.get(seat)
        if e is None:
            e = self._entropies[seat] = super().entropy(seat)
        return e


class HardBot(SearchBot):
    level = "hard"
    iterations = 120     # rollouts per decision; tuned with tools/bench.py (median <= 0.5 s on this machine)
    doubled_at = frozenset({4, 5})  # table sizes searched with twice the rollouts (see budget)
    rollout_depth = 40   # actions played on before the count; whole games at 8 seats take too long
    rollout_random = 0.1  # share of rollout moves made at random (the rest as the normal bot)
    paired = True        # every candidate on the same worlds and dice
    margin = 0.02        # the normal bot's choice stands unless another beats it by this much,
    confidence = 1.0     # and by one standard error of the paired differences
    width = 4            # candidates: the normal bot's choice and its next best ones
    # The coach's search (a hint, a review): every candidate on this many worlds per table size at
    # its usual effort (2), each world played to the game's end by normal bots (tools/bench_coach.py:
    # about 1-2.5 s a hint); None: the bot's own search.
    coach_worlds: Optional[dict] = None
    COACH_WORLDS = {3: 60, 4: 60, 5: 60, 6: 40, 7: 32, 8: 28}

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()
        self._players: dict[int, NormalBot] = {}

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._guess = self.normal.choose(view, legal)  # also brings the camp beliefs up to date
        if view["phase"] == CHARACTER:
            return self.keep_character(view, legal)
        if not sampler.searchable(view):
            return self._guess
        self._players = {}
        return super().choose(view, legal)

    def keep_character(self, view: dict, legal: list[Action]) -> Action:
        """The offered character that wins most often at this table size in measured play; the
        camp is not dealt yet, so no search can tell more. normal's keep where the odds tie."""
        odds = character_odds().get(view["n_players"], {})
        return max(legal, key=lambda a: (rated(odds, a[1], view["n_players"]), a == self._guess))

    def for_coach(self, effort: float) -> None:
        """The coach's search: each candidate played to the game's end on the same worlds by normal
        bots, scored 1 where the seat is among the winners. Its mean is then the share of games the
        move wins when everyone plays on as the normal bot does, which is what the coach's chance is
        measured against (tools/calibrate_coach.py); the bot's own rollouts, cut off 40 actions ahead
        and counted as if forced, rank moves well enough but are no chance (docs/coach.md)."""
        self.coach_worlds = {n: max(4, round(w * effort / 2)) for n, w in self.COACH_WORLDS.items()}
        self.rollout_depth = None
        self.rollout_random = 0.0

    def budget(self, view: dict, legal: list[Action]) -> int:
        if self.coach_worlds is not None:  # worlds, each for every candidate
            n = view["n_players"]
            return self.coach_worlds.get(n, min(self.coach_worlds.values())) * len(self.candidates(view, legal))
        # A searched decision costs 0.20 s at 3 seats, 0.26 s at 5 and 0.48 s at 8 (median of 40
        # searched positions each, idle machine): at 4-5 seats there is room for twice the
        # rollouts, which the 5-seat ladder showed worth it (docs/wonderful_island.md). 3 seats keep the measured
        # budget; 6-8 seats have no room.
        return 2 * self.iterations if view["n_players"] in self.doubled_at else self.iterations

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        rest = [a for a in legal if a != self._guess]
        if view["phase"] == PLAY:
            # The normal bot's own values rank the turn's plays; ending the turn is worth its 0.05.
            ctx = Ctx(self.normal, view)
            rest.sort(key=lambda a: -0.05 if a == ("end",) else -self.normal._value(ctx, a))
        elif view["phase"] == VENUE:
            # Normal's worth of each venue ranks the rest, so that a venue close behind its choice
            # (the legislature, the debate) is searched whatever its place in the list.
            worth = venue_worth(Ctx(self.normal, view))
            rest.sort(key=lambda a: -worth[a[1]])
        return [self._guess] + rest[:self.width - 1]

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        # Every seat plays as the normal bot would from its own view of the world (one bot per seat
        # for this decision's rollouts, seeded from the search's generator), now and then at random.
        if rng.random() < self.rollout_random:
            return legal[rng.randrange(len(legal))]
        if len(legal) == 1:  # the normal bot's own answer, without the cost of a view it would not read
            return legal[0]
        bot = self._players.get(seat)
        if bot is None:  # its generator only breaks ties between characters, never used here
            bot = self._players[seat] = NormalBot(seat, 0)
            bot.beliefs = _FrozenBeliefs(seat, state.n_players)
        return bot.choose(state.bot_view(seat), legal)  # what the bot reads of the view, not copied

    def evaluate(self, state: GameState, seat: int) -> float:
        if self.coach_worlds is not None:  # played to the end: among the winners or not
            return won(state, seat) if state.is_over() else 0.0
        if not state.is_over():
            state._forced_count("rounds")  # the world is the search's own: counting ends it
        return super().evaluate(state, seat)

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sampler.sample_world(view, seat, rng, self.normal.beliefs)
