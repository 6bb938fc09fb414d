"""Log lines for Xuanwu Gate events, in the reader's language (pure Python, no pygame).

The scene shows only events the viewing seat may see; this module only turns
one event into words, so the same text serves the log panel and tests.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from . import data as cards

Translate = Callable[..., str]


def card_name(card: str, t) -> str:
    """A character's name in t's language (names are data, not translation keys)."""
    return t.name(cards.load()["by_id"][card]["name"])


def symbol_name(symbol: str, t) -> str:
    return t.name(cards.load()["symbols"][symbol])


def slot_name(slot: int, t) -> str:
    # Slot 0 is drawn on the left, slot 1 on the right: the log uses the same words.
    return t("xw.slot.left" if slot == 0 else "xw.slot.right")


def _join(parts: Sequence[str], t) -> str:
    return t("xw.list_sep").join(parts)


def describe(event: dict, t, names: Sequence[str]) -> Optional[str]:
    """One log line for `event`, or None if the event type has no line."""
    kind = event.get("type")

    def who(key: str = "seat") -> str:
        return names[event[key]]

    if kind == "deal":
        return t("xw.log.deal", deal=event["deal"], name=names[event["start"]])
    if kind == "own_card":
        return t("xw.log.own_card", name=who(), card=card_name(event["card"], t))
    if kind == "look":
        return t("xw.log.look", name=who())
    if kind == "round":
        return t("xw.log.round", round=event["round"], name=names[event["start"]])
    if kind == "peek":
        return t("xw.log.peek", name=who(), slot=slot_name(event["slot"], t))
    if kind == "peek_card":
        return t("xw.log.peek_card", name=who(), slot=slot_name(event["slot"], t), card=card_name(event["card"], t))
    if kind == "keep":
        return t("xw.log.keep", name=who(), slot=slot_name(event["slot"], t))
    if kind == "swap":
        if event["target"] == event["seat"]:
            return t("xw.log.swap_own", name=who(), slot=slot_name(event["slot"], t))
        return t("xw.log.swap", name=who(), slot=slot_name(event["slot"], t), target=who("target"))
    if kind == "vote_start":
        return t("xw.log.vote_start", needed=event["needed"], voters=len(event["voters"]))
    if kind == "vote_cast":
        return t("xw.log.vote_cast", name=who())
    if kind == "my_vote":
        return t("xw.log.my_vote", name=who(), vote=t("xw.vote." + event["vote"]))
    if kind == "votes":
        key = "xw.log.votes_battle" if event["result"] == "battle" else "xw.log.votes_wait"
        return t(key, battle=event["battle"], needed=event["needed"])
    if kind == "battle":
        centre = _join([card_name(c, t) for c in event["centre"]], t)
        winning = _join([symbol_name(s, t) for s in event["winning"]], t)
        if event["winners"]:
            points = event.get("points") or {}  # the basic game keeps no points: names only
            won = _join([t("xw.log.points", name=names[s], points=points[str(s)]) if str(s) in points
                         else names[s] for s in event["winners"]], t)
            return t("xw.log.battle", centre=centre, winning=winning, winners=won)
        return t("xw.log.battle_nobody", centre=centre, winning=winning)
    if kind == "game_over":
        if not event["winners"]:
            return t("xw.log.game_over_nobody")
        return t("xw.log.game_over", winners=_join([names[s] for s in event["winners"]], t))
    if kind == "mark_out":
        return t("xw.log.mark_out", name=who("target"))
    return None
