"""Why a hint's move is good, in Elfenland: on the planning turns (the ones the search weighs), the
road's place on your best tour this round, or the leader it holds back (game/core/advice.py). The
tour is the normal player's tour search over the board as you see it."""
from __future__ import annotations

from typing import Any, Callable, Optional

from .bots import Planner
from .describe import route_name, town_name


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any], str]]:
    normal = getattr(bot, "normal", None)
    if normal is None or view.get("phase") != "plan" or action[0] not in ("place", "obstacle", "pass"):
        return None
    seat = bot.seat
    me = view["players"][seat]
    boot = me["boot"]
    _score, steps = Planner(view, seat).search(boot, normal._hand(view), normal._counters(view))
    visited = set(me["visited"])
    towns = []
    for _route, to, _pay, _kind in steps:
        if to not in visited and to not in towns and to != boot:
            towns.append(to)
    tour = {route for route, *_ in steps}
    if action[0] == "pass":
        if steps and not any(kind is not None for *_x, kind in steps):
            return lambda t, names: t("elf.why.pass_ride", n=len(towns), towns=_towns(towns, t))
        return None
    route = action[1]
    if route in tour:
        return lambda t, names: t("elf.why.on_tour", route=route_name(route, t), boot=town_name(boot, t),
                           n=len(towns), towns=_towns(towns, t))
    others = [p for p in view["players"] if p["seat"] != seat]
    top = max(p["markers"] for p in others)
    leaders = [p["seat"] for p in others if p["markers"] == top]
    hurt = {s: normal.threat(view, route, only={s}) for s in leaders}
    who = max(hurt, key=hurt.get)
    if hurt[who] <= 0:
        return None

    return lambda t, names: t("elf.why.block", route=route_name(route, t), name=names[who], markers=top)


def _towns(towns: list, t) -> str:
    """The towns a tour reaches, the first four by name."""
    if not towns:
        return t("elf.why.no_towns")
    named = t("elf.list_sep").join(town_name(x, t) for x in towns[:4])
    return named if len(towns) <= 4 else t("elf.why.more", towns=named, n=len(towns) - 4)


def said(action: tuple, t, names: list) -> Optional[str]:
    """A planning move in full (a counter placed face down tells the table nothing of its kind,
    but the seat that would place it must read which)."""
    from .describe import transport_name
    if action[0] == "place" and len(action) == 3:
        return t("elf.you.place", counter=transport_name(action[2], t), route=route_name(action[1], t))
    if action[0] == "obstacle" and len(action) == 2:
        return t("elf.you.obstacle", route=route_name(action[1], t))
    return None
