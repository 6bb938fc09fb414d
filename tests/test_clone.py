"""Issue 13: clone() for search copies nothing that grows with the game, yet a clone is still an
independent state that plays on exactly like the original and keeps the whole record."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.clone import ActionLog, fast_copy
from game.registry import GAMES

SPECS = list(GAMES.values())


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


PLANNED = [("xuanwu_gate", [{}, {"variant": "scoring", "target": 10}, {"variant": "scoring", "memory_aid": True}]),
           ("european_union", [{}, {"variant": "intro"}])]


def _random_states(key: str, options: dict, seeds=range(6)):
    """States along random games of `key` at 3 and at the largest table, table actions included."""
    from game.registry import GAMES
    spec = GAMES[key]
    for seed in seeds:
        n = 3 if seed % 2 else (5 if options.get("variant") == "intro" else spec.max_players)
        state = spec.new_game(n, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            yield state
            seat = None if rng.random() < 0.03 and state.legal_actions(None) else rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize("key, variants", PLANNED, ids=[k for k, _ in PLANNED])
def test_a_planned_clone_shares_no_container_the_engine_changes_in_place(key, variants):
    from game.core.clone import unplanned_fields
    module = __import__(f"game.{key}.state", fromlist=["CLONE_FLAT"])
    for options in variants:
        for state in _random_states(key, options):
            assert unplanned_fields(state, module.CLONE_FLAT, module.CLONE_NESTED, module.CLONE_REPLACED) == []


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_the_original_is_untouched_while_its_clone_plays_to_the_end(spec):
    state = played(spec, 90)
    before = copy.deepcopy(state)
    twin = state.clone()
    rng = random.Random(3)
    while not twin.is_over():
        seat = twin.to_act()[0]
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    now = {k: v for k, v in state.__dict__.items() if k not in ("rng", "actions")}
    assert now == {k: v for k, v in before.__dict__.items() if k not in ("rng", "actions")}
    assert state.rng.getstate() == before.rng.getstate() and list(state.actions) == list(before.actions)


def test_a_snapshot_random_draws_the_same_numbers_as_random_and_hands_out_its_state_anew_after_a_draw():
    from game.core.clone import SnapshotRandom, copy_rng
    plain, snap = random.Random(5), SnapshotRandom(5)
    assert snap.getstate() == plain.getstate() and snap.getstate() is snap.getstate()
    for size in (0, 1, 2, 9, 20, 33, 64, 65):  # its own shuffle: random.shuffle's draws, deck sizes across bit lengths
        deck_a, deck_b = list(range(size)), list(range(size))
        plain.shuffle(deck_a)
        snap.shuffle(deck_b)
        assert deck_a == deck_b and snap.getstate() == plain.getstate()
    assert [plain.randrange(7), plain.random(), plain.sample(range(9), 3), plain.choice("abc")] == \
        [snap.randrange(7), snap.random(), snap.sample(range(9), 3), snap.choice("abc")]
    twin = copy_rng(snap)
    assert type(twin) is SnapshotRandom and [twin.random() for _ in range(3)] == [snap.random() for _ in range(3)]
    assert copy.deepcopy(snap).random() == snap.random()
