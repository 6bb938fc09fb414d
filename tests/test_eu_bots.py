"""Computer opponents for European Union: legal, deterministic, quick, and seeing only views."""
from __future__ import annotations

import json
import time

import pytest

from game.core.actions import to_action
from game.european_union import SPEC
from game.european_union import data as cards
from game.european_union.bots import RESERVE, NormalBot

COUNTS = range(SPEC.min_players, SPEC.max_players + 1)


def play(state, bots, through_json=False):
    """Bots play the game to its end, each from its own view and legal actions; returns the actions."""
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if through_json:  # what a bot gets could have come from a file: it must not need more
            view = json.loads(json.dumps(view))
            legal = [to_action(a) for a in json.loads(json.dumps(legal))]
        action = bots[seat].choose(view, legal)
        assert action in state.legal_actions(seat), (seat, action)
        state.apply(seat, action)
        actions.append((seat, action))
    return actions


def table(n, seed, level):
    return {s: SPEC.bots[level](s, seed) for s in range(n)}


def test_both_levels_exist():
    assert set(SPEC.bots) == {"easy", "normal"}


@pytest.mark.parametrize("level", sorted(SPEC.bots))
@pytest.mark.parametrize("n", COUNTS)
def test_bots_choose_only_legal_actions(level, n):
    for seed in range(3):
        options = {"variant": "intro"} if seed == 1 and n <= 5 else {}
        state = SPEC.new_game(n, seed, options)
        play(state, table(n, seed, level), through_json=seed == 2)
        assert state.is_over()


@pytest.mark.parametrize("level", sorted(SPEC.bots))
def test_bots_are_deterministic_for_a_seed(level):
    runs = [play(SPEC.new_game(5, 3, {}), table(5, 3, level)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_normal_bot_keeps_a_reserve_and_never_overbids():
    state = SPEC.new_game(4, 4, {})
    bot = NormalBot(0, 4)
    for _ in range(200):
        if state.is_over():
            break
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = NormalBot(seat, 4).choose(view, legal) if seat else bot.choose(view, legal)
        if action[0] == "bid":
            assert action[1] <= max(0, view["my_influence"] - RESERVE)
        state.apply(seat, action)


def test_normal_bot_votes_for_what_pays_its_party():
    state = SPEC.new_game(3, 5, {})
    bots = table(3, 5, "normal")
    while state.view(None)["phase"] != "vote":
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    bill = state.view(None)["current_bill"]
    for s in range(3):
        view = state.view(s)
        value = bots[s].bill_value(view, bill)
        party = state.parties[s]
        base = cards.pay(bill, party) + cards.ability_change(party, bill, True) - cards.ability_change(party, bill, False)
        assert abs(value - base) <= 3  # stars and ability, plus at most one step of a track bonus
        assert bots[s].choose(view, state.legal_actions(s)) == ("vote", "yes" if value >= 0 else "no")


def test_normal_bot_as_chair_keeps_the_bills_that_pay_it_and_calls_the_vote_at_once():
    state = SPEC.new_game(4, 6, {})
    bots = table(4, 6, "normal")
    while state.view(None)["phase"] != "keep":
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    chair = state.chair
    view = state.view(chair)
    action = bots[chair].choose(view, state.legal_actions(chair))
    values = sorted((bots[chair].bill_value(view, b) for b in view["drawn_bills"]), reverse=True)
    assert sum(bots[chair].bill_value(view, b) for b in action[1]) == sum(values[:5])
    state.apply(chair, action)
    assert bots[chair].choose(state.view(chair), state.legal_actions(chair)) == ("call_vote",)


def test_normal_bot_sees_only_its_view():
    """Changing what seat 0 cannot see (others' influence and bids) leaves its choice unchanged."""
    state = SPEC.new_game(5, 7, {})
    state.apply(1, ("bid", 3))
    a = NormalBot(0, 7).choose(state.view(0), state.legal_actions(0))
    state.influence[2] += 30
    state.bids[1] = 9
    b = NormalBot(0, 7).choose(state.view(0), state.legal_actions(0))
    assert a == b


def test_normal_bot_decides_within_a_tenth_of_a_second():
    state = SPEC.new_game(7, 8, {})
    bots = table(7, 8, "normal")
    worst = 0.0
    while not state.is_over():
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal)
        worst = max(worst, time.perf_counter() - start)
        state.apply(seat, action)
    assert worst < 0.1


@pytest.mark.parametrize("level", sorted(SPEC.bots))
def test_a_bot_never_gives_influence_away(level):
    """Only the table can open a gift from a bot; asked how much, it gives nothing, at any moment."""
    state = SPEC.new_game(4, 9, {})
    bots = table(4, 9, level)
    answered = 0
    while not state.is_over():
        if answered < 30:
            giver = state.to_act()[0]
            state.apply(None, ("give", giver, (giver + 1) % 4))
            legal = state.legal_actions(giver)
            before = list(state.influence)
            events = state.apply(giver, bots[giver].choose(state.view(giver), legal))
            assert events[0]["type"] == "gift_none" and state.influence == before
            answered += 1
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert answered == 30


def test_influence_given_to_a_bot_is_simply_its_own():
    """A bot given influence asks nothing and owes nothing: it only has more to bid with."""
    state = SPEC.new_game(3, 10, {})
    bot = NormalBot(1, 10)
    before = bot.choose(state.view(1), state.legal_actions(1))
    state.apply(None, ("give", 0, 1))
    state.apply(0, ("gift", 10))
    after = bot.choose(state.view(1), state.legal_actions(1))
    assert state.to_act() == [0, 1, 2] and after[0] == "bid" and after[1] >= before[1]
