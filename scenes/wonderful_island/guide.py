"""Where a guided game's coach points at The Wonderful Island's table for the two actions made in
several clicks: the legislature's offer (steppers, then Offer) and a choice of cards (each card,
then the confirmation). The table's guide() calls these."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.pointer import Pointer


def offer_pointer(scene, action: tuple) -> Optional[Pointer]:
    """The legislature's offer: each stepper set to its part of the offer, then Offer."""
    want = {"votes": action[1], "cards": action[2], "extra": action[3]}
    for st in scene.prompts.steppers:
        if scene.offer[st.key] != want[st.key] and want[st.key] in st.values:
            ahead = (st.values.index(want[st.key]) - st.index) % len(st.values)
            left, right = st._arrows()
            return Pointer(pygame.Rect(right if ahead <= len(st.values) // 2 else left))
    button = next((b for b in scene.prompts.buttons.widgets if b.action == action), None)
    return Pointer(pygame.Rect(button.rect)) if button is not None else None


def choice_pointer(scene, action: tuple, prefix: tuple, buttons: list) -> Optional[Pointer]:
    """A choice of cards: a card picked that the action does not part with is put back, then the
    action's cards are picked one by one, then the choice is confirmed."""
    part = action[len(prefix)]
    wanted = list(part) if isinstance(part, tuple) else [part]
    for cid in scene.multi:
        if cid in wanted:
            wanted.remove(cid)
        else:
            card = next((p for p in scene.hand.cards if p.key[2] == cid and p.selected), None)
            return Pointer(pygame.Rect(card.rect)) if card is not None else None
    if wanted:
        card = next((p for p in scene.hand.cards if p.key[2] == wanted[0] and not p.selected), None)
        return Pointer(pygame.Rect(card.rect)) if card is not None else None
    confirm = next((b for b in buttons if isinstance(b.action, tuple) and b.action[:len(prefix)] == prefix), None)
    return Pointer(pygame.Rect(confirm.rect)) if confirm is not None else None
