"""Why a hint's move is good, in European Union: what a bill's passing gives your party and the
leading party (its stars, ability and end bonus, counted as influence), and what a member state
adds (game/core/advice.py). The leader is the strongest other party by the count of what you have
seen (normal's ledger)."""
from __future__ import annotations

from typing import Any, Callable, Optional

from . import data as cards
from .describe import bill_name


def reason(bot, view: dict, action: tuple) -> Optional[Callable[[Any, list], str]]:
    normal = getattr(bot, "normal", None)
    if normal is None:
        return None
    seat = bot.seat
    if action[0] == "vote" and view.get("current_bill"):
        bill = view["current_bill"]
        gains = normal.gains(view, bill)
        lead, _ahead = normal.leader(view)
        mine, theirs = gains[seat], gains[lead]
        if (action[1] == "yes") != (mine - theirs > 0 or (mine - theirs == 0 and mine > 0)):
            return None  # the count alone speaks the other way: the search saw the votes' odds too
        return lambda t, names: t("eu.why.vote", bill=bill_name(bill, t), mine=_signed(mine),
                                  name=names[lead], theirs=_signed(theirs))
    if action[0] == "take" and view.get("stage") == "council":
        by_id = cards.load()["state_by_id"]
        if action[1] not in by_id:
            return None
        st = by_id[action[1]]
        left = view.get("cards_left") or []
        most = max((by_id[c]["influence"] for c in left if c in by_id), default=st["influence"])
        if st["influence"] >= most:
            return lambda t, names: t("eu.why.take_most", influence=st["influence"])
        return lambda t, names: t("eu.why.take_power", power=st["power"])
    return None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def measured_equal(bot, view: dict, legal: list) -> Optional[Callable[[Any, list], str]]:
    """The chair's order of tied bidders: played out to the end, the search's first choice did no
    better than its second (docs/coach.md), so the hint calls them about equal."""
    if legal and all(a[0] == "first" for a in legal):
        return lambda t, names: t("eu.equal.first")
    return None
