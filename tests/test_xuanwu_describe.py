"""game.xuanwu_gate.describe: every event the engine emits reads as a log line in both languages."""
from __future__ import annotations

import functools

import pytest

from game.core.i18n import LANGS, Translator
from game.registry import GAMES
from game.xuanwu_gate.describe import describe
from conftest import check_every_line

XW = GAMES["xuanwu_gate"]
NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol", "張雅婷"]


# Played when a test first asks, not at import: every pytest-xdist worker imports every module.
@functools.cache
def all_events() -> list[dict]:
    """Events from bots-only games (both variants, memory aid on) plus a table ruling."""
    events = []
    for seed, opts in ((1, {}), (2, {"variant": "scoring", "target": 5, "memory_aid": True})):
        state = XW.new_game(5, seed, opts)
        events += state.setup_events
        bots = {s: XW.bots["normal"](s, seed) for s in range(5)}
        events += state.apply(None, ("mark_out", 4))
        while not state.is_over():
            seat = state.to_act()[0]
            events += state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return events


TYPES = {"deal", "own_card", "look", "round", "peek", "peek_card", "keep", "swap", "vote_start",
         "vote_cast", "my_vote", "votes", "battle", "game_over", "mark_out"}


def test_the_sample_covers_every_event_type():
    assert TYPES <= {e["type"] for e in all_events()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_line(lang):
    check_every_line(all_events(), describe, NAMES, lang, "xw.")


@pytest.mark.parametrize("lang", LANGS)
def test_lines_name_the_players_and_cards(lang):
    t = Translator(lang)
    swap = next(e for e in all_events() if e["type"] == "swap" and e["target"] != e["seat"])
    line = describe(swap, t, NAMES)
    assert NAMES[swap["seat"]] in line and NAMES[swap["target"]] in line
    peek = next(e for e in all_events() if e["type"] == "peek_card")
    from game.xuanwu_gate import data
    assert t.name(data.load()["by_id"][peek["card"]]["name"]) in describe(peek, t, NAMES)


def test_unknown_event_has_no_line():
    assert describe({"type": "nothing"}, Translator("en"), NAMES) is None


def test_the_languages_differ():
    e = next(e for e in all_events() if e["type"] == "votes")
    assert describe(e, Translator("en"), NAMES) != describe(e, Translator("zh_TW"), NAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_the_basic_games_battle_line_shows_no_points(lang):
    t = Translator(lang)
    basic = XW.new_game(5, 3, {})
    scoring = XW.new_game(5, 3, {"variant": "scoring", "target": 10})
    lines = {}
    for key, state in (("basic", basic), ("scoring", scoring)):
        while state.view(None)["deal"] == 1 and not state.is_over():
            seat = state.to_act()[0]
            for e in state.apply(seat, state.legal_actions(seat)[0] if state.view(None)["phase"] != "vote"
                                 else ("vote", "battle")):
                if e["type"] == "battle":
                    lines[key] = (e, describe(e, t, NAMES))
    event, line = lines["basic"]
    assert event["winners"] and all(NAMES[s] in line for s in event["winners"])
    assert "+" not in line and "(" not in line and "（" not in line
    event, line = lines["scoring"]
    assert all(f"+{p}" in line for p in event["points"].values())
