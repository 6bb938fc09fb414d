"""The `hard` bot of Elfenland: the shared search (game/core/search.py) over worlds dealt by
sampler.py, on its planning turns (which counter to put where, its obstacle, or a pass).

The normal bot's choice is the first candidate, and its answer everywhere else (the draw, the move
and the finish; the move is already the tour search's best). The challengers are the few other
plans worth trying: a pass, the counter its own tour needs, its spare counters and its obstacle on
the roads the leaders need most. Every candidate is played on the same sampled worlds with the
same dice, every seat as the normal bot, to the end of the round; a challenger replaces the normal
choice only when it wins clearly. A world scores by the round's outcome: in the last round the
win (shared by the winners) and the margin of markers; before it the margin of markers plus what
each seat carries into the next round (cards it may keep, unvisited towns near its boot), against
the best other seat.
"""
from __future__ import annotations

import math
import random

from game.core.actions import Action
from game.core.search import SearchBot
from game.core.state import GameState

from . import sampler
from .bots import MARKER, NormalBot, Planner, graph
from .state import DRAW, PLAN

SEARCHED = (PLAN,)
ROLLOUT_NODES = 800  # tour search nodes for the rollouts' players (normal's: 3000)
MARGIN_SCALE = 1.5   # markers (with what a seat carries over) by which a lead counts about three quarters


class HardBot(SearchBot):
    level = "hard"
    iterations = 48      # rollouts per decision at 2 players; fewer at larger tables (see table_iterations)
    paired = True        # every candidate on the same worlds and dice
    margin = 0.01        # the normal bot's choice stands unless another beats it by this much,
    confidence = 1.0     # and by one standard error of the paired differences
    width = 5            # candidates: the normal bot's choice and its next best ones
    eval_nodes = 1500    # tour search nodes per seat when a rollout is scored

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.normal = NormalBot(seat, seed)
        self._guess: Action = ()
        self._round = 0
        self._phase = PLAN
        self._players: dict[int, NormalBot] = {}
        self._world: object = None

    def choose(self, view: dict, legal: list[Action]) -> Action:
        legal = [tuple(a) for a in legal]
        if len(legal) == 1:
            return legal[0]
        self._guess = self.normal.choose(view, legal)  # also keeps normal's memory of its own counters
        if view["phase"] not in SEARCHED and not self.weigh_all:
            return self._guess
        self._round, self._phase = view["round"], view["phase"]
        return super().choose(view, legal)

    def budget(self, view: dict, legal: list[Action]) -> int:
        return table_iterations(self.iterations, view["n_players"])

    def candidates(self, view: dict, legal: list[Action]) -> list[Action]:
        return plan_candidates(self.normal, view, legal, self._guess, self.width)

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        return sampler.sample_world(view, seat, rng)

    def rollout_ends(self, state: GameState) -> bool:
        # The planning decides the round: once it is over, each seat's best tour on the board it
        # left is what the move phase will bring (evaluate reads it), so the moves are not played.
        # A journey weighed (weigh_all, a review) is played on to the round's end: a tour read on
        # the board would not know that the seat has ended its journey. A draw, to the planning's
        # end: the counters drawn count in the plans made with them.
        if self._phase == DRAW:
            return state.phase not in (DRAW, PLAN) or state.round != self._round
        if self._phase != PLAN:
            return state.is_over() or state.round != self._round
        return state.phase != PLAN or state.round != self._round

    def rollout_policy(self, state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        # Every seat plays as the normal bot from its own view of the world; fresh bots for each
        # rollout, so what one remembers of its counters does not leak into the next world.
        if state is not self._world:
            self._world, self._players = state, {}
        bot = self._players.get(seat)
        if bot is None:
            bot = self._players[seat] = QuickNormal(seat, 0)
        return bot.choose(state.view(seat), legal)

    def evaluate(self, state: GameState, seat: int) -> float:
        if state.is_over():
            return super().evaluate(state, seat)
        values = [standing(state, s, self.eval_nodes) for s in range(state.n_players)]
        best = max(v for s, v in enumerate(values) if s != seat)
        return 1 / (1 + math.exp(-(values[seat] - best) / MARGIN_SCALE))


def table_iterations(at_two: int, n_players: int) -> int:
    """Rollouts per decision at a table: a rollout plays every seat's planning turns, so a larger
    table gets fewer of them (two thirds at 3-4 players, 40 % at 5-6), to keep the longest
    decisions under a second (tools/bench.py)."""
    if n_players <= 2:
        return at_two
    return max(1, at_two * 2 // 3 if n_players <= 4 else at_two * 2 // 5)


class QuickNormal(NormalBot):
    """normal with a shorter tour search: the rollouts' players."""
    node_limit = ROLLOUT_NODES
    draw_node_limit = ROLLOUT_NODES // 3


def standing(state, seat: int, nodes: int) -> float:
    """A seat's markers after its best tour over the board as it is (the tour search's own worth,
    in markers: the new markers, and before the last round the cards it may keep and the
    unvisited towns near where it ends)."""
    view = state.view(seat)
    me = view["players"][seat]
    hand = tuple(state.hands[seat][k] for k in graph().cards)
    score, _steps = Planner(view, seat, nodes).search(me["boot"], hand)
    return me["markers"] + score / MARKER


def plan_candidates(normal: NormalBot, view: dict, legal: list[Action], guess: Action, width: int) -> list[Action]:
    """normal's plan first, then a pass, the counter its best tour places first, and its counters
    and obstacle on the roads the leading opponents need most (off its own tour)."""
    seat = normal.seat
    P = Planner(view, seat)
    boot = view["players"][seat]["boot"]
    _score, steps = P.search(boot, normal._hand(view), normal._counters(view))
    G = graph()
    mine = {route for route, *_ in steps}
    picks = [guess, ("pass",)]
    picks += [("place", route, G.counters[k]) for route, _to, _pay, k in steps if k is not None][:1]
    lead = set(normal.leaders(view))
    threat = {}
    for a in legal:
        if a[0] in ("place", "obstacle") and a[1] not in mine and a[1] not in threat:
            threat[a[1]] = normal.threat(view, a[1], only=lead)
    obstacles = sorted((a for a in legal if a[0] == "obstacle" and a[1] in threat), key=lambda a: -threat[a[1]])
    picks += obstacles[:1]
    blocks = [a for a in legal if a[0] == "place" and a[1] in threat and threat[a[1]] > 0]
    # the block that costs the leader most: the most cards for that road's terrain
    blocks.sort(key=lambda a: -threat[a[1]] * G.cost[G.counter_index[a[2]]][G.route_kind[a[1]]])
    picks += blocks[:2]
    out: list[Action] = []
    legal_set = set(legal)
    for a in picks:
        if a in legal_set and a not in out:
            out.append(a)
    return out[:width]
