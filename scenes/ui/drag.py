"""Drag and drop of a piece: press on it, move past a few pixels, release over a target.

A panel owns one Drag. It starts it when the mouse goes down on a draggable
piece, feeds it the motion, and on release asks it where the piece was
dropped; the panel alone decides what a drop there means. A press that never
moves far enough is a click, not a drag.
"""
from __future__ import annotations

from typing import Optional

from .piece import Piece

THRESHOLD = 6  # pixels of travel before a press becomes a drag


class Drag:
    def __init__(self, threshold: int = THRESHOLD) -> None:
        self.threshold = threshold
        self.piece: Optional[Piece] = None
        self.start = (0, 0)
        self.grab = (0, 0)       # where on the piece it was taken, so it does not jump to the cursor
        self.pos = (0, 0)
        self.dragging = False
        self._layer = 0

    @property
    def active(self) -> bool:
        return self.piece is not None

    def press(self, piece: Piece, pos: tuple[int, int]) -> None:
        self.piece = piece
        self.start = self.pos = pos
        self.grab = (pos[0] - piece.rect.centerx, pos[1] - piece.rect.centery)
        self.dragging = False
        piece.pressed = True

    def motion(self, pos: tuple[int, int]) -> bool:
        """The mouse moved; True if the piece moved with it."""
        if self.piece is None:
            return False
        self.pos = pos
        if not self.dragging and (abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1])) >= self.threshold:
            self.dragging = True
        if self.dragging:
            self.piece.move_centre((pos[0] - self.grab[0], pos[1] - self.grab[1]))
        return self.dragging

    def release(self, pos: tuple[int, int]) -> tuple[Optional[Piece], bool]:
        """(the piece, whether it was dragged rather than clicked); the piece goes back home
        unless the panel places it elsewhere."""
        piece, dragged = self.piece, self.dragging
        self.cancel()
        self.pos = pos
        return piece, dragged

    def cancel(self) -> None:
        if self.piece is not None:
            self.piece.pressed = False
            self.piece.place(self.piece.home)
        self.piece = None
        self.dragging = False
