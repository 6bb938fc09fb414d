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


def centre_symbols(centre_cards: list[str]) -> list[str]:
    """The win symbols (top left) of the two centre cards."""
    by_id = load()["by_id"]
    return [by_id[c]["win"] for c in centre_cards]


def points(card: str, centre_cards: list[str]) -> int:
    """What holding `card` scores at a battle with `centre_cards` at the gate (0 = not a winner).

    A card wins when one of its reward symbols is a winning symbol (遊戲結束 (1)-(4)); a winner
    scores every reward symbol that matches either centre card's win symbol (計分制, 例2: with
    Leaf and Swallow at the gate, a winner showing one Leaf and one Swallow scores 2).
    """
    return _points(card, tuple(centre_cards))


@lru_cache(maxsize=None)
def _points(card: str, centre_cards: tuple[str, ...]) -> int:
    # Worked out once per card and centre: a search's playouts fight many battles.
    rewards = load()["by_id"][card]["rewards"]
    winning = winning_symbols(list(centre_cards))
    if not any(s in winning for s in rewards):
        return 0
    at_gate = set(centre_symbols(list(centre_cards)))
    return sum(1 for s in rewards if s in at_gate)


@lru_cache(maxsize=None)
def battle_at(centre_cards: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
    """The winning symbols and every card's points with `centre_cards` at the gate, worked out
    once per centre: a search's playouts fight many battles."""
    return (tuple(winning_symbols(list(centre_cards))),
            {c["id"]: _points(c["id"], centre_cards) for c in load()["characters"]})


def votes_needed(voters: int) -> int:
    return load()["battle_votes_needed"][str(voters)]
