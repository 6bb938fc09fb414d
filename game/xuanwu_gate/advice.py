"""Why a hint's move is good, in The Xuanwu Gate Incident: whether the card you will hold wins with
the centre cards you know, counted over the cards you have not seen; a peek at the centre card you
have not seen (game/core/advice.py)."""
from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Optional

from game.core.paths import resource_path

from . import data as cards
from .describe import card_name

Place = tuple


def after(known: dict, seat: int, action: tuple, slot: Optional[int]) -> dict:
    """Where the remembered cards are once `action` (a layout choice on `slot`) is made."""
    now = dict(known)
    if action[0] in ("swap_own", "swap") and slot is not None:
        other = ("seat", seat if action[0] == "swap_own" else action[1])
        centre = ("centre", slot)
        a, b = now.pop(centre, None), now.pop(other, None)
        if a is not None:
            now[other] = a
        if b is not None:
            now[centre] = b
    return now


def odds(mine: str, gate: list, unseen: list) -> tuple[int, int]:
    """(ways your card wins, ways): over the unseen cards the unknown centre places may hold."""
    holes = [i for i, c in enumerate(gate) if c is None]
    ways = won = 0
    for fill in combinations(unseen, len(holes)):  # a battle does not ask which card lies where
        centre = list(gate)
        for i, c in zip(holes, fill):
            centre[i] = c
        ways += 1
        won += cards.points(mine, centre) > 0
    return won, ways


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any], str]]:
    if action[0] not in ("keep", "swap_own", "swap", "vote", "peek"):
        return None
    memory = getattr(getattr(bot, "normal", None), "memory", None)
    if memory is None:
        return None
    seat = bot.seat
    if action[0] == "peek":
        return _peek_reason(memory.known(view), action[1])
    known = after(memory.known(view), seat, action, view.get("peeking_slot"))
    mine = known.get(("seat", seat))
    if mine is None:
        return None
    gate = [known.get(("centre", 0)), known.get(("centre", 1))]
    unseen = [c for c in view["deck"] if c not in known.values()]
    won, ways = odds(mine, gate, unseen)
    if not ways:
        return None
    if action == ("vote", "wait"):
        if won == ways:
            return None  # the count speaks against waiting: the search saw more than it
    elif won * 2 < ways:
        return None  # a card that loses more often than not is no reason: the search saw more (what others did)
    seen = [c for c in gate if c is not None]

    def words(t, names: list) -> str:
        said = {"card": card_name(mine, t), "k": won, "m": ways}
        if len(seen) == 2:
            key = "xw.why.both_win" if won else "xw.why.both_lose"
            return t(key, a=card_name(seen[0], t), b=card_name(seen[1], t), **said)
        if len(seen) == 1:
            return t("xw.why.one", gate=card_name(seen[0], t), **said)
        return t("xw.why.none", **said)
    return words


def _peek_reason(known: dict, slot: int) -> Optional[Callable[[Any, list], str]]:
    """A peek at the centre card you have not seen, where you remember the other one; None where
    both or neither are known (the search weighed what the peek may open, nothing to count)."""
    from .describe import slot_name
    other = 1 - slot
    card = known.get(("centre", other))
    if card is None or ("centre", slot) in known:
        return None
    return lambda t, names: t("xw.why.peek_unseen", known=slot_name(other, t), card=card_name(card, t),
                              slot=slot_name(slot, t))


def measured_equal(bot, view: dict, legal: list) -> Optional[Callable[[Any, list], str]]:
    """The peek where you know neither centre card or both: played out to the end, the search's
    first peek did no better than the other (docs/coach.md), so the hint calls the two about equal.
    Not where you know one: there peeking at the other one played out better."""
    memory = getattr(getattr(bot, "normal", None), "memory", None)
    if memory is None or not legal or not all(a[0] == "peek" for a in legal):
        return None
    known = memory.known(view)
    if sum(("centre", slot) in known for slot in (0, 1)) == 1:
        return None
    return lambda t, names: t("xw.equal.peek")


@lru_cache(maxsize=1)
def peek_measured() -> dict:
    """What the peek at the centre card you have not seen did against the peek at the one you know,
    played out to the end (assets/data/xuanwu_gate_peek_measured.json: points, interval, positions)."""
    with open(resource_path("assets", "data", "xuanwu_gate_peek_measured.json"), encoding="utf-8") as f:
        return json.load(f)


def measured_better(bot, view: dict, legal: list) -> Optional[tuple[tuple, Callable[[Any, list], str]]]:
    """The peek where you know exactly one centre card: the peek at the other one, and the words
    that say what the suggestion rests on. The search cannot weigh it: it plays each world it deals
    with every card open, so what a peek shows is worth nothing to it, whichever card; played out
    to the end, peeking at the card you have not seen did better (docs/coach.md). None elsewhere."""
    memory = getattr(getattr(bot, "normal", None), "memory", None)
    if memory is None or not legal or not all(a[0] == "peek" for a in legal):
        return None
    known = memory.known(view)
    unseen = [slot for slot in (0, 1) if ("centre", slot) not in known]
    if len(unseen) != 1 or ("peek", unseen[0]) not in legal:
        return None
    m = peek_measured()
    return ("peek", unseen[0]), lambda t, names: t(
        "xw.better.peek", points=f"{m['unseen_minus_known_points']:.1f}",
        margin=f"{m['interval_95_points']:.1f}", positions=m["positions"])


def said(action: tuple, t, names: list) -> Optional[str]:
    """A peek said before it is made (its log line tells what was seen, which a hint cannot)."""
    from .describe import slot_name
    if action[0] == "peek" and len(action) == 2:
        return t("xw.you.peek", slot=slot_name(action[1], t))
    return None
