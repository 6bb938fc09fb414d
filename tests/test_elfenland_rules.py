"""Elfenland rules (rules/elfenland.zh-TW.txt), one test per clause.

Scenarios are built by playing the public actions up to a phase and then
setting the hands, boots and board of the state directly (``poke``), so each
test shows exactly the rule it names.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.core.bots import RandomBot
from game.core.errors import IllegalAction
from game.core.match import Match, Seat
from game.elfenland import SPEC
from game.elfenland.board import load_board
from game.elfenland.rules import tables

T = tables()
BOARD = load_board()
CARDS = T.card_kinds
COUNTERS = T.counter_kinds


def route(a: str, b: str, kind: str | None = None) -> int:
    found = [r.id for r in BOARD.routes_between(a, b) if kind is None or r.kind == kind]
    assert len(found) == 1, (a, b, kind, found)
    return found[0]


R_ELV_BEATA = route("Elvenhold", "Beata", "plain")
R_ELV_BEATA_RIVER = route("Elvenhold", "Beata", "river")      # flows to Elvenhold
R_ELV_ERG = route("Elvenhold", "Erg'Eren", "forest")
R_ERG_TICHIH = route("Erg'Eren", "Tichih", "forest")
R_ELV_STRYK_LAKE = route("Elvenhold", "Strykhaven", "lake")
R_VIRST_STRYK = route("Virst", "Strykhaven", "mountain")
R_BEATA_STRYK = route("Beata", "Strykhaven", "plain")


def game(n: int = 2, **options):
    options.setdefault("start_player", 0)
    return SPEC.new_game(n, 7, options)


def hand(**counts) -> dict:
    h = dict.fromkeys(CARDS, 0)
    h.update(counts)
    return h


def poke(state, **fields):
    """Set state fields for a scenario (and forget the cached legal actions)."""
    for name, value in fields.items():
        setattr(state, name, value)
    state._legal = {}
    return state


def to_plan(state):
    while state.phase == "draw":
        seat = state.to_act()[0]
        state.apply(seat, ("take_pile",))
    assert state.phase == "plan"
    return state


def to_move(state):
    to_plan(state)
    while state.phase == "plan":
        state.apply(state.to_act()[0], ("pass",))
    assert state.phase == "move"
    return state


def moves(state, seat, route_id):
    return sorted(a[2] for a in state.legal_actions(seat) if a[0] == "move" and a[1] == route_id)


def end_all_moves(state):
    events = []
    while state.phase == "move":
        events += state.apply(state.to_act()[0], ("end_move",))
    return events


def finish_round(state):
    """Discard the first kinds and keep nothing until the next round (or the end)."""
    while state.phase == "finish":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


# -- setup -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 7))
def test_boots_start_in_elvenhold(n):
    v = game(n).view(None)
    assert [p["boot"] for p in v["players"]] == ["Elvenhold"] * n
    assert BOARD.towns["Elvenhold"].capital


def test_a_town_marker_of_each_player_on_the_twenty_other_towns():
    v = game(4).view(None)
    assert len(v["town_markers"]) == 20 and "Elvenhold" not in v["town_markers"]
    assert all(seats == [0, 1, 2, 3] for seats in v["town_markers"].values())
    assert [p["markers"] for p in v["players"]] == [0] * 4


def test_one_obstacle_and_one_chart_each():
    v = game(5).view(None)
    assert [p["obstacle"] for p in v["players"]] == [True] * 5


def test_seventy_two_travel_cards_and_forty_eight_counters():
    s = game(2)
    cards = Counter(s.deck) + Counter(s.discard) + sum((Counter(h) for h in s.hands), Counter())
    assert +cards == Counter({k: 12 if k == "raft" else 10 for k in CARDS})
    counters = Counter(s.pile) + Counter(c for c in s.face_up if c) + sum(
        (Counter(s.up[i]) + Counter(s.secret[i]) for i in range(2)), Counter())
    assert counters == Counter({k: 8 for k in COUNTERS})


def test_cards_and_counters_are_conserved_through_a_game():
    s = SPEC.new_game(6, 3, {})
    rng = random.Random(3)
    while not s.is_over():
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        cards = len(s.deck) + len(s.discard) + sum(s.hand_size(i) for i in range(6))
        counters = (len(s.pile) + sum(c is not None for c in s.face_up) + len(s.board_counters)
                    + len(s.returned) + sum(len(s.up[i]) + len(s.secret[i]) for i in range(6)))
        assert (cards, counters) == (72, 48)


def test_start_player_option_and_random_start():
    assert game(4, start_player=2).view(None)["start_player"] == 2
    assert {SPEC.new_game(4, seed, {}).start for seed in range(40)} == {0, 1, 2, 3}
    with pytest.raises(ValueError):
        SPEC.new_game(3, 1, {"start_player": 4})


# -- phase 1-3: cards and counters -------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 7))
def test_first_round_deals_eight_cards_each(n):
    s = game(n)
    assert [s.hand_size(i) for i in range(n)] == [8] * n
    assert len(s.deck) == 72 - 8 * n
    dealt = [e for e in s.setup_events if e["type"] == "cards_dealt"]
    assert [e["seats"] for e in dealt] == [[i] for i in range(n)] and all(e["reveal"] for e in dealt)
    assert all(len(e["cards"]) == 8 for e in dealt)


def test_each_player_draws_one_secret_counter_in_turn_order():
    s = game(4, start_player=2)
    drawn = [e for e in s.setup_events if e["type"] == "secret_drawn"]
    assert [e["seat"] for e in drawn] == [2, 3, 0, 1] and all(e["seats"] is None for e in drawn)
    private = [e for e in s.setup_events if e["type"] == "secret_counter"]
    assert [e["seats"] for e in private] == [[2], [3], [0], [1]] and all(e["reveal"] for e in private)
    assert [len(x) for x in s.secret] == [1] * 4
    v0 = s.view(0)
    assert v0["secret_counters"] == s.secret[0]
    assert [p["secret_counters"] for p in v0["players"]] == [1] * 4
    assert [p["counters"] for p in v0["players"]] == [[]] * 4


def test_draw_in_turn_order_until_three_face_up_each():
    s = game(3, start_player=1)
    turns = []
    while s.phase == "draw":
        turns.append(s.to_act()[0])
        s.apply(turns[-1], ("take_pile",))
    assert turns == [1, 2, 0] * 3
    assert [len(x) for x in s.up] == [3, 3, 3] and [len(x) for x in s.secret] == [1, 1, 1]
    assert s.phase == "plan"


def test_face_up_counter_is_refilled_at_once():
    s = game(2)
    taken, below = s.face_up[2], s.pile[-1]
    events = s.apply(0, ("take", 2))
    assert s.up[0] == [taken] and s.face_up[2] == below and len(s.pile) == 48 - 5 - 2 - 1
    assert [e["type"] for e in events] == ["take", "refill"]
    assert events[1]["counter"] == below and events[1]["reveal"]


def test_top_of_the_pile_is_taken_face_up():
    s = game(2)
    top = s.pile[-1]
    events = s.apply(0, ("take_pile",))
    assert events[0] == {"type": "take_pile", "seat": 0, "counter": top, "seats": None, "reveal": True}
    assert s.view(1)["players"][0]["counters"] == [top]


def test_draw_offers_the_five_face_up_and_the_pile():
    s = game(2)
    assert s.legal_actions(0) == [("take", i) for i in range(5)] + [("take_pile",)]
    assert s.legal_actions(1) == []


# -- phase 4: planning ------------------------------------------------------------------------------
def test_counter_only_on_a_road_whose_terrain_allows_it():
    s = to_plan(game(2))
    poke(s, up=[["pig", "unicorn"], []], secret=[[], []])
    places = {(a[1], a[2]) for a in s.legal_actions(0) if a[0] == "place"}
    for rid in T.land_routes:
        terrain = T.route_kind[rid]
        assert ((rid, "pig") in places) == (T.cost["pig"][terrain] is not None)
        assert ((rid, "unicorn") in places) == (T.cost["unicorn"][terrain] is not None)
    assert (R_VIRST_STRYK, "pig") not in places and (R_VIRST_STRYK, "unicorn") in places
    assert (route("Elvenhold", "Beata", "plain"), "unicorn") not in places  # unicorns avoid plains


def test_no_counter_on_rivers_or_lakes():
    s = to_plan(game(2))
    poke(s, up=[list(COUNTERS), []])
    water = {r.id for r in BOARD.routes if r.is_water}
    assert water and not {a[1] for a in s.legal_actions(0) if a[0] == "place"} & water


def test_a_road_takes_one_counter():
    s = to_plan(game(2))
    poke(s, up=[["pig"], ["elfcycle"]], secret=[[], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    assert s.view(1)["counters"] == {str(R_ELV_BEATA): "pig"}
    assert not [a for a in s.legal_actions(1) if a[:2] == ("place", R_ELV_BEATA)]
    with pytest.raises(IllegalAction):
        s.apply(1, ("place", R_ELV_BEATA, "elfcycle"))


def test_placing_uses_a_face_up_counter_before_the_secret_one():
    s = to_plan(game(2))
    poke(s, up=[["pig"], []], secret=[["pig"], []])
    e = s.apply(0, ("place", R_ELV_BEATA, "pig"))[0]
    assert e["secret"] is False and "reveal" not in e and s.secret[0] == ["pig"]
    s.apply(1, ("pass",))
    e = s.apply(0, ("place", R_ELV_ERG, "pig"))[0]
    assert e["secret"] is True and e["reveal"] is True and s.secret[0] == []


def test_obstacle_only_on_a_road_with_a_counter():
    s = to_plan(game(2))
    poke(s, up=[["pig"], ["pig"]], secret=[[], []])
    assert not [a for a in s.legal_actions(0) if a[0] == "obstacle"]
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    assert [a for a in s.legal_actions(1) if a[0] == "obstacle"] == [("obstacle", R_ELV_BEATA)]
    with pytest.raises(IllegalAction):
        s.apply(1, ("obstacle", R_ELV_ERG))


def test_obstacle_never_on_water():
    s = to_plan(game(2))
    water = [r.id for r in BOARD.routes if r.is_water]
    poke(s, board_counters={rid: "pig" for rid in water})  # even if something sat there
    for rid in water:
        with pytest.raises(IllegalAction):
            s.apply(0, ("obstacle", rid))
    assert not [a for a in s.legal_actions(0) if a[0] == "obstacle"]


def test_one_obstacle_per_road():
    s = to_plan(game(3))
    poke(s, up=[["pig"], [], ["troll"]], secret=[[], [], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    s.apply(1, ("obstacle", R_ELV_BEATA))
    assert s.view(None)["obstacles"] == {str(R_ELV_BEATA): 1}
    assert s.to_act() == [2] and ("obstacle", R_ELV_BEATA) not in s.legal_actions(2)


def test_obstacle_once_per_game():
    s = to_plan(game(2))
    poke(s, up=[["pig", "pig"], ["troll"]], secret=[[], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    s.apply(1, ("obstacle", R_ELV_BEATA))
    s.apply(0, ("place", R_ELV_ERG, "pig"))
    assert s.to_act() == [1] and s.view(None)["players"][1]["obstacle"] is False
    assert not [a for a in s.legal_actions(1) if a[0] == "obstacle"]


def test_used_obstacles_leave_the_game():
    s = to_plan(game(2))
    poke(s, up=[["pig"], []], secret=[[], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    s.apply(1, ("obstacle", R_ELV_BEATA))
    while s.phase == "plan":
        s.apply(s.to_act()[0], ("pass",))
    end_all_moves(s)
    finish_round(s)
    assert s.round == 2 and s.board_obstacles == {} and s.board_counters == {}
    assert s.obstacle_left == [True, False]


def test_a_player_who_passed_may_still_place_later():
    s = to_plan(game(2))
    poke(s, up=[["pig"], ["pig"]], secret=[[], []])
    s.apply(0, ("pass",))
    s.apply(1, ("place", R_ELV_BEATA, "pig"))
    assert s.phase == "plan" and s.to_act() == [0]
    s.apply(0, ("place", R_ELV_ERG, "pig"))
    assert s.board_counters == {R_ELV_BEATA: "pig", R_ELV_ERG: "pig"}


def test_planning_ends_when_all_pass_in_a_row():
    s = to_plan(game(3))
    s.apply(0, ("pass",))
    s.apply(1, ("pass",))
    assert s.view(None)["passes_in_a_row"] == 2
    s.apply(2, ("place", *next(a[1:] for a in s.legal_actions(2) if a[0] == "place")))
    assert s.view(None)["passes_in_a_row"] == 0
    for seat in (0, 1):
        s.apply(seat, ("pass",))
        assert s.phase == "plan"
    s.apply(2, ("pass",))
    assert s.phase == "move" and s.to_act() == [0]


def test_a_player_with_nothing_to_place_passes_automatically():
    s = to_plan(game(3))
    poke(s, up=[["pig"], [], ["pig"]], secret=[[], [], []], obstacle_left=[True, False, True])
    events = s.apply(0, ("place", R_ELV_BEATA, "pig"))
    assert {"type": "pass", "seat": 1, "auto": True, "seats": None} in events
    assert s.to_act() == [2] and s.passes == 1


def test_planning_ends_when_nobody_can_place_anything():
    s = to_plan(game(2))
    poke(s, up=[["pig"], []], secret=[[], []], obstacle_left=[False, False])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    assert s.phase == "move"


# -- phase 5: moving -------------------------------------------------------------------------------------
def moving(n=2, **options):
    s = to_move(game(n, **options))
    return poke(s, hands=[hand() for _ in range(n)])


def test_a_land_road_needs_a_counter():
    s = moving()
    poke(s, hands=[hand(pig=3, troll=3, elfcycle=3), hand()])
    assert moves(s, 0, R_ELV_BEATA) == []
    poke(s, board_counters={R_ELV_BEATA: "troll"})
    assert moves(s, 0, R_ELV_BEATA) == [("elfcycle",) * 3, ("pig",) * 3, ("troll",), ("troll",) * 3]


def test_a_road_costs_the_transport_table_number_of_that_counters_cards():
    s = moving()
    poke(s, board_counters={R_ELV_ERG: "cloud", R_ELV_BEATA: "pig"}, hands=[hand(cloud=2, pig=1), hand()])
    assert moves(s, 0, R_ELV_ERG) == [("cloud", "cloud")]   # magic cloud in forest: 2
    assert moves(s, 0, R_ELV_BEATA) == [("pig",)]           # giant pig on plains: 1
    poke(s, hands=[hand(cloud=1, dragon=2), hand()])
    assert moves(s, 0, R_ELV_ERG) == []                     # one cloud is not enough; dragons do not fit


def test_counters_on_the_board_serve_every_player():
    s = to_plan(game(2))
    poke(s, up=[["pig"], []], secret=[[], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    poke(s, hands=[hand(), hand(pig=1)])
    while s.phase == "plan":
        s.apply(s.to_act()[0], ("pass",))
    assert s.to_act() == [1]  # seat 0 holds nothing and ends at once
    s.apply(1, ("move", R_ELV_BEATA, ("pig",)))
    assert s.boots[1] == "Beata"


def test_downstream_costs_one_raft():
    s = moving()
    poke(s, boots=["Beata", "Elvenhold"], hands=[hand(raft=2), hand()])
    assert moves(s, 0, R_ELV_BEATA_RIVER) == [("raft",)]


def test_upstream_costs_two_rafts():
    s = moving()
    poke(s, hands=[hand(raft=2), hand()])
    assert moves(s, 0, R_ELV_BEATA_RIVER) == [("raft", "raft")]
    poke(s, hands=[hand(raft=1, pig=5), hand()])
    assert moves(s, 0, R_ELV_BEATA_RIVER) == []


def test_lake_costs_two_rafts_either_way():
    s = moving()
    poke(s, hands=[hand(raft=4), hand()])
    assert moves(s, 0, R_ELV_STRYK_LAKE) == [("raft", "raft")]
    s.apply(0, ("move", R_ELV_STRYK_LAKE, ("raft", "raft")))
    assert s.boots[0] == "Strykhaven"
    assert moves(s, 0, R_ELV_STRYK_LAKE) == [("raft", "raft")]


def test_water_needs_no_counter_and_takes_no_caravan():
    s = moving()
    poke(s, hands=[hand(pig=4, dragon=4, raft=1), hand()])
    assert moves(s, 0, R_ELV_STRYK_LAKE) == [] and moves(s, 0, R_ELV_BEATA_RIVER) == []
    poke(s, boots=["Beata", "Elvenhold"])
    assert moves(s, 0, R_ELV_BEATA_RIVER) == [("raft",)]


def test_obstacle_adds_one_identical_card():
    s = moving()
    poke(s, board_counters={R_ELV_ERG: "cloud"}, board_obstacles={R_ELV_ERG: 1},
         hands=[hand(cloud=3, pig=1), hand()])
    assert moves(s, 0, R_ELV_ERG) == [("cloud",) * 3]
    poke(s, hands=[hand(cloud=2, pig=1), hand()])
    assert moves(s, 0, R_ELV_ERG) == []


def test_caravan_costs_three_identical_cards_by_default():
    s = moving()
    poke(s, board_counters={R_ELV_BEATA: "pig"}, hands=[hand(dragon=3, raft=3, cloud=2, troll=1), hand()])
    assert moves(s, 0, R_ELV_BEATA) == [("dragon",) * 3, ("raft",) * 3]
    poke(s, hands=[hand(dragon=2, cloud=2, troll=2), hand()])
    assert moves(s, 0, R_ELV_BEATA) == []  # three different cards are no caravan in this reading
    poke(s, hands=[hand(dragon=3), hand()])
    events = s.apply(0, ("move", R_ELV_BEATA, ("dragon",) * 3))
    assert events[0]["caravan"] is True and s.boots[0] == "Beata"


def test_caravan_with_an_obstacle_costs_four_identical_cards():
    s = moving()
    poke(s, board_counters={R_ELV_BEATA: "pig"}, board_obstacles={R_ELV_BEATA: 1},
         hands=[hand(dragon=3, unicorn=4), hand()])
    assert moves(s, 0, R_ELV_BEATA) == [("unicorn",) * 4]


def test_caravan_any_three_cards_option():
    s = moving(caravan="any")
    poke(s, board_counters={R_ELV_BEATA: "pig"}, hands=[hand(dragon=1, raft=1, cloud=2), hand()])
    assert moves(s, 0, R_ELV_BEATA) == sorted([("cloud", "cloud", "dragon"), ("cloud", "cloud", "raft"),
                                               ("cloud", "dragon", "raft")])
    poke(s, board_obstacles={R_ELV_BEATA: 1})
    assert moves(s, 0, R_ELV_BEATA) == [("cloud", "cloud", "dragon", "raft")]
    events = s.apply(0, ("move", R_ELV_BEATA, ("cloud", "cloud", "dragon", "raft")))
    assert events[0]["caravan"] is True and s.hand_size(0) == 0


def test_caravan_only_on_a_land_road_with_a_counter():
    s = moving(caravan="any")
    poke(s, hands=[hand(dragon=4, pig=4), hand()])
    assert moves(s, 0, R_ELV_BEATA) == [] and moves(s, 0, R_ELV_STRYK_LAKE) == []


def test_payments_are_distinct_sorted_tuples():
    s = moving(caravan="any")
    poke(s, board_counters={R_ELV_BEATA: "pig", R_ELV_ERG: "pig"},
         hands=[hand(pig=3, dragon=2, raft=2, cloud=1), hand()])
    acts = s.legal_actions(0)
    assert len(acts) == len(set(acts))
    for a in acts:
        if a[0] == "move":
            assert list(a[2]) == sorted(a[2])


def test_several_hops_in_a_turn_and_roads_reused_paying_each_time():
    s = moving()
    poke(s, board_counters={R_ELV_ERG: "pig", R_ERG_TICHIH: "unicorn"},
         hands=[hand(pig=2, unicorn=1), hand()])
    s.apply(0, ("move", R_ELV_ERG, ("pig",)))
    s.apply(0, ("move", R_ERG_TICHIH, ("unicorn",)))
    assert s.boots[0] == "Tichih" and s.to_act() == [0]
    poke(s, boots=["Erg'Eren", "Elvenhold"])
    s.apply(0, ("move", R_ELV_ERG, ("pig",)))
    assert s.boots[0] == "Elvenhold" and s.hand_size(0) == 0
    assert s.discard[-3:] == ["pig", "unicorn", "pig"]


def test_marker_collected_in_every_town_reached():
    s = moving()
    poke(s, board_counters={R_ELV_ERG: "pig", R_ERG_TICHIH: "pig"}, hands=[hand(pig=4), hand()])
    e1 = s.apply(0, ("move", R_ELV_ERG, ("pig",)))[0]
    e2 = s.apply(0, ("move", R_ERG_TICHIH, ("pig",)))[0]
    assert e1["marker"] and e2["marker"] and s.visited[0] == ["Erg'Eren", "Tichih"]
    e3 = s.apply(0, ("move", R_ERG_TICHIH, ("pig",)))[0]
    e4 = s.apply(0, ("move", R_ELV_ERG, ("pig",)))[0]
    assert not e3["marker"] and not e4["marker"]  # one marker per town; none in the capital
    v = s.view(1)
    assert v["players"][0]["markers"] == 2 and v["town_markers"]["Tichih"] == [1]
    assert v["last_move"] == {"seat": 0, "route": R_ELV_ERG, "from": "Erg'Eren", "to": "Elvenhold",
                              "payment": ["pig"], "caravan": False, "marker": False}


def test_players_move_in_turn_order_then_end_move():
    s = moving(3, start_player=1)
    poke(s, hands=[hand(pig=1)] * 3, turn=1)
    order = []
    while s.phase == "move":
        order.append(s.to_act()[0])
        s.apply(order[-1], ("end_move",))
    assert order == [1, 2, 0]
    assert s.phase == "finish" or s.round == 2


def test_a_player_without_travel_cards_ends_the_move_automatically():
    s = moving()
    poke(s, board_counters={R_ELV_BEATA: "pig"}, hands=[hand(pig=1), hand(pig=1)])
    events = s.apply(0, ("move", R_ELV_BEATA, ("pig",)))
    assert events[1] == {"type": "end_move", "seat": 0, "auto": True, "seats": None}
    assert s.to_act() == [1]


# -- phase 6: finishing the round -----------------------------------------------------------------------------
def test_keep_at_most_four_cards_and_one_counter():
    s = moving(3)
    poke(s, hands=[hand(pig=5, raft=1), hand(dragon=4), hand(cloud=2)],
         up=[["pig", "troll"], ["dragon"], []], secret=[["pig"], [], []])
    events = end_all_moves(s)
    assert s.phase == "finish" and s.to_act() == [0]  # seat 1 keeps its only counter, nothing to discard
    assert {"type": "keep", "seat": 1, "counter": "dragon", "face_up": True, "auto": True, "seats": None} in events
    v = s.view(0)
    assert v["players"][0]["discard_left"] == 2 and v["players"][0]["keep_pending"]
    assert sorted(s.legal_actions(0)) == sorted([("discard", "pig"), ("discard", "raft"),
                                                 ("keep", "pig", "face_up"), ("keep", "troll", "face_up"),
                                                 ("keep", "pig", "secret"), ("keep_none",)])
    s.apply(0, ("discard", "pig"))
    s.apply(0, ("keep", "pig", "secret"))
    assert s.to_act() == [0] and s.legal_actions(0) == [("discard", "pig"), ("discard", "raft")]
    returned = list(s.returned)
    s.apply(0, ("discard", "raft"))
    assert sorted(returned) == ["pig", "troll"]
    assert s.round == 2 and s.secret[0][0] == "pig" and s.up[0] == []
    assert s.up[1] == ["dragon"]  # kept face up into round 2


def test_discarding_is_a_secret_choice():
    s = moving(2)
    poke(s, hands=[hand(pig=5), hand(cloud=5)], up=[[], []], secret=[[], []])
    end_all_moves(s)
    assert s.to_act() == [0, 1]  # both choose at once
    events = s.apply(1, ("discard", "cloud"))
    public = [e for e in events if e["seats"] is None]
    assert public == [{"type": "discarded", "seat": 1, "seats": None}]
    assert [e for e in events if e["seats"] == [1]] == [{"type": "discard", "seat": 1, "card": "cloud", "seats": [1], "echo": True}]
    assert s.to_act() == [0]


def test_next_round_deals_up_to_eight_from_the_reshuffled_deck():
    s = moving(2)
    poke(s, hands=[hand(pig=2), hand(cloud=4)], up=[[], []], secret=[[], []])
    s.discard = ["raft"] * 5  # cards played this round
    deck = len(s.deck)
    events = end_all_moves(s)
    assert s.round == 2 and [s.hand_size(0), s.hand_size(1)] == [8, 8]
    assert s.hands[0]["pig"] >= 2 and s.hands[1]["cloud"] >= 4
    assert next(e for e in events if e["type"] == "deal")["counts"] == [6, 4]
    assert s.discard == [] and len(s.deck) == deck + 5 - 10


def test_board_and_returned_counters_go_back_to_the_pile_the_face_up_stay():
    s = to_plan(game(2))
    poke(s, up=[["pig", "troll", "cloud"], ["dragon", "dragon"]], secret=[[], []])
    s.apply(0, ("place", R_ELV_BEATA, "pig"))
    while s.phase == "plan":
        s.apply(s.to_act()[0], ("pass",))
    face_up, pile = list(s.face_up), Counter(s.pile)
    end_all_moves(s)
    assert s.keep_pending == [True, True]
    s.apply(0, ("keep", "troll", "face_up"))
    s.apply(1, ("keep_none",))
    finish_round(s)
    assert s.round == 2 and s.face_up == face_up and s.board_counters == {}
    drawn = Counter(s.secret[0][-1:] + s.secret[1][-1:])  # the new secret counters come from the pile
    assert Counter(s.pile) + drawn == pile + Counter(["pig", "cloud", "dragon", "dragon"])


def test_a_kept_counter_makes_up_to_five():
    s = moving(2)
    poke(s, hands=[hand(), hand()], up=[["pig"], []], secret=[["troll"], []])
    end_all_moves(s)
    s.apply(0, ("keep", "troll", "secret"))
    assert s.round == 2 and s.secret[0][0] == "troll" and len(s.secret[0]) == 2
    while s.phase == "draw":
        s.apply(s.to_act()[0], ("take_pile",))
    assert len(s.up[0]) + len(s.secret[0]) == 5 and len(s.up[1]) + len(s.secret[1]) == 4


def test_start_player_passes_left():
    s = moving(3, start_player=2)
    poke(s, hands=[hand()] * 3, turn=2)
    end_all_moves(s)
    finish_round(s)
    assert s.round == 2 and s.start == 0 and s.to_act() == [0]


# -- the end -------------------------------------------------------------------------------------------------------
def play_rounds(s, rng):
    while not s.is_over():
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@pytest.mark.parametrize("rounds", [4, 3])
def test_game_ends_after_the_last_round(rounds):
    s = SPEC.new_game(3, 11, {"rounds": rounds} if rounds != 4 else {})
    play_rounds(s, random.Random(11))
    assert s.round == rounds and s.view(None)["phase"] == "over"


def test_game_ends_when_someone_has_all_twenty_markers():
    s = moving(2)
    towns = [t for t in T.marker_towns if t != "Beata"]
    poke(s, visited=[towns, []], board_counters={R_ELV_BEATA: "pig"}, hands=[hand(pig=1, cloud=1), hand()])
    s.apply(0, ("move", R_ELV_BEATA, ("pig",)))
    assert len(s.visited[0]) == 20 and not s.is_over()
    events = s.apply(0, ("end_move",))
    assert s.round == 1 and s.is_over() and s.winners() == [0]
    assert events[-1]["type"] == "game_over" and events[-1]["markers"] == [20, 0]


def test_most_markers_wins():
    s = moving(3)
    poke(s, visited=[["Beata"], ["Beata", "Virst"], []], round=4, hands=[hand(pig=1)] * 3)
    end_all_moves(s)
    assert s.winners() == [1] and s.view(2)["winners"] == [1]


def test_tie_goes_to_more_cards():
    s = moving(3)
    poke(s, visited=[["Beata", "Virst"], ["Beata", "Virst"], []], round=4,
         hands=[hand(pig=2), hand(pig=3), hand(pig=7)])
    end_all_moves(s)
    assert s.winners() == [1]
    assert s.view(None)["result"]["cards"] == [2, 3, 7]


def test_a_full_tie_is_shared():
    s = moving(3)
    poke(s, visited=[["Beata"], ["Virst"], []], round=4, hands=[hand(pig=2), hand(raft=2), hand()])
    end_all_moves(s)
    assert s.winners() == [0, 1]


def test_destination_variant_score():
    s = moving(2, variant="destination")
    d = BOARD.distances_from
    poke(s, destinations=["Tichih", "Virst"], boots=["Elvenhold", "Virst"], round=4,
         visited=[["Beata", "Virst", "Ixara"], ["Beata"]], hands=[hand(pig=1), hand(pig=1)])
    end_all_moves(s)
    r = s.view(None)["result"]
    assert r["distances"] == [d("Elvenhold")["Tichih"], 0] == [2, 0]
    assert r["scores"] == [3 - 2, 1 - 0] and r["destinations"] == ["Tichih", "Virst"]
    assert s.winners() == [1]  # tied 1-1: the one closer to the destination


def test_destination_tie_goes_to_closer_then_cards():
    s = moving(2, variant="destination")
    poke(s, destinations=["Virst", "Strykhaven"], boots=["Virst", "Strykhaven"], round=4,
         visited=[["Beata"], ["Virst"]], hands=[hand(pig=1), hand(pig=2)])
    end_all_moves(s)
    assert s.view(None)["result"]["scores"] == [1, 1] and s.winners() == [1]


def test_a_player_with_all_twenty_markers_wins_even_in_the_destination_variant():
    """遊戲結束: 某回合結束後已有玩家取得自家的20個城鎮標記 ... 由該玩家成為遊戲贏家 (the variant's
    distance does not take that away)."""
    s = moving(2, variant="destination")
    towns = [t for t in T.marker_towns if t != "Beata"]
    poke(s, destinations=["Usselen", "Beata"], visited=[towns, towns[:17]],
         board_counters={R_ELV_BEATA: "pig"}, hands=[hand(pig=1, cloud=1), hand(pig=1)])
    s.apply(0, ("move", R_ELV_BEATA, ("pig",)))            # the 20th marker, in Beata
    s.apply(0, ("end_move",))
    s.apply(1, ("move", R_ELV_BEATA, ("pig",)))            # the other ends on its own destination
    assert s.is_over() and s.round == 1
    r = s.view(None)["result"]
    far = BOARD.distances_from("Beata")["Usselen"]
    assert r["markers"] == [20, 18] and r["distances"] == [far, 0] and far >= 3
    assert r["scores"] == [20 - far, 18] and r["scores"][0] < r["scores"][1]
    assert s.winners() == [0]


def test_two_players_with_all_twenty_markers_go_to_the_shorter_distance_then_cards():
    s = moving(3, variant="destination")
    towns = list(T.marker_towns)
    poke(s, destinations=["Usselen", "Virst", "Beata"], boots=["Beata", "Strykhaven", "Beata"], round=4,
         visited=[towns, towns, towns[:10]], hands=[hand(pig=5), hand(pig=1), hand(pig=1)])
    end_all_moves(s)
    r = s.view(None)["result"]
    assert r["distances"][1] < r["distances"][0] and s.winners() == [1]
    s = moving(2, variant="destination")
    poke(s, destinations=["Virst", "Beata"], boots=["Virst", "Beata"], round=4,
         visited=[towns, towns], hands=[hand(pig=1), hand(pig=2)])
    end_all_moves(s)
    assert s.view(None)["result"]["scores"] == [20, 20] and s.winners() == [1]


def test_destination_is_secret_until_the_end():
    s = game(3, variant="destination")
    private = [e for e in s.setup_events if e["type"] == "destination"]
    assert [e["seats"] for e in private] == [[0], [1], [2]] and all(e["reveal"] for e in private)
    assert len(set(s.destinations)) == 3 and set(s.destinations) <= set(T.town_cards)
    assert s.view(1)["destination"] == s.destinations[1] and s.view(None)["destination"] is None
    play_rounds(s, random.Random(2))
    assert s.view(None)["result"]["destinations"] == s.destinations


def test_basic_game_has_no_destinations():
    s = game(2)
    assert s.destinations is None and s.view(0)["destination"] is None


# -- records, views, bots --------------------------------------------------------------------------------------------
def test_a_record_replays_exactly():
    s = SPEC.new_game(4, 21, {"caravan": "any", "variant": "destination"})
    play_rounds(s, random.Random(21))
    again = SPEC.replay(json.loads(json.dumps(s.record())))
    assert again.view(None) == s.view(None) and again.winners() == s.winners()


def test_nobody_else_sees_a_hand_or_a_secret_counter():
    s = game(3)
    v = s.view(1)
    assert sorted(v["hand"]) == sorted(s.hand_list(1)) and v["secret_counters"] == s.secret[1]
    assert [p["cards"] for p in v["players"]] == [8, 8, 8]
    assert "hands" not in json.dumps(v) and s.view(None)["hand"] == []


def test_random_bot_plays_through_a_match():
    m = Match.new(SPEC, [Seat(f"bot{i}", "easy") for i in range(4)], seed=5)
    while not m.state.is_over():
        assert m.step_bot()
    assert m.state.winners()
    assert SPEC.bots["easy"] is RandomBot


def test_no_pygame_in_the_engine():
    import subprocess
    import sys
    code = ("import sys; import game.elfenland, game.elfenland.describe; from game.registry import GAMES; "
            "GAMES['elfenland'].new_game(3, 1); assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(Path(__file__).resolve().parents[1]))
