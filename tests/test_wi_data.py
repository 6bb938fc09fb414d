"""The designed content of The Wonderful Island (assets/data/wonderful_island.json) against the rules text."""
from __future__ import annotations

import inspect
import re
from collections import Counter
from pathlib import Path

import pytest

from game.core.i18n import LANGS
from game.wonderful_island import data
from game.wonderful_island.ending import Ending

D = data.load()
CJK = re.compile(r"[\u4e00-\u9fff]")
ENGINE = Path(data.__file__).parent


def bilingual(names) -> bool:
    return (isinstance(names, dict) and set(names) >= {"en", "zh_TW"} and bool(names["en"].strip())
            and CJK.search(names["zh_TW"]) is not None)


def engine_source() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py") if p.name not in ("data.py", "describe.py"))


def copies(kind: str | None = None) -> int:
    return sum(c["copies"] for c in D["cards"] if kind is None or c["kind"] == kind)


# -- components (rules: 遊戲內容物) --------------------------------------------------------------
def test_thirty_five_characters_with_names_in_both_languages():
    chars = D["characters"]
    assert len(chars) == 35 and len({c["id"] for c in chars}) == 35
    assert len({c["name"]["zh_TW"] for c in chars}) == 35 and len({c["name"]["en"] for c in chars}) == 35
    for c in chars:
        assert bilingual(c["name"]) and bilingual(c["title"]), c["id"]


def test_each_character_has_two_active_skills_then_one_locked_skill():
    for c in D["characters"]:
        assert [s["kind"] for s in c["skills"]] == ["active", "active", "locked"], c["id"]
        for s in c["skills"]:
            assert s["kind"] in D["skill_ops"][s["op"]], (c["id"], s["op"])


def test_every_skill_op_is_one_the_engine_reads():
    src = engine_source()
    for op in {s["op"] for c in D["characters"] for s in c["skills"]}:
        assert f'"{op}"' in src, op


def test_every_politician_condition_is_one_the_engine_checks():
    met = inspect.getsource(Ending._met)
    known = set(re.findall(r'op == "(\w+)"', met)) | {"hijack"}   # hijacks are checked on an election
    assert "hijack" in inspect.getsource(Ending._hijacks)
    for c in D["characters"]:
        win = c["win"]
        assert win["op"] in known, (c["id"], win["op"])
        assert win["op"] in D["win_ops"], (c["id"], win["op"])
        if win["op"] == "hijack":
            assert win["camp"] in ("blue", "green")


def test_eight_faction_cards_and_the_split_per_player_count():
    assert D["faction_cards"] == {"blue": 3, "green": 3, "politician": 2}
    assert set(D["factions_by_players"]) == {str(n) for n in range(3, 9)}
    for n in range(3, 9):
        counts = D["factions_by_players"][str(n)]
        assert sum(counts.values()) == n
        assert all(counts[c] <= D["faction_cards"][c] for c in data.CAMPS), n
        assert counts["blue"] == counts["green"] >= 1, n       # the rules key tables on "Blue/Green players"
        assert sorted(data.factions_for(n)) == sorted(c for c in data.CAMPS for _ in range(counts[c]))


def test_one_hundred_twenty_three_effect_cards():
    assert copies() == 123
    assert (copies("assist"), copies("hinder"), copies("strategy")) == (26, 28, 69)
    assert len(data.effect_deck()) == 123
    assert len({c["id"] for c in D["cards"]}) == len(D["cards"])
    for c in D["cards"]:
        assert c["kind"] in data.KINDS and c["timing"] in D["timings"] and c["copies"] >= 1, c["id"]
        assert bilingual(c["name"]) and bilingual(c["text"]), c["id"]
        # assist and hinder cards go onto the venue; strategy cards are played in front of you
        assert (c["timing"] == "venue") == (c["kind"] in ("assist", "hinder")), c["id"]


RULES_CARDS = {  # every card the rules text names, with its kind where the text says it
    "沙盤推演": "strategy", "特偵查弊": "hinder", "有罪宣判": "hinder", "無罪定讞": "strategy",
    "死亡之握": "hinder", "槍擊案": "strategy", "假民調": "strategy", "離間": "strategy",
    "轉移焦點": "strategy", "狗仔錄音": "strategy", "政治獻金": "strategy",
}


def test_every_card_the_rules_name_is_present_with_its_kind():
    by_name = {c["name"]["zh_TW"]: c for c in D["cards"]}
    for name, kind in RULES_CARDS.items():
        assert name in by_name, name
        assert by_name[name]["kind"] == kind, name
    # played "after the candidate ends and before settlement" (rules step E)
    for name in ("離間", "轉移焦點", "狗仔錄音"):
        assert by_name[name]["timing"] == "reaction", name
    assert by_name["假民調"]["effect"]["op"] == "transfer"          # not vote loss (rules 選票流失)
    assert by_name["特偵查弊"]["effect"]["op"] == by_name["有罪宣判"]["effect"]["op"] == "summons"
    assert by_name["死亡之握"]["effect"]["op"] == "hospital"
    assert by_name["槍擊案"]["effect"]["op"] == "shooting"
    assert by_name["無罪定讞"]["effect"]["op"] == "clear_summons"


def test_twenty_four_secret_meeting_cards():
    assert sum(m["copies"] for m in D["meetings"]) == 24 == len(data.meeting_deck())
    for m in D["meetings"]:
        assert m["effect"]["op"] in D["meeting_texts"], m["id"]


def test_six_venues_with_the_rules_names():
    assert [v["id"] for v in D["venues"]] == list(data.VENUES)
    assert [v["name"]["zh_TW"] for v in D["venues"]] == ["造勢晚會", "走訪基層", "地方掃街", "立院決戰", "挖角拔樁",
                                                        "電視辯論"]
    for v in D["venues"]:
        assert bilingual(v["name"]) and bilingual(v["venue_text"]) and bilingual(v["assist_text"]), v["id"]


def test_tokens_dice_and_the_numbers_the_rules_state():
    lim = D["limits"]
    assert (lim["votes"], lim["iron"], lim["summons"], lim["dice"], lim["die_faces"]) == (100, 30, 30, 3, 6)
    assert (lim["start_hand"], lim["draw"], lim["hand_limit"], lim["trade_cost"], lim["jail_at"]) == (3, 2, 5, 3, 3)
    assert (lim["legislature_votes"], lim["debate_win"], lim["debate_nobody"]) == (3, 2, 3)


# -- the designed tables ----------------------------------------------------------------------------
def test_a_table_row_for_every_player_count():
    assert set(D["tables"]) == {str(n) for n in range(3, 9)}
    for n in range(3, 9):
        row = D["tables"][str(n)]
        assert row["k"] == D["factions_by_players"][str(n)]["blue"], n
        assert row["pool"] <= D["limits"]["votes"], n                   # the box holds 100 vote tokens
        assert n * row["start_votes"] < row["pool"], n
        assert row["start_votes"] < row["threshold"] <= row["pool"], n
        assert row["max_rounds"] >= 1 and row["meetings"] == 2, n      # rules: 2 secret meetings each
        assert n * max(row["meetings"], row["k"] - 1) <= 24, n


@pytest.mark.parametrize("length", ["standard", "short", "long"])
def test_the_length_option_keeps_every_table_playable(length):
    assert set(D["length"]) == {"standard", "short", "long"}
    for n in range(3, 9):
        row = data.table_for(n, {"length": length})
        assert n * row["start_votes"] < row["pool"] and row["start_votes"] < row["threshold"], (n, length)
        assert row["max_rounds"] >= 1
        assert data.table_for(n, {"meetings_dealt": "camp_minus_one"})["meetings"] == row["k"] - 1


def test_the_about_and_tables_notes_say_the_tables_were_designed():
    for key in ("about", "tables_note", "length_note"):
        assert bilingual(D[key]), key
    assert "lost" in D["about"]["en"] and "遺失" in D["about"]["zh_TW"]


# -- words ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_skill_win_and_meeting_text_renders(lang):
    for c in D["characters"]:
        for s in c["skills"]:
            text = data.skill_text(s, lang)
            assert text.strip() and "{" not in text and "}" not in text, (c["id"], s)
        for threshold in (None, 13):
            text = data.win_text(c["win"], lang, threshold)
            assert text.strip() and "{" not in text and "}" not in text, (c["id"], c["win"])
    for m in D["meetings"]:
        text = data.meeting_text(m["id"], lang)
        assert text.strip() and "{" not in text and "}" not in text, m["id"]
    if lang == "zh_TW":
        assert all(CJK.search(data.skill_text(s, lang)) for c in D["characters"] for s in c["skills"])


def test_every_meeting_outcome_and_camp_has_words():
    for m in D["meetings"]:
        for key, value in m["effect"].items():
            if key in ("blue", "green", "politician", "yes", "no"):
                assert bilingual(D["meeting_outcomes"][value]), m["id"]
    assert Counter(m["effect"]["op"] for m in D["meetings"]).keys() <= D["meeting_texts"].keys()
    for camp in data.CAMPS:
        assert bilingual(D["camps"][camp])
