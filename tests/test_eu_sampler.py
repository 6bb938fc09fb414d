"""European Union's sampler: a full world for one seat, dealt from that seat's view alone."""
from __future__ import annotations

import random

import pytest

from game.european_union import SPEC
from game.european_union import data as cards
from game.european_union.bots import EasyBot, NormalBot
from game.european_union.sampler import sample_world

TABLES = [(3, {}), (5, {"variant": "intro"}), (7, {})]


def moments(n, options, seed, every=7):
    """Walk a normal-bots game; yield (state, seat, bot) at every `every`-th decision, at the
    seat to act and at one that is not (after its bot has seen the view)."""
    state = SPEC.new_game(n, seed, options)
    bots = {s: NormalBot(s, seed) for s in range(n)}
    k = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        if k % every == 0:
            yield state, seat, bots[seat]
            other = (seat + 1) % n
            bots[other].ledger.see(state.view(other))
            yield state, other, bots[other]
        state.apply(seat, action)
        k += 1


@pytest.mark.parametrize("n,options", TABLES)
def test_every_sampled_world_shows_the_seat_its_own_view(n, options):
    rng = random.Random(1)
    checked = 0
    for state, seat, bot in moments(n, options, 21):
        view = state.view(seat)
        world = sample_world(view, seat, rng, bot.ledger)
        assert world.view(seat) == view
        assert world.legal_actions(seat) == state.legal_actions(seat)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("n,options", TABLES)
def test_a_sampled_world_plays_on_to_its_end(n, options):
    rng = random.Random(2)
    for i, (state, seat, bot) in enumerate(moments(n, options, 22, every=23)):
        world = sample_world(state.view(seat), seat, rng, bot.ledger)
        players = {s: EasyBot(s, i) for s in range(n)}
        while not world.is_over():
            s = world.to_act()[0]
            world.apply(s, players[s].choose(world.view(s), world.legal_actions(s)))
        assert world.winners()


def test_the_deck_holds_only_bills_the_seat_has_not_seen():
    """Bills voted, kept or left out by a chair before the seat's eyes never come back."""
    rng = random.Random(3)
    for state, seat, bot in moments(4, {}, 23, every=5):
        world = sample_world(state.view(seat), seat, rng, bot.ledger)
        assert len(world.bill_deck) == len(state.bill_deck)
        assert not set(world.bill_deck) & bot.ledger.bills_seen
        assert set(world.bill_deck) <= set(state.bill_deck) | (
            {b["id"] for b in cards.load()["bills"]} - bot.ledger.bills_seen - set(state.drawn))


def test_the_others_influence_is_counted_from_what_was_seen():
    """At a table without gifts the ledger counts every party's influence exactly, so the sampled
    world has it; a secret bid drawn for another never exceeds what it has."""
    rng = random.Random(4)
    for state, seat, bot in moments(5, {}, 24, every=3):
        world = sample_world(state.view(seat), seat, rng, bot.ledger)
        assert world.influence == state.influence
        assert all(world.bids[s] <= world.influence[s] for s in world.bids)


def test_the_sampler_reads_no_hidden_field():
    """Two worlds that differ only in what the seat cannot see (the others' influence and secret
    bids, the deck's order) give the same sample for the same random numbers."""
    state = SPEC.new_game(5, 25, {})
    bots = {s: NormalBot(s, 25) for s in range(5)}
    for s in (1, 2, 3):
        state.apply(s, bots[s].choose(state.view(s), state.legal_actions(s)))
    other = state.clone()
    other.influence = [x + 7 for x in other.influence]
    other.influence[0] = state.influence[0]
    other.bids = {s: b + 5 for s, b in other.bids.items()}
    other.rng.shuffle(other.bill_deck)
    assert other.view(0) == state.view(0)
    a = sample_world(state.view(0), 0, random.Random(9), bots[0].ledger)
    b = sample_world(other.view(0), 0, random.Random(9), bots[0].ledger)
    assert (a.influence, a.bids, a.bill_deck, a.mep_deck) == (b.influence, b.bids, b.bill_deck, b.mep_deck)
    assert a.rng.random() == b.rng.random()


def test_without_a_ledger_the_view_alone_is_enough():
    """A search given only the view (no memory) still gets a world that shows that view."""
    rng = random.Random(5)
    for state, seat, _ in moments(3, {}, 26, every=11):
        view = state.view(seat)
        assert sample_world(view, seat, rng).view(seat) == view
