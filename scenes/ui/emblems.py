"""Painted emblems: one medallion per game, seat chips and the title seal, all pygame.draw.

Drawn once per size and cached, so menus can show them every frame for free.
"""
from __future__ import annotations

import importlib
from typing import Callable, Optional

import pygame

from . import theme

_CACHE: dict[tuple, pygame.Surface] = {}


def emblem_module(key: str) -> Optional[object]:
    """The module painting a game's medallion, scenes/<key>/emblem.py; None for a key no game has."""
    from game.registry import GAMES
    return importlib.import_module(f"scenes.{key}.emblem") if key in GAMES else None


def _painter(key: str) -> tuple[tuple, Callable[[pygame.Surface, int], None]]:
    """The game's medallion background and motif, from its package (emblem_module); a plain grey
    disc for a key no game has (a save from a later version)."""
    module = emblem_module(key)
    return (module.BACKGROUND, module.paint) if module is not None else ((80, 80, 80), lambda s, n: None)


def game_emblem(key: str, size: int) -> pygame.Surface:
    """A round medallion for a game."""
    size = max(8, int(size))
    cache_key = ("game", key, size)
    surf = _CACHE.get(cache_key)
    if surf is not None:
        return surf
    bg, motif = _painter(key)
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    art.fill(bg)
    motif(art, size)
    # Cut the square painting into a disc, then frame it in gold.
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2)
    art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(art, theme.GOLD, (size / 2, size / 2), size / 2, max(2, size // 18))
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
