"""Why a hint's move is good, in The Wonderful Island: a hostile card played on the seat with the
most votes of the others, a summons taken off your own record (game/core/advice.py). Only what
every player can count on the table."""
from __future__ import annotations

from typing import Any, Callable, Optional

from . import data


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    if action[0] != "play" or len(action) < 3 or not isinstance(action[2], int):
        return None
    seat, target = bot.seat, action[2]
    players = view["players"]
    if not 0 <= target < len(players):
        return None
    card = data.card(action[1])
    if target == seat and card.get("effect", {}).get("op") == "clear_summons" and players[seat]["summons"]:
        summons = players[seat]["summons"]
        return lambda t, names: t("wi.why.clear_summons", n=summons)
    if target == seat or not card.get("hostile"):
        return None
    others = [p for p in players if p["seat"] != seat]
    top = max(p["total"] for p in others)
    if players[target]["total"] != top or top == 0:
        return None
    threshold = view["threshold"]
    return lambda t, names: t("wi.why.leader", name=names[target], total=top, threshold=threshold)


def said(action: tuple, t, names: list) -> Optional[str]:
    """A move whose log line hides what tells it from its neighbours (which secret-meeting card),
    said in full to the seat that would make it."""
    from .describe import meeting_label
    if action[0] == "meeting" and len(action) == 3 and isinstance(action[2], int):
        return t("wi.you.meeting_card", card=meeting_label(action[1], t), target=names[action[2]])
    return None
