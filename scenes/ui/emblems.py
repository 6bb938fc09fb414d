"""Painted emblems: one medallion per game, seat chips and the title seal, all pygame.draw.

Drawn once per size and cached, so menus can show them every frame for free.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from . import draw, theme

_CACHE: dict[tuple, pygame.Surface] = {}


def _elfenland(s: pygame.Surface, n: int) -> None:
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


def _xuanwu_gate(s: pygame.Surface, n: int) -> None:
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


def _european_union(s: pygame.Surface, n: int) -> None:
    """Twelve gold stars in a ring."""
    for i in range(12):
        a = i * math.pi / 6
        draw.star(s, theme.GOLD_LIGHT, (n / 2 + n * 0.27 * math.cos(a), n / 2 + n * 0.27 * math.sin(a)), n * 0.06)


def _wonderful_island(s: pygame.Surface, n: int) -> None:
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


# Medallion background and motif, per game key.
EMBLEMS: dict[str, tuple[tuple, Callable[[pygame.Surface, int], None]]] = {
    "elfenland": ((40, 84, 60), _elfenland),
    "xuanwu_gate": ((34, 40, 72), _xuanwu_gate),
    "european_union": ((36, 64, 150), _european_union),
    "wonderful_island": ((44, 112, 164), _wonderful_island),
}


def game_emblem(key: str, size: int, grey: bool = False) -> pygame.Surface:
    """A round medallion for a game; grey for games not available yet."""
    size = max(8, int(size))
    cache_key = ("game", key, size, grey)
    surf = _CACHE.get(cache_key)
    if surf is not None:
        return surf
    bg, motif = EMBLEMS.get(key, ((80, 80, 80), lambda s, n: None))
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    art.fill(bg)
    motif(art, size)
    # Cut the square painting into a disc, then frame it in gold.
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2)
    art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(art, theme.GOLD, (size / 2, size / 2), size / 2, max(2, size // 18))
    if grey:
        art = pygame.transform.grayscale(art)
        art.set_alpha(150)
    _CACHE[cache_key] = art
    return art


def seat_chip(surface: pygame.Surface, fonts, centre: tuple[int, int], radius: int, seat: int) -> None:
    """A player's token: the seat colour with the seat letter, so colour is never the only cue."""
    colour = theme.seat_colour(seat)
    pygame.draw.circle(surface, theme.WOOD_DARK, (centre[0], centre[1] + max(1, radius // 8)), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.WHITE, centre, radius, max(1, radius // 8))
    t = fonts.text(theme.SEAT_LETTERS[seat % len(theme.SEAT_LETTERS)], int(radius * 1.1), theme.WHITE, bold=True)
    surface.blit(t, t.get_rect(center=centre))


def square_seal(surface: pygame.Surface, fonts, rect: pygame.Rect, chars: str) -> None:
    """A square vermilion name seal with up to four characters read top-right to bottom-left."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.VERMILION_DARK, rect.move(0, max(2, rect.h // 30)), border_radius=rect.w // 10)
    pygame.draw.rect(surface, theme.VERMILION, rect, border_radius=rect.w // 10)
    inner = rect.inflate(-rect.w // 9, -rect.h // 9)
    pygame.draw.rect(surface, theme.PARCHMENT, inner, max(2, rect.w // 30), border_radius=rect.w // 14)
    chars = chars[:4]
    if not chars:
        return
    cols = 2 if len(chars) > 2 else 1
    rows = (len(chars) + cols - 1) // cols
    cell_w, cell_h = inner.w // cols, inner.h // rows
    size = int(min(cell_w, cell_h) * 0.78)
    # Seals read in columns from the right, as on a traditional chop.
    for i, ch in enumerate(chars):
        col = cols - 1 - i // rows
        row = i % rows
        t = fonts.text(ch, size, theme.PARCHMENT, bold=True)
        cx = inner.x + col * cell_w + cell_w // 2
        cy = inner.y + row * cell_h + cell_h // 2
        surface.blit(t, t.get_rect(center=(cx, cy)))


def heading(surface: pygame.Surface, fonts, text: str, pos: tuple[int, int], size: int,
            colour=theme.GOLD, anchor: str = "topleft") -> pygame.Rect:
    """Gilded text with a dark drop, for titles painted straight onto the table."""
    shadow = fonts.text(text, size, theme.TABLE_DARK, bold=True)
    face = fonts.text(text, size, colour, bold=True)
    r = face.get_rect(**{anchor: pos})
    off = max(1, size // 18)
    surface.blit(shadow, r.move(off, off))
    surface.blit(face, r)
    return r
