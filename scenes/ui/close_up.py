"""A close-up: one picture shown large in front of the dimmed table (a card, a character), with a
line over it and a hint under it. Any click or key closes it; so does a hand-off (what the last eyes
opened is not left on the screen for the next). A table's close-up says what it shows in
make_picture() and heading()."""
from __future__ import annotations

from typing import Any, Optional

import pygame

from . import draw, theme
from .panel import USED, Intent, Panel
from .textfit import fit_text


class CloseUpPanel(Panel):
    modal = True
    dim = 150   # how dark the table behind it goes

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.subject: Any = None
        self.picture: Optional[pygame.Surface] = None

    # -- what a table's close-up says -------------------------------------------------------------
    def make_picture(self, subject: Any) -> Optional[pygame.Surface]:
        """The picture of `subject` for the current view (None: nothing to show any more)."""
        raise NotImplementedError

    def heading(self) -> Optional[str]:
        """The line over the picture, if any."""
        return None

    def hint(self) -> Optional[str]:
        """The line under the picture, if any."""
        return None

    # -- its life ---------------------------------------------------------------------------------
    def open(self, subject: Any) -> None:
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
        self.close()

    def refresh(self) -> None:
        if not self.visible or self.subject is None:
            return
        self.picture = self.make_picture(self.subject)
        if self.picture is None:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None:
            return
        px, fonts = self.px, self.fonts
        draw.dim(surface, self.dim)
        r = self.picture.get_rect(center=self.rect.center)
        draw.shadow(surface, r, radius=px(12), offset=px(6))
        surface.blit(self.picture, r)
        head = self.heading()
        if head:
            hs = fit_text(fonts, head, px(18), theme.GOLD_LIGHT, self.rect.w - px(20), bold=True)
            surface.blit(hs, hs.get_rect(midbottom=(r.centerx, r.y - px(8))))
        hint = self.hint()
        if hint:
            ts = fit_text(fonts, hint, px(15), theme.PARCHMENT, self.rect.w - px(20))
            surface.blit(ts, ts.get_rect(midtop=(r.centerx, r.bottom + px(8))))

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return Intent(call=self.close)
        return USED
