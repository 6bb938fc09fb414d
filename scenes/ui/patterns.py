"""Small marks laid over a colour so that it never carries meaning alone (issue 35): board-game
pictograms (furrows, a tree, peaks, sand dots, waves, ripples) in an ink that reads on the colour
under them. Drawn once into cached pictures by the scenes, never per frame."""
from __future__ import annotations

import math

import pygame

from . import theme

MARKS = ("furrows", "tree", "peaks", "dots", "waves", "ripples")


def ink_for(fill: tuple) -> tuple:
    """Dark ink on a light fill, white on a dark one (by relative luminance, as WCAG weighs it)."""
    lin = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in fill[:3]]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return theme.INK if lum > 0.25 else theme.WHITE


def draw_mark(surf: pygame.Surface, mark: str, rect: pygame.Rect, ink: tuple) -> None:
    """The pictogram `mark` (one of MARKS) filling `rect`, strokes thick enough to read at 8 px."""
    rect = pygame.Rect(rect)
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    lw = max(1, round(r / 3.2))

    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * r, cy + y * r

    if mark == "furrows":       # a ploughed field: three short rows
        for y in (-0.6, 0.0, 0.6):
            pygame.draw.line(surf, ink, P(-0.8, y), P(0.8, y), lw)
    elif mark == "tree":        # a fir: a tall triangle on a trunk
        pygame.draw.polygon(surf, ink, [P(0, -1.0), P(0.75, 0.55), P(-0.75, 0.55)])
        pygame.draw.line(surf, ink, P(0, 0.5), P(0, 1.0), max(1, lw))
    elif mark == "peaks":       # two mountains, the nearer one taller
        pygame.draw.polygon(surf, ink, [P(-1.0, 0.8), P(-0.35, -0.85), P(0.2, 0.2), P(0.45, -0.3), P(1.0, 0.8)])
    elif mark == "dots":        # sand: five dots as on a die
        dot = max(1, round(r / 4.5))
        for x, y in ((-0.6, -0.6), (0.6, -0.6), (0, 0), (-0.6, 0.6), (0.6, 0.6)):
            pygame.draw.circle(surf, ink, P(x, y), dot)
    elif mark == "waves":       # running water: two wavy lines
        for y in (-0.4, 0.45):
            pts = [P(-1.0 + 2.0 * i / 12, y + 0.28 * math.sin(i / 12 * 2 * math.pi * 1.5)) for i in range(13)]
            pygame.draw.lines(surf, ink, False, pts, lw)
    elif mark == "ripples":     # still water: a ring round a dot
        pygame.draw.circle(surf, ink, (cx, cy), max(2, round(0.9 * r)), lw)
        pygame.draw.circle(surf, ink, (cx, cy), max(1, round(0.3 * r)))
    else:
        raise ValueError(f"unknown mark {mark!r}")
