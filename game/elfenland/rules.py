"""Elfenland rules data, precomputed once per process (pure Python, no pygame).

Two sources: the board (maps/elfenland.tmx via board.py: towns, routes, rivers,
lakes) and assets/data/elfenland.json (transport table, card and counter
counts). ``tables()`` joins them into the lookups the engine needs on every
step, so ``legal_actions`` never walks the board.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from game.core.paths import resource_path

from .board import LAND_KINDS, load_board

DATA_FILE = ("assets", "data", "elfenland.json")


@lru_cache(maxsize=1)
def data() -> dict:
    with open(resource_path(*DATA_FILE), encoding="utf-8") as f:
        return json.load(f)


@dataclass(frozen=True)
class Exit:
    """One way out of a town: a route, where it leads and what it takes."""
    route: int
    to: str
    kind: str          # terrain: plain / forest / mountain / desert / river / lake
    land: bool
    rafts: int         # water: rafts needed in this direction (0 on land)


@dataclass(frozen=True)
class Tables:
    counter_kinds: tuple[str, ...]            # the six transports, in the data's order
    card_kinds: tuple[str, ...]               # the six transports and "raft"
    travel_cards: dict[str, int]              # kind -> copies in the deck (72)
    counters: dict[str, int]                  # kind -> copies in the pile (48)
    cost: dict[str, dict[str, int | None]]    # counter kind -> terrain -> cards (None: not allowed)
    capital: str
    towns: tuple[str, ...]                    # every town, board order
    marker_towns: tuple[str, ...]             # the 20 towns that carry markers (all but the capital)
    town_cards: tuple[str, ...]               # the 12 destination towns
    route_kind: dict[int, str]                # route id -> terrain
    route_ends: dict[int, tuple[str, str]]
    land_routes: tuple[int, ...]
    land_set: frozenset[int]
    allowed: dict[str, tuple[int, ...]]       # counter kind -> land routes it may be placed on
    exits: dict[str, tuple[Exit, ...]]        # town -> ways out
    distance: dict[str, dict[str, int]]       # town -> town -> fewest routes
    hand_dealt: int
    hand_keep: int
    face_up: int
    drawn_per_round: int
    markers_per_player: int
    caravan_cards: int
    obstacle_extra: int


@lru_cache(maxsize=1)
def tables() -> Tables:
    d = data()
    board = load_board()
    counts = d["counts"]
    counter_kinds = tuple(d["transport_order"])
    card_kinds = counter_kinds + ("raft",)
    cost = {k: dict(d["transport_table"][k]) for k in counter_kinds}
    rafts = d["rafts"]
    route_kind = {r.id: r.kind for r in board.routes}
    land = tuple(r.id for r in board.routes if r.kind in LAND_KINDS)
    allowed = {k: tuple(rid for rid in land if cost[k][route_kind[rid]] is not None) for k in counter_kinds}
    exits: dict[str, list[Exit]] = {t: [] for t in board.towns}
    for r in board.routes:
        for here in (r.a, r.b):
            there = r.other(here)
            if r.kind == "river":
                n = rafts["river_downstream"] if r.downstream == there else rafts["river_upstream"]
            elif r.kind == "lake":
                n = rafts["lake"]
            else:
                n = 0
            exits[here].append(Exit(r.id, there, r.kind, r.kind in LAND_KINDS, n))
    if tuple(sorted(card_kinds)) != ALPHA_CARDS:
        raise ValueError(f"{DATA_FILE}: travel card kinds {card_kinds} do not match {ALPHA_CARDS}")
    capital = board.capital
    return Tables(
        counter_kinds=counter_kinds,
        card_kinds=card_kinds,
        travel_cards=dict(counts["travel_cards"]),
        counters=dict(counts["counters"]),
        cost=cost,
        capital=capital,
        towns=tuple(board.towns),
        marker_towns=tuple(t for t in board.towns if t != capital),
        town_cards=tuple(t.id for t in board.towns.values() if t.town_card),
        route_kind=route_kind,
        route_ends={r.id: (r.a, r.b) for r in board.routes},
        land_routes=land,
        land_set=frozenset(land),
        allowed=allowed,
        exits={t: tuple(sorted(xs, key=lambda e: e.route)) for t, xs in exits.items()},
        distance={t: board.distances_from(t) for t in board.towns},
        hand_dealt=counts["hand_dealt"],
        hand_keep=counts["hand_keep"],
        face_up=counts["face_up_counters"],
        drawn_per_round=counts["drawn_counters_per_round"],
        markers_per_player=counts["town_markers_per_player"],
        caravan_cards=d["caravan"]["cards"],
        obstacle_extra=d["obstacle_extra_cards"],
    )


ALPHA_CARDS = tuple(sorted(("pig", "elfcycle", "cloud", "unicorn", "troll", "dragon", "raft")))


@lru_cache(maxsize=8192)
def multisets(counts: tuple[int, ...], size: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct multiset of `size` cards from a hand, as sorted tuples.

    `counts` gives the copies of each kind in ALPHA_CARDS order (capped at
    `size` by the caller so that hands differing only beyond it share a cache
    entry).
    """
    out: list[tuple[str, ...]] = []

    def rec(i: int, left: int, acc: tuple[str, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(ALPHA_CARDS):
            return
        for take in range(min(counts[i], left), -1, -1):
            rec(i + 1, left - take, acc + (ALPHA_CARDS[i],) * take)

    rec(0, size, ())
    out.sort()
    return tuple(out)
