"""Drawing helpers: panels, seals, shadows. Pure functions of a surface and a rect."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional

import pygame

from . import theme


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, offset: int = 4) -> None:
    sh = pygame.Surface((rect.w + 2 * offset, rect.h + 2 * offset), pygame.SRCALPHA)
    pygame.draw.rect(sh, theme.SHADOW, sh.get_rect().inflate(-offset, -offset), border_radius=radius)
    surface.blit(sh, (rect.x, rect.y + offset // 2))


def panel(surface: pygame.Surface, rect: pygame.Rect, fill=theme.PARCHMENT, border=theme.WOOD,
          radius: int = 10, width: int = 3, drop: bool = True) -> None:
    """A parchment card with a wooden edge, like a player aid on the table."""
    rect = pygame.Rect(rect)
    if drop:
        shadow(surface, rect, radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 14, 12, alpha))
    surface.blit(veil, (0, 0))


def table_background(size: tuple[int, int], felt=theme.TABLE, shade=(0, 0, 0), vignette: int = 70,
                     weave_alpha: int = 6) -> pygame.Surface:
    """Felt (green baize unless told) framed by a wooden rim, with a soft vignette;
    drawn once per window size."""
    w, h = size
    bg = pygame.Surface(size)
    bg.fill(theme.WOOD_DARK)
    rim = max(8, min(w, h) // 60)
    inner = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    pygame.draw.rect(bg, theme.WOOD, inner.inflate(rim, rim), border_radius=rim * 2)
    pygame.draw.rect(bg, felt, inner, border_radius=rim)
    # Concentric darkening towards the edges: a cheap felt vignette.
    veil = pygame.Surface(inner.size, pygame.SRCALPHA)
    steps = 12
    for i in range(steps):
        a = int(vignette * (1 - i / steps) ** 2)
        r = pygame.Rect(0, 0, inner.w, inner.h).inflate(-i * inner.w // (steps * 3), -i * inner.h // (steps * 3))
        pygame.draw.rect(veil, (*shade, a), r, width=max(2, inner.w // (steps * 6)), border_radius=rim)
    bg.blit(veil, inner.topleft)
    del veil
    # A faint weave so the felt does not look flat: one thread blended every 4 rows (a see-through
    # picture of the whole felt was 14 MB at 2560x1440, made while the veil was still held).
    thread = pygame.Surface((inner.w, 1), pygame.SRCALPHA)
    thread.fill((255, 255, 255, weave_alpha))
    for y in range(0, inner.h, 4):
        bg.blit(thread, (inner.x, inner.y + y))
    return bg


def seal(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour=theme.VERMILION) -> None:
    """A round red seal, as stamped on a decree (used for the start player and winners)."""
    pygame.draw.circle(surface, theme.VERMILION_DARK, centre, radius)
    pygame.draw.circle(surface, colour, centre, max(1, radius - max(2, radius // 8)))


def star(surface: pygame.Surface, colour, centre, r: float, outline=None) -> None:
    """A five-pointed star (the EU's, a seal's) of outer radius r."""
    cx, cy = centre
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 1)


def ready(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display: cached art then blits fastest."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=128)
def rect_glow(w: int, h: int, colour: tuple = theme.GOLD_LIGHT, spread: int = 10, peak: int = 200,
              floor: int = 20, radius: Optional[int] = None) -> pygame.Surface:
    """A soft halo around a w x h rect: the mark of something that can be clicked."""
    radius = max(4, w // 10) if radius is None else radius
    surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        a = int(peak * (1 - i / spread) ** 1.5) + floor
        pygame.draw.rect(surf, (*colour, a), pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i),
                         width=2, border_radius=radius + i)
    return ready(surf)


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour, width: int, dash: int, gap: int) -> None:
    """Dashes of `colour` along the sides of `rect`, clockwise from the top left, the pattern running
    on round the corners."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    period = dash + gap
    done = 0   # how far along the edge the sides before this one reach
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        length = abs(x1 - x0) + abs(y1 - y0)
        if length == 0:
            continue
        dx, dy = (x1 - x0) / length, (y1 - y0) / length
        s = -(done % period)
        while s < length:
            a, b = max(0, s), min(length, s + dash)
            if b > a:
                pygame.draw.line(surface, colour, (round(x0 + dx * a), round(y0 + dy * a)),
                                 (round(x0 + dx * b), round(y0 + dy * b)), width)
            s += period
        done += length
