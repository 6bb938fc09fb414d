"""A rectangle of the Tiled terrain scaled to a zoom level, as that part of the whole map scaled in
one go would be (pygame.transform.smoothscale), without scaling the whole map.

smoothscale maps each destination pixel to source pixels by fixed steps of its own: shrinking, a
destination pixel covers floor(65536 * source / destination) / 65536 source pixels; growing,
destination pixel x samples source x * (source - 1) / destination. A piece cut from the source and
scaled alone would follow its own step from its own start, and drift a pixel from its neighbours (a
visible seam on the map's textures). So a piece starts at the source pixel, among a few near the
one needed, that falls nearest a whole destination pixel under the whole map's step, spans the
source length whose own step is nearest the whole map's, and keeps a margin of source pixels on
every side so the filter reads the same neighbours as the whole map's. What is left is a small
fraction of a pixel's phase (tests/test_elfenland_zoom.py holds the pieces to the whole map).
"""
from __future__ import annotations

import math

import pygame

MARGIN = 3    # source pixels read beyond the piece on every side
TRIES = 24    # starts and lengths tried for the one nearest the whole map's steps


def _axis(n_src: int, n_dst: int, lo: int, hi: int) -> tuple[int, int, int, int]:
    """(source start, source length, destination start, destination length) of a piece that
    covers destination pixels [lo, hi) of a scale from n_src to n_dst pixels."""
    if n_dst == n_src:
        return lo, hi - lo, lo, hi - lo
    shrink = n_dst < n_src
    step = (0x10000 * n_src // n_dst) / 0x10000 if shrink else (n_src - 1) / n_dst

    def own_step(sw: int, dw: int) -> float:
        return (0x10000 * sw // dw) / 0x10000 if shrink else (sw - 1) / dw

    top = math.floor(lo * step) - MARGIN
    if top <= 0:
        a = 0
    else:
        a = min(range(max(0, top - TRIES), top + 1), key=lambda a: abs(a / step - round(a / step)))
    d = round(a / step)
    need = math.ceil(hi * step) + MARGIN + 1 - a
    best = None
    for sw in range(need, min(need + TRIES, n_src - a + 1)):
        dw = round(sw / step) if shrink else round((sw - 1) / step)
        err = abs(own_step(sw, dw) - step)
        if dw > 0 and (best is None or err < best[0]):
            best = (err, sw, dw)
    if best is None:  # near the far edge: up to the end, as the whole map's
        return a, n_src - a, d, n_dst - d
    return a, best[1], d, best[2]


def scaled_area(base: pygame.Surface, zoomed: tuple[int, int], area: pygame.Rect) -> pygame.Surface:
    """The pixels `area` of `base` scaled to `zoomed` would have (a new surface of area's size)."""
    zw, zh = zoomed
    if area == pygame.Rect(0, 0, zw, zh):
        return pygame.transform.smoothscale(base, zoomed)
    mw, mh = base.get_size()
    ax, sw, dx, dw = _axis(mw, zw, area.x, area.right)
    ay, sh, dy, dh = _axis(mh, zh, area.y, area.bottom)
    piece = pygame.transform.smoothscale(base.subsurface((ax, ay, sw, sh)), (dw, dh))
    out = pygame.Surface(area.size, 0, base)
    out.blit(piece, (0, 0), pygame.Rect(area.x - dx, area.y - dy, area.w, area.h))
    return out
