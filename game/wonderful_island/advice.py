"""Why a hint's move is good, in The Wonderful Island: a hostile card played on the seat with the
most votes of the others, a summons taken off your own record, the character that wins more often
at your table size (game/core/advice.py). Only what every player can count on the table, and for
a character the measured odds the hard player keeps by."""
from __future__ import annotations

from typing import Any, Callable, Optional

from . import data


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    if action[0] == "character" and len(action) == 2:
        return _character_reason(view, action[1])
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


def _character_reason(view: dict, cid: str) -> Optional[Callable[[Any, list], str]]:
    """The character kept: its share of wins at this table size in measured games of normal bots
    (the hard player keeps by it: no deal of the camps exists yet to search), above the other's."""
    from .describe import character_name
    from .hard import character_odds, rated
    n = view["n_players"]
    odds = character_odds().get(n, {})
    others = [c for c in view.get("offer", []) if c != cid]
    if not odds or not others:
        return None
    mine, other = rated(odds, cid, n), rated(odds, others[0], n)
    if mine <= other:
        return None
    return lambda t, names: t("wi.why.character", name=character_name(cid, t), pct=round(100 * mine), n=n,
                              other=character_name(others[0], t), other_pct=round(100 * other))


def said(action: tuple, t, names: list) -> Optional[str]:
    """A move whose log line hides what tells it from its neighbours (which secret-meeting card),
    said in full to the seat that would make it."""
    from .describe import card_name, meeting_label
    if action[0] == "meeting" and len(action) == 3 and isinstance(action[2], int):
        return t("wi.you.meeting_card", card=meeting_label(action[1], t), target=names[action[2]])
    if action[0] == "skill" and len(action) == 3 and isinstance(action[2], str):
        # the skill that discards a card to draw two: which card is what tells the moves apart
        return t("wi.you.skill_discard", card=card_name(action[2], t))
    return None


def measured_equal(bot, view: dict, legal: list) -> Optional[Callable[[Any, list], str]]:
    """Your action turn (a card, a secret meeting, a trade, ending the turn): played out to the end,
    the search's first move did no better than its second (docs/coach.md: +0.8 points, give or
    take 2.1, on 718 positions), so the hint calls the moves about equal and shows each one's
    chance."""
    from .phases import PLAY
    if view.get("phase") == PLAY and len(legal) > 1:
        return lambda t, names: t("wi.equal.turn")
    return None
