"""The mark of a bot that is thinking: three dots in a small ink bubble on its seat plate, lighting
up one after the other (every table draws it over the plate its `seat_plate` names)."""
from __future__ import annotations

import math

import pygame

from . import theme

PERIOD = 1.2  # seconds for the light to run over the three dots


def bubble_rect(plate: pygame.Rect, px, corner: str = "topright") -> pygame.Rect:
    """Where the mark sits: inside the plate at its top right corner (or the corner a table names,
    where the top right already holds something)."""
    r = pygame.Rect(0, 0, px(42), px(20))
    inset = px(4)
    x = plate.right - inset if corner.endswith("right") else plate.left + inset
    y = plate.top + inset if corner.startswith("top") else plate.bottom - inset
    setattr(r, corner, (x, y))
    return r


def draw_thinking(surface: pygame.Surface, plate: pygame.Rect, clock: float, px, corner: str = "topright",
                  colour=theme.GOLD_LIGHT) -> pygame.Rect:
    """Draw the mark for a plate at time `clock` (seconds); returns the rectangle it covers."""
    r = bubble_rect(plate, px, corner)
    pygame.draw.rect(surface, theme.INK, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, colour, r, 1, border_radius=r.h // 2)
    phase = (clock % PERIOD) / PERIOD
    radius = max(3, px(4))
    for i in range(3):
        # Each dot brightens as the light passes it, a third of the period after the one before.
        lit = 0.5 + 0.5 * math.cos(2 * math.pi * (phase - i / 3))
        shade = tuple(int(theme.INK_SOFT[k] + (colour[k] - theme.INK_SOFT[k]) * lit) for k in range(3))
        centre = (r.x + r.w * (i + 1) // 4, r.centery - int(px(2) * lit))
        pygame.draw.circle(surface, shade, centre, radius)
    return r
