"""Pieces: the cards and tokens on a table, as pygame sprites.

A piece has a face (and, for a card, a back), a rect and a layer, and a few
states a player sees: hover, pressed, selected (lifted a little), glowing
(something that can be clicked now), face up or down, an alpha and a flip
phase (for the turn-over animation). It says what it is and does in a
tooltip. Its pictures come ready-made from the game's art module (cached
there); a piece only decides which one to show and where.

A PieceGroup draws pieces in layer order with their glow and selection marks
and answers "which piece is under the mouse".
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Union

import pygame

from . import draw, theme

Tip = Union[str, Callable[[], Optional[str]], None]
LIFT = 0.12   # a selected card rises by this share of its height


class Piece(pygame.sprite.Sprite):
    """A card or a token. `key` names it for the table (a card id, ("seat", 3) ...)."""

    def __init__(self, key: Any, face: pygame.Surface, back: Optional[pygame.Surface] = None, *,
                 centre: tuple[int, int] = (0, 0), layer: int = 0, tip: Tip = None, face_up: bool = True,
                 hit: bool = True) -> None:
        super().__init__()
        self.key = key
        self.face = face
        self.back = back
        self.face_up = face_up if back is not None else True
        self.tip = tip
        self.action: Optional[tuple] = None   # what clicking it asks for now (None: nothing)
        self.hit = hit              # answers the mouse (a decoration does not)
        self._layer = layer
        self.hover = self.pressed = self.selected = self.glowing = False
        self.alpha = 255
        self.flip = 0.0             # 0..1 while turning over: the picture narrows to nothing and back
        self.rect = self.current().get_rect(center=centre)
        self.home = centre

    # -- what it shows ---------------------------------------------------------------
    def current(self) -> pygame.Surface:
        return self.face if self.face_up or self.back is None else self.back

    @property
    def image(self) -> pygame.Surface:
        pic = self.current()
        if 0.0 < self.flip < 1.0:
            w = max(1, int(pic.get_width() * abs(1.0 - 2.0 * self.flip)))
            pic = pygame.transform.smoothscale(pic, (w, pic.get_height()))
        if self.alpha < 255:
            pic = pic.copy()
            pic.set_alpha(self.alpha)
        return pic

    def set_face(self, face: pygame.Surface, back: Optional[pygame.Surface] = None) -> None:
        """New pictures (a card revealed, a new size), keeping the centre."""
        centre = self.rect.center
        self.face = face
        if back is not None:
            self.back = back
        self.rect = self.current().get_rect(center=centre)

    def tooltip(self) -> Optional[str]:
        return self.tip() if callable(self.tip) else self.tip

    # -- where it is ---------------------------------------------------------------------
    def place(self, centre: tuple[int, int]) -> None:
        """Stand here now (and call it home)."""
        self.home = centre
        self.rect = self.current().get_rect(center=centre)

    def move_centre(self, centre: tuple[float, float]) -> None:
        """Show it here for a moment (an animation); home does not change."""
        self.rect = self.current().get_rect(center=(round(centre[0]), round(centre[1])))

    def draw_rect(self) -> pygame.Rect:
        """Where the picture goes: a selected card stands a little higher, a flipping one narrower."""
        r = self.rect.copy()
        if self.selected:
            r.y -= int(r.h * LIFT)
        if 0.0 < self.flip < 1.0:
            w = max(1, int(r.w * abs(1.0 - 2.0 * self.flip)))
            r = pygame.Rect(r.centerx - w // 2, r.y, w, r.h)
        return r


class PieceGroup(pygame.sprite.LayeredUpdates):
    """Pieces drawn in layer order, with the marks of their states, and found under the mouse."""

    def __init__(self, glow_spread: int = 9, hot_spread: int = 12) -> None:
        super().__init__()
        self.glow_spread = glow_spread
        self.hot_spread = hot_spread
        self.glow_colour = theme.GOLD_LIGHT   # a table may glow in its own colour (the hot glow stays white)

    def draw(self, surface: pygame.Surface, bgd=None) -> list[pygame.Rect]:
        self.draw_pieces(surface, self.sprites())
        return []

    def draw_pieces(self, surface: pygame.Surface, pieces) -> None:
        """Draw only these pieces (in the order given: pass them in layer order), with their marks.
        A table that keeps its resting pieces in a still picture draws just the live ones each frame."""
        for piece in pieces:
            r = piece.draw_rect()
            if piece.glowing:
                hot = piece.hover or piece.pressed
                spread = self.hot_spread if hot else self.glow_spread
                colour = theme.WHITE if hot else self.glow_colour
                g = draw.rect_glow(r.w, r.h, colour, spread)
                surface.blit(g, (r.x - spread, r.y - spread))
            surface.blit(piece.image, r)
            if piece.glowing:
                # A soft halo alone is lost round a card whose own edge has the glow's colour (a gold
                # card in a gold glow): a crisp ring, parted from the card by a dark line, shows on any.
                radius = max(4, r.w // 10)
                pygame.draw.rect(surface, theme.INK, r.inflate(2, 2), 1, border_radius=radius)
                pygame.draw.rect(surface, colour, r.inflate(6, 6), 2, border_radius=radius + 2)
            if piece.selected:
                pygame.draw.rect(surface, theme.VERMILION, r.inflate(4, 4), 3, border_radius=max(4, r.w // 10))

    def at(self, pos: tuple[int, int]) -> Optional[Piece]:
        """The topmost piece under `pos` that answers the mouse."""
        for piece in reversed(self.sprites()):
            if piece.hit and piece.draw_rect().collidepoint(pos):
                return piece
        return None

    def by_key(self, key: Any) -> Optional[Piece]:
        return next((p for p in self.sprites() if p.key == key), None)

    def set_hover(self, pos: Optional[tuple[int, int]]) -> bool:
        """Mark the piece under `pos` as hovered (None: none); True if that changed anything."""
        over = self.at(pos) if pos is not None else None
        changed = False
        for piece in self.sprites():
            now = piece is over
            if piece.hover != now:
                piece.hover = now
                changed = True
        return changed
