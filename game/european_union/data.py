"""The designed card data of European Union 歐盟議會, read once from assets/data.

The printed tables were lost; assets/data/european_union.json holds the
designed parties, member states, bills, MEP seats and ending cards (see
docs/european_union.md).
"""
from __future__ import annotations

import json
from functools import lru_cache

from game.core.paths import resource_path

POLICIES = ("integration", "economy", "society", "environment", "welfare")
UNANIMITY, QUALIFIED = "unanimity", "qualified"


@lru_cache(maxsize=1)
def load() -> dict:
    with open(resource_path("assets", "data", "european_union.json"), encoding="utf-8") as f:
        data = json.load(f)
    data["policy_by_id"] = {p["id"]: p for p in data["policies"]}
    data["party_by_id"] = {p["id"]: p for p in data["parties"]}
    data["state_by_id"] = {s["id"]: s for s in data["states"]}
    data["state_power"] = {s["id"]: s["power"] for s in data["states"]}  # summed at every vote
    data["bill_by_id"] = {b["id"]: b for b in data["bills"]}
    data["mep_by_id"] = {m["id"]: m for m in data["meps"]}
    data["ending_by_id"] = {e["id"]: e for e in data["endings"]}
    # Products precomputed: what a passed bill pays each party (stars x stars over the policies).
    data["pay"] = {(b["id"], p["id"]): sum(b["stars"][k] * p["stars"][k] for k in POLICIES)
                   for b in data["bills"] for p in data["parties"]}
    # What each party's ability gives for each bill at each table size (voted and failed, voted and
    # passed): a round's scoring reads it in place. The size matters for an ability whose card
    # names another amount at a larger table (amount_by_players, issue 41's large-table clause).
    data["ability_of"] = {(p["id"], b["id"], n): (_ability(p["ability"], b, False, n), _ability(p["ability"], b, True, n))
                          for b in data["bills"] for p in data["parties"] for n in map(int, data["parties_by_players"])}
    return data


def _ability(a: dict, b: dict, passed: bool, players: int) -> int:
    if (a["when"] == "passed") != passed:
        return 0
    if a["method"] is not None and a["method"] != b["method"]:
        return 0
    if a["border"] is not None and a["border"] != b["border"]:
        return 0
    return ability_amount(a, players)


def ability_amount(ability: dict, players: int) -> int:
    """What an ability gives a bill at a table of `players`: the card's amount, or the one it
    names for that size."""
    return ability.get("amount_by_players", {}).get(str(players), ability["amount"])


def states_for_round(rnd: int) -> list[str]:
    """Member states on the table in round `rnd` (1-3): by voting power, largest first."""
    d = load()
    groups = d["state_groups_by_round"][rnd - 1]
    chosen = [s for s in d["states"] if s["group"] in groups]
    return [s["id"] for s in sorted(chosen, key=lambda s: (-s["power"], s["group"]))]


def qualified_majority(rule: str, rnd: int) -> int:
    return load()["qualified_majority"][rule][rnd - 1]


def parliament_majority(total: int) -> int:
    """總和 x 50% + 1, fractions dropped."""
    return total // 2 + 1


def pay(bill: str, party: str) -> int:
    return load()["pay"][(bill, party)]


def ability_change(party: str, bill: str, passed: bool, players: int) -> int:
    """What a party's ability gives (or takes) for one voted bill at a table of `players`."""
    return load()["ability_of"][(party, bill, players)][passed]


@lru_cache(maxsize=None)  # fixed by the data: a search ends many games
def track_bonus(party: str, policy: str, position: int) -> int:
    table = load()["party_by_id"][party]["track_bonus"][policy]
    return table[min(position, len(table) - 1)]


@lru_cache(maxsize=None)  # fixed by the data: a search ends many games
def ending_for(policy: str, position: int) -> str:
    for e in load()["endings"]:
        if e["policy"] == policy and e["min"] <= position and (e["max"] is None or position <= e["max"]):
            return e["id"]
    raise ValueError(f"no ending card for {policy} at {position}")
