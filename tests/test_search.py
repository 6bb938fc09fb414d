"""The shared search (game/core/search.py): seeded, within its budget, finds a win, sees only the view."""
from __future__ import annotations

import random
import threading

import pytest

from game.core.match import Match, Seat
from game.core.search import SearchBot
from game.core.spec import GameSpec
from game.core.state import GameState


class Nim(GameState):
    """Two players take 1-3 stones in turn; whoever takes the last stone wins. Each seat also holds
    a secret number that nobody else sees and that changes nothing (the hidden part a sampler
    must not read)."""

    key = "toy_nim"

    def __init__(self, n_players: int = 2, seed: int = 0, options: dict | None = None) -> None:
        super().__init__(n_players, seed, options or {})
        self.stones = int(self.options.get("stones", 10))
        self.turn = 0
        self.secret = [self.rng.randrange(1000) for _ in range(n_players)]
        self.winner: int | None = None

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def legal_actions(self, seat):
        if seat != self.turn or self.is_over():
            return []
        return [("take", k) for k in (1, 2, 3) if k <= self.stones]

    def is_over(self) -> bool:
        return self.winner is not None

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def view(self, seat):
        v = {"stones": self.stones, "turn": self.turn}
        if seat is not None:
            v["secret"] = self.secret[seat]
        return v

    def _apply(self, seat, action):
        self.stones -= action[1]
        if self.stones == 0:
            self.winner = seat
        self.turn = 1 - seat
        return []


def nim_from_view(view: dict, seat: int, rng: random.Random) -> Nim:
    """The toy's sampler: the visible pile and turn, the other seat's secret made up."""
    world = Nim(2, rng.randrange(2**31), {"stones": view["stones"]})
    world.turn = view["turn"]
    world.secret[seat] = view["secret"]
    return world


class NimBot(SearchBot):
    iterations = 300

    def __init__(self, seat, seed=0):
        super().__init__(seat, seed)
        self.sampled = 0

    def sample_world(self, view, seat, rng):
        self.sampled += 1
        return nim_from_view(view, seat, rng)

    def rollout_policy(self, state, seat, legal, rng):
        # Take the rest when it can be taken, else at random: a fast policy that sees a win.
        for a in legal:
            if a[1] == state.stones:
                return a
        return legal[rng.randrange(len(legal))]


def nim(stones: int, turn: int = 0, seed: int = 0) -> Nim:
    state = Nim(2, seed, {"stones": stones})
    state.turn = turn
    return state


def test_the_same_seed_gives_the_same_moves():
    def moves(seed):
        bot = NimBot(0, seed)
        return [bot.choose(nim(s).view(0), nim(s).legal_actions(0)) for s in (10, 9, 7, 6, 11, 13)]
    assert moves(5) == moves(5)


def test_the_budget_of_iterations_is_kept():
    bot = NimBot(0, 1)
    bot.iterations = 123
    state = nim(12)
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.last_stats["iterations"] == 123
    assert bot.sampled == 123, "one sampled world per iteration by default"
    assert sum(v for v, _ in bot.last_stats["arms"].values()) == 123


@pytest.mark.parametrize("paired, used", [(False, 40), (True, 39)])
def test_a_game_may_give_one_decision_its_own_budget(paired, used):
    class Roomy(NimBot):
        def budget(self, view, legal):
            return 2 * self.iterations if view["stones"] > 10 else self.iterations
    bot = Roomy(0, 1)
    bot.paired = paired
    bot.iterations = 20
    state = nim(12)
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.last_stats["iterations"] == used, "twice the budget here (paired: whole worlds of 3)"
    assert bot.iterations == 20, "the bot's own budget is unchanged"


def test_a_pool_of_worlds_is_sampled_once_and_reused():
    bot = NimBot(0, 1)
    bot.iterations, bot.worlds = 60, 8
    state = nim(12)
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.sampled == 8 and bot.last_stats["iterations"] == 60


def test_it_takes_an_immediate_win():
    state = nim(3)
    assert NimBot(0, 2).choose(state.view(0), state.legal_actions(0)) == ("take", 3)


def test_it_leaves_a_multiple_of_four():
    # From 6 stones only taking 2 (leaving 4) wins against any reply.
    state = nim(6)
    assert NimBot(0, 3).choose(state.view(0), state.legal_actions(0)) == ("take", 2)


def test_an_action_no_sampled_world_allows_is_never_chosen():
    class Narrow(NimBot):
        def sample_world(self, view, seat, rng):
            # Worlds where only 2 stones are left: ("take", 3) is never legal there.
            return nim_from_view(dict(view, stones=2), seat, rng)
    state = nim(7)
    bot = Narrow(0, 4)
    assert bot.choose(state.view(0), state.legal_actions(0)) != ("take", 3)
    assert bot.last_stats["arms"][("take", 3)][0] == 0


def test_progressive_widening_opens_candidates_in_order():
    bot = NimBot(0, 5)
    bot.iterations, bot.widening = 4, (1.0, 0.0)  # one candidate open all along
    state = nim(9)
    assert bot.choose(state.view(0), state.legal_actions(0)) == ("take", 1)
    assert bot.last_stats["arms"][("take", 2)][0] == 0


def test_a_set_cancel_stops_the_search_at_once():
    bot = NimBot(0, 6)
    bot.cancel = threading.Event()
    bot.cancel.set()
    state = nim(10)
    assert bot.choose(state.view(0), state.legal_actions(0)) in state.legal_actions(0)
    assert bot.last_stats["iterations"] == 0


class Watched(Nim):
    """The real state at the table: records every attribute read while `watching` is on."""

    def __init__(self, *a, **k):
        object.__setattr__(self, "_reads", [])
        object.__setattr__(self, "_watching", False)
        super().__init__(*a, **k)

    def __getattribute__(self, name):
        if not name.startswith("_") and object.__getattribute__(self, "_watching"):
            object.__getattribute__(self, "_reads").append(name)
        return object.__getattribute__(self, name)


def test_it_reads_only_the_view_and_legal_actions_of_the_real_state():
    spec = GameSpec(key="toy_nim", names={"en": "Nim", "zh_TW": "拈"}, min_players=2, max_players=2,
                    factory=lambda n, seed, opts: Watched(n, seed, {"stones": 10}),
                    bots={"hard": NimBot})
    match = Match.new(spec, [Seat("a", "hard"), Seat("b", "hard")], seed=3)
    state = match.state
    state._watching = True
    bot = match.bots[0]
    original = bot.choose
    during: list[str] = []

    def spying_choose(view, legal):
        before = len(state._reads)
        action = original(view, legal)
        during.extend(state._reads[before:])
        return action
    bot.choose = spying_choose
    match.step_bot()
    state._watching = False
    assert during == [], "the search touched the real state"
    assert state.actions and state.actions[0][0] == 0, "the move landed"


def test_what_the_seat_cannot_see_does_not_change_its_move():
    a, b = nim(10, seed=1), nim(10, seed=2)
    a.secret[1], b.secret[1] = 11, 999   # only the other seat's secret differs
    a.secret[0] = b.secret[0] = 5
    assert a.view(0) == b.view(0)
    assert NimBot(0, 9).choose(a.view(0), a.legal_actions(0)) == NimBot(0, 9).choose(b.view(0), b.legal_actions(0))


class PairedNim(NimBot):
    paired = True


def test_paired_search_tries_every_candidate_on_the_same_worlds():
    bot = PairedNim(0, 7)
    bot.iterations = 30
    state = nim(6)
    assert bot.choose(state.view(0), state.legal_actions(0)) == ("take", 2)
    assert bot.sampled == 10 and bot.last_stats["worlds"] == 10
    assert all(visits == 10 for visits, _ in bot.last_stats["arms"].values())


def test_paired_search_keeps_the_first_candidate_unless_another_is_clearly_better():
    class Indifferent(PairedNim):
        def evaluate(self, state, seat):
            return 0.5  # every action as good as any other
    state = nim(9)
    bot = Indifferent(0, 8)
    bot.candidates = lambda view, legal: [("take", 3), ("take", 1), ("take", 2)]
    assert bot.choose(state.view(0), state.legal_actions(0)) == ("take", 3)


def test_paired_search_keeps_its_budget_and_stops_when_cancelled():
    bot = PairedNim(0, 9)
    bot.iterations = 31
    state = nim(12)
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.last_stats["iterations"] == 30, "whole worlds only: 10 worlds of 3 candidates"
    bot.cancel = threading.Event()
    bot.cancel.set()
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.last_stats["iterations"] == 0
