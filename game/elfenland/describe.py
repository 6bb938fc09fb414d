"""Log lines for Elfenland events, in the reader's language (pure Python, no pygame).

The scene shows only events the viewing seat may see (`for_reader`, which also
keeps one line per action when a seat sees both halves of a public + private
pair); `describe` turns one event into words, so the same text serves the log
panel and tests. Town,
lake, terrain and transport names are data (the board and
assets/data/elfenland.json), not translation keys.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Optional, Sequence

from game.core.match import visible

from .board import load_board
from .rules import data, tables

Translate = Callable[..., str]


def town_name(town: str, t) -> str:
    return t.name(load_board().towns[town].names)


def transport_name(kind: str, t) -> str:
    """A travel card or counter kind ("pig" ... "raft") in t's language."""
    return t.name(data()["transports"][kind])


def terrain_name(kind: str, t) -> str:
    return t.name(data()["terrains"][kind])


def route_name(route_id: int, t) -> str:
    """E.g. "Forest road Elvenhold – Erg'Eren", "River Beata – Elvenhold, flowing to Elvenhold"."""
    board = load_board()
    r = board.route(route_id)
    a, b = town_name(r.a, t), town_name(r.b, t)
    if r.kind == "river":
        return t("elf.route.river", a=a, b=b, downstream=town_name(r.downstream, t))
    if r.kind == "lake":
        lake = board.lakes.get(r.lake or "")
        return t("elf.route.lake", a=a, b=b, lake=t.name(lake.names) if lake else t.name(data()["terrains"]["lake"]))
    return t("elf.route.land", terrain=terrain_name(r.kind, t), a=a, b=b)


def _join(parts: Sequence[str], t) -> str:
    return t("elf.list_sep").join(parts)


def cards_text(cards: Sequence[str], t) -> str:
    """["raft", "raft", "pig"] -> "1 × Giant Pig, 2 × Raft" (in the data's card order)."""
    order = tables().card_kinds
    counts = Counter(cards)
    return _join([t("elf.cost", n=counts[k], card=transport_name(k, t)) for k in order if counts[k]], t)


# A public event that has a private twin for its own seat: the twin says the same and more, so the
# log of the seat that sees both keeps the twin only (the end-of-round discard: everyone reads
# "X returns a travel card", X reads "X returns Magic Cloud", once).
PUBLIC_TWIN = {"discarded": "discard"}


def for_reader(events: Sequence[dict], seat: Optional[int]) -> list[dict]:
    """The events `seat` may see (None: the public), each action worded once: a public half is
    left out for the seat that also sees its private twin."""
    return [e for e in events if visible(e, seat)
            and not (e.get("type") in PUBLIC_TWIN and seat is not None and e.get("seat") == seat)]


def describe(event: dict, t, names: Sequence[str]) -> Optional[str]:
    """One log line for `event`, or None if the event type has no line."""
    kind = event.get("type")

    def who(key: str = "seat") -> str:
        return names[event[key]]

    if kind == "setup":
        counters = _join([transport_name(c, t) for c in event["face_up"] if c], t)
        return t("elf.log.setup", name=who("start"), counters=counters)
    if kind == "destination":
        return t("elf.log.destination", name=who(), town=town_name(event["town"], t))
    if kind == "round_start":
        return t("elf.log.round_start", round=event["round"], rounds=event["rounds"], name=who("start"))
    if kind == "deal":
        counts = _join([t("elf.log.count", name=names[s], n=c) for s, c in enumerate(event["counts"])], t)
        return t("elf.log.deal", counts=counts)
    if kind == "cards_dealt":
        if not event["cards"]:
            return t("elf.log.cards_dealt_none", name=who())
        return t("elf.log.cards_dealt", name=who(), cards=cards_text(event["cards"], t))
    if kind == "secret_drawn":
        return t("elf.log.secret_drawn", name=who())
    if kind == "secret_counter":
        return t("elf.log.secret_counter", name=who(), counter=transport_name(event["counter"], t))
    if kind == "phase":
        return t("elf.log.phase", phase=t("elf.phase." + event["phase"]))
    if kind == "take":
        return t("elf.log.take", name=who(), counter=transport_name(event["counter"], t))
    if kind == "take_pile":
        return t("elf.log.take_pile", name=who(), counter=transport_name(event["counter"], t))
    if kind == "refill":
        return t("elf.log.refill", counter=transport_name(event["counter"], t))
    if kind == "place":
        key = "elf.log.place_secret" if event["secret"] else "elf.log.place"
        return t(key, name=who(), counter=transport_name(event["counter"], t), route=route_name(event["route"], t))
    if kind == "obstacle":
        return t("elf.log.obstacle", name=who(), route=route_name(event["route"], t))
    if kind == "pass":
        return t("elf.log.pass_auto" if event["auto"] else "elf.log.pass", name=who())
    if kind == "move":
        payment = cards_text(event["payment"], t)
        if event["caravan"]:
            payment = t("elf.log.caravan_payment", payment=payment)
        key = "elf.log.move_marker" if event["marker"] else "elf.log.move"
        return t(key, name=who(), a=town_name(event["from"], t), b=town_name(event["to"], t), payment=payment)
    if kind == "end_move":
        return t("elf.log.end_move_auto" if event["auto"] else "elf.log.end_move", name=who())
    if kind == "discarded":
        return t("elf.log.discarded", name=who())
    if kind == "discard":
        return t("elf.log.discard", name=who(), card=transport_name(event["card"], t))
    if kind == "keep":
        if event["face_up"]:
            return t("elf.log.keep", name=who(), counter=transport_name(event["counter"], t))
        return t("elf.log.keep_secret", name=who())
    if kind == "keep_none":
        return t("elf.log.keep_none", name=who())
    if kind == "round_end":
        return t("elf.log.round_end", round=event["round"], name=who("start"))
    if kind == "game_over":
        winners = _join([names[s] for s in event["winners"]], t)
        if event.get("destinations"):
            scores = _join([t("elf.log.score_destination", name=names[s], markers=m,
                              distance=event["distances"][s], town=town_name(event["destinations"][s], t),
                              score=event["scores"][s])
                            for s, m in enumerate(event["markers"])], t)
        else:
            scores = _join([t("elf.log.score", name=names[s], markers=m, cards=event["cards"][s])
                            for s, m in enumerate(event["markers"])], t)
        return t("elf.log.game_over", winners=winners, scores=scores)
    return None
