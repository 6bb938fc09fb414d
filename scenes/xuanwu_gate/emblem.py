"""The Xuanwu Gate Incident's medallion on the menu and the pickers (scenes/ui/emblems.py frames it)."""
from __future__ import annotations

import pygame

from ..ui import theme

BACKGROUND = (34, 40, 72)


def paint(s: pygame.Surface, n: int) -> None:
    """A palace gate at night with red pillars and a sweeping roof."""
    wall = pygame.Rect(n * 0.18, n * 0.46, n * 0.64, n * 0.34)
    pygame.draw.rect(s, (150, 120, 96), wall)
    arch = pygame.Rect(0, 0, n * 0.22, n * 0.24)
    arch.midbottom = wall.midbottom
    pygame.draw.rect(s, (30, 22, 26), arch, border_top_left_radius=int(n * 0.11), border_top_right_radius=int(n * 0.11))
    for x in (0.26, 0.7):
        pygame.draw.rect(s, theme.VERMILION, (n * x, n * 0.4, n * 0.05, n * 0.14))
    roof = [(n * 0.1, n * 0.36), (n * 0.2, n * 0.42), (n * 0.8, n * 0.42), (n * 0.9, n * 0.36),
            (n * 0.74, n * 0.3), (n * 0.26, n * 0.3)]
    pygame.draw.polygon(s, (40, 36, 40), roof)
    pygame.draw.line(s, theme.GOLD, (n * 0.26, n * 0.3), (n * 0.74, n * 0.3), max(1, n // 40))
    pygame.draw.circle(s, theme.GOLD_LIGHT, (n * 0.72, n * 0.18), n * 0.07)
