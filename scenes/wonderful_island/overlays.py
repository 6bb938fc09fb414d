"""Two overlays of the Wonderful Island table: a character read in full (a click on a seat or on
one's own card), and the settlement just made, step by step (card effects, venue, assist and what
each seat gained or lost), which stays until it is clicked away or, with bots only, for a while."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import art


class ZoomPanel(Panel):
    """A character card at a readable size."""
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.seat: Optional[int] = None
        self.picture: Optional[pygame.Surface] = None

    def open(self, seat: int) -> None:
        self.seat = seat
        self.visible = True
        self.refresh()

    def refresh(self) -> None:
        if not self.visible or self.seat is None:
            return
        v, px, t = self.view, self.px, self.t
        cid = v["players"][self.seat]["character"]
        if cid is None:
            self.visible = False
            return
        w, h = min(px(380), self.rect.w - px(40)), min(px(460), self.rect.h - px(40))
        self.picture = art.character_card(self.fonts, t, cid, w, h, v["mark"])

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None:
            return
        draw.dim(surface, 120)
        r = self.picture.get_rect(center=self.rect.center)
        surface.blit(self.picture, r)
        name = fit_text(self.fonts, self.scene.name(self.seat), self.px(18), theme.GOLD_LIGHT, r.w, bold=True)
        surface.blit(name, name.get_rect(midbottom=(r.centerx, r.y - self.px(6))))

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return Intent(call=self.close)
        return USED

    def close(self) -> None:
        self.visible = False
        self.scene.dirty = True


class SettlementPanel(Panel):
    """The last settlement's steps, in front of the venue board."""
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.title = ""
        self.lines: list[str] = []
        self.buttons = CachedGroup()

    def show(self, title: str, lines: list[str]) -> None:
        self.title, self.lines = title, lines
        self.visible = bool(lines)
        self.refresh()

    def refresh(self) -> None:
        px, t = self.px, self.t
        r = self.rect
        self.buttons = CachedGroup([Button(lambda: t("wi.ui.btn.continue"), self.close,
                                           (r.centerx - px(90), r.bottom - px(50), px(180), px(40)),
                                           style="primary", hotkey=pygame.K_RETURN, size=px(17))])

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.px, self.fonts
        r = self.rect
        draw.panel(surface, r, radius=px(12), width=px(3))
        head = fit_text(fonts, self.title, px(19), theme.VERMILION_DARK, r.w - px(30), bold=True)
        surface.blit(head, (r.x + px(16), r.y + px(12)))
        y = r.y + px(44)
        size = px(14)
        rows: list[str] = []
        for line in self.lines:
            rows += fonts.wrap("• " + line, size, r.w - px(36))
        room = max(1, (r.bottom - px(60) - y) // int(size * 1.35))
        for row in rows[-room:]:
            surface.blit(fonts.text(row, size, theme.INK), (r.x + px(18), y))
            y += int(size * 1.35)
        self.buttons.draw(surface, fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.buttons.handle(event):
            return USED
        if event.type == pygame.MOUSEBUTTONDOWN:
            return Intent(call=self.close)
        return None

    def close(self) -> None:
        self.visible = False
        self.scene.settle_clock = 0.0
        self.scene.dirty = True
