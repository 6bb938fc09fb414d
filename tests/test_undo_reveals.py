"""Undo takes back only an action that showed nobody anything new: a property of the engine contract
(game/core/state.py shows_something_new), not a flag each game must remember.

Random games of all four games, every seat a person (so any action might be undone), are walked;
after every action the match is asked whether it may be undone. Whenever it may, the action is
checked to have shown nothing: applied again to a copy of the state before it whose generator was
seeded afresh, it gives the very same events (no chance drawn); its only private events say the
acting seat's own choice back to it; and undoing it restores the state exactly. The other way round,
read from the views alone: no action after which a seat's screen shows a card it could not see before
(a hand put face up on the discard pile at jail, a card played, a secret counter laid on a road, the
cards paid for a move) may be undone.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES

KEYS = list(GAMES)
OPTIONS = {"xuanwu_gate": {"variant": "scoring"}}
META = ("type", "seat", "seats", "echo")


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _values(action) -> set:
    out = set()
    for part in action[1:]:
        out |= set(part) if isinstance(part, (list, tuple)) else {part}
    return out


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", [1, 2])
def test_an_action_that_may_be_undone_showed_nobody_anything_new(key, seed):
    spec = GAMES[key]
    n = min(spec.min_players + 1, spec.max_players)
    match = Match.new(spec, [Seat(f"P{i}") for i in range(n)], seed=seed, options=OPTIONS.get(key, {}))
    rng = random.Random(seed)
    undoable = 0
    for _ in range(600):
        if match.state.is_over():
            break
        seat = match.state.to_act()[0]
        action = rng.choice(match.state.legal_actions(seat))
        before = match.state.clone()
        record_before = match.state.record()
        events = match.act(seat, action)
        if not match.can_undo(seat):
            continue
        undoable += 1
        again = before.clone()
        again.rng.seed(987654321)  # another future for every die and shuffle
        assert _same(again.apply(seat, action), events), f"{action} drew chance yet may be undone"
        for e in events:
            assert not e.get("reveal"), f"{action} revealed {e['type']} yet may be undone"
            if e.get("seats") is not None:
                assert e.get("echo") and e["seats"] == [seat], f"{action} showed {e['type']} in private"
                said = {v for k, v in e.items() if k not in META}
                assert said <= _values(action), f"{e['type']} says more than the choice {action}"
        match.undo(seat)
        assert match.state.record() == record_before
        match.act(seat, action)  # and on with the game
    assert undoable > 0


WI_SIGHTS = {"drawn", "my_meetings", "snatched_card", "paid_card_is", "given_card", "meeting_card", "learnt"}


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_the_wonderful_islands_private_sights_cannot_be_undone(seed):
    """Cards drawn, meeting cards drawn, a faction seen with a peek skill, a snatched card, cards
    discarded at random from a hand, dice: none of these can be taken back and tried again."""
    spec = GAMES["wonderful_island"]
    match = Match.new(spec, [Seat(f"P{i}") for i in range(5)], seed=seed)
    rng = random.Random(seed)
    seen = set()
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        events = match.act(seat, rng.choice(match.state.legal_actions(seat)))
        sights = {e["type"] for e in events if e["type"] in WI_SIGHTS}
        sights |= {"random_discard" for e in events if e["type"] == "discarded" and e["source"] not in ("limit",)
                   and e["seat"] != seat}
        sights |= {"dice" for e in events if e["type"] in ("dice", "debate_die", "debate_roll")}
        if sights:
            seen |= sights
            assert not match.can_undo(seat), sights
    assert {"drawn", "meeting_card"} <= seen


# -- what each seat's screen shows: newly seen cards are never undone ----------------------------------
# Read from the views alone (not from the engine's GameState.sightings): each hidden thing a seat's
# view shows face up, counted once, by what it is. An action after which some seat's view shows more
# of something than before showed that seat a card it could not see: it must not be undoable.
def _wi_seen(v: dict) -> Counter:
    seen = Counter(("card", c) for c in v["hand"] + v["discard"])
    seen.update(("card", slot["card"]) for slot in v["slots"])
    proc = v["proc"]
    for key in ("laid", "matched", "issue"):
        seen.update(("card", c) for c in proc.get(key) or [])
    seen.update(("meeting", m) for m in v["my_meetings"])
    seen.update(("character", c) for c in v["offer"])
    seen.update(("character", p["character"]) for p in v["players"] if p["character"])
    if v["my_character"] and not any(p["character"] for p in v["players"]) and v["my_character"] not in v["offer"]:
        seen[("character", v["my_character"])] += 1
    seen.update(("faction", p["seat"], p["faction"]) for p in v["players"] if p["faction"])
    if v["faction"] and not v["players"][v["seat"]]["faction"]:
        seen[("faction", v["seat"], v["faction"])] += 1
    return seen


def _elf_seen(v: dict) -> Counter:
    seen = Counter(("counter", k) for k in v["face_up"] if k)
    seen.update(("counter", k) for k in v["counters"].values())
    for p in v["players"]:
        seen.update(("counter", k) for k in p["counters"])
    seen.update(("counter", k) for k in v["secret_counters"])
    seen.update(("card", k) for k in v["hand"])
    if v["destination"]:
        seen[("town", v["destination"])] += 1
    if v["last_move"]:  # the cards of this move, laid down for all to see
        seen.update(("paid", json.dumps(v["last_move"], sort_keys=True), k) for k in v["last_move"]["payment"])
    return seen


def _xuanwu_seen(v: dict) -> Counter:
    seen = Counter(("card", c) for c in (v["own_card"], v["peeked_card"]) if c)
    if v["last_battle"]:
        b = v["last_battle"]
        seen.update(("battle", b["deal"], c) for c in b["centre"] + b["cards"])
    seen.update(("memory", json.dumps(m, sort_keys=True)) for m in v["memory"])
    seen.update(("card", c) for c in v["seat_cards"] + v["centre_cards"] if c)
    return seen


def _ids(value, universe: frozenset, out: set) -> set:
    """Every name of a hidden thing anywhere in a view (a new one is a card newly seen, wherever it lies)."""
    if isinstance(value, dict):
        for k, x in value.items():
            _ids(k, universe, out)
            _ids(x, universe, out)
    elif isinstance(value, (list, tuple)):
        for x in value:
            _ids(x, universe, out)
    elif isinstance(value, str) and value in universe:
        out.add(value)
    return out


def _universe(key: str) -> frozenset:
    if key == "wonderful_island":
        from game.wonderful_island import data
        d = data.load()
        return frozenset(c["id"] for c in d["cards"] + d["meetings"] + d["characters"])
    if key == "european_union":
        from game.european_union import data
        d = data.load()
        return frozenset(c["id"] for c in d["bills"] + d["meps"] + d["states"] + d["endings"])
    return frozenset()


SEEN = {"wonderful_island": _wi_seen, "elfenland": _elf_seen, "xuanwu_gate": _xuanwu_seen,
        "european_union": lambda v: Counter()}


def _sights(state, key: str, universe: frozenset) -> list[tuple[Counter, set]]:
    out = []
    for s in range(state.n_players):
        v = state.view(s)
        out.append((SEEN[key](v), _ids(v, universe, set())))
    return out


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", range(6))
def test_an_action_after_which_a_seat_sees_a_card_it_could_not_see_cannot_be_undone(key, seed):
    spec = GAMES[key]
    n = min(spec.min_players + seed % 3, spec.max_players)
    match = Match.new(spec, [Seat(f"P{i}") for i in range(n)], seed=100 + seed, options=OPTIONS.get(key, {}))
    rng = random.Random(seed)
    universe = _universe(key)
    before = _sights(match.state, key, universe)
    showing = 0
    for _ in range(700):
        if match.state.is_over():
            break
        seat = match.state.to_act()[0]
        action = rng.choice(match.state.legal_actions(seat))
        match.act(seat, action)
        after = _sights(match.state, key, universe)
        newly = [s for s in range(n) if after[s][0] - before[s][0] or after[s][1] - before[s][1]]
        if newly:
            showing += 1
            assert not match.can_undo(seat), f"{action} showed seats {newly} a card, yet may be undone"
        before = after
    assert showing > 0


def test_a_move_that_sends_someone_to_jail_cannot_be_undone():
    """Jail puts the jailed player's hand face up on the discard pile: every seat has seen it."""
    spec = GAMES["wonderful_island"]
    jailed = 0
    for seed in range(40):
        match = Match.new(spec, [Seat(f"P{i}") for i in range(5)], seed=seed)
        rng = random.Random(seed)
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            pile = len(match.state.discard)
            events = match.act(seat, rng.choice(match.state.legal_actions(seat)))
            jail = [e for e in events if e["type"] == "jail" and e["cards"]]
            if jail and not any(e["type"] == "dice" or e.get("reveal") for e in events):
                jailed += 1
                assert len(match.state.discard) >= pile + jail[0]["cards"]  # face up, for all to see
                assert not match.can_undo(seat)
        if jailed >= 3:
            return
    pytest.fail("no jail without another reveal in 40 games")


def _elfenland_until(wanted) -> tuple[Match, int, tuple]:
    """A 3-person Elfenland game played at random until the seat to act may make an action
    `wanted(state, seat, action)` accepts: the match, the seat and that action."""
    for seed in range(50):
        match = Match.new(GAMES["elfenland"], [Seat(f"P{i}") for i in range(3)], seed=seed)
        rng = random.Random(seed)
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            legal = match.state.legal_actions(seat)
            found = [a for a in legal if wanted(match.state, seat, a)]
            if found:
                return match, seat, found[0]
            match.act(seat, rng.choice(legal))
    raise AssertionError("no such moment in 50 games")


def test_elfenland_a_face_up_counter_placed_on_a_road_can_be_taken_back():
    match, seat, action = _elfenland_until(lambda st, s, a: a[0] == "place" and a[2] in st.up[s])
    record = match.state.record()
    match.act(seat, action)
    assert match.can_undo(seat)
    match.undo(seat)
    assert match.state.record() == record and action[2] in match.state.up[seat]


def test_elfenland_a_secret_counter_placed_cannot_be_taken_back():
    match, seat, action = _elfenland_until(lambda st, s, a: a[0] == "place" and a[2] not in st.up[s])
    match.act(seat, action)
    assert match.state.view(None)["counters"][str(action[1])] == action[2]  # turned face up on the road
    assert not match.can_undo(seat)


def test_elfenland_a_counter_drawn_from_the_pile_cannot_be_taken_back():
    match, seat, action = _elfenland_until(lambda st, s, a: a == ("take_pile",))
    match.act(seat, action)
    assert not match.can_undo(seat)


def test_elfenland_the_cards_paid_for_a_move_are_shown_and_cannot_be_taken_back():
    match, seat, move = _elfenland_until(lambda st, s, a: a[0] == "move")
    match.act(seat, move)
    assert match.state.view(None)["last_move"]["payment"] == list(move[2])
    assert not match.can_undo(seat)


def test_elfenland_a_face_up_counter_placed_is_taken_back_with_the_bots_placements_since():
    """Each placement passes the turn: the bots place theirs before a person can think of undoing.
    None of these shows anything hidden, so the undo takes the person's back with the bots' since;
    a bot's secret counter laid face up on a road ends the undo there."""
    outcomes = set()
    for seed in range(40):
        match = Match.new(GAMES["elfenland"], [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in (1, 2)],
                          seed=seed, options={"start_player": 0})
        rng = random.Random(seed)
        while not match.state.is_over() and match.state.round < 3:
            if match.bot_to_move() is not None:
                match.step_bot()
                continue
            state = match.state
            legal = state.legal_actions(0)
            face_up = [a for a in legal if a[0] == "place" and a[2] in state.up[0]]
            if not face_up:
                match.act(0, rng.choice(legal))
                continue
            record = state.record()
            match.act(0, face_up[0])
            bots: list = []
            while match.bot_to_move() is not None:
                bots += match.step_bot()
            if not bots or match.state.phase != "plan":
                continue
            revealing = any(e.get("reveal") for e in bots)  # a bot's secret counter, turned face up
            assert match.can_undo(0) != revealing
            if not revealing:
                match.undo(0)
                assert match.state.record() == record  # the person's counter and the bots' back in hand
                match.act(0, face_up[0])
                while match.bot_to_move() is not None:
                    match.step_bot()
            outcomes.add(revealing)
            if outcomes == {True, False}:
                return
    pytest.fail(f"not both outcomes in 40 games: {outcomes}")
