"""Elfenland's normal bot: legal, deterministic, seeing only its view, stronger than random bots,
and one scenario per heuristic (a placed counter on its own route, the cheapest payment, an
obstacle on a road an opponent needs, a move ended when nothing is in reach, the kept counter).

Scenarios are set up like tests/test_elfenland_rules.py: public actions up to a phase, then
the hands, boots and board set directly on the state (``poke``).
"""
from __future__ import annotations

import copy
import json

import pytest

from game.core.actions import to_action
from game.core.bots import RandomBot
from game.elfenland import SPEC
from game.elfenland.board import load_board
from game.elfenland.bots import NormalBot
from game.elfenland.rules import tables

T = tables()
BOARD = load_board()
COUNTS = range(SPEC.min_players, SPEC.max_players + 1)
OPTIONS = [
    {},
    {"caravan": "any"},
    {"variant": "destination", "rounds": 3},
    {"variant": "destination", "caravan": "any", "start_player": 1},
]


def route(a: str, b: str, kind: str | None = None) -> int:
    found = [r.id for r in BOARD.routes_between(a, b) if kind is None or r.kind == kind]
    assert len(found) == 1, (a, b, kind, found)
    return found[0]


def table(n, seed, levels):
    return {s: SPEC.bots[levels[s % len(levels)]](s, seed) for s in range(n)}


def play(state, bots, through_json=False, each_choice=None):
    """Bots play to the end, each from its own view and legal actions."""
    while not state.is_over():
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if through_json:  # all a bot gets could have come from a file
            view = json.loads(json.dumps(view))
            legal = [to_action(a) for a in json.loads(json.dumps(legal))]
        if each_choice:
            action = each_choice(state, seat, bots[seat], view, legal)
        else:
            action = bots[seat].choose(view, legal)
        assert action in state.legal_actions(seat), (seat, action)
        state.apply(seat, action)
    return state


# -- contract ------------------------------------------------------------------------------
def test_the_normal_level_is_registered():
    # The spec names the classes lazily (start-up stays light); what it builds is what counts.
    assert isinstance(SPEC.bots["easy"](0, 1), RandomBot)
    assert isinstance(SPEC.bots["normal"](0, 1), NormalBot)


# Two, three and six players with the quick tests; four and five (seconds each) with the slow ones.
@pytest.mark.parametrize("n", [pytest.param(n, marks=pytest.mark.slow) if n in (4, 5) else n for n in COUNTS])
def test_the_normal_bot_only_chooses_legal_actions(n):
    for seed, options in enumerate(OPTIONS):
        levels = ["normal"] if seed % 2 else ["normal", "easy"]
        state = play(SPEC.new_game(n, seed, options), table(n, seed, levels), through_json=bool(seed % 2))
        assert state.is_over() and state.winners()


def test_the_normal_bot_plays_the_same_way_for_the_same_seed():
    records = [play(SPEC.new_game(4, 11, {"caravan": "any"}), table(4, 11, ["normal"])).record()
               for _ in range(2)]
    assert records[0] == records[1]


def test_the_normal_bot_reads_its_view_and_changes_nothing():
    """A deep copy of the view goes in; the state (and the view) are the same afterwards."""
    def check(state, seat, bot, view, legal):
        before = copy.deepcopy({k: v for k, v in state.__dict__.items() if k not in ("rng", "_legal")})
        rng = state.rng.getstate()
        given = copy.deepcopy(view)
        action = bot.choose(given, list(legal))
        assert given == view
        assert {k: v for k, v in state.__dict__.items() if k not in ("rng", "_legal")} == before
        assert state.rng.getstate() == rng
        return action

    for n, seed in ((3, 1), (5, 2)):
        play(SPEC.new_game(n, seed, {"variant": "destination"}), table(n, seed, ["normal"]), each_choice=check)


def test_the_normal_bot_does_not_depend_on_other_players_secrets():
    """Other seats' hands, secret counters, destinations and the deck order are changed
    before every choice: a twin bot that sees the same view chooses the same."""
    def check(state, seat, bot, view, legal):
        twin = copy.deepcopy(bot)
        action = bot.choose(view, legal)
        other = state.clone()
        for s in range(other.n_players):
            if s == seat:
                continue
            cards = other.hand_list(s)
            other.hands[s] = dict.fromkeys(T.card_kinds, 0)
            other.hands[s]["raft"] = len(cards)  # same count, other cards
            other.secret[s] = ["dragon"] * len(other.secret[s])
            if other.destinations:
                other.destinations[s] = "Kihromah" if other.destinations[seat] != "Kihromah" else "Beata"
        other.deck.reverse()
        other.pile.reverse()
        other._legal = {}
        hidden_view = other.view(seat)
        assert hidden_view == view
        assert twin.choose(hidden_view, other.legal_actions(seat)) == action
        return action

    play(SPEC.new_game(4, 5, {"variant": "destination"}), table(4, 5, ["normal", "easy"]), each_choice=check)


@pytest.mark.slow  # statistical: 60 whole games
def test_the_normal_bot_beats_random_bots():
    """4 players, 2 normal against 2 easy, seats swapped every game: normal wins at least 70 %."""
    share = 0.0
    games = 60
    for seed in range(games):
        levels = ["normal", "easy"] if seed % 2 else ["easy", "normal"]
        state = play(SPEC.new_game(4, seed, {}), table(4, seed, levels))
        winners = state.winners()
        share += sum(1 for w in winners if levels[w % 2] == "normal") / len(winners)
    assert share / games >= 0.7


# -- scenarios -------------------------------------------------------------------------------
def hand(**counts) -> dict:
    h = dict.fromkeys(T.card_kinds, 0)
    h.update(counts)
    return h


def poke(state, **fields):
    for name, value in fields.items():
        setattr(state, name, value)
    state._legal = {}
    return state


def to_plan(state):
    while state.phase == "draw":
        state.apply(state.to_act()[0], ("take_pile",))
    assert state.phase == "plan" and state.to_act() == [0]
    return state


def to_move(state):
    to_plan(state)
    while state.phase == "plan":
        state.apply(state.to_act()[0], ("pass",))
    assert state.phase == "move" and state.to_act() == [0]
    return state


def decide(state, seat=0):
    return NormalBot(seat, 1).choose(state.view(seat), state.legal_actions(seat))


ALL_BUT = lambda *towns: [t for t in T.marker_towns if t not in towns]  # noqa: E731


def test_it_places_a_counter_on_a_road_of_its_own_route():
    # Only Erg'Eren is left to visit near Elvenhold: its elf-cycle goes on that forest road.
    state = to_plan(SPEC.new_game(2, 3, {"start_player": 0}))
    poke(state, hands=[hand(elfcycle=1, pig=2), state.hands[1]], up=[["elfcycle"], state.up[1]],
         secret=[[], state.secret[1]], visited=[ALL_BUT("Erg'Eren", "Kihromah"), []])
    assert sum(1 for a in state.legal_actions(0) if a[0] == "place") > 10
    assert decide(state) == ("place", route("Elvenhold", "Erg'Eren", "forest"), "elfcycle")


def test_it_passes_and_rides_a_counter_already_on_its_road():
    # The elf-cycle its tour needs is already on the road to Erg'Eren: it keeps its own counter
    # (and its route) to itself and passes, while the others may still place.
    state = to_plan(SPEC.new_game(2, 3, {"start_player": 0}))
    r = route("Elvenhold", "Erg'Eren", "forest")
    poke(state, hands=[hand(elfcycle=1, pig=2), state.hands[1]], up=[["elfcycle"], state.up[1]],
         secret=[[], state.secret[1]], visited=[ALL_BUT("Erg'Eren", "Kihromah"), []],
         board_counters={r: "elfcycle"}, board_obstacles={}, obstacle_left=[False, True])
    assert any(a[0] == "place" for a in state.legal_actions(0))
    assert decide(state) == ("pass",)


def test_a_spare_counter_blocks_the_leaders_road_with_the_dearest_kind():
    # Its own tour needs no counter; the leader stands in Lapphalya with Ixara to visit: a spare
    # counter goes on that forest road, as the kind that costs most cards there.
    state = to_plan(SPEC.new_game(2, 3, {"start_player": 0}))
    near = route("Lapphalya", "Ixara", "forest")
    poke(state, hands=[hand(pig=1), hand(pig=4)], up=[["pig", "troll"], []], secret=[[], []],
         board_counters={}, board_obstacles={}, boots=["Elvenhold", "Lapphalya"], obstacle_left=[False, True],
         visited=[ALL_BUT("Kihromah"), ALL_BUT("Ixara", "Jaccaranda")])
    choice = decide(state)
    assert choice[:2] == ("place", near)
    dearest = max(("pig", "troll"), key=lambda k: T.cost[k]["forest"] or 0)
    assert choice[2] == dearest


def test_it_passes_when_no_counter_helps_its_route():
    # Every town around is visited and a pig cannot reach Kihromah in one hop: it passes.
    state = to_plan(SPEC.new_game(2, 3, {"start_player": 0}))
    poke(state, hands=[hand(pig=1), state.hands[1]], up=[["pig"], state.up[1]], secret=[[], state.secret[1]],
         visited=[ALL_BUT("Kihromah"), []], obstacle_left=[False, True])
    assert decide(state) == ("pass",)


def test_it_pays_with_the_cheapest_payment():
    # An elf-cycle on a forest road costs one elf-cycle card; three pigs (a caravan) would do too.
    state = to_move(SPEC.new_game(2, 3, {"start_player": 0}))
    r = route("Elvenhold", "Erg'Eren", "forest")
    poke(state, hands=[hand(elfcycle=1, pig=3), state.hands[1]], board_counters={r: "elfcycle"},
         board_obstacles={}, visited=[[], []])
    offered = [a[2] for a in state.legal_actions(0) if a[0] == "move" and a[1] == r]
    assert ("pig", "pig", "pig") in offered
    assert decide(state) == ("move", r, ("elfcycle",))


def test_it_keeps_the_cards_a_later_hop_needs():
    # Any-card caravans are offered; two trolls pay the forest, the dragon stays for the desert.
    state = to_move(SPEC.new_game(2, 3, {"start_player": 0, "caravan": "any"}))
    r1 = route("Feodor", "Lapphalya", "forest")
    r2 = route("Feodor", "Al'Baran", "desert")
    poke(state, hands=[hand(troll=2, dragon=1, pig=1), state.hands[1]],
         board_counters={r1: "troll", r2: "dragon"}, board_obstacles={},
         boots=["Lapphalya", "Elvenhold"], visited=[ALL_BUT("Feodor", "Al'Baran"), []])
    assert decide(state) == ("move", r1, ("troll", "troll"))


def test_it_uses_its_obstacle_on_a_road_an_opponent_needs():
    # Last round: the opponent stands in Lapphalya with Ixara to visit; the obstacle goes on the
    # road between them, not on the far-away road nor on the road its own route takes.
    state = to_plan(SPEC.new_game(2, 3, {"start_player": 0, "rounds": 3}))
    near = route("Lapphalya", "Ixara", "forest")
    far = route("Tichih", "Jaccaranda", "mountain")
    own = route("Elvenhold", "Erg'Eren", "forest")
    poke(state, round=3, hands=[hand(pig=1), hand(pig=4)], up=[[], []], secret=[[], []],
         board_counters={near: "pig", far: "dragon", own: "pig"}, board_obstacles={},
         boots=["Elvenhold", "Lapphalya"],
         visited=[ALL_BUT("Erg'Eren"), ALL_BUT("Ixara", "Jaccaranda", "Erg'Eren")])
    assert ("obstacle", own) in state.legal_actions(0)
    assert decide(state) == ("obstacle", near)


def test_it_ends_its_move_when_nothing_is_in_reach():
    # Beata is visited and leads away from Kihromah, the last town: it keeps its card.
    state = to_move(SPEC.new_game(2, 3, {"start_player": 0}))
    r = route("Elvenhold", "Beata", "plain")
    poke(state, hands=[hand(pig=1), state.hands[1]], board_counters={r: "pig"}, board_obstacles={},
         visited=[ALL_BUT("Kihromah"), []])
    assert ("move", r, ("pig",)) in state.legal_actions(0)
    assert decide(state) == ("end_move",)
    # ... but with Beata still to visit, it goes.
    poke(state, visited=[ALL_BUT("Kihromah", "Beata"), []])
    assert decide(state) == ("move", r, ("pig",))


def test_it_ends_the_last_round_near_its_destination():
    # Destination variant, last round: Beata would be one more marker but one step away from
    # Elvenhold (its town card), so it stays; with Beata as its town card it goes there.
    state = to_move(SPEC.new_game(2, 3, {"start_player": 0, "variant": "destination", "rounds": 3}))
    beata = route("Elvenhold", "Beata", "plain")
    poke(state, round=3, hands=[hand(pig=1), state.hands[1]], board_counters={beata: "pig"},
         board_obstacles={}, destinations=["Elvenhold", "Beata"], visited=[ALL_BUT("Beata"), []])
    assert decide(state) == ("end_move",)
    poke(state, destinations=["Beata", "Elvenhold"])
    assert decide(state) == ("move", beata, ("pig",))


def test_it_keeps_the_counter_that_fits_the_roads_ahead():
    # In Al'Baran every road is desert: a dragon counter serves them, a pig none.
    state = to_move(SPEC.new_game(2, 3, {"start_player": 0}))
    poke(state, hands=[hand(dragon=2, pig=2), state.hands[1]], up=[["pig", "dragon"], []], secret=[[], []],
         boots=["Al'Baran", "Elvenhold"], visited=[["Al'Baran"], []])
    state.apply(0, ("end_move",))
    while state.phase == "move":
        state.apply(state.to_act()[0], ("end_move",))
    assert state.phase == "finish" and state.keep_pending[0]
    assert decide(state) == ("keep", "dragon", "face_up")
