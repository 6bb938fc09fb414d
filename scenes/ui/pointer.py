"""A coach's pointer: a pulsing gold ring on the piece to use, and an arrow to it (from the coach's
box, or from a piece to drag to where it goes)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import pygame

from . import theme


@dataclass(frozen=True)
class Pointer:
    """Where the learner's hand should go: click `rect`, or drag from `rect` to `to`."""
    rect: pygame.Rect
    to: Optional[pygame.Rect] = None

    def rects(self) -> list[pygame.Rect]:
        return [self.rect] + ([self.to] if self.to is not None else [])

    def target(self) -> pygame.Rect:
        """Where the hand ends: the drop for a drag, else the piece."""
        return self.to if self.to is not None else self.rect


def _ring(surface: pygame.Surface, rect: pygame.Rect, clock: float, px, colour=theme.GOLD_LIGHT) -> None:
    pulse = (math.sin(clock * 5.0) + 1.0) / 2.0          # 0..1, a little under a second a beat
    grow = px(4) + int(pulse * px(6))
    ring = rect.inflate(2 * grow, 2 * grow)
    radius = min(ring.w, ring.h) // 4
    pygame.draw.rect(surface, theme.WOOD_DARK, ring.inflate(px(4), px(4)), px(3), border_radius=radius + px(2))
    pygame.draw.rect(surface, colour, ring, max(2, px(4)), border_radius=radius)


def _edge_towards(rect: pygame.Rect, point: tuple[float, float]) -> tuple[float, float]:
    """The point where a line from the rect's centre to `point` leaves the rect."""
    cx, cy = rect.center
    dx, dy = point[0] - cx, point[1] - cy
    if dx == 0 and dy == 0:
        return cx, cy
    sx = (rect.w / 2) / abs(dx) if dx else math.inf
    sy = (rect.h / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy)
    return cx + dx * s, cy + dy * s


def arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], px,
          colour=theme.GOLD_LIGHT) -> None:
    """A thick arrow with a dark edge, its head at `end`."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < px(12):
        return
    ux, uy = dx / length, dy / length
    head = px(18)
    base = (end[0] - ux * head, end[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    tri = [end, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    for width, col in ((px(9), theme.WOOD_DARK), (px(5), colour)):
        pygame.draw.line(surface, col, start, base, width)
    pygame.draw.polygon(surface, theme.WOOD_DARK, tri)
    inner = [(x - ux * px(2), y - uy * px(2)) for x, y in tri]
    pygame.draw.polygon(surface, colour, [inner[0], *[(x * 0.85 + tri[0][0] * 0.15, y * 0.85 + tri[0][1] * 0.15)
                                                       for x, y in inner[1:]]])


def draw_pointer(surface: pygame.Surface, pointer: Pointer, clock: float, px,
                 origin: Optional[pygame.Rect] = None, colour=theme.GOLD_LIGHT) -> None:
    """The ring on the piece (and on the drop for a drag) and an arrow to it: from the piece to the
    drop for a drag, else from `origin` (the coach's box) when the piece is away from it. `colour`:
    the ring's and the arrow's (a review marks the move played in another than the better move's)."""
    for r in pointer.rects():
        _ring(surface, r, clock, px, colour)
    if pointer.to is not None:
        start = _edge_towards(pointer.rect, pointer.to.center)
        end = _edge_towards(pointer.to.inflate(px(14), px(14)), pointer.rect.center)
        arrow(surface, start, end, px, colour)
    elif origin is not None and not origin.inflate(px(40), px(40)).colliderect(pointer.rect):
        target = pointer.rect.inflate(px(22), px(22))
        start = _edge_towards(origin, target.center)
        end = _edge_towards(target, origin.center)
        arrow(surface, start, end, px, colour)
