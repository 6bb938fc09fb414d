"""The rules of Matching Pennies, clause by clause."""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.pennies import SPEC


def test_both_seats_pick_at_once_in_secret():
    state = SPEC.new_game(2, 1)
    assert state.to_act() == [0, 1]
    events = state.apply(0, ("pick", "heads"))
    assert state.view(1)["my_pick"] is None and state.view(0)["my_pick"] == "heads"
    assert [e for e in events if e["seats"] is None] == [{"type": "picked", "seat": 0, "seats": None}]


def test_the_first_seat_wins_a_round_when_the_picks_match_the_second_when_they_differ():
    state = SPEC.new_game(2, 1)
    state.apply(0, ("pick", "heads"))
    state.apply(1, ("pick", "heads"))
    state.apply(1, ("pick", "heads"))
    state.apply(0, ("pick", "tails"))
    assert state.view(None)["scores"] == [1, 1]


def test_most_rounds_won_wins_after_the_last_round():
    state = SPEC.new_game(2, 1, {"rounds": 10})
    for _ in range(10):
        state.apply(0, ("pick", "tails"))
        state.apply(1, ("pick", "tails"))
    assert state.is_over() and state.winners() == [0]
    with pytest.raises(IllegalAction):
        state.apply(0, ("pick", "heads"))
