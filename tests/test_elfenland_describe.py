"""game.elfenland.describe: every event the engine emits reads as a log line in both languages."""
from __future__ import annotations

import random

import pytest

from game.core.i18n import LANGS, Translator
from game.elfenland import SPEC
from game.elfenland.board import load_board
from game.elfenland.describe import cards_text, describe, for_reader, route_name, town_name, transport_name
from conftest import check_every_line

NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol"]


def play(n, seed, options, prefer=()):
    """Events of a random game; actions whose kind is in `prefer` are chosen when legal."""
    state = SPEC.new_game(n, seed, options)
    events = list(state.setup_events)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        liked = [a for a in legal if a[0] in prefer]
        action = rng.choice(liked) if liked and rng.random() < 0.5 else rng.choice(legal)
        events += state.apply(seat, action)
    return events


def all_events():
    events = []
    events += play(3, 1, {})
    events += play(4, 2, {"variant": "destination", "caravan": "any"}, prefer=("obstacle", "keep_none", "move"))
    events += play(6, 3, {"rounds": 3}, prefer=("obstacle", "move"))
    events += play(2, 4, {}, prefer=("pass", "keep", "move"))
    events += play(3, 5, {"variant": "destination"}, prefer=("pass", "keep_none", "move"))
    return events


EVENTS = all_events()
TYPES = {"setup", "destination", "round_start", "deal", "cards_dealt", "secret_drawn", "secret_counter", "phase",
         "take", "take_pile", "refill", "place", "obstacle", "pass", "move", "end_move", "discarded", "discard",
         "keep", "keep_none", "round_end", "game_over"}


def test_the_sample_covers_every_event_type():
    assert TYPES == {e["type"] for e in EVENTS}
    assert any(e["type"] == "place" and e["secret"] for e in EVENTS)
    assert any(e["type"] == "move" and e["caravan"] for e in EVENTS)
    assert any(e["type"] == "keep" and not e["face_up"] for e in EVENTS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_line(lang):
    check_every_line(EVENTS, describe, NAMES, lang, "elf.")


@pytest.mark.parametrize("lang", LANGS)
def test_lines_name_the_players_towns_and_cards(lang):
    t = Translator(lang)
    move = next(e for e in EVENTS if e["type"] == "move" and e["marker"])
    line = describe(move, t, NAMES)
    assert NAMES[move["seat"]] in line
    assert town_name(move["from"], t) in line and town_name(move["to"], t) in line
    assert transport_name(move["payment"][0], t) in line
    place = next(e for e in EVENTS if e["type"] == "place")
    assert transport_name(place["counter"], t) in describe(place, t, NAMES)
    assert route_name(place["route"], t) in describe(place, t, NAMES)
    over = next(e for e in EVENTS if e["type"] == "game_over")
    assert all(NAMES[s] in describe(over, t, NAMES) for s in over["winners"])


def test_names_come_from_the_data_in_each_language():
    zh, en = Translator("zh_TW"), Translator("en")
    assert town_name("Elvenhold", zh) == load_board().towns["Elvenhold"].name_zh
    assert transport_name("raft", zh) == "木筏" and transport_name("raft", en) == "Raft"
    assert cards_text(["raft", "pig", "raft"], en) == "1 × Giant Pig, 2 × Raft"
    assert cards_text(["raft", "pig", "raft"], zh) == "1 張巨型豬、2 張木筏"
    river = next(r for r in load_board().routes if r.kind == "river")
    lake = next(r for r in load_board().routes if r.kind == "lake")
    assert "{" not in route_name(river.id, zh) + route_name(lake.id, en)


def test_unknown_event_has_no_line():
    assert describe({"type": "nothing"}, Translator("en"), NAMES) is None


def test_an_end_of_round_discard_is_one_line_for_every_reader():
    """The engine tells a discard twice on purpose (everyone: "a card", the discarder: which card);
    each reader's log words it once."""
    t = Translator("en")
    state = SPEC.new_game(3, 5, {"start_player": 0})
    events = list(state.setup_events)
    rng = random.Random(5)
    while state.round == 1 and not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        discards = [a for a in legal if a[0] == "discard"]
        events += state.apply(seat, discards[0] if discards else rng.choice(legal))
    returns = [e for e in events if e["type"] == "discarded"]
    assert returns, "the sample must discard"
    assert all(e["seats"] is None for e in returns)                           # everyone may know a card went back
    for reader in (None, 0, 1, 2):
        lines = [describe(e, t, NAMES) for e in for_reader(events, reader)]
        for seat in range(3):
            n = sum(1 for e in returns if e["seat"] == seat)
            said = [ln for ln in lines if ln.startswith(NAMES[seat] + " returns ") and "counter" not in ln]
            assert len(said) == n, (reader, seat, said)
            if reader == seat:  # the discarder reads which card, once per card
                assert all(ln != t("elf.log.discarded", name=NAMES[seat]) for ln in said)
    # nothing else is left out, nothing private leaks
    assert for_reader(events, None) == [e for e in events if e["seats"] is None]
    mine = for_reader(events, 1)
    assert [e for e in events if e not in mine] == [e for e in events if (e["seats"] is not None and 1 not in e["seats"])
                                                     or (e["type"] == "discarded" and e["seat"] == 1)]
