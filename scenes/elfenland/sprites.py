"""Elfenland pieces drawn by code: transport icons, counter tiles, travel cards, boots, obstacles.

Every picture is a pure function of (what, size) and cached, so the table only
blits ready-made surfaces. Colour is never the only cue: each transport has its
own silhouette, each boot its seat letter.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.ui import draw, patterns, theme

from .geometry import ROAD_DARK, ROAD_LIGHT

# Tile colours per transport (the printed counters are colour-coded too; each has its icon as well).
# The distinct set: chosen with tools/palette_check.py (docs/palette.md).
KIND_COLOURS = theme.GameColours("elfenland.transport", standard={
    "pig": (236, 150, 168),
    "elfcycle": (156, 118, 206),
    "cloud": (164, 206, 236),
    "unicorn": (244, 214, 112),
    "troll": (168, 118, 72),
    "dragon": (206, 70, 48),
    "raft": (72, 132, 188),
}, distinct={
    "pig": (213, 137, 142),
    "elfcycle": (169, 149, 232),
    "cloud": (194, 232, 232),
    "unicorn": (228, 231, 118),
    "troll": (140, 86, 96),
    "dragon": (221, 24, 24),
    "raft": (34, 89, 170),
}, floor=21)
# A road's terrain: its counter place's colour and pattern (terrain_slot), the transport table's key.
TERRAIN_COLOURS = theme.GameColours("elfenland.terrain", standard={
    "plain": (196, 226, 120), "forest": (44, 118, 56), "mountain": (150, 120, 92),
    "desert": (238, 200, 96), "river": (70, 150, 225), "lake": (240, 246, 255),
}, distinct={
    "plain": (224, 232, 24), "forest": (46, 77, 24), "mountain": (133, 115, 109),
    "desert": (208, 164, 130), "river": (70, 150, 225), "lake": (207, 232, 232),
}, floor=20)
# Each terrain's pattern (scenes/ui/patterns.py), so that a road's terrain never rests on colour alone.
TERRAIN_MARKS = {"plain": "furrows", "forest": "tree", "mountain": "peaks", "desert": "dots",
                 "river": "waves", "lake": "ripples"}
ICON_INK = (44, 30, 24)
SECRET_BACK = (70, 58, 92)


_ready = draw.ready



def _shade(c, d: int) -> tuple:
    return tuple(max(0, min(255, v + d)) for v in c[:3])


# -- icons -------------------------------------------------------------------------
def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, ink=ICON_INK) -> None:
    """A transport's silhouette filling `rect` (square is best)."""
    rect = pygame.Rect(rect)
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    lw = max(1, int(r / 7))

    def P(x, y):
        return (cx + x * r, cy + y * r)

    if kind == "pig":
        pink, dark = (248, 182, 196), (176, 84, 110)
        for ex in (-1, 1):  # ears
            pygame.draw.polygon(surface, dark, [P(0.42 * ex, -0.55), P(0.85 * ex, -0.92), P(0.78 * ex, -0.3)])
        pygame.draw.circle(surface, pink, P(0, 0.05), 0.78 * r)
        pygame.draw.circle(surface, dark, P(0, 0.05), 0.78 * r, lw)
        snout = pygame.Rect(0, 0, 0.78 * r, 0.52 * r)
        snout.center = P(0, 0.28)
        pygame.draw.ellipse(surface, (232, 128, 152), snout)
        pygame.draw.ellipse(surface, dark, snout, lw)
        for nx in (-0.13, 0.13):
            pygame.draw.circle(surface, dark, P(nx, 0.28), max(1, 0.08 * r))
        for ex in (-0.32, 0.32):
            pygame.draw.circle(surface, ink, P(ex, -0.16), max(1, 0.09 * r))
    elif kind == "elfcycle":
        w = max(2, int(r / 6))
        for wx in (-0.5, 0.5):
            pygame.draw.circle(surface, ink, P(wx, 0.3), 0.42 * r, w)
        frame = [P(-0.5, 0.3), P(-0.1, -0.25), P(0.38, -0.25), P(0.5, 0.3)]
        pygame.draw.lines(surface, (120, 40, 150), False, frame, w)
        pygame.draw.line(surface, (120, 40, 150), P(-0.1, -0.25), P(0.0, 0.3), w)
        pygame.draw.line(surface, (120, 40, 150), P(0.0, 0.3), P(0.5, 0.3), w)
        pygame.draw.line(surface, ink, P(0.38, -0.25), P(0.3, -0.55), w)
        pygame.draw.line(surface, ink, P(0.18, -0.58), P(0.48, -0.58), w)
        pygame.draw.line(surface, ink, P(-0.22, -0.45), P(0.02, -0.45), w)  # saddle
    elif kind == "cloud":
        white, edge = (252, 252, 255), (90, 110, 140)
        blobs = [(-0.45, 0.12, 0.36), (0.0, -0.12, 0.48), (0.45, 0.1, 0.36), (-0.15, 0.25, 0.34),
                 (0.22, 0.25, 0.34)]
        for bx, by, br in blobs:
            pygame.draw.circle(surface, edge, P(bx, by), br * r + lw)
        for bx, by, br in blobs:
            pygame.draw.circle(surface, white, P(bx, by), br * r)
        for sx in (-0.35, 0.05, 0.45):  # a little magic: sparkles under the cloud
            pygame.draw.circle(surface, (255, 246, 170), P(sx, 0.78), max(1, 0.08 * r))
    elif kind == "unicorn":
        white, edge = (250, 248, 244), (120, 100, 130)
        head = [P(0.55, -0.35), P(0.2, -0.62), P(-0.2, -0.55), P(-0.5, -0.2), P(-0.78, 0.2), P(-0.78, 0.42),
                P(-0.5, 0.5), P(-0.22, 0.2), P(0.0, 0.2), P(0.1, 0.9), P(0.62, 0.9), P(0.62, -0.1)]
        pygame.draw.polygon(surface, white, head)
        pygame.draw.polygon(surface, edge, head, lw)
        mane = [P(0.2, -0.62), P(0.55, -0.35), P(0.62, -0.1), P(0.62, 0.9), P(0.82, 0.6), P(0.78, 0.1),
                P(0.75, -0.3), P(0.45, -0.62)]
        pygame.draw.polygon(surface, (196, 120, 210), mane)
        pygame.draw.polygon(surface, (214, 160, 40), [P(-0.1, -0.55), P(-0.3, -1.0), P(0.08, -0.6)])  # horn
        pygame.draw.circle(surface, ink, P(-0.2, -0.2), max(1, 0.08 * r))
    elif kind == "troll":
        wood, dark = (140, 90, 48), (70, 44, 24)
        box = pygame.Rect(0, 0, 1.5 * r, 0.72 * r)
        box.center = P(0, -0.1)
        pygame.draw.rect(surface, wood, box, border_radius=max(1, int(r / 8)))
        pygame.draw.rect(surface, dark, box, lw, border_radius=max(1, int(r / 8)))
        for i in range(1, 3):
            x = box.x + box.w * i / 3
            pygame.draw.line(surface, dark, (x, box.y), (x, box.bottom), max(1, lw // 2 + 1))
        pygame.draw.line(surface, dark, P(0.75, 0.0), P(0.98, -0.35), max(2, lw))  # shaft
        for wx in (-0.45, 0.45):
            pygame.draw.circle(surface, dark, P(wx, 0.45), 0.3 * r)
            pygame.draw.circle(surface, (200, 170, 120), P(wx, 0.45), 0.12 * r)
    elif kind == "dragon":
        body, edge = (60, 120, 60), (24, 60, 28)
        wing = [P(-0.1, -0.1), P(-0.55, -0.85), P(-0.62, -0.35), P(-0.95, -0.45), P(-0.78, -0.05),
                P(-0.98, 0.08), P(-0.45, 0.15)]
        pygame.draw.polygon(surface, (90, 160, 80), wing)
        pygame.draw.polygon(surface, edge, wing, lw)
        neck = [P(-0.35, 0.55), P(-0.1, -0.05), P(0.3, -0.45), P(0.62, -0.42), P(0.7, -0.25), P(0.38, -0.2),
                P(0.12, 0.2), P(0.2, 0.62)]
        pygame.draw.polygon(surface, body, neck)
        pygame.draw.polygon(surface, edge, neck, lw)
        pygame.draw.circle(surface, (255, 230, 90), P(0.42, -0.36), max(1, 0.07 * r))
        flame = [P(0.7, -0.3), P(1.0, -0.52), P(0.9, -0.3), P(1.02, -0.12)]
        pygame.draw.polygon(surface, (255, 170, 40), flame)
    elif kind == "raft":
        wood, dark = (176, 122, 70), (90, 56, 28)
        n = 5
        w = 1.5 * r / n
        for i in range(n):
            log = pygame.Rect(0, 0, int(w) - 1, int(1.3 * r))
            log.center = P(-0.75 + (i + 0.5) * 1.5 / n, 0)
            pygame.draw.rect(surface, wood, log, border_radius=max(1, int(w / 2)))
            pygame.draw.rect(surface, dark, log, max(1, lw // 2), border_radius=max(1, int(w / 2)))
        for ry in (-0.35, 0.35):
            pygame.draw.line(surface, (230, 214, 170), P(-0.8, ry), P(0.8, ry), max(1, lw))
    else:
        raise ValueError(f"unknown transport {kind!r}")


@lru_cache(maxsize=256)
def counter_tile(kind: str, size: int, secret: bool = False) -> pygame.Surface:
    """A square transport counter: coloured tile, bevel, icon. A secret one shows a small eye mark."""
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rad = max(2, size // 6)
    body = pygame.Rect(0, 0, size, size - max(1, size // 14))
    pygame.draw.rect(surf, (30, 22, 16), body.move(0, max(1, size // 14)), border_radius=rad)
    fill = KIND_COLOURS[kind]
    pygame.draw.rect(surf, fill, body, border_radius=rad)
    pygame.draw.rect(surf, _shade(fill, 50), body.inflate(-max(2, size // 8), -max(2, size // 8)),
                     max(1, size // 20), border_radius=rad)
    pygame.draw.rect(surf, (40, 28, 20), body, max(1, size // 22), border_radius=rad)
    draw_icon(surf, kind, body.inflate(-size // 4, -size // 4))
    if secret:
        eye_mark(surf, (size - size // 5, size // 5), size)
    return _ready(surf)


def eye_mark(surf: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """The small eye that marks something hidden from the other players (sized for a `size` tile)."""
    pygame.draw.circle(surf, SECRET_BACK, centre, max(3, size // 6))
    pygame.draw.circle(surf, theme.WHITE, centre, max(3, size // 6), max(1, size // 24))
    pygame.draw.circle(surf, theme.WHITE, centre, max(1, size // 16))


@lru_cache(maxsize=64)
def counter_back(size: int, mark: str = "?") -> pygame.Surface:
    """A face-down counter (the pile, someone's secret counter)."""
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rad = max(2, size // 6)
    body = pygame.Rect(0, 0, size, size - max(1, size // 14))
    pygame.draw.rect(surf, (20, 16, 24), body.move(0, max(1, size // 14)), border_radius=rad)
    pygame.draw.rect(surf, SECRET_BACK, body, border_radius=rad)
    inner = body.inflate(-max(4, size // 5), -max(4, size // 5))
    pygame.draw.rect(surf, (120, 104, 150), inner, max(1, size // 16), border_radius=rad)
    # a little star of Elvenhold
    cx, cy, rr = inner.centerx, inner.centery, inner.w * 0.32
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        q = rr if i % 2 == 0 else rr * 0.45
        pts.append((cx + q * math.cos(a), cy + q * math.sin(a)))
    pygame.draw.polygon(surf, theme.GOLD_LIGHT, pts)
    pygame.draw.rect(surf, (20, 16, 24), body, max(1, size // 22), border_radius=rad)
    return _ready(surf)


@lru_cache(maxsize=128)
def travel_card(kind: str, w: int) -> pygame.Surface:
    """A travel card: cream face, the transport's colour band and icon."""
    w = max(10, int(w))
    h = int(w * 1.3)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, w // 8)
    pygame.draw.rect(surf, (30, 22, 16), pygame.Rect(1, 2, w - 1, h - 2), border_radius=rad)
    face = pygame.Rect(0, 0, w - 1, h - 2)
    pygame.draw.rect(surf, (250, 244, 226), face, border_radius=rad)
    fill = KIND_COLOURS[kind]
    inner = face.inflate(-max(4, w // 7), -max(4, w // 7))
    pygame.draw.rect(surf, fill, inner, border_radius=max(2, rad - 1))
    pygame.draw.rect(surf, _shade(fill, -60), inner, max(1, w // 24), border_radius=max(2, rad - 1))
    icon = pygame.Rect(0, 0, inner.w - w // 8, inner.w - w // 8)
    icon.center = inner.center
    draw_icon(surf, kind, icon)
    pygame.draw.rect(surf, (120, 96, 70), face, max(1, w // 28), border_radius=rad)
    return _ready(surf)


@lru_cache(maxsize=64)
def terrain_slot(terrain: str, radius: int) -> pygame.Surface:
    """A road's empty counter place: a disc in the terrain's colour with its pattern, a dark rim and
    a pale ring (also the transport table's key to the terrains)."""
    radius = max(4, int(radius))
    size = 2 * radius + 5
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    fill = TERRAIN_COLOURS[terrain]
    pygame.draw.circle(surf, ROAD_DARK, (c, c), radius + 2)
    pygame.draw.circle(surf, fill, (c, c), radius)
    pygame.draw.circle(surf, ROAD_LIGHT, (c, c), radius, max(1, radius // 4))
    inner = round(radius * 0.56)
    patterns.draw_mark(surf, TERRAIN_MARKS[terrain], pygame.Rect(c - inner, c - inner, 2 * inner + 1, 2 * inner + 1),
                       patterns.ink_for(fill))
    return _ready(surf)


@lru_cache(maxsize=64)
def obstacle_tile(size: int) -> pygame.Surface:
    """The obstacle: a fallen log across a road, on a dark round tile."""
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surf, (26, 20, 14), (c, c + max(1, size // 16)), c - 1)
    pygame.draw.circle(surf, (96, 34, 28), (c, c), c - 1)
    pygame.draw.circle(surf, (240, 200, 110), (c, c), c - 1, max(1, size // 14))
    log = pygame.Rect(0, 0, int(size * 0.7), int(size * 0.26))
    log.center = (int(c), int(c))
    pygame.draw.rect(surf, (156, 104, 56), log, border_radius=log.h // 2)
    pygame.draw.rect(surf, (60, 36, 18), log, max(1, size // 20), border_radius=log.h // 2)
    pygame.draw.circle(surf, (214, 170, 110), (log.right - log.h // 2, log.centery), max(1, log.h // 2 - 1))
    pygame.draw.circle(surf, (60, 36, 18), (log.right - log.h // 2, log.centery), max(1, log.h // 2 - 1),
                       max(1, size // 24))
    for sx in (-0.22, 0.0, 0.22):  # three stakes
        x = c + sx * size
        pygame.draw.line(surf, (60, 36, 18), (x, log.y - size * 0.1), (x, log.bottom + size * 0.1),
                         max(1, size // 16))
    return _ready(surf)


BOOT_SHAPE = [(0.30, 0.00), (0.78, 0.00), (0.78, 0.62), (1.00, 0.74), (1.00, 1.00), (0.14, 1.00),
              (0.14, 0.82), (0.30, 0.70)]


@lru_cache(maxsize=64)
def boot(seat: int, size: int, fonts=None) -> pygame.Surface:
    """An elf boot in the seat colour, its letter on the shaft (colour never stands alone)."""
    size = max(10, int(size))
    w, h = int(size * 0.95), size
    surf = pygame.Surface((w + 3, h + 3), pygame.SRCALPHA)
    pts = [(x * w, y * h) for x, y in BOOT_SHAPE]
    pygame.draw.polygon(surf, (20, 14, 10, 150), [(x + 2, y + 3) for x, y in pts])
    colour = theme.seat_colour(seat)
    pygame.draw.polygon(surf, colour, pts)
    # a curled elf toe and a cuff
    pygame.draw.circle(surf, colour, (int(0.98 * w), int(0.74 * h)), max(2, size // 10))
    cuff = pygame.Rect(int(0.24 * w), 0, int(0.6 * w), max(2, size // 7))
    pygame.draw.rect(surf, _shade(colour, 60), cuff, border_radius=max(1, size // 16))
    pygame.draw.polygon(surf, (24, 16, 12), pts, max(1, size // 16))
    pygame.draw.rect(surf, (24, 16, 12), cuff, max(1, size // 22), border_radius=max(1, size // 16))
    if fonts is not None:
        letter = fonts.text(theme.SEAT_LETTERS[seat % len(theme.SEAT_LETTERS)], max(8, int(size * 0.46)),
                            theme.WHITE, bold=True)
        shadow = fonts.text(theme.SEAT_LETTERS[seat % len(theme.SEAT_LETTERS)], max(8, int(size * 0.46)),
                            (20, 14, 10), bold=True)
        lr = letter.get_rect(center=(int(0.53 * w), int(0.5 * h)))
        surf.blit(shadow, lr.move(1, 1))
        surf.blit(letter, lr)
    return _ready(surf)


@lru_cache(maxsize=32)
def ring_glow(radius: int, colour: tuple = theme.GOLD_LIGHT, spread: int = 8) -> pygame.Surface:
    """A soft halo ring around a town: something that can be clicked."""
    size = 2 * (radius + spread) + 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for i in range(spread, 0, -1):
        a = int(220 * (1 - i / spread) ** 1.4) + 25
        pygame.draw.circle(surf, (*colour, a), (c, c), radius + i, 2)
    pygame.draw.circle(surf, (*colour, 235), (c, c), radius, max(2, spread // 3))
    return _ready(surf)


def rect_glow(w: int, h: int, colour: tuple = theme.GOLD_LIGHT, spread: int = 8) -> pygame.Surface:
    """The clickable halo, a little brighter and rounder for the small counter tiles."""
    return draw.rect_glow(w, h, colour, spread, peak=210, floor=25, radius=max(4, w // 6))
