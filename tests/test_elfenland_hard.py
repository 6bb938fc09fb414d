"""Elfenland's hard bot (game/elfenland/hard.py): a level of the game, legal and the same for the
same seed, searching its planning turns within its budget from its view alone, and normal's
answer on the draw, the move and the finish; a searched world is scored by each seat's best tour
once the planning is over."""
from __future__ import annotations

import pytest

from game.elfenland import SPEC
from game.elfenland.bots import NormalBot
from game.elfenland.hard import HardBot
from game.elfenland.state import PLAN

from test_elfenland_bots import hand, play, poke, table, to_move


class QuickHard(HardBot):
    iterations = 12   # whole tables in a test's time; the search is the same


def positions(n, seed, phase, options=None):
    """(state, seat) at every decision with a choice in `phase`, in a game of normal bots."""
    state = SPEC.new_game(n, seed, options or {})
    bots = table(n, seed, ["normal"])
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == phase and len(legal) > 1:
            yield state, seat
        state.apply(seat, bots[seat].choose(state.view(seat), legal))


def test_hard_is_a_level_of_the_game():
    assert list(SPEC.bots) == ["easy", "normal", "hard"]
    assert isinstance(SPEC.bots["hard"](0, 1), HardBot)


@pytest.mark.parametrize("n,options", [(2, {}), pytest.param(4, {"variant": "destination", "caravan": "any"},
                                                              marks=pytest.mark.slow)])  # a whole game at 4: slow
def test_hard_plays_a_whole_game_legally_among_normal_bots(n, options):
    bots = table(n, 3, ["normal"])
    bots[1] = QuickHard(1, 3)
    state = play(SPEC.new_game(n, 3, options), bots, through_json=True)
    assert state.is_over() and state.winners()


def test_hard_gives_the_same_move_for_the_same_seed():
    state, seat = next(positions(3, 4, PLAN))
    view, legal = state.view(seat), state.legal_actions(seat)
    picks = [QuickHard(seat, 7).choose(view, legal) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in legal


def test_hard_searches_its_planning_turns_within_its_budget():
    state, seat = next(positions(4, 5, PLAN))
    bot = QuickHard(seat, 1)
    bot.choose(state.view(seat), state.legal_actions(seat))
    arms = bot.last_stats["arms"]
    guess = NormalBot(seat, 1).choose(state.view(seat), state.legal_actions(seat))
    assert list(arms)[0] == guess, "normal's plan is the first candidate"
    assert 1 < len(arms) <= HardBot.width
    assert bot.last_stats["iterations"] <= QuickHard.iterations


@pytest.mark.parametrize("phase", ["draw", "move", "finish"])
def test_hard_draws_moves_and_finishes_as_normal_does(phase):
    checked = 0
    for state, seat in positions(3, 6, phase):
        view, legal = state.view(seat), state.legal_actions(seat)
        assert QuickHard(seat, 8).choose(view, legal) == NormalBot(seat, 8).choose(view, legal)
        checked += 1
        if checked == 4:
            break
    assert checked


def test_hard_decides_from_its_view_alone():
    """The other hands, secret counters and the deck changed: a twin that sees the same view
    chooses the same plan (the worlds it searches are dealt from the view)."""
    state, seat = next(positions(3, 9, PLAN))
    other = state.clone()
    for s in range(other.n_players):
        if s != seat:
            n_cards = other.hand_size(s)
            other.hands[s] = dict.fromkeys(other.hands[s], 0)
            other.hands[s]["raft"] = n_cards
            other.secret[s] = ["dragon"] * len(other.secret[s])
    other.deck.reverse()
    other.pile.reverse()
    other._legal = {}
    assert other.view(seat) == state.view(seat)
    picks = [QuickHard(seat, 2).choose(s.view(seat), s.legal_actions(seat)) for s in (state, other)]
    assert picks[0] == picks[1]


def test_a_world_whose_planning_is_over_is_scored_by_each_seats_best_tour():
    """Seat 0 holds the cards to ride a counter out of the capital to a new town, seat 1 holds
    nothing: the world is worth more than an even one to seat 0 and less to seat 1."""
    state = to_move(SPEC.new_game(2, 1, {"start_player": 0}))
    T = state.T
    out = next(e for e in T.exits[T.capital] if e.land and T.cost["dragon"].get(e.kind))
    poke(state, board_counters={out.route: "dragon"}, board_obstacles={},
         hands=[hand(dragon=T.cost["dragon"][out.kind]), hand()], boots=[T.capital] * 2, visited=[[], []])
    bot = QuickHard(0, 1)
    bot._round = state.round
    assert state.phase != PLAN and bot.rollout_ends(state)
    assert bot.evaluate(state, 0) > 0.5 > bot.evaluate(state, 1)
