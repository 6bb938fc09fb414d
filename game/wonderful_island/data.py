"""The designed content of The Wonderful Island 美麗島風雲, read once from assets/data.

Every table and card text of the original was an image and is lost; the file
assets/data/wonderful_island.json holds this edition's tables, venues, effect
cards, secret-meeting cards and characters (see its "about" line). Skills and
Politician conditions are data: an ``op`` with parameters, which the engine
interprets and whose words come from one template per op in both languages.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Optional

from game.core.paths import resource_path

CAMPS = ("blue", "green", "politician")
VENUES = ("rally", "grassroots", "street", "legislature", "poaching", "debate")
KINDS = ("assist", "hinder", "strategy")


@lru_cache(maxsize=1)
def load() -> dict:
    with open(resource_path("assets", "data", "wonderful_island.json"), encoding="utf-8") as f:
        data = json.load(f)
    data["card_by_id"] = {c["id"]: c for c in data["cards"]}
    data["meeting_by_id"] = {m["id"]: m for m in data["meetings"]}
    data["venue_by_id"] = {v["id"]: v for v in data["venues"]}
    data["char_by_id"] = {c["id"]: c for c in data["characters"]}
    # A character's skills by op, for the engine's lookups (op -> list of skill dicts).
    for c in data["characters"]:
        ops: dict[str, list] = {}
        for i, sk in enumerate(c["skills"]):
            sk["index"] = i
            ops.setdefault(sk["op"], []).append(sk)
        c["ops"] = ops
    return data


def card(cid: str) -> dict:
    return load()["card_by_id"][cid]


def kind(cid: str) -> str:
    return load()["card_by_id"][cid]["kind"]


def character(cid: str) -> dict:
    return load()["char_by_id"][cid]


def meeting(mid: str) -> dict:
    return load()["meeting_by_id"][mid]


def effect_deck() -> list[str]:
    return [c["id"] for c in load()["cards"] for _ in range(c["copies"])]


def meeting_deck() -> list[str]:
    return [m["id"] for m in load()["meetings"] for _ in range(m["copies"])]


def table_for(n_players: int, options: dict) -> dict:
    """The designed table row for this many players, with the length option applied. A record of
    rules edition 1 replays with the rows it was played with (the file's "tables_edition_1")."""
    d = load()
    old = d.get("tables_edition_1", {}) if options.get("edition", 2) == 1 else {}
    row = dict(old.get(str(n_players)) or d["tables"][str(n_players)])
    adjust = d["length"][options.get("length", "standard")]
    for key, delta in adjust.items():
        row[key] += delta
    row["pool"] = min(row["pool"], d["limits"]["votes"])  # the box holds 100 vote tokens
    if options.get("meetings_dealt", "two") == "camp_minus_one":
        row["meetings"] = row["k"] - 1  # the rules' "Blue/Green players - 1"
    return row


def factions_for(n_players: int) -> list[str]:
    counts = load()["factions_by_players"][str(n_players)]
    return [camp for camp in CAMPS for _ in range(counts[camp])]


# -- words ---------------------------------------------------------------------------
def _pick(names: dict, lang: str) -> str:
    return names.get(lang) or names["en"]


def _pick_for(names: dict, lang: str, params: dict) -> str:
    """The template for these parameters: a text whose number n is 1 may have its own words
    ("en_one": "The first court summons … is ignored", not "The first 1 court summons … are")."""
    if params.get("n") == 1 and f"{lang}_one" in names:
        return names[f"{lang}_one"]
    return _pick(names, lang)


def venue_name(vid: str, lang: str) -> str:
    return _pick(load()["venue_by_id"][vid]["name"], lang)


def camp_name(camp: str, lang: str) -> str:
    return _pick(load()["camps"][camp], lang)


def _fill(template: str, params: dict, lang: str, mark: Optional[int]) -> str:
    """A template with its parameters; for each number {key}, {key_s} is the English plural ending
    ("1 vote", "2 votes": "{n} vote{n_s}"), which the Chinese templates do not use."""
    values = {}
    for key, value in params.items():
        if key == "venue":
            values[key] = venue_name(value, lang)
        elif key == "camp":
            values[key] = camp_name(value, lang)
        elif key == "rel":
            # A Politician's vote targets count from the table's mark, so they scale with the table.
            if mark is not None:
                values[key] = str(max(1, mark + value))
                values[key + "_s"] = "" if max(1, mark + value) == 1 else "s"
            else:
                values[key] = (f"(目標{value:+d})" if lang == "zh_TW" else f"(mark {value:+d})").replace("-", "−")
                values[key + "_s"] = "s"
        else:
            values[key] = abs(value) if isinstance(value, int) else value
            if isinstance(value, int) and not isinstance(value, bool):
                values[key + "_s"] = "" if abs(value) == 1 else "s"
    return template.format(**values)


def skill_text(skill: dict, lang: str) -> str:
    template = _pick_for(load()["skill_ops"][skill["op"]][skill["kind"]], lang, skill)
    return _fill(template, skill, lang, None)


def votes_needed(win: dict, mark: int) -> int:
    """The votes a Politician condition asks for at a table with this mark (at least 1)."""
    return max(1, mark + win["rel"]) if "rel" in win else 0


def win_text(win: dict, lang: str, mark: Optional[int] = None) -> str:
    """A Politician condition in words; with the table's mark, vote targets are numbers."""
    template = _pick(load()["win_ops"][win["op"]], lang)
    return _fill(template, win, lang, mark)


def meeting_text(mid: str, lang: str) -> str:
    d = load()
    eff = d["meeting_by_id"][mid]["effect"]
    template = _pick(d["meeting_texts"][eff["op"]], lang)
    outcomes = d["meeting_outcomes"]
    values = {}
    for key, value in eff.items():
        if key == "op":
            continue
        if key == "camp":
            values[key] = camp_name(value, lang)
        else:
            values[key] = _pick(outcomes[value], lang)
    return template.format(**values)
