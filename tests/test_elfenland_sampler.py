"""Elfenland's sampler: every dealt world shows the seat exactly its view and plays on, and it is
built from the view alone (two tables alike to the seat give the same world)."""
from __future__ import annotations

import json
import random

import pytest

from game.core.bots import RandomBot
from game.elfenland import SPEC
from game.elfenland.sampler import sample_world


def positions(n, seed, options, every):
    state = SPEC.new_game(n, seed, options)
    bots = [RandomBot(s, seed) for s in range(n)]
    k = 0
    while not state.is_over():
        s = state.to_act()[0]
        k += 1
        if s == 0 and k % every == 0:
            yield state
        state.apply(s, bots[s].choose(state.view(s), state.legal_actions(s)))


@pytest.mark.parametrize("n,options", [(2, {}), (4, {"variant": "destination", "caravan": "any"}), (6, {"rounds": 3})])
def test_every_sampled_world_shows_the_seat_exactly_its_view(n, options):
    checked = 0
    for seed in range(2):
        for state in positions(n, seed, options, 7):
            view = state.view(0)
            world = sample_world(json.loads(json.dumps(view)), 0, random.Random(seed))
            assert world.view(0) == view
            assert world.legal_actions(0) == state.legal_actions(0)
            assert world.to_act() == state.to_act()
            for s in range(n):  # the others' public counts hold too
                assert world.view(s)["players"] == state.view(s)["players"]
            checked += 1
    assert checked > 10


def test_a_sampled_world_plays_on_to_the_end():
    for seed in range(3):
        for state in positions(3, seed, {"variant": "destination"}, 40):
            world = sample_world(state.view(0), 0, random.Random(seed))
            bots = [RandomBot(s, seed) for s in range(3)]
            while not world.is_over():
                s = world.to_act()[0]
                world.apply(s, bots[s].choose(world.view(s), world.legal_actions(s)))


def test_the_sampler_reads_nothing_the_seat_cannot_see():
    state = next(positions(3, 5, {}, 5))
    other = state.clone()
    # seat 1's hand and the deck trade a card: seat 0 sees nothing of it
    give = next(k for k, c in other.hands[1].items() if c)
    take = next(c for c in other.deck if c != give)
    other.hands[1][give] -= 1
    other.hands[1][take] += 1
    other.deck[other.deck.index(take)] = give
    assert other.view(0) == state.view(0) and other.hands != state.hands
    a = sample_world(state.view(0), 0, random.Random(3))
    b = sample_world(other.view(0), 0, random.Random(3))
    assert (a.hands, a.deck, a.pile, a.secret) == (b.hands, b.deck, b.pile, b.secret)
