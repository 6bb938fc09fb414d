"""The `hard` level's search: determinized information-set Monte Carlo search (ISMCTS at the root).

A bot sees only ``view(seat)`` and ``legal_actions(seat)``. To look ahead it needs a whole
state, so each iteration of the search

1. takes a *world*: a full state dealt by the game's sampler, consistent with everything the
   seat has seen (``sample_world``), never read from the real state;
2. picks one of the seat's candidate actions by UCB1 among those that are legal in that world
   (an action a world does not allow is neither tried nor charged there: its UCB counts only
   the iterations in which it was available, as in ISMCTS);
3. applies it, plays the world on with the fast ``rollout_policy`` for every seat (itself
   included) until the game ends or ``rollout_depth`` actions have been played, and
4. scores the end with ``evaluate`` (in [0, 1]) for the chosen action.

The most visited action wins (ties: the higher mean, then the earlier candidate); with a
``margin`` the first candidate (a game's best guess) stands unless the winner's mean beats its
mean by that much, so the noise of few rollouts does not overturn a good heuristic. With
progressive widening (``widening = (k, alpha)``) only the first ``ceil(k * t ** alpha)``
candidates (in ``candidates`` order: put the best guess first) are open at iteration t, so a
long list of actions is not spread thin over few iterations.

The budget is a number of iterations, not a wall-clock time, so the same seed gives the same
move on any machine; each game tunes ``iterations`` (and ``worlds``, ``rollout_depth``) so a
decision takes at most 1 s, median 0.5 s, on the reference machine (tools/bench.py measures).

A game's hard bot subclasses SearchBot and gives

* ``sample_world(view, seat, rng) -> GameState``  (required; game/<game>/sampler.py)
* ``rollout_policy(state, seat, legal, rng) -> Action``  (default: uniformly random)
* ``evaluate(state, seat) -> float``  (default: 1 if the seat won, shared 1/k when k win,
  0 if it lost; for a rollout cut off before the end, 1 / n_players)
* ``candidates(view, legal) -> list[Action]``  (default: ``legal``; a subset, best first)
* ``rollout_ends(state) -> bool``  (default: the game is over; e.g. the end of a round, for a
  rollout cut short and scored by ``evaluate``)
* ``budget(view, legal) -> int``  (default: ``iterations``; the iterations of this decision, for
  a game whose table size or kind of decision has more or less room)

Running beside the drawing loop: set ``bot.cancel`` to a ``threading.Event`` (or anything with
``is_set()``); the search stops at the next iteration once it is set and returns its best so far.
``bot.last_stats`` tells what the last decision did (iterations, visits and mean per action).
"""
from __future__ import annotations

import math
import random
from typing import Any, Optional

from .actions import Action
from .bots import Bot
from .state import GameState

# A rollout that has not ended after this many actions is scored as cut off (an endless loop of
# policies must not hang a decision).
MAX_ROLLOUT = 5000


class _Arm:
    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchBot(Bot):
    """`hard`: determinized Monte Carlo search over sampled worlds, UCB1 over the real legal actions."""

    level = "hard"
    iterations: int = 200                       # iterations per decision (the budget)
    worlds: Optional[int] = None                # distinct worlds per decision; None: a new one each iteration
    rollout_depth: Optional[int] = None         # actions per rollout before evaluate(); None: to the end
    exploration: float = 0.7                    # UCB1's constant, for values in [0, 1]
    widening: Optional[tuple[float, float]] = None  # (k, alpha): open candidates = ceil(k * t ** alpha)
    margin: float = 0.0                         # another action must beat the first candidate's mean by this
    paired: bool = False                        # every candidate on every world, same dice (see _paired)
    confidence: float = 1.0                     # paired: standard errors a challenger must win by
    weigh_all: bool = False                     # search even where the game leaves it to its rule of
                                                # thumb (a review weighs every decision; game/core/hints.py)

    def __init__(self, seat: int, seed: Any = 0) -> None:
        super().__init__(seat, seed)
        self.cancel: Any = None
        self.last_stats: dict = {}

    # -- what a game gives ---------------------------------------------------------
    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        raise NotImplementedError

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: GameState, seat: int) -> float:
        if not state.is_over():
            return 1.0 / state.n_players
        winners = set(state.winners())
        return 1.0 / len(winners) if seat in winners else 0.0

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        return list(legal)

    def rollout_ends(self, state: GameState) -> bool:
        """Whether a rollout stops here (default: at the game's end); ``evaluate`` scores the stop."""
        return state.is_over()

    def budget(self, view: dict, legal: list[Action]) -> int:
        """The iterations this decision may use (default: ``iterations``)."""
        return self.iterations

    # -- the search ----------------------------------------------------------------
    def choose(self, view: dict, legal: list[Action]) -> Action:
        cands = self.candidates(view, legal) or list(legal)
        if len(cands) == 1:
            self.last_stats = {"iterations": 0, "worlds": 0, "arms": {cands[0]: (0, 0.0)}}
            return cands[0]
        # One generator per decision, drawn from the bot's own: the decision depends only on the
        # seed, the decisions before it and what this seat sees.
        rng = random.Random(self.rng.getrandbits(64))
        iterations = self.budget(view, legal)
        if self.paired:
            return self._paired(view, cands, rng, iterations)
        arms = [_Arm() for _ in cands]
        n_worlds = iterations if self.worlds is None else max(1, min(self.worlds, iterations))
        pool: list[GameState] = []
        done = 0
        for t in range(iterations):
            if self.cancel is not None and self.cancel.is_set():
                break
            done += 1
            if len(pool) < n_worlds:
                world = self.sample_world(view, self.seat, rng)
                if self.worlds is not None:
                    pool.append(world)
                    world = world.clone()
            else:
                world = pool[t % n_worlds].clone()
            open_n = len(cands)
            if self.widening is not None:
                k, alpha = self.widening
                open_n = min(open_n, max(1, math.ceil(k * (t + 1) ** alpha)))
            allowed = set(world.legal_actions(self.seat))
            usable = [i for i in range(open_n) if cands[i] in allowed]
            if not usable:
                continue
            i = self._select(arms, usable)
            world.apply(self.seat, cands[i])
            self._rollout(world, rng)
            value = self.evaluate(world, self.seat)
            arms[i].visits += 1
            arms[i].total += value
        best = max(range(len(cands)), key=lambda i: (arms[i].visits, arms[i].mean, -i))
        if self.margin and best != 0 and arms[0].visits and arms[best].mean < arms[0].mean + self.margin:
            best = 0  # the best guess stands unless the search found something clearly better
        self.last_stats = {"iterations": done, "worlds": min(done, n_worlds),
                           "arms": {cands[i]: (arms[i].visits, arms[i].mean) for i in range(len(cands))}}
        return cands[best]

    def _paired(self, view: dict, cands: list[Action], rng: random.Random, iterations: int) -> Action:
        """Every candidate is tried on the same worlds with the same rollout dice (common random
        numbers), so two actions are compared on equal luck; the first candidate stands unless
        another's mean beats it, over the worlds where both could be played, by ``margin`` plus
        ``confidence`` standard errors of the paired differences."""
        values: list[list[Optional[float]]] = [[] for _ in cands]
        done = worlds = 0
        while done + len(cands) <= max(iterations, len(cands)):
            if self.cancel is not None and self.cancel.is_set():
                break
            world = self.sample_world(view, self.seat, rng)
            worlds += 1
            allowed = set(world.legal_actions(self.seat))
            dice = rng.getrandbits(64)
            for i, action in enumerate(cands):
                if action not in allowed:
                    values[i].append(None)
                    continue
                w = world.clone()
                w.apply(self.seat, action)
                self._rollout(w, random.Random(dice))
                values[i].append(self.evaluate(w, self.seat))
                done += 1
        means = []
        for row in values:
            seen = [v for v in row if v is not None]
            means.append(sum(seen) / len(seen) if seen else float("-inf"))
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if best != 0 and not self._beats(values[best], values[0]):
            best = 0
        self.last_stats = {"iterations": done, "worlds": worlds,
                           "arms": {cands[i]: (sum(v is not None for v in values[i]), means[i])
                                    for i in range(len(cands))},
                           "paired": {cands[i]: values[i] for i in range(len(cands))}}  # a hint's noise
        return cands[best]

    def _beats(self, challenger: list, incumbent: list) -> bool:
        diffs = [a - b for a, b in zip(challenger, incumbent) if a is not None and b is not None]
        if not diffs:
            return any(a is not None for a in challenger) and all(b is None for b in incumbent)
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        return mean > self.margin + self.confidence * math.sqrt(var / len(diffs))

    def _select(self, arms: list[_Arm], usable: list[int]) -> int:
        for i in usable:
            arms[i].available += 1
        untried = [i for i in usable if arms[i].visits == 0]
        if untried:
            return untried[0]
        c = self.exploration

        def ucb(i: int) -> float:
            a = arms[i]
            return a.mean + c * math.sqrt(math.log(a.available) / a.visits)
        return max(usable, key=ucb)

    def _rollout(self, state: GameState, rng: random.Random) -> None:
        limit = MAX_ROLLOUT if self.rollout_depth is None else self.rollout_depth
        for _ in range(limit):
            if self.rollout_ends(state):
                return
            acting = state.to_act()
            if not acting:
                return
            seat = acting[0]
            legal = state.legal_actions(seat)
            if not legal:
                return
            # The policy picks from `legal`, so the engine's own legality check (which lists the
            # legal actions again) is skipped: it would double a rollout's cost.
            action = self.rollout_policy(state, seat, legal, rng)
            state._apply(seat, action)
            state.actions.append((seat, action))
