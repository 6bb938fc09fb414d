"""Undo takes back only an action that showed nobody anything new: a property of the engine contract
(game/core/state.py shows_something_new), not a flag each game must remember.

Random games of all four games, every seat a person (so any action might be undone), are walked;
after every action the match is asked whether it may be undone. Whenever it may, the action is
checked to have shown nothing: applied again to a copy of the state before it whose generator was
seeded afresh, it gives the very same events (no chance drawn); its only private events say the
acting seat's own choice back to it; and undoing it restores the state exactly.
"""
from __future__ import annotations

import json
import random

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES

KEYS = [key for key in GAMES if GAMES[key].available]
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
    n = spec.min_players + 1
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
