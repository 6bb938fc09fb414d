"""game.wonderful_island.describe: every event the engine emits reads as a log line in both languages."""
from __future__ import annotations

import functools
import itertools
import random
import re
from pathlib import Path

import pytest

from game.core.i18n import LANGS, Translator
from game.wonderful_island import SPEC
from game.wonderful_island import data
from game.wonderful_island.describe import describe

NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪", "Carol", "張雅婷", "Dave"]
ENGINE = Path(data.__file__).parent


def engine_event_types() -> set[str]:
    """Every event type written in the engine's source ({"type": "x", ...} or dict(..., type="x"))."""
    src = "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py") if p.name != "describe.py")
    return set(re.findall(r'"type": "(\w+)"', src)) | set(re.findall(r'\btype="(\w+)"', src))


def play_random(n: int, seed: int, options: dict) -> list[dict]:
    state = SPEC.new_game(n, seed, options)
    rng = random.Random(seed)
    events = list(state.setup_events)
    for _ in range(20000):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.is_over()
    return events


def ordinary(state, action_filter=None) -> None:
    """Play the dullest legal action for whoever is to act (end, pass, skip, accept, the first else)."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    for pick in (("end",), ("pass",), ("skip",), ("accept",), ("done",)):
        if pick in legal:
            return state.apply(seat, pick)
    return state.apply(seat, legal[0])


def rare_events() -> list[dict]:
    """Two events random play hardly reaches, brought about on a real table."""
    events = []
    # Blue and Green at the threshold at once: the threshold rises.
    state = SPEC.new_game(4, 5, {})
    for s in range(4):
        state.apply(s, state.legal_actions(s)[0])
    blue, green = state.factions.index("blue"), state.factions.index("green")
    state.votes[blue] = state.votes[green] = state.threshold
    state.camp_count = 2  # past the first campaign turn, when the game may end on an election (edition 3)
    events += ordinary(state)
    # Poaching when nobody else holds an ordinary vote.
    state = SPEC.new_game(3, 6, {"start_player": 0})
    for s in range(3):
        state.apply(s, state.legal_actions(s)[0])
    state.votes = [0, 0, 0]
    events += state.apply(0, ("venue", "poaching"))
    while not any(e["type"] in ("no_poach", "settled") for e in events[-40:]):
        events += ordinary(state)
    return events


# Played when a test first asks, not at import: every pytest-xdist worker imports every module.
@functools.cache
def all_events() -> list[dict]:
    """Random legal play at 3-8 players over every combination of the options (the first candidate
    random or a chosen seat), plus the rare events."""
    events = []
    opts = SPEC.options
    combos = list(itertools.product(opts["length"], opts["meetings_dealt"], opts["used_meetings"], opts["promises"]))
    seed = 0
    for n in range(3, 9):
        for length, dealt, used, promises in combos:
            seed += 1
            start = random.Random(seed).choice(["random"] + list(range(n)))
            events += play_random(n, seed, {"length": length, "meetings_dealt": dealt, "used_meetings": used,
                                            "promises": promises, "start_player": start})
    return events + rare_events()




def test_the_sample_covers_every_event_type_of_the_engine():
    assert engine_event_types() <= {e["type"] for e in all_events()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_line(lang):
    t = Translator(lang)
    seen = set()
    for e in all_events():
        line = describe(e, t, NAMES)
        assert isinstance(line, str) and line.strip(), e
        assert "{" not in line and "}" not in line, (e, line)         # no unfilled field
        assert not re.search(r"\bwi\.[a-z_]+", line), (e, line)     # no raw translation key
        if lang == "zh_TW" and e["type"] not in seen:
            assert re.search(r"[\u4e00-\u9fff]", line), (e, line)
        seen.add(e["type"])


@pytest.mark.parametrize("lang", LANGS)
def test_lines_name_players_cards_and_venues(lang):
    t = Translator(lang)
    d = data.load()
    place = next(e for e in all_events() if e["type"] == "place")
    line = describe(place, t, NAMES)
    assert NAMES[place["seat"]] in line and t.name(d["card_by_id"][place["card"]]["name"]) in line
    venue = next(e for e in all_events() if e["type"] == "venue")
    assert t.name(d["venue_by_id"][venue["venue"]]["name"]) in describe(venue, t, NAMES)
    drawn = next(e for e in all_events() if e["type"] == "drawn" and e["cards"])
    assert all(t.name(d["card_by_id"][c]["name"]) in describe(drawn, t, NAMES) for c in drawn["cards"])
    card = next(e for e in all_events() if e["type"] == "meeting_card")
    assert data.meeting_text(card["meeting"], lang) in describe(card, t, NAMES)
    chars = next(e for e in all_events() if e["type"] == "characters")
    assert all(t.name(d["char_by_id"][c]["name"]) in describe(chars, t, NAMES) for c in chars["characters"])
    moved = next(e for e in all_events() if e["type"] == "moved" and e["votes"])
    assert NAMES[moved["from_seat"]] in describe(moved, t, NAMES) and NAMES[moved["to_seat"]] in describe(moved, t, NAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ending_reads_differently(lang):
    t = Translator(lang)
    overs = [e for e in all_events() if e["type"] == "game_over"]
    assert {e["method"] for e in overs} >= {"elected", "forced"}
    for e in overs:
        line = describe(e, t, NAMES)
        assert all(t.name(data.load()["camps"][f]) in line for f in e["factions"])


def test_unknown_event_has_no_line():
    assert describe({"type": "nothing"}, Translator("en"), NAMES) is None


def test_the_languages_differ():
    for kind in ("setup", "settled", "game_over", "play"):
        e = next(e for e in all_events() if e["type"] == kind)
        assert describe(e, Translator("en"), NAMES) != describe(e, Translator("zh_TW"), NAMES)


# -- the settlement's arithmetic ----------------------------------------------------------------------
def test_a_settlement_line_shows_each_part_and_the_sum():
    e = {"type": "settled", "seat": 1, "venue": "rally", "net": 4, "votes": 4, "iron": 0, "plain": 0, "limits": [],
         "vote_parts": [{"source": "venue", "n": 3}, {"source": "coattails", "n": 2},
                        {"source": "poison_pen", "n": -1}],
         "iron_parts": [], "others": {"3": 1}, "others_parts": {"3": [{"source": "coattails", "n": 1}]}}
    assert describe(e, Translator("en"), NAMES) == (
        "Alice's settlement at Campaign Rally: votes +3 from the venue, +2 Coattails, −1 Poison-pen Letter = +4; "
        "iron votes +0. Others: Bob +1 (Coattails).")
    assert describe(e, Translator("zh_TW"), NAMES) == (
        "Alice 在造勢晚會的結算：選票 場地效果 +3、「母雞帶小雞」+2、「黑函」−1 = +4；鐵票 +0。"
        "其他玩家：Bob +1（「母雞帶小雞」）。")


def test_a_settlement_line_says_why_less_was_applied():
    e = {"type": "settled", "seat": 0, "venue": "grassroots", "net": -2, "votes": 1, "iron": 0, "plain": 2,
         "limits": ["floor", "iron_out"], "vote_parts": [{"source": "smear", "n": -2}],
         "iron_parts": [{"source": "venue", "n": 2}], "others": {}, "others_parts": {}}
    line = describe(e, Translator("en"), NAMES)
    assert "−2 Smear (applied: −1; votes never fall below 0)" in line
    assert "iron votes +2 from the venue (applied: +0; 2 votes came as ordinary votes" in line


def test_a_jailed_settlement_reads_as_jail():
    e = {"type": "settled", "seat": 2, "venue": "street", "jailed": True, "net": -5, "votes": -5, "iron": -1,
         "plain": 0, "limits": [], "vote_parts": [{"source": "jail", "n": -5}],
         "iron_parts": [{"source": "jail", "n": -1}], "others": {}, "others_parts": {}}
    assert describe(e, Translator("en"), NAMES) == (
        "陳美玲 goes to jail at the settlement at Street Canvassing, so the venue and assist effects are not "
        "counted: votes −5 to jail; iron votes −1 to jail.")
    assert describe(e, Translator("zh_TW"), NAMES).startswith("陳美玲 在地方掃街的結算中入獄")


def test_every_sampled_settlement_adds_up():
    settled = [e for e in all_events() if e["type"] == "settled"]
    assert any(e.get("jailed") for e in settled) and any(len(e["vote_parts"]) > 2 for e in settled)
    for e in settled:
        assert sum(p["n"] for p in e["vote_parts"]) == e["net"], e
        if e.get("jailed"):
            assert (e["votes"], e["iron"]) == (e["net"], sum(p["n"] for p in e["iron_parts"])), e
            continue
        if not e["limits"]:
            assert e["votes"] == e["net"] + e["plain"], e
            assert e["iron"] == sum(p["n"] for p in e["iron_parts"]), e
            for s, k in e["others"].items():
                assert sum(p["n"] for p in e["others_parts"][s]) == k, e


@pytest.mark.parametrize("lang", LANGS)
def test_a_bill_line_counts_the_yes_hands_it_names(lang):
    t = Translator(lang)
    bills = [e for e in all_events() if e["type"] == "bill"]
    assert any(len(e["support_parts"]) > 1 for e in bills)
    for e in bills:
        yes = [s for s, v in e["votes"].items() if v == "yes"]
        assert e["support_parts"][0] == {"source": "yes", "n": len(yes), "seats": sorted(int(s) for s in yes)}
        assert sum(p["n"] for p in e["support_parts"]) == e["support"]
        line = describe(e, t, NAMES)
        assert all(NAMES[int(s)] in line for s in yes)
        assert qty_line(len(yes), lang) in line


def qty_line(n: int, lang: str) -> str:
    if lang == "zh_TW":
        return f"{n} 人舉手贊成"
    return f"{n} yes hand" + ("" if n == 1 else "s")


def test_bill_support_reads_as_hands_plus_the_assist_bonus():
    e = {"type": "bill", "seat": 0, "votes": {"0": "yes", "1": "yes", "3": "yes", "2": "no"}, "support": 4,
         "support_parts": [{"source": "yes", "n": 3, "seats": [0, 1, 3]}, {"source": "assist", "n": 1}],
         "needed": 3, "passed": True, "pot": 3, "halved_by": None}
    assert describe(e, Translator("en"), NAMES) == (
        "王小明's bill passes: support 4 = 3 yes hands (王小明, Alice, Bob) + 1 for the assist effect; 3 needed.")


@pytest.mark.parametrize("lang", LANGS)
def test_no_line_has_a_plural_stub_curly_quotes_or_a_leading_stop(lang):
    t = Translator(lang)
    for e in all_events():
        line = describe(e, t, NAMES)
        assert "(s)" not in line and not re.search(r"[‘’“”]", line), line
        assert not line.startswith(("。", "）", "，", "、")), line
