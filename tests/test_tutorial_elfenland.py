"""Elfenland's guided first game: the deal still shows what its steps say (the core rules come up,
and the hand the coach names is the learner's)."""
from __future__ import annotations

from collections import Counter

from game.core.tutorial import LEARNER, load_lesson
from game.registry import GAMES


def _played():
    lesson = load_lesson("elfenland")
    state = GAMES["elfenland"].new_game(lesson.players, lesson.seed, lesson.options)
    first = state.view(LEARNER)
    events = [e for seat, action in lesson.script for e in state.apply(seat, action)]
    return lesson, first, events, state


def test_the_coach_names_the_learners_first_hand_and_secret_counter():
    _, first, _, _ = _played()
    assert Counter(first["hand"]) == Counter(pig=3, elfcycle=2, cloud=1, troll=1, raft=1)
    assert first["secret_counters"] == ["elfcycle"]
    assert first["start_player"] == LEARNER


def test_the_core_rules_come_up_in_the_lesson():
    _, _, events, state = _played()
    mine = [e for e in events if e.get("seat") == LEARNER]
    kinds = {e["type"] for e in mine}
    assert {"take", "take_pile", "place", "obstacle", "pass", "move", "end_move"} <= kinds
    moves = [e for e in mine if e["type"] == "move"]
    assert any(e["caravan"] for e in moves), "a caravan"
    assert any(e["payment"] == ["raft"] for e in moves), "a river downstream"
    assert any(e["type"] == "place" and e["secret"] for e in mine), "the secret counter placed"
    assert any(e["type"] == "obstacle" and e["seat"] != LEARNER for e in events), "the other's obstacle"
    assert any(e["type"] == "round_end" for e in events), "the end of a round"
    assert [p["markers"] for p in state.view(LEARNER)["players"]] == [5, 5]
