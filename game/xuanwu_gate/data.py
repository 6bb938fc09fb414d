"""The designed card table of The Xuanwu Gate Incident, read once from assets/data."""
from __future__ import annotations

import json
from functools import lru_cache

from game.core.paths import resource_path


@lru_cache(maxsize=1)
def load() -> dict:
    with open(resource_path("assets", "data", "xuanwu_gate.json"), encoding="utf-8") as f:
        data = json.load(f)
    data["by_id"] = {c["id"]: c for c in data["characters"]}
    # Outcome lookup keyed by the sorted pair of centre win symbols.
    data["outcome_of"] = {tuple(sorted(o["centre"])): o["winning"] for o in data["outcomes"]}
    return data


def winning_symbols(centre_cards: list[str]) -> list[str]:
    data = load()
    pair = tuple(sorted(data["by_id"][c]["win"] for c in centre_cards))
    return data["outcome_of"][pair]


def points(card: str, winning: list[str]) -> int:
    """Reward symbols on `card` that match a winning symbol (0 = not a winner)."""
    return sum(1 for s in load()["by_id"][card]["rewards"] if s in winning)


def votes_needed(voters: int) -> int:
    return load()["battle_votes_needed"][str(voters)]
