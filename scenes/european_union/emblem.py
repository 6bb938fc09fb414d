"""European Union's medallion on the menu and the pickers (scenes/ui/emblems.py frames it)."""
from __future__ import annotations

import math

import pygame

from ..ui import draw, theme

BACKGROUND = (36, 64, 150)


def paint(s: pygame.Surface, n: int) -> None:
    """Twelve gold stars in a ring."""
    for i in range(12):
        a = i * math.pi / 6
        draw.star(s, theme.GOLD_LIGHT, (n / 2 + n * 0.27 * math.cos(a), n / 2 + n * 0.27 * math.sin(a)), n * 0.06)
