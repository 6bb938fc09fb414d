"""What each Elfenland piece says in its tooltip: what it is and what it does (both languages)."""
from __future__ import annotations

from typing import Optional

from game.elfenland.describe import cards_text, route_name, terrain_name, town_name, transport_name
from game.elfenland.rules import data as elf_data

LAND = ("plain", "forest", "mountain", "desert")


def costs(kind: str, t) -> str:
    """How many cards of this transport a road of each terrain takes, and where it may not go."""
    table = elf_data()["transport_table"][kind]
    sep = t("elf.list_sep")
    ok = sep.join(t("elf.tip.cost", terrain=terrain_name(ter, t), n=table[ter]) for ter in LAND if table[ter])
    line = t("elf.tip.costs", costs=ok)
    banned = [terrain_name(ter, t) for ter in LAND if not table[ter]]
    if banned:
        line += "\n" + t("elf.tip.banned", terrains=sep.join(banned))
    return line


def raft_costs(t) -> str:
    r = elf_data()["rafts"]
    return t("elf.tip.raft", down=r["river_downstream"], up=r["river_upstream"], lake=r["lake"])


def supply_counter(kind: str, t, can_take: bool) -> str:
    lines = [t("elf.tip.supply", kind=transport_name(kind, t)), costs(kind, t)]
    if can_take:
        lines.append(t("elf.tip.click_take"))
    return "\n".join(lines)


def pile(n: int, t, can_take: bool) -> str:
    lines = [t("elf.tip.pile_one" if n == 1 else "elf.tip.pile", n=n), t("elf.tip.star")]
    if can_take:
        lines.append(t("elf.tip.click_take"))
    return "\n".join(lines)


def my_counter(kind: str, secret: bool, t, can_place: bool, can_keep: bool) -> str:
    key = "elf.tip.mine_secret" if secret else "elf.tip.mine"
    lines = [t(key, kind=transport_name(kind, t)), costs(kind, t)]
    if can_place:
        lines.append(t("elf.tip.drag_hint"))
    if can_keep:
        lines.append(t("elf.tip.keep_hint"))
    return "\n".join(lines)


def my_obstacle(t, can_place: bool) -> str:
    extra = elf_data()["obstacle_extra_cards"]
    lines = [t("elf.tip.my_obstacle"), t("elf.tip.obstacle_does", n=extra)]
    if can_place:
        lines.append(t("elf.tip.drag_hint"))
    return "\n".join(lines)


def card(kind: str, n: int, t, can_discard: bool, caravan_any: bool) -> str:
    lines = [t("elf.tip.card", kind=transport_name(kind, t), n=n)]
    lines.append(raft_costs(t) if kind == "raft" else t("elf.tip.card_pays", kind=transport_name(kind, t)))
    if kind != "raft":
        lines.append(costs(kind, t))
    lines.append(t("elf.tip.caravan_any" if caravan_any else "elf.tip.caravan_identical",
                   n=elf_data()["caravan"]["cards"]))
    if can_discard:
        lines.append(t("elf.tip.discard_hint"))
    return "\n".join(lines)


def road_counter(kind: str, route: int, obstacle: bool, t) -> str:
    terrain = _terrain(route)
    n = (elf_data()["transport_table"][kind][terrain] or 0) + (elf_data()["obstacle_extra_cards"] if obstacle else 0)
    caravan = elf_data()["caravan"]["cards_with_obstacle" if obstacle else "cards"]
    return "\n".join([t("elf.tip.road_counter", kind=transport_name(kind, t)), route_name(route, t),
                      t("elf.tip.road_cost", n=n, kind=transport_name(kind, t), caravan=caravan)])


def road_obstacle(seat_name: str, route: int, t) -> str:
    return "\n".join([t("elf.tip.road_obstacle", name=seat_name), route_name(route, t),
                      t("elf.tip.obstacle_does", n=elf_data()["obstacle_extra_cards"])])


def boot(name: str, town: str, markers: int, total: int, cards: int, t) -> str:
    return "\n".join([t("elf.tip.boot", name=name, town=town_name(town, t)),
                      t("elf.tip.boot_counts", n=markers, total=total, cards=cards)])


def town(tid: str, capital: bool, waiting: list[str], t, reachable: bool) -> str:
    lines = [town_name(tid, t)]
    if capital:
        lines.append(t("elf.tip.capital"))
    elif waiting:
        lines.append(t("elf.tip.town_markers", names=t("elf.list_sep").join(waiting)))
    else:
        lines.append(t("elf.tip.town_empty"))
    if reachable:
        lines.append(t("elf.tip.click_travel"))
    return "\n".join(lines)


def seat(name: str, kind_label: str, p: dict, total: int, start: bool, t) -> str:
    lines = [f"{name} · {kind_label}",
             t("elf.tip.boot_counts", n=p["markers"], total=total, cards=p["cards"]),
             t("elf.tip.seat_obstacle" if p["obstacle"] else "elf.tip.seat_obstacle_used")]
    if start:
        lines.append(t("elf.tip.seat_start"))
    return "\n".join(lines)


def seat_counter(name: str, kind: str, t) -> str:
    return "\n".join([t("elf.tip.seat_counter", name=name, kind=transport_name(kind, t)), costs(kind, t)])


def seat_secret(name: str, t) -> str:
    return "\n".join([t("elf.tip.seat_secret", name=name), t("elf.tip.star")])


def seat_secret_shown(name: str, kind: str, t) -> str:
    """A secret counter face up in a replay that shows every hidden card."""
    return "\n".join([t("elf.tip.seat_secret_shown", name=name, kind=transport_name(kind, t)), costs(kind, t)])


def seat_hand(name: str, hand: list[str], destination: Optional[str], t) -> str:
    """A travel card of a hand shown in a replay that shows every hidden card (and the destination)."""
    lines = [t("elf.tip.seat_hand", name=name, cards=cards_text(hand, t))]
    if destination:
        lines.append(t("elf.tip.seat_destination", town=town_name(destination, t)))
    return "\n".join(lines)


def seat_obstacle(name: str, t) -> str:
    return "\n".join([t("elf.tip.seat_obstacle_piece", name=name),
                      t("elf.tip.obstacle_does", n=elf_data()["obstacle_extra_cards"])])


def _terrain(route: int) -> str:
    from game.elfenland.board import load_board
    return load_board().route(route).kind
