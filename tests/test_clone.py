"""Issue 13: clone() for search copies nothing that grows with the game, yet a clone is still an
independent state that plays on exactly like the original and keeps the whole record."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.clone import ActionLog, fast_copy
from game.registry import available_games

SPECS = available_games()


def played(spec, n_actions: int, seed: int = 4):
    state = spec.new_game(spec.max_players, seed)
    rng = random.Random(seed)
    for _ in range(n_actions):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_clone_reads_the_history_in_place_instead_of_copying_it(spec):
    state = played(spec, 120)
    twin = state.clone()
    assert isinstance(twin.actions, ActionLog) and twin.actions._past is state.actions
    assert twin.setup_events is state.setup_events  # never changed after setup: shared
    assert list(twin.actions) == list(state.actions) and len(twin.actions) == len(state.actions)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_clone_keeps_the_whole_record_while_both_play_on(spec):
    state = played(spec, 60)
    before = state.record()
    twin = state.clone()
    rng = random.Random(9)
    for _ in range(15):  # both move on, differently
        for st in (state, twin):
            if not st.is_over():
                seat = rng.choice(st.to_act())
                st.apply(seat, rng.choice(st.legal_actions(seat)))
    twin_record = twin.record()
    assert twin_record["actions"][:len(before["actions"])] == before["actions"]
    assert spec.replay(twin_record).view(None) == twin.view(None)
    grandchild = twin.clone()  # a clone of a clone still has it all
    assert grandchild.record() == twin_record
    assert twin.actions[-1] == grandchild.actions[-1] and twin.actions[0] == state.actions[0]


def test_fast_copy_copies_data_all_the_way_down_and_the_generator_with_its_state():
    rng = random.Random(7)
    rng.random()
    data = {"a": [1, {"b": [2, 3]}, {4, 5}], "t": (1, "x"), "r": rng}
    twin = fast_copy(data)
    assert twin["a"] == data["a"] and twin["a"][1]["b"] is not data["a"][1]["b"] and twin["a"][2] is not data["a"][2]
    assert twin["r"].random() == copy.deepcopy(rng).random()
