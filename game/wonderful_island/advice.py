"""Why a hint's move is good, in The Wonderful Island: for a card played on a seat, where that seat
stands in the votes on the table (game/core/advice.py). Only what every player can count."""
from __future__ import annotations

from typing import Any, Callable, Optional


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    if action[0] != "play" or len(action) < 3 or not isinstance(action[2], int):
        return None
    seat, target = bot.seat, action[2]
    players = view["players"]
    if not 0 <= target < len(players):
        return None
    threshold = view["threshold"]
    if target == seat:
        total = players[seat]["total"]
        return lambda t, names: t("wi.why.self", total=total, threshold=threshold)
    others = [p for p in players if p["seat"] != seat]
    top = max(p["total"] for p in others)
    if players[target]["total"] != top or top == 0:
        return None
    return lambda t, names: t("wi.why.leader", name=names[target], total=top, threshold=threshold)


def said(action: tuple, t, names: list) -> Optional[str]:
    """A move whose log line hides what tells it from its neighbours (which secret-meeting card),
    said in full to the seat that would make it."""
    from .describe import meeting_label
    if action[0] == "meeting" and len(action) == 3 and isinstance(action[2], int):
        return t("wi.you.meeting_card", card=meeting_label(action[1], t), target=names[action[2]])
    return None
