"""The Wonderful Island's medallion on the menu and the pickers (scenes/ui/emblems.py frames it)."""
from __future__ import annotations

import math

import pygame


BACKGROUND = (44, 112, 164)


def paint(s: pygame.Surface, n: int) -> None:
    """A green island in the sea under the sun, with waves."""
    pygame.draw.circle(s, (246, 196, 80), (n * 0.72, n * 0.26), n * 0.09)
    island = [(n * 0.52, n * 0.2), (n * 0.6, n * 0.32), (n * 0.62, n * 0.5), (n * 0.56, n * 0.68),
              (n * 0.46, n * 0.8), (n * 0.4, n * 0.66), (n * 0.38, n * 0.46), (n * 0.44, n * 0.3)]
    pygame.draw.polygon(s, (84, 160, 90), island)
    pygame.draw.polygon(s, (54, 120, 64), island, max(1, n // 40))
    for y in (0.78, 0.86):
        for x in (0.2, 0.64):
            r = pygame.Rect(n * x, n * y, n * 0.16, n * 0.08)
            pygame.draw.arc(s, (220, 236, 244), r, 0.3, math.pi - 0.3, max(1, n // 45))
