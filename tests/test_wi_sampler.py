"""The Wonderful Island's sampler (game/wonderful_island/sampler.py) and its hard bot."""
from __future__ import annotations

import random

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from game.wonderful_island import data
from game.wonderful_island.hard import HardBot
from game.wonderful_island.sampler import sample_world, searchable

SPEC = GAMES["wonderful_island"]


def positions(n: int, seed: int, every: int = 1):
    """(state, seat, view) at each searchable decision of a game of normal bots."""
    match = Match.new(SPEC, [Seat(f"b{i}", "normal") for i in range(n)], seed=seed)
    k = 0
    while not match.state.is_over():
        seat = match.bot_to_move()
        view = match.state.view(seat)
        if searchable(view):
            k += 1
            if k % every == 0:
                yield match.state, seat, view
        match.step_bot()


@pytest.mark.parametrize("n", [3, 5, 8])
def test_every_sampled_world_shows_the_seat_exactly_its_view(n):
    rng = random.Random(n)
    checked = 0
    for state, seat, view in positions(n, seed=40 + n, every=3):
        world = sample_world(view, seat, rng)
        assert world.view(seat) == view
        assert world.legal_actions(seat) == state.legal_actions(seat)
        checked += 1
    assert checked >= 10


def test_the_hidden_parts_are_dealt_from_what_the_seat_has_not_seen():
    rng = random.Random(3)
    for state, seat, view in positions(5, seed=7, every=5):
        world = sample_world(view, seat, rng)
        assert world.factions[seat] == view["faction"]
        assert sorted(world.factions) == sorted(data.factions_for(5))
        for fact in view["dossier"]:
            assert (world.factions[fact["seat"]] == fact["camp"]) == fact["is"]
        placed = sum(world.hands, []) + world.deck + world.discard + [x["card"] for x in world.slots]
        full = data.effect_deck()
        for card in set(placed):
            assert placed.count(card) <= full.count(card), "a card dealt twice"
        meetings = sum(world.meetings, []) + world.mdeck
        for mid in set(meetings):
            assert meetings.count(mid) <= data.meeting_deck().count(mid)


def test_the_other_seats_know_what_the_meetings_they_sent_told_them():
    rng = random.Random(4)
    checked = 0
    for state, seat, view in positions(5, seed=9, every=4):
        world = sample_world(view, seat, rng)
        sent = {(a, t) for a, verb, t in view["acts"] if verb == "meeting"}
        for s in range(5):
            if s == seat:
                continue
            told = {fact["seat"] for fact in world.dossier[s]}
            assert told >= {t for a, t in sent if a == s and t != s}, "a meeting sent teaches its sender"
            for fact in world.dossier[s]:
                # learnt from a meeting it sent, or from one it received as an exchange
                assert (s, fact["seat"]) in sent or (fact["seat"], s) in sent
                assert (world.factions[fact["seat"]] == fact["camp"]) == fact["is"], "true of the dealt camps"
                checked += 1
    assert checked >= 5


def _fingerprint(world) -> tuple:
    return (tuple(world.factions), tuple(map(tuple, world.hands)), tuple(world.deck),
            tuple(map(tuple, world.meetings)), tuple(world.mdeck), repr(world.dossier))


def test_the_sampler_reads_nothing_the_seat_cannot_see():
    # Two tables that differ only in hidden things (the others' hands, meeting cards and the deck
    # order) give the seat the same view, and the sampler the same worlds for the same generator.
    for state, seat, view in positions(4, seed=11, every=4):
        other = state.clone()
        others = [s for s in range(4) if s != seat]
        hidden = sum((other.hands[s] for s in others), []) + other.deck
        random.Random(1).shuffle(hidden)
        for s in others:
            k = len(other.hands[s])
            other.hands[s], hidden = sorted(hidden[:k]), hidden[k:]
        other.deck = hidden
        other.mdeck.reverse()
        assert other.view(seat) == view
        a = sample_world(view, seat, random.Random(5))
        b = sample_world(other.view(seat), seat, random.Random(5))
        assert _fingerprint(a) == _fingerprint(b)


def test_a_view_without_a_whole_world_is_refused():
    state = SPEC.new_game(4, seed=1)
    view = state.view(0)                      # choosing characters: no faction card yet
    assert not searchable(view)
    with pytest.raises(ValueError):
        sample_world(view, 0, random.Random(0))


def test_hard_is_a_level_of_the_game():
    assert list(SPEC.bots) == ["easy", "normal", "hard"]


def test_hard_gives_the_same_move_for_the_same_seed():
    state, seat, view = next(positions(3, seed=2, every=2))
    legal = state.legal_actions(seat)
    picks = []
    for _ in range(2):
        bot = HardBot(seat, 9)
        bot.iterations = 30
        picks.append(bot.choose(view, legal))
    assert picks[0] == picks[1] and picks[0] in legal


def test_hard_searches_its_own_turns_within_its_budget():
    state, seat, view = next(positions(3, seed=3, every=2))
    bot = HardBot(seat, 1)
    bot.iterations = 25
    bot.choose(view, state.legal_actions(seat))
    arms = bot.last_stats["arms"]
    assert 1 < len(arms) <= HardBot.width, "the normal choice and its next best challengers"
    assert bot.last_stats["iterations"] == sum(v for v, _ in arms.values()) <= 25
    assert bot.last_stats["iterations"] > 25 - len(arms), "the budget is used, in whole worlds"


@pytest.mark.parametrize("n, budget", [(3, 25), (4, 50), (5, 50), (8, 25)])
def test_hard_rolls_out_twice_the_budget_at_four_or_five_seats(n, budget):
    state, seat, view = next(positions(n, seed=3, every=2))
    bot = HardBot(seat, 1)
    bot.iterations = 25
    bot.choose(view, state.legal_actions(seat))
    arms = bot.last_stats["arms"]
    assert budget - len(arms) < bot.last_stats["iterations"] <= budget
    assert bot.iterations == 25, "the table's budget is for that decision only"


def test_a_rollout_player_weighs_its_camps_again_for_a_world_where_it_knows_more():
    from game.wonderful_island.hard import _FrozenBeliefs
    state, seat, view = next(positions(5, seed=9, every=4))
    other = next(s for s in range(5) if s != seat)
    player = _FrozenBeliefs(other, 5)
    world = sample_world(view, seat, random.Random(1))
    plain = world.view(other)
    plain["dossier"] = []
    before = [list(p) for p in player.probs(plain)]
    told = dict(plain, dossier=[{"seat": seat, "camp": world.factions[seat], "is": True, "how": "meeting"}])
    after = player.probs(told)
    assert after[seat][list(data.CAMPS).index(world.factions[seat])] == 1.0
    assert player.probs(plain) == before, "each dossier's weighing is kept for that dossier"
