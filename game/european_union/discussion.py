"""A bill's discussion: the rulebook's three minutes, which a chair played by a computer gives the
people at the table (it calls the vote once every person has said they are ready, or the time is up).

The moment is read from the public view, so that a table's screen and a hosted table's server (which
runs its bots with no screen: game/net) hold a computer chair alike."""
from __future__ import annotations

from typing import Optional

DISCUSSION_SECONDS = 180.0   # the rulebook's three minutes per bill


def discussion_moment(view: dict) -> Optional[tuple[int, tuple, float, str]]:
    """(the chair, the bill on the floor as a key, the seconds it is discussed, the name of the
    table's clock for it) while a bill is discussed and no gift is being made; None otherwise
    (GameSpec.listens)."""
    if view.get("phase") != "discuss" or view.get("giving"):
        return None
    return view["chair"], (view["round"], view["stage"], view["current_bill"]), DISCUSSION_SECONDS, "discussion"
