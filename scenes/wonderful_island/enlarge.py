"""A card seen large: an effect card, a secret-meeting card or a venue with its whole text, in front
of the table. It opens on a right click on a card anywhere (in the hand, on the venue, in the
procedure, among the venues to choose from), or on a left click on a card that cannot be played now;
a click anywhere or a key closes it."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import draw, theme
from ..ui.panel import USED, Intent, Panel
from ..ui.textfit import fit_text
from . import art, faces

# What a card piece shows, for this panel: ("effect", card id), ("meeting", meeting id) or
# ("venue", venue id), with a line said over it ("placed by Alice") or None.
Subject = tuple[str, str, Optional[str]]


class CardViewPanel(Panel):
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.subject: Optional[Subject] = None
        self.picture: Optional[pygame.Surface] = None

    def open(self, subject: Subject) -> None:
        self.subject = subject
        self.visible = True
        self.refresh()
        self.scene.dirty = True

    def close(self) -> None:
        self.visible = False
        self.subject = self.picture = None
        self.scene.dirty = True

    def new_eyes(self) -> None:
        super().new_eyes()
        self.close()  # a card seen by the last eyes is not left on the screen for the next

    def refresh(self) -> None:
        if not self.visible or self.subject is None:
            return
        px, fonts, t = self.px, self.fonts, self.t
        kind, what, _ = self.subject
        room_h = self.rect.h - px(90)  # the line over the card and the hint under it
        if kind == "venue":
            w = min(px(360), self.rect.w - px(40))
            self.picture = faces.venue_face(fonts, t, what, (w, min(room_h, int(w * 1.2))), px(19), full=True)
            return
        w = min(px(300), int(room_h / art.CARD_RATIO))
        make = faces.effect_face if kind == "effect" else faces.meeting_face
        self.picture = make(fonts, t, what, w, full=True)

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None:
            return
        px, fonts = self.px, self.fonts
        draw.dim(surface, 150)
        r = self.picture.get_rect(center=self.rect.center)
        draw.shadow(surface, r, radius=px(12), offset=px(6))
        surface.blit(self.picture, r)
        note = self.subject[2]
        if note:
            head = fit_text(fonts, note, px(18), theme.GOLD_LIGHT, self.rect.w - px(20), bold=True)
            surface.blit(head, head.get_rect(midbottom=(r.centerx, r.y - px(8))))
        hint = fit_text(fonts, self.t("wi.ui.enlarge.close"), px(15), theme.PARCHMENT, self.rect.w - px(20))
        surface.blit(hint, hint.get_rect(midtop=(r.centerx, r.bottom + px(8))))

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return Intent(call=self.close)
        return USED
