"""Xuanwu's sampler: every dealt world agrees with the seat's view, keeps the cards the seat saw
where they are, and is built without reading anything the seat cannot see."""
from __future__ import annotations

import json
import random

import pytest

from game.core.bots import RandomBot
from game.registry import GAMES
from game.xuanwu_gate.beliefs import Memory
from game.xuanwu_gate.sampler import sample_world

SPEC = GAMES["xuanwu_gate"]
PRIVATE = ("memory", "memory_aid")  # the world keeps no memory aid of its own


def public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in PRIVATE}


def positions(n, seed, options, every=1):
    """(state, memory of seat 0) at every decision of seat 0 in a game of random bots."""
    state = SPEC.new_game(n, seed, dict(options, start_player=0))
    bots = [RandomBot(s, seed) for s in range(n)]
    memory = Memory(0)
    k = 0
    while not state.is_over():
        s = state.to_act()[0]
        if s == 0:
            memory.observe(state.view(0))
            k += 1
            if k % every == 0:
                yield state, memory
        state.apply(s, bots[s].choose(state.view(s), state.legal_actions(s)))


@pytest.mark.parametrize("n,options", [(3, {}), (5, {"variant": "scoring", "target": 5}), (7, {"memory_aid": True})])
def test_every_sampled_world_shows_the_seat_exactly_its_view(n, options):
    checked = 0
    for seed in range(4):
        for state, memory in positions(n, seed, options):
            view = state.view(0)
            world = sample_world(json.loads(json.dumps(view)), memory, random.Random(seed))
            assert public(world.view(0)) == public(view)
            assert world.legal_actions(0) == state.legal_actions(0)
            assert world.to_act() == state.to_act()
            checked += 1
    assert checked > 20


def test_the_cards_the_seat_saw_are_where_its_memory_puts_them():
    for seed in range(4):
        for state, memory in positions(5, seed, {}):
            world = sample_world(state.view(0), memory, random.Random(seed))
            for (kind, i), card in memory.known(state.view(0)).items():
                assert (world.cards[i] if kind == "seat" else world.centre[i]) == card
                assert (state.cards[i] if kind == "seat" else state.centre[i]) == card


def test_a_sampled_world_plays_on_to_the_end():
    for seed in range(4):
        for state, memory in positions(4, seed, {"variant": "scoring", "target": 5}, every=3):
            world = sample_world(state.view(0), memory, random.Random(seed))
            bots = [RandomBot(s, seed) for s in range(4)]
            while not world.is_over():
                s = world.to_act()[0]
                world.apply(s, bots[s].choose(world.view(s), world.legal_actions(s)))


def test_the_sampler_reads_nothing_the_seat_cannot_see():
    # Two tables alike in all seat 0 sees (its own card), different in the others' cards:
    # the same generator deals the same world from both.
    state = SPEC.new_game(5, 9, {"start_player": 0})
    memory = Memory(0)
    for s in list(state.to_act()):
        if s == 0:
            memory.observe(state.view(0))
        state.apply(s, ("look",))
    other = state.clone()
    other.cards[1], other.cards[2], other.centre[0] = state.cards[2], state.centre[0], state.cards[1]
    assert other.view(0) == state.view(0) and other.cards != state.cards
    a = sample_world(state.view(0), memory, random.Random(4))
    b = sample_world(other.view(0), memory, random.Random(4))
    assert (a.cards, a.centre) == (b.cards, b.centre)


def test_the_searching_bot_plays_legally_and_repeats_itself_for_a_seed():
    """game/xuanwu_gate/hard.py among normal bots: every move legal, the same game for the same seed."""
    from game.xuanwu_gate.hard import HardBot
    from game.xuanwu_gate.bots import NormalBot
    records = []
    for _ in range(2):
        state = SPEC.new_game(3, 11, {})
        bots = [HardBot(0, 11), NormalBot(1, 11), NormalBot(2, 11)]
        while not state.is_over():
            s = state.to_act()[0]
            action = bots[s].choose(state.view(s), state.legal_actions(s))
            assert action in state.legal_actions(s)
            state.apply(s, action)
        records.append(state.record())
    assert records[0] == records[1]
