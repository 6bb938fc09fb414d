"""Elfenland's medallion on the menu and the pickers (scenes/ui/emblems.py frames it)."""
from __future__ import annotations

import pygame

from ..ui import draw, theme

BACKGROUND = (40, 84, 60)


def paint(s: pygame.Surface, n: int) -> None:
    """A forest tree above a winding road: the travel through the elf lands."""
    c = n / 2
    pygame.draw.lines(s, (214, 190, 130), False,
                      [(n * 0.12, n * 0.86), (n * 0.38, n * 0.74), (n * 0.62, n * 0.84), (n * 0.9, n * 0.7)],
                      max(2, n // 20))
    trunk = pygame.Rect(0, 0, n * 0.1, n * 0.2)
    trunk.midbottom = (c, n * 0.78)
    pygame.draw.rect(s, (96, 60, 30), trunk)
    for i, (w, y) in enumerate(((0.56, 0.64), (0.44, 0.48), (0.32, 0.33))):
        green = (70 + 20 * i, 150 + 15 * i, 80 + 10 * i)
        pygame.draw.polygon(s, green, [(c - n * w / 2, n * y), (c + n * w / 2, n * y), (c, n * (y - 0.2))])
    draw.star(s, theme.GOLD_LIGHT, (n * 0.74, n * 0.24), n * 0.06)
