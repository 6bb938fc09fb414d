"""Elfenland's guided first game: the deal still shows what its steps say (the core rules come up,
and the hand the coach names is the learner's)."""
from __future__ import annotations

from collections import Counter

from game.core.tutorial import LEARNER, load_lesson
from lesson_walks import played


def test_the_coach_names_the_learners_first_hand_and_secret_counter():
    _, first, _, _ = played("elfenland")
    assert Counter(first["hand"]) == Counter(pig=3, elfcycle=2, cloud=1, troll=1, raft=1)
    assert first["secret_counters"] == ["elfcycle"]
    assert first["start_player"] == LEARNER


def test_the_core_rules_come_up_in_the_lesson():
    _, _, events, state = played("elfenland")
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


# -- lesson 2: the Transport table in practice ---------------------------------------------------------
def test_lesson_two_names_the_learners_hand_and_secret_counter():
    _, first, _, _ = played("elfenland", 2)
    assert Counter(first["hand"]) == Counter(pig=1, elfcycle=1, cloud=3, dragon=1, raft=2)
    assert first["secret_counters"] == ["dragon"] and first["start_player"] == LEARNER


def test_lesson_two_places_each_counter_on_a_terrain_it_crosses_and_pays_what_the_table_says():
    from game.elfenland.rules import tables
    table = tables()
    _, _, events, _ = played("elfenland", 2)
    placed = {e["route"]: e["counter"] for e in events if e["type"] == "place" and e["seat"] == LEARNER}
    assert [(c, table.route_kind[r]) for r, c in placed.items()] == [
        ("cloud", "plain"), ("pig", "plain"), ("elfcycle", "forest"), ("dragon", "mountain")]
    obstacles = {e["route"] for e in events if e["type"] == "obstacle" and e["seat"] != LEARNER}
    for e in (e for e in events if e["type"] == "move" and e["seat"] == LEARNER):
        kind = table.route_kind[e["route"]]
        if kind == "river":
            assert e["payment"] == ["raft"], "downstream, 1 Raft"
            continue
        counter = placed[e["route"]]
        extra = table.obstacle_extra if e["route"] in obstacles else 0
        assert e["payment"] == [counter] * (table.cost[counter][kind] + extra) and not e["caravan"]


def test_lesson_two_pays_an_obstacles_extra_card_and_ends_the_move_with_the_last_card():
    _, _, events, state = played("elfenland", 2)
    obstacle = next(e for e in events if e["type"] == "obstacle")
    paid = next(e for e in events if e["type"] == "move" and e["route"] == obstacle["route"])
    assert obstacle["seat"] != LEARNER and paid["seat"] == LEARNER and paid["payment"] == ["cloud"] * 3
    assert any(e["type"] == "end_move" and e["seat"] == LEARNER and e["auto"] for e in events)
    assert state.view(LEARNER)["players"][LEARNER]["markers"] == 6
    assert any(e["type"] == "round_end" for e in events)


def test_lesson_two_shows_the_learner_the_transport_table_button_before_the_first_pick():
    """The lesson is about the table: before the first counter is taken, a step points at the
    button that opens it (and says how to put it away)."""
    lesson = load_lesson("elfenland", 2)
    first_do = next(i for i, s in enumerate(lesson.steps) if s.do)
    pointing = [s for s in lesson.steps[:first_do] if s.point == "top_bar.btn_table"]
    assert pointing and all("T" in s.say["en"] and "T" in s.say["zh_TW"] for s in pointing)

