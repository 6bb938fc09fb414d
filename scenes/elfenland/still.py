"""A panel whose resting picture is cached: its frame, words and every piece at rest, painted once
per view (and again only when a piece starts or stops moving, or a glow changes). The picture is
kept on the table's layer (the map panel's window-sized picture, drawn first every frame), so a
frame costs this panel nothing but the pieces in motion or in the hand (a drag) and the hovered
piece's white glow.

Pieces that may be clicked now glow gold (the Elfenland counters' soft halo); the piece picked
for a road stands a little higher with a vermilion frame, as a chosen card does on every table.
"""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import theme
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from . import sprites as art


class StillPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.backdrop = None   # the table's Backdrop (board.py): the picture the panel stands on
        self.picture: Optional[pygame.Surface] = None   # kept only while there is no layer to hold it
        self._key: tuple = ()
        self.version = 0

    def layout(self, rect: pygame.Rect, backdrop: Optional[pygame.Surface] = None) -> None:
        old = self.rect
        super().layout(rect)
        if backdrop is not None:
            self.backdrop = backdrop
        canvas = self.canvas()
        if old != self.rect and canvas is not None and self.backdrop is not None and old.w and old.h:
            canvas.blit(self.backdrop.subsurface(old), old)  # moved (the strip follows the view): clear the old place
        self.invalidate()

    def canvas(self) -> Optional[pygame.Surface]:
        """The table's layer the resting picture is kept on."""
        return self.scene.board.layer

    def invalidate(self) -> None:
        """Something on the resting picture changed (a glow, a selection): paint it again."""
        self.version += 1

    # -- what a subclass paints -----------------------------------------------------------------
    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        """The frame and words, under the pieces (window coordinates shifted by -ox, -oy)."""

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        """Marks over the resting pieces and their glows (count badges: a count is read, and a glow
        washed over a badge's lower edge made "×1" look cut off)."""

    def live(self, piece: Piece) -> bool:
        """Drawn every frame rather than into the picture: it moves, or the mouse holds it."""
        return self.scene.tweens.moving(piece) or piece.pressed

    # -- drawing ----------------------------------------------------------------------------------
    def _render(self, live: list[Piece]) -> pygame.Surface:
        r = self.rect
        if self.backdrop is not None and self.backdrop.get_rect().contains(r):
            pic = self.backdrop.subsurface(r).copy()
        else:
            pic = pygame.Surface(r.size, pygame.SRCALPHA)
        ox, oy = r.topleft
        self.paint(pic, ox, oy)
        px = self.px
        still = [p for p in self.pieces.sprites() if p not in live]
        for p in still:
            dr = p.draw_rect().move(-ox, -oy)
            pic.blit(p.image, dr)
            if p.selected:
                pygame.draw.rect(pic, theme.VERMILION, dr.inflate(4, 4), 3, border_radius=max(4, dr.w // 10))
        for p in still:
            if p.glowing:
                dr = p.draw_rect()
                g = art.rect_glow(dr.w, dr.h, theme.GOLD, px(6))
                pic.blit(g, (dr.x - ox - px(6), dr.y - oy - px(6)))
        self.paint_over(pic, ox, oy)
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        live = [p for p in self.pieces.sprites() if self.live(p)]
        canvas = self.canvas()
        key = (self.version, tuple(live), canvas)   # the objects themselves: an id may be reused
        if key != self._key or (canvas is None and self.picture is None):
            picture = self._render(live)
            self._key = key
            if canvas is not None:
                canvas.blit(picture, self.rect)  # from the next frame on, drawn with the table
                self.picture = None              # the layer holds it: not kept twice
            else:
                self.picture = picture
            surface.blit(picture, self.rect)
        elif canvas is None:
            surface.blit(self.picture, self.rect)
        px = self.px
        for p in live:
            surface.blit(p.image, p.draw_rect())
        hot = next((p for p in self.pieces.sprites() if p.hover and p.glowing and p not in live), None)
        if hot is not None:
            dr = hot.draw_rect()
            g = art.rect_glow(dr.w, dr.h, theme.WHITE, px(8))
            surface.blit(g, (dr.x - px(8), dr.y - px(8)))

    def busy(self) -> bool:
        """Something of this panel is moving (its picture will change when it stops)."""
        return any(self.scene.tweens.moving(p) for p in self.pieces.sprites())

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        """Hovering lights up a glowing piece; a left press on a piece is on_piece's answer."""
        if event.type == pygame.MOUSEMOTION:
            return self.hover(event)
        return super().handle(event)

    def hover(self, event: pygame.event.Event) -> Optional[Intent]:
        """Only a piece that glows lights up under the mouse; any hovered piece may show its tooltip."""
        before = [p for p in self.pieces.sprites() if p.hover and p.glowing]
        self.pieces.set_hover(event.pos)
        after = [p for p in self.pieces.sprites() if p.hover and p.glowing]
        return USED if before != after else None

    def refusal(self) -> Intent:
        """A click on a piece that does nothing now."""
        scene = self.scene
        if not scene.can_act():
            return Intent(notice=scene.not_yours())
        return Intent(notice=self.t("error.illegal"))

    def ghost(self, picture: pygame.Surface, centre: tuple[int, int]) -> Piece:
        """A card on its way (one dealt, one paid or returned): it flies, then is gone (`bury`)."""
        g = Piece(("ghost", id(picture)), picture, centre=centre, layer=9, hit=False)
        self.pieces.add(g)
        return g

    def bury(self, piece: Piece) -> None:
        self.pieces.remove(piece)
        self.invalidate()
