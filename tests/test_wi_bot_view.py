"""The hard bot's rollout players read WIState.bot_view: the part of view() the normal bot reads,
shared rather than copied. It must say what view() says, and the normal bot must choose the same
from it."""
from __future__ import annotations

import random

import pytest

from game.registry import GAMES
from game.wonderful_island.bots import NormalBot

SPEC = GAMES["wonderful_island"]


def states(n: int, seed: int, legacy=None, every: int = 3):
    """States of a game of random legal moves (which reach more phases than bots do), every few actions."""
    state = SPEC.new_game(n, seed, legacy=legacy)
    rng = random.Random(seed)
    k = 0
    while not state.is_over() and k < 600:
        if k % every == 0:
            yield state
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        k += 1
    yield state


def same_as_view(state, seat: int) -> None:
    full, lean = state.view(seat), state.bot_view(seat)
    for key, value in lean.items():
        if key == "players":
            assert len(value) == len(full["players"])
            for row, full_row in zip(value, full["players"]):
                assert row == {k: full_row[k] for k in row}
        else:
            assert value == full[key], key


@pytest.mark.parametrize("n", range(3, 9))
@pytest.mark.parametrize("legacy", [None, {"edition": 1}])
def test_bot_view_says_what_view_says_and_normal_chooses_the_same(n, legacy):
    phases = set()
    for seed in (1, 2):
        for state in states(n, 100 * n + seed, legacy):
            phases.add(state.phase)
            for seat in range(n):
                same_as_view(state, seat)
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                if state.phase == "character" or len(legal) < 2:
                    continue
                full, lean = NormalBot(seat, 0), NormalBot(seat, 0)
                assert lean.choose(state.bot_view(seat), legal) == full.choose(state.view(seat), legal)
    assert {"play", "react", "venue"} <= phases


def test_bot_view_shares_the_states_lists_it_does_not_copy_them():
    state = next(s for s in states(5, 7) if s.phase == "play")
    seat = state.actor
    lean = state.bot_view(seat)
    assert lean["acts"] is state.acts and lean["hand"] is state.hands[seat]
    assert lean["slots"] is state.slots and lean["dossier"] is state.dossier[seat]
