"""A review's loss confirmed by playing the moves out: normal bots play each move to the game's end
on worlds dealt from the seat's view (the search's own sampler, never the real cards), every move
on the same worlds with the same dice, so two moves are compared on equal luck.

The search's numbers come from its fast rollouts (and, where a game cuts them short, a guess at the
end); a loss named to a player is a difference between two of them, which can be far from what the
moves win when played on. `played_out` measures the difference the way the issue's planted
blunders are measured (tools/planted_blunders.py): how often the seat is among the winners when
every seat is a normal bot, on the deals the seat could be facing. A camp's win is each member's,
as the end screen and the hint's chance to win count it (tools/calibrate_coach.py: `won`); a share
of it (a third for each of three winners) would put a won Xuanwu game at 33 % on the review's
0-100 % chart beside the hint's calibrated chances.

What the other seats know: each is a normal bot that remembers what that seat was shown in the game
(TableMemory: Xuanwu's sightings, European Union's ledger), as the players at the table did. The
hidden cards are dealt from the reviewed seat's view only, but how the others play them rests on
what they knew; a review is made once the game is over, and without it the others play as if they
had forgotten every card they saw (measured on a planted Xuanwu vote: a 27-point loss read as -2).
Its randomness comes from the position (seat and moves played), so the same game gets the same
figures on any machine.
"""
from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass
from typing import Any, Optional

from .actions import Action, same_value
from .bots import Bot

MIN_WORLDS = 24          # worlds every confirmation plays at least
BATCH = 8                # worlds between two looks at the standard error
WANTED_SE = 0.05         # stop once the loss is known within 5 points (one standard error)
# ... or within 2.5 where worlds are cheap: The Wonderful Island's cost 15-50 ms for three moves at
# 4 players, and at 5 points a kept plant (deal 18) whose loss plays out at 12-15 points (400-600
# worlds) read as 5. Up to 5 players only: at 8 a world costs about 140 ms, and 2.5 points there
# made a review 2.5 times as long (55 -> 136 s of CPU, docs/coach.md). By game, then table size.
WANTED_SE_BY_GAME = {"wonderful_island": {3: 0.025, 4: 0.025, 5: 0.025}}
# The worlds a confirmation plays at most, by game. Only a loss not yet known within the wanted
# error that could still be named (not plainly under an inaccuracy) gets there, so the ceiling is
# set by what such a loss needs, not by the cost of the usual decision: Elfenland's 160 (about
# 0.4 s of CPU a world for three moves, so up to about 70 s for the rare decision that needs them:
# a kept plant read -17 at 64 worlds and -26 at 144, measured -31). The others 5-10 s of playouts.
# A ceiling in worlds, not seconds: the same game gets the same figures on any machine.
MOST_WORLDS = {"xuanwu_gate": 96, "elfenland": 160, "european_union": 120, "wonderful_island": 480}
MOST_WORLDS_ELSE = 64


@dataclass
class PlayedOut:
    """What the moves won when played out: each move's share of the worlds (of those where every
    move compared could be played) in which the seat was among the winners, and the worlds."""
    means: dict                  # action -> its chance to win played out (0..1)
    worlds: int                  # worlds every move was played on
    shares: dict                 # action -> [1 won or 0, world by world] (the noise)

    def best(self, played: Action) -> Action:
        """The move that won the most, played out (the move played where none won more)."""
        return max(self.means, key=lambda m: (self.means[m], same_value(m, played)))

    def se(self, better: Action, worse: Action) -> float:
        """The standard error of `better`'s mean less `worse`'s, from the world-by-world differences."""
        d = [a - b for a, b in zip(self.shares[better], self.shares[worse])]
        if len(d) < 2:
            return 1.0
        m = sum(d) / len(d)
        return math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))


class TableMemory:
    """A normal bot for every seat, brought along the game as it is replayed the way the table's
    bots are: the seat to act decides (its move thrown away: the record's is played), which is how
    a bot's beliefs grow (The Wonderful Island's), and every seat whose bot remembers takes in what
    it was shown (Bot.observe: Xuanwu's sightings, European Union's ledger). At any moment of the
    replay the bots remember what their seats had seen."""

    def __init__(self, spec, n_players: int) -> None:
        self.bots = {s: spec.bots["normal"](s, f"review:{s}") for s in range(n_players)}
        self.remember = [s for s, bot in self.bots.items() if type(bot).observe is not Bot.observe]

    def see(self, state, actor: Optional[int]) -> None:
        """A moment of the replay, `actor` the seat whose move comes next (None at the end)."""
        for s in self.remember:
            if s != actor:
                self.bots[s].observe(state.view(s))
        if actor is not None:
            self.bots[actor].choose(state.view(actor), state.legal_actions(actor))

    def now(self) -> dict:
        """The bots as they are at this moment of the replay (copies: the replay goes on)."""
        return copy.deepcopy(self.bots)


def rule_of_thumb_move(bots: dict, seat: int, view: dict, legal: list[Action]) -> Action:
    """The normal bot's move at the position (what it would have played), from the seat's view."""
    return copy.deepcopy(bots[seat]).choose(view, list(legal))


def play_out(world, bots: dict, seat: int, action: Action, dice: str) -> float:
    """1 if the seat is among the winners (a camp's win is each member's) after it plays `action` in
    `world` and every seat's bot (a copy, with the dice's own stream) plays on to the end, else 0;
    `world` is played in place."""
    world.rng.seed(dice)
    players = {}
    for s, bot in bots.items():
        players[s] = copy.deepcopy(bot)
        players[s].rng = random.Random(f"{dice}:{s}")
    world.apply(seat, action)
    while not world.is_over():
        s = world.to_act()[0]
        world.apply(s, players[s].choose(world.view(s), world.legal_actions(s)))
    return won(world, seat)


def won(state, seat: int) -> float:
    """1.0 if the seat is among the winners of the finished game (alone, in a camp or in a tie), else 0."""
    return 1.0 if seat in set(state.winners()) else 0.0


def played_out(spec, sampler: Any, bots: dict, seat: int, view: dict, played: Action, others: list[Action],
               at: int, below: float, most: Optional[int] = None, cancelled=lambda: False) -> Optional[PlayedOut]:
    """The move played and each of `others` played out by the normal `bots` (TableMemory.now) on the
    same worlds, dealt by `sampler` (a search bot that took in the seat's views: its `sample_world`)
    from the seat's `view`, with the same dice. Worlds are added until the loss of the move played
    against the best of the others is known within the game's wanted standard error (WANTED_SE,
    WANTED_SE_BY_GAME), or is plainly below `below` (the least loss a review names: two standard
    errors under it), or the game's MOST_WORLDS are played. None if no world could be played (a
    sampler or a bot that cannot)."""
    moves = [played] + [m for i, m in enumerate(others)
                        if not same_value(m, played) and not any(same_value(m, o) for o in others[:i])]
    most = MOST_WORLDS.get(spec.key, MOST_WORLDS_ELSE) if most is None else most
    wanted = WANTED_SE_BY_GAME.get(spec.key, {}).get(int(view.get("n_players", 0)), WANTED_SE)
    values: dict = {m: [] for m in moves}
    for k in range(most):
        if cancelled():
            break
        seed = f"review:{seat}:{at}:{k}"
        try:
            world = sampler.sample_world(view, seat, random.Random(seed))
            legal = world.legal_actions(seat)
            if not all(m in legal for m in moves):
                continue
            row = [play_out(world.clone(), bots, seat, m, seed) for m in moves]
        except Exception:  # noqa: BLE001 - a world the sampler deals that a bot cannot play on: left out
            continue
        for m, v in zip(moves, row):
            values[m].append(v)
        n = len(values[played])
        if len(moves) > 1 and n >= MIN_WORLDS and n % BATCH == 0:
            result = _result(values)
            best = max(moves[1:], key=lambda m: result.means[m])   # the loss against the best other move
            loss, se = result.means[best] - result.means[played], result.se(best, played)
            if se <= wanted or loss + 2 * se < below:
                return result
    return _result(values) if values[played] else None


def _result(values: dict) -> PlayedOut:
    n = len(next(iter(values.values())))
    return PlayedOut({m: sum(v) / n for m, v in values.items()}, n, {m: list(v) for m, v in values.items()})


def bots_at(spec, record: dict, at: int) -> dict:
    """Every seat's normal bot as it stands before move `at` of the recorded game (TableMemory)."""
    memory = TableMemory(spec, int(record["n_players"]))
    actions = record["actions"]

    def look(i: int, state) -> None:
        if i < at:
            memory.see(state, actions[i][0])
    spec.replay(dict(record, actions=actions[:at]), on_state=look)
    return memory.bots
