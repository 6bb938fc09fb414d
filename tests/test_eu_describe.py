"""game.european_union.describe: every event the engine emits reads as a log line in both languages."""
from __future__ import annotations

import pytest

from game.core.i18n import LANGS, Translator
from game.european_union import SPEC
from game.european_union import data as cards
from game.european_union.describe import describe
from conftest import check_every_line

NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol", "張雅婷"]


def all_events() -> list[dict]:
    """Events from bots-only games (full and intro, ties in the bids) plus a gift at the table."""
    events = []
    for n, seed, opts in ((5, 1, {}), (3, 2, {"variant": "intro"}), (7, 3, {})):
        state = SPEC.new_game(n, seed, opts)
        events += state.setup_events
        bots = {s: SPEC.bots["normal"](s, seed) for s in range(n)}
        events += state.apply(None, ("give", 0, 1)) + state.apply(0, ("gift", 2))
        events += state.apply(None, ("give", 1, 0)) + state.apply(1, ("gift", 0))
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if legal[0][0] == "bid":  # equal bids, so that the chair must order the tied
                action = ("bid", 0)
            else:
                action = bots[seat].choose(state.view(seat), legal)
            events += state.apply(seat, action)
    return events


EVENTS = all_events()
TYPES = {"setup", "round", "bid_cast", "my_bid", "bids", "first", "bid_order", "take", "chair", "bills_drawn",
         "bills_kept", "discussion", "call_vote", "vote_cast", "my_vote", "votes", "parliament", "scoring",
         "giving", "give", "gift_none", "final_bonus", "ending", "game_over"}


def test_the_sample_covers_every_event_type():
    assert {e["type"] for e in EVENTS} == TYPES


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_line(lang):
    check_every_line(EVENTS, describe, NAMES, lang, "eu.")


@pytest.mark.parametrize("lang", LANGS)
def test_lines_name_the_players_bills_and_cards(lang):
    t = Translator(lang)
    d = cards.load()
    take = next(e for e in EVENTS if e["type"] == "take" and e["kind"] == "state")
    line = describe(take, t, NAMES)
    assert NAMES[take["seat"]] in line and t.name(d["state_by_id"][take["card"]]["name"]) in line
    votes = next(e for e in EVENTS if e["type"] == "votes")
    assert t.name(d["bill_by_id"][votes["bill"]]["name"]) in describe(votes, t, NAMES)
    ending = next(e for e in EVENTS if e["type"] == "ending")
    assert t.name(d["ending_by_id"][ending["card"]]["text"]) in describe(ending, t, NAMES)
    give = next(e for e in EVENTS if e["type"] == "give")
    assert NAMES[give["from_seat"]] in describe(give, t, NAMES) and NAMES[give["to_seat"]] in describe(give, t, NAMES)


def test_unknown_event_has_no_line():
    assert describe({"type": "nothing"}, Translator("en"), NAMES) is None


def test_the_languages_differ():
    for kind in ("votes", "scoring", "bids"):
        e = next(e for e in EVENTS if e["type"] == kind)
        assert describe(e, Translator("en"), NAMES) != describe(e, Translator("zh_TW"), NAMES)


@pytest.mark.parametrize("lang,sep", [("en", ": "), ("zh_TW", "：")])
def test_lists_of_amounts_keep_each_name_apart_from_its_number(lang, sep):
    """"Player 1 3" reads as one name: each name is followed by a colon, then its number."""
    t = Translator(lang)
    names = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7"]
    bids = next(e for e in EVENTS if e["type"] == "bids")
    line = describe(bids, t, names)
    for s, amount in bids["bids"].items():
        assert f"{names[int(s)]}{sep}{amount}" in line
    scoring = next(e for e in EVENTS if e["type"] == "scoring")
    line = describe(scoring, t, names)
    for s, g in scoring["gains"].items():
        change = g["change"]
        assert f"{names[int(s)]}{sep}{'+' if change >= 0 else ''}{change}" in line
