"""Matching Pennies: the engine. Actions: ("pick", "heads" | "tails"), both seats at once, in secret."""
from __future__ import annotations

from game.core.actions import Action
import random

from game.core.bots import Bot
from game.core.search import SearchBot
from game.core.state import Event, GameState, Seat

SIDES = ("heads", "tails")


class PenniesState(GameState):
    key = "pennies"

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        super().__init__(n_players, seed, options)
        self.rounds = options["rounds"]
        self.round = 1
        self.played = 0   # rounds revealed
        self.picks: dict[int, str] = {}
        self.scores = [0, 0]
        self.last: list[str] | None = None
        self.setup_events = [{"type": "round", "round": 1, "seats": None}]

    def is_over(self) -> bool:
        return self.played == self.rounds

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [s for s in range(2) if s not in self.picks]

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [("pick", side) for side in SIDES] if seat in self.to_act() else []

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return [s for s in range(2) if self.scores[s] == max(self.scores)]

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self.picks[seat] = action[1]
        events = [{"type": "picked", "seat": seat, "seats": None},
                  {"type": "my_pick", "seat": seat, "pick": action[1], "seats": [seat], "echo": True}]
        if len(self.picks) == 2:
            self.last = [self.picks[0], self.picks[1]]
            winner = 0 if self.last[0] == self.last[1] else 1
            self.scores[winner] += 1
            self.picks = {}
            self.played += 1
            events.append({"type": "coins", "picks": list(self.last), "winner": winner, "reveal": True,
                           "seats": None})
            if self.is_over():
                events.append({"type": "game_over", "winners": self.winners(), "reveal": True, "seats": None})
            else:
                self.round += 1
                events.append({"type": "round", "round": self.round, "seats": None})
        return events

    def view(self, seat: Seat) -> dict:
        return {"game": self.key, "seat": seat, "n_players": 2, "round": self.round,
                "rounds": self.rounds, "phase": "over" if self.is_over() else "pick", "to_act": self.to_act(),
                "scores": list(self.scores), "last_picks": list(self.last) if self.last else None,
                "has_picked": [s in self.picks for s in range(2)],
                "my_pick": self.picks.get(seat) if seat is not None else None, "winners": self.winners()}

    def view_all(self) -> dict:
        v = self.view(None)
        v["picks"] = [self.picks.get(0), self.picks.get(1)]
        v["all_seen"] = True
        return v


class NormalBot(Bot):
    """normal: plays what would have won the last round again (a habit a person can read)."""

    level = "normal"

    def choose(self, view: dict, legal: list[Action]) -> Action:
        last = view["last_picks"]
        if not last:
            return legal[self.rng.randrange(len(legal))]
        theirs = last[1 - self.seat]
        mine = theirs if self.seat == 0 else SIDES[1 - SIDES.index(theirs)]
        return ("pick", mine)


class HardBot(SearchBot):
    """hard: the shared search, over worlds where the other seat's pick (if made) is drawn anew."""

    iterations = 40

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        state = PenniesState(2, rng.randrange(2**31), {"rounds": view["rounds"]})
        state.round, state.scores, state.played = view["round"], list(view["scores"]), sum(view["scores"])
        state.last = list(view["last_picks"]) if view["last_picks"] else None
        for s, picked in enumerate(view["has_picked"]):
            if picked:
                state.picks[s] = view["my_pick"] if s == seat else rng.choice(SIDES)
        return state
