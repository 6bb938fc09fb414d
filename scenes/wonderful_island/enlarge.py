"""A card seen large: an effect card, a secret-meeting card or a venue with its whole text, in front
of the table. It opens on a right click on a card anywhere (in the hand, on the venue, in the
procedure, among the venues to choose from), on the L key over a card or with the keyboard's focus
on it, or on a left click on a card that cannot be played now; a click anywhere or a key closes it.
It grows with the settings' text size, as far as the table has room."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.close_up import CloseUpPanel
from . import art, faces

# What a card piece shows, for this panel: ("effect", card id), ("meeting", meeting id) or
# ("venue", venue id), with a line said over it ("placed by Alice") or None.
Subject = tuple[str, str, Optional[str]]

LARGE_KEY = pygame.K_l  # "see it large" from the keyboard


def asks_large(event: pygame.event.Event, mouse: Optional[tuple[int, int]]) -> Optional[tuple[int, int]]:
    """Where an event asks to see a card large: a right click's place, or the mouse's (which the
    keyboard's focus moves onto what it shows) for a plain L; None for any other event."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        return event.pos
    if event.type == pygame.KEYDOWN and event.key == LARGE_KEY and mouse is not None and \
            not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return mouse
    return None


class CardViewPanel(CloseUpPanel):
    def make_picture(self, subject: Subject) -> pygame.Surface:
        px, fonts, t = self.px, self.fonts, self.t
        kind, what, _ = subject
        # Larger text: a larger card as far as the table has room, and its words larger as far as
        # they fit on it.
        grow = fonts.text_scale
        room_h = self.rect.h - px(90)  # the line over the card and the hint under it
        if kind == "venue":
            w = min(px(360 * grow), self.rect.w - px(40))
            return faces.venue_face(fonts, t, what, (w, min(room_h, int(w * 1.2))), px(19 * grow), full=True,
                                    least=px(19))
        w = min(px(300 * grow), int(room_h / art.CARD_RATIO))
        make = faces.effect_face if kind == "effect" else faces.meeting_face
        return make(fonts, t, what, w, full=True, grow=grow)

    def heading(self) -> Optional[str]:
        return self.subject[2] if self.subject else None

    def hint(self) -> str:
        return self.t("wi.ui.enlarge.close")
