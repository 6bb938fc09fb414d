"""A card seen large: an effect card, a secret-meeting card or a venue with its whole text, in front
of the table. It opens on a right click on a card anywhere (in the hand, on the venue, in the
procedure, among the venues to choose from), or on a left click on a card that cannot be played now;
a click anywhere or a key closes it."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.close_up import CloseUpPanel
from . import art, faces

# What a card piece shows, for this panel: ("effect", card id), ("meeting", meeting id) or
# ("venue", venue id), with a line said over it ("placed by Alice") or None.
Subject = tuple[str, str, Optional[str]]


class CardViewPanel(CloseUpPanel):
    def make_picture(self, subject: Subject) -> pygame.Surface:
        px, fonts, t = self.px, self.fonts, self.t
        kind, what, _ = subject
        room_h = self.rect.h - px(90)  # the line over the card and the hint under it
        if kind == "venue":
            w = min(px(360), self.rect.w - px(40))
            return faces.venue_face(fonts, t, what, (w, min(room_h, int(w * 1.2))), px(19), full=True)
        w = min(px(300), int(room_h / art.CARD_RATIO))
        make = faces.effect_face if kind == "effect" else faces.meeting_face
        return make(fonts, t, what, w, full=True)

    def heading(self) -> Optional[str]:
        return self.subject[2] if self.subject else None

    def hint(self) -> str:
        return self.t("wi.ui.enlarge.close")
