"""The designed card data of European Union (assets/data/european_union.json)."""
from __future__ import annotations

import re

from game.european_union import data as cards

D = cards.load()
CJK = re.compile(r"[\u4e00-\u9fff]")


def bilingual(names) -> bool:
    return (isinstance(names, dict) and set(names) >= {"en", "zh_TW"} and names["en"].strip()
            and CJK.search(names["zh_TW"]) is not None and not CJK.search(names["en"]))


def test_five_policies_with_their_track_colours():
    assert [p["id"] for p in D["policies"]] == list(cards.POLICIES)
    assert [p["colour"] for p in D["policies"]] == ["blue", "orange", "red", "green", "purple"]
    assert [p["name"]["zh_TW"] for p in D["policies"]] == ["歐洲整合", "自由經濟", "開放社會", "環境保護", "社會福利"]


def test_seven_parties_in_the_seven_colours():
    assert sorted(p["id"] for p in D["parties"]) == sorted(["blue", "purple", "yellow", "green", "cyan", "red", "white"])
    for p in D["parties"]:
        assert set(p["stars"]) == set(cards.POLICIES) and all(isinstance(v, int) for v in p["stars"].values())
        a = p["ability"]
        assert a["when"] in ("passed", "failed") and a["amount"] != 0
        assert a["method"] in (None, "unanimity", "qualified") and a["border"] in (None, *cards.POLICIES)
        assert bilingual(a["text"]) and bilingual(p["flavour"])
        for policy in cards.POLICIES:
            table = p["track_bonus"][policy]
            assert len(table) == D["track_top"] + 1 and table[0] == 0


def test_parties_used_at_each_player_count():
    ids = {p["id"] for p in D["parties"]}
    for n in range(3, 8):
        used = D["parties_by_players"][str(n)]
        assert len(used) == len(set(used)) == n and set(used) <= ids
    assert set(D["parties_by_players"]["7"]) == ids


def test_twenty_eight_member_states_in_three_accession_groups():
    assert len(D["states"]) == 28 and len({s["id"] for s in D["states"]}) == 28
    groups = [sum(1 for s in D["states"] if s["group"] == g) for g in (1, 2, 3)]
    assert groups == [9, 6, 13]
    founders = {"de", "fr", "it", "nl", "be", "lu"}
    assert founders <= {s["id"] for s in D["states"] if s["group"] == 1}
    for s in D["states"]:
        assert s["power"] >= 1 and s["influence"] >= 1
    assert [len(cards.states_for_round(r)) for r in (1, 2, 3)] == [9, 15, 28]


def test_fifty_bills_with_stars_a_bordered_policy_and_a_council_method():
    assert len(D["bills"]) == 50 and len({b["id"] for b in D["bills"]}) == 50
    for b in D["bills"]:
        assert set(b["stars"]) == set(cards.POLICIES) and all(v >= 0 for v in b["stars"].values())
        assert b["border"] in cards.POLICIES and b["stars"][b["border"]] >= 2
        assert b["method"] in ("unanimity", "qualified")
    for p in cards.POLICIES:
        assert sum(1 for b in D["bills"] if b["border"] == p) == 10
    assert D["bills_drawn"] == 7 and D["bills_kept"] == 5  # 7 a round x 3 rounds = 21 a game


def test_twelve_mep_seat_cards_with_power_nine_to_fourteen():
    powers = sorted(m["power"] for m in D["meps"])
    assert len(powers) == 12 and min(powers) == 9 and max(powers) == 14


def test_fifteen_ending_cards_three_per_track():
    assert len(D["endings"]) == 15
    for p in cards.POLICIES:
        levels = [e["level"] for e in D["endings"] if e["policy"] == p]
        assert levels == ["low", "middle", "high"]
    for pos in range(0, 16):
        assert all(cards.ending_for(p, pos) for p in cards.POLICIES)


def test_every_name_is_in_both_languages():
    named = D["policies"] + D["parties"] + D["states"] + D["bills"]
    for item in named:
        assert bilingual(item["name"]), item["id"]
    for item in D["policies"] + D["bills"]:
        assert bilingual(item["flavour"]), item["id"]
    for e in D["endings"]:
        assert bilingual(e["title"]) and bilingual(e["text"]), e["id"]


def test_qualified_majority_rules_record_both_readings():
    assert D["qualified_majority"]["rulebook"][1] == 22  # "22 of 40" in round 2
    totals = [sum(s["power"] for s in D["states"] if s["group"] <= g) for g in (1, 2, 3)]
    assert totals[1] == 40
    assert D["qualified_majority"]["sixty_percent"] == [-(-t * 6 // 10) for t in totals]
