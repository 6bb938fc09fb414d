"""Xuanwu beliefs: where the unseen cards lie, read from the others' public acts."""
from __future__ import annotations

import random

from game.registry import GAMES
from game.xuanwu_gate import beliefs
from game.xuanwu_gate.beliefs import Memory

SPEC = GAMES["xuanwu_gate"]


def after_looking(n, seed):
    state = SPEC.new_game(n, seed, {"start_player": 0})
    memory = Memory(0)
    while state.view(None)["phase"] == "look":
        s = state.to_act()[0]
        if s == 0:
            memory.observe(state.view(0))
        state.apply(s, ("look",))
    return state, memory


def weight_of_winning(state, memory, seat):
    """The belief that `seat` holds a card that wins with the centre now."""
    ws = beliefs.worlds(state.view(0), memory, random.Random(1), 64)
    return sum(p for w, p in ws if beliefs.wins(w[("seat", seat)], [w[("centre", 0)], w[("centre", 1)]]))


def test_every_world_holds_each_card_once_and_the_seen_cards_where_they_are():
    state, memory = after_looking(5, 3)
    ws = beliefs.worlds(state.view(0), memory, random.Random(2), 64)
    assert abs(sum(p for _, p in ws) - 1) < 1e-9
    for w, _ in ws:
        assert sorted(w.values()) == sorted(state.view(0)["deck"])
        assert w[("seat", 0)] == state.cards[0]


def test_a_seat_that_takes_a_centre_card_in_is_believed_to_hold_a_winner_more():
    state, memory = after_looking(3, 5)
    before = weight_of_winning(state, memory, 1)
    state.apply(0, ("peek", 0))
    state.apply(0, ("keep",))
    state.apply(1, ("peek", 1))
    state.apply(1, ("swap_own",))
    assert weight_of_winning(state, memory, 1) > before


def test_a_seat_that_votes_battle_is_believed_to_hold_a_winner_more_than_one_that_waits():
    state, memory = after_looking(3, 5)
    for s in list(state.order):
        state.apply(s, ("peek", 0))
        state.apply(s, ("keep",))
    state.apply(0, ("vote", "wait"))
    state.apply(1, ("vote", "battle"))
    state.apply(2, ("vote", "wait"))
    memory.observe(state.view(0))  # round 2: last round's votes are on the table
    assert weight_of_winning(state, memory, 1) > weight_of_winning(state, memory, 2)


def test_its_own_acts_say_nothing_to_itself():
    state, memory = after_looking(3, 5)
    world = {("seat", i): c for i, c in enumerate(state.cards)}
    world.update({("centre", 0): state.centre[0], ("centre", 1): state.centre[1]})
    state.apply(0, ("peek", 0))
    state.apply(0, ("swap_own",))
    world[("seat", 0)], world[("centre", 0)] = world[("centre", 0)], world[("seat", 0)]
    assert beliefs.likelihood(world, state.view(0), memory) == 1.0
