"""Hover texts of The Wonderful Island's cards, shared by the hand and the replay's secrets."""
from __future__ import annotations

from game.wonderful_island import data


def effect_tip(t, cid: str) -> str:
    """An effect card in full: name and kind, what it does, when it is played."""
    c = data.card(cid)
    return f"{t.name(c['name'])} · {t('wi.ui.kind.' + c['kind'])}\n{t.name(c['text'])}\n" \
           f"{t('wi.ui.timing.' + c['timing'])}"
