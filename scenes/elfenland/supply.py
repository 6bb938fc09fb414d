"""The counters to take: the five face-up counters and the face-down pile. In the draw stage a
click on a glowing one takes it (one intent); a counter turned up to fill a gap turns over."""
from __future__ import annotations

from functools import partial

import pygame

from ..ui import theme
from ..ui.piece import Piece
from . import sprites as art
from . import tips
from .strip import StripPanel


class SupplyPanel(StripPanel):
    def title(self) -> str:
        return self.t("elf.ui.supply", pile=self.view["pile"])

    def refresh(self) -> None:
        v, t, legal, g = self.view, self.t, self.scene.legal, self.geo
        self.pieces.empty()
        for i, kind in enumerate(v["face_up"]):
            if not kind:
                continue
            can = i in legal.take
            p = Piece(("slot", i), art.counter_tile(kind, g.tile), art.counter_back(g.tile),
                      centre=self.slot(i).center, tip=partial(tips.supply_counter, kind, t, can))
            p.action, p.glowing = (("take", i) if can else None), can
            self.pieces.add(p)
        if v["pile"]:
            p = Piece(("pile",), art.counter_back(g.tile), centre=self.pile_rect().center,
                      tip=partial(tips.pile, v["pile"], t, legal.pile))
            p.action, p.glowing = (("take_pile",) if legal.pile else None), legal.pile
            self.pieces.add(p)
        self.invalidate()

    def pile_rect(self) -> pygame.Rect:
        return self.slot(5, self.px(4))

    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        super().paint(pic, ox, oy)
        for i, kind in enumerate(self.view["face_up"]):
            if not kind:  # an empty place, until the pile fills it
                pygame.draw.rect(pic, theme.PARCHMENT_DARK, self.slot(i).move(-ox, -oy), 2, border_radius=self.px(6))

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        pile = self.pieces.by_key(("pile",))
        if pile is not None:
            self.badge(pic, str(self.view["pile"]), self.pile_rect().move(-ox, -oy).bottomright, 15, 12)

    def pile_centre(self) -> tuple[int, int]:
        return self.pile_rect().center
