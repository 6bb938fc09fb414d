"""Where a panel opened over the Xuanwu table goes (the look and vote panels, the banner of a
revealed vote): somewhere it covers none of the seats, whose cards, names and vote chips a player
needs in sight. At three, six or seven seats (and at a larger text size) the side seats come close
to the middle of the table; a panel there moves up or down, or takes a smaller size, to stay clear."""
from __future__ import annotations

from typing import Sequence

import pygame


def covered(r: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """How much of `rects` (their areas added up) `r` covers."""
    total = 0
    for i in r.collidelistall(rects):   # found in C: tried some hundred times a placement
        c = r.clip(rects[i])
        total += c.w * c.h
    return total


def clear_spot(sizes: Sequence[tuple[int, int]], centre: tuple[int, int], bounds: pygame.Rect,
               keep_clear: Sequence[pygame.Rect], rather_clear: Sequence[pygame.Rect] = (),
               step: int = 2) -> tuple[int, pygame.Rect]:
    """(which of `sizes`, the rect) for a panel centred on `centre` or moved up or down from there,
    inside `bounds`: the one that covers least of `keep_clear`, then least of `rather_clear`;
    among equals the earlier size (the sizes go from the one preferred down), then the nearer."""
    best, best_key = (0, pygame.Rect((0, 0), sizes[0])), None
    for i, size in enumerate(sizes):
        start = pygame.Rect((0, 0), size)
        start.center = centre
        start.clamp_ip(bounds)
        up, down = bounds.y - start.y, bounds.bottom - start.bottom
        step = max(1, step)
        # Nearest first: 0, one step down, one up, two down...; the first clear spot is the one.
        for dy in sorted((d for d in range(-abs(up) // step * step, down + 1, step) if up <= d <= down), key=abs):
            r = start.move(0, dy)
            key = (covered(r, keep_clear), covered(r, rather_clear), i, abs(dy))
            if best_key is None or key < best_key:
                best, best_key = (i, r), key
            if key[:2] == (0, 0):
                break
        if best_key is not None and best_key[:3] == (0, 0, i):
            break       # this size has a clear spot: a smaller one is not wanted
    return best
