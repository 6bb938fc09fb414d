"""Hover texts of The Wonderful Island's cards, shared by the hand, the venue and the replay's secrets:
the whole text of what the face says in short, and how to see the card large."""
from __future__ import annotations

from typing import Optional

from game.wonderful_island import data


def effect_tip(t, cid: str, by: Optional[str] = None, enlarge: bool = False) -> str:
    """An effect card in full: name and kind (and who placed it), what it does, when it is played;
    with `enlarge`, how to see it large (where the table can show it so)."""
    c = data.card(cid)
    head = f"{t.name(c['name'])} · {t('wi.ui.kind.' + c['kind'])}"
    if by is not None:
        head += t("wi.ui.placed_by", name=by)
    lines = [head, t.name(c["text"]), t("wi.ui.timing." + c["timing"])]
    return "\n".join(lines + ([t("wi.ui.enlarge.hint")] if enlarge else []))


def meeting_tip(t, mid: str, enlarge: bool = False) -> str:
    """A secret-meeting card in full."""
    lines = [t("wi.ui.meeting"), data.meeting_text(mid, t.lang)]
    return "\n".join(lines + ([t("wi.ui.enlarge.hint")] if enlarge else []))


def venue_tip(t, vid: str) -> str:
    """A venue in full: its effect at settlement and its assist effect."""
    venue = data.load()["venue_by_id"][vid]
    return "\n".join([t.name(venue["name"]), t.name(venue["venue_text"]),
                      f"{t('wi.ui.assist_effect')}: {t.name(venue['assist_text'])}", t("wi.ui.enlarge.hint")])
