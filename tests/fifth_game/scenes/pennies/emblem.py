"""Matching Pennies' medallion: two coins."""
from __future__ import annotations

import pygame

from ..ui import theme

BACKGROUND = (60, 90, 70)


def paint(s: pygame.Surface, n: int) -> None:
    for x in (0.38, 0.62):
        pygame.draw.circle(s, theme.GOLD_LIGHT, (n * x, n / 2), n * 0.16)
        pygame.draw.circle(s, theme.GOLD, (n * x, n / 2), n * 0.16, max(1, n // 30))
