"""Why a hint's move is good, in Elfenland: on the planning turns, the road's place on your best
tour this round, or the leader it holds back; at the draw, the counter's place on the tour it makes;
on the journey, the town the road takes you to on your best tour, or that no road you can pay for
reaches a town with your marker (game/core/advice.py). The tour is the normal player's tour search
over the board as you see it."""
from __future__ import annotations

import random
from typing import Any, Callable, Optional

from .bots import Planner, graph
from .describe import route_name, town_name, transport_name


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any], str]]:
    normal = getattr(bot, "normal", None)
    if normal is None:
        return None
    if view.get("phase") == "draw" and action[0] == "take":
        return _draw_reason(normal, view, action)
    if view.get("phase") == "move" and action[0] in ("move", "end_move"):
        return _travel_reason(bot, view, action)
    if view.get("phase") != "plan" or action[0] not in ("place", "obstacle", "pass"):
        return None
    seat = bot.seat
    me = view["players"][seat]
    boot = me["boot"]
    _score, steps = Planner(view, seat).search(boot, normal._hand(view), normal._counters(view))
    towns = _new_towns(steps, set(me["visited"]), boot)
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


def _new_towns(steps: list, visited: set, boot: str) -> list:
    """The towns with the seat's marker still on them that a tour reaches, in its order."""
    towns: list = []
    marked = graph().marker_set  # the capital has no marker
    for _route, to, _pay, _kind in steps:
        if to in marked and to not in visited and to not in towns and to != boot:
            towns.append(to)
    return towns


def _draw_reason(normal, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    """A face-up counter taken: the road of your best tour (with it in hand) it would be placed
    on, and the towns that tour reaches. None where the tour does not use it."""
    kind = view["face_up"][action[1]]
    seat = normal.seat
    me = view["players"][seat]
    G = graph()
    counters = list(normal._counters(view))
    counters[G.counter_index[kind]] += 1
    _score, steps = Planner(view, seat).search(me["boot"], normal._hand(view), tuple(counters))
    roads = [route for route, _to, _pay, k in steps if k is not None and G.counters[k] == kind]
    if not roads:
        return None
    towns = _new_towns(steps, set(me["visited"]), me["boot"])
    road = roads[0]
    return lambda t, names: t("elf.why.take_fits", counter=transport_name(kind, t), route=route_name(road, t),
                              towns=_towns(towns, t))


def _travel_reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    """A journey's step: the road your best tour from here takes first, the town it reaches and the
    new towns of the tour; the end of the journey where no road you can pay for leads to a town
    with your marker still on it."""
    normal = bot.normal
    seat = normal.seat
    me = view["players"][seat]
    boot, visited = me["boot"], set(me["visited"])
    if action[0] == "end_move":
        ahead = _paid_roads_to(bot, view, seat, boot)
        if ahead is None or any(to in graph().marker_set and to not in visited for to in ahead):
            return None
        return lambda t, names: t("elf.why.end_move", boot=town_name(boot, t))
    _score, steps = Planner(view, seat).search(boot, normal._hand(view))
    if not steps or steps[0][0] != action[1]:
        return None
    to = steps[0][1]
    towns = _new_towns(steps, visited, boot)
    key = "elf.why.travel_new" if to in graph().marker_set and to not in visited else "elf.why.travel_on"
    return lambda t, names: t(key, route=route_name(action[1], t), town=town_name(to, t), towns=_towns(towns, t))


def _paid_roads_to(bot, view: dict, seat: int, boot: str) -> Optional[set]:
    """The towns the roads you can pay for now lead to from `boot` (None: not known). Your own
    journeys depend only on your cards and the board, so a world dealt from your view has them."""
    sample = getattr(bot, "sample_world", None)
    if sample is None:
        return None
    try:
        world = sample(view, seat, random.Random(0))
    except Exception:  # noqa: BLE001 - a reason is a courtesy: the move is still suggested
        return None
    ends = graph().route_ends
    return {b if a == boot else a for a, b in (ends[m[1]] for m in world.legal_actions(seat) if m[0] == "move")}


def _towns(towns: list, t) -> str:
    """The towns a tour reaches, the first four by name."""
    if not towns:
        return t("elf.why.no_towns")
    named = t("elf.list_sep").join(town_name(x, t) for x in towns[:4])
    return named if len(towns) <= 4 else t("elf.why.more", towns=named, n=len(towns) - 4)


def distinct(view: dict, legal: list) -> list:
    """The draw's face-up counters one of each kind (taking either of two Dragons is one choice)."""
    out, kinds = [], set()
    for a in legal:
        if a[0] == "take":
            kind = view["face_up"][a[1]]
            if kind in kinds:
                continue
            kinds.add(kind)
        out.append(a)
    return out


def measured_equal(bot, view: dict, legal: list) -> Optional[Callable[[Any, list], str]]:
    """The draw: played out to the end, the search's first counter did no better than its second
    (docs/coach.md), so the hint calls the counters about equal."""
    if legal and all(a[0] in ("take", "take_pile") for a in legal):
        return lambda t, names: t("elf.equal.draw")
    return None


def said(action: tuple, t, names: list) -> Optional[str]:
    """A planning move in full (a counter placed face down tells the table nothing of its kind,
    but the seat that would place it must read which)."""
    from .describe import transport_name
    if action[0] == "place" and len(action) == 3:
        return t("elf.you.place", counter=transport_name(action[2], t), route=route_name(action[1], t))
    if action[0] == "obstacle" and len(action) == 2:
        return t("elf.you.obstacle", route=route_name(action[1], t))
    return None
