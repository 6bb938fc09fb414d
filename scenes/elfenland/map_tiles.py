"""The Elfenland map's painted zoom levels, kept as square tiles: only what a view shows is painted
and kept.

A whole level was painted in one go before (the terrain's smoothscale alone 10-21 ms, more than a
frame) and kept whole (16-22 MB for the deepest level), though a view shows a third of it. Now the
first frame at a level paints the tiles that the view touches (map_art.paint_area, a tile exactly
as that part of the whole level), panning paints the tiles coming into view, and the cache, bounded
by bytes and sized by the window, holds what a view touches (within 150 MB at 2560x1440 the
level just left does not fit beside it: zooming back out paints again, within the frame's
budget as a first visit does).

A frame paints tiles only until its deadline; where tiles are still missing, a small picture of the
whole map without the names of towns and lakes (the preview, made from the fit level's tiles) scaled
stands in, and the board composes again at the next frames until every tile is there: a first zoom
costs a frame no more than its share, and the exact picture follows a frame or two later. (With
the names, the preview showed a town's name for those frames beside the one on the new tiles.)
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Iterator

import pygame

from ..ui.byte_cache import ByteLRU
from . import map_art

if TYPE_CHECKING:
    from .board_view import BoardView

TILE = 256             # zoomed-map pixels a side
VIEWS_KEPT = 1         # how many views' worth of tiles the cache holds
PREVIEW_WIDTH = 768    # the preview's width at most (1.5 MB): it stands in for a frame or two only

# Shared by every table: (level key, column, row) -> painted tile. Its limit follows the window.
_TILES = ByteLRU(0)


def cache_bytes(view: tuple[int, int]) -> int:
    """The bytes the tiles of VIEWS_KEPT views of this size may need: a view touches up to one
    tile more than it spans, each way."""
    cols, rows = view[0] // TILE + 2, view[1] // TILE + 2
    return int(VIEWS_KEPT * cols * rows * TILE * TILE * 4)


def size_cache(view: tuple[int, int]) -> None:
    """Bound the tiles by this window's view (the last table laid out sets it)."""
    _TILES.limit = cache_bytes(view)
    _TILES.reserve(0)


def cached_bytes() -> int:
    return _TILES.bytes


def tile(bv: BoardView, col: int, row: int) -> pygame.Surface:
    """The current level's tile (painted now if it is not kept)."""
    key = (bv.level_key(), col, row)
    surf = _TILES.get(key)
    if surf is None:
        zw, zh = bv.zoomed_size()
        area = pygame.Rect(col * TILE, row * TILE, TILE, TILE).clip(pygame.Rect(0, 0, zw, zh))
        _TILES.reserve(area.w * area.h * 4)  # make room first: the oldest tiles go before this is painted
        surf = map_art.paint_area(bv, bv.shapes(), area)
        _TILES.put(key, surf, surf.get_width() * surf.get_height() * surf.get_bytesize())
    return surf


def draw(bv: BoardView, target: pygame.Surface, area: pygame.Rect, dest: tuple[int, int],
         deadline: float = math.inf) -> tuple[pygame.Rect, bool]:
    """Blit the current level's picture of `area` (zoomed-map pixels) to `dest` on `target`: (the
    part of the target drawn on, as the map may end inside the area; whether every tile was there
    or painted before `deadline`, else the preview stood in for the rest)."""
    zw, zh = bv.zoomed_size()
    dx, dy = dest[0] - area[0], dest[1] - area[1]   # from map pixels to target pixels
    area = pygame.Rect(area).clip(pygame.Rect(0, 0, zw, zh))
    if not area.w or not area.h:
        return pygame.Rect(dest, (0, 0)), True
    exact = True
    level = bv.level_key()
    for row in range(area.y // TILE, (area.bottom - 1) // TILE + 1):
        for col in range(area.x // TILE, (area.right - 1) // TILE + 1):
            part = pygame.Rect(col * TILE, row * TILE, TILE, TILE).clip(area)
            if _TILES.get((level, col, row)) is None and time.process_time() > deadline and bv.preview:
                stand_in(bv, target, part, (part.x + dx, part.y + dy))
                exact = False
                continue
            target.blit(tile(bv, col, row), (part.x + dx, part.y + dy), part.move(-col * TILE, -row * TILE))
    return area.move(dx, dy), exact


NAMES_PER_STEP = 4     # names' boxes painted again without them in one step of the preview


def make_preview(bv: BoardView) -> pygame.Surface:
    """The preview in one go (preview_steps without the pauses)."""
    steps = preview_steps(bv)
    for _ in steps:
        pass
    return bv.preview


def preview_steps(bv: BoardView) -> Iterator[None]:
    """The current level's whole picture without the names of towns and lakes, at most
    PREVIEW_WIDTH wide, in steps (yields between them; run at the fit level, whose tiles the first
    view painted; the result is left in bv.preview): terrain, roads and towns from its tiles
    (painted now if they are not kept), a row of tiles a step, then each name's box painted again
    without it, a few a step. Scaled up where a deeper level's tiles are still missing, a name of
    the fit level would stand beside the same name that the painted tiles put elsewhere."""
    zw, zh = bv.zoomed_size()
    k = min(1.0, PREVIEW_WIDTH / zw)
    out = pygame.Surface((max(1, round(zw * k)), max(1, round(zh * k))), 0, bv.base)
    for row in range((zh - 1) // TILE + 1):
        for col in range((zw - 1) // TILE + 1):
            x0, y0 = round(col * TILE * k), round(row * TILE * k)
            x1, y1 = round(min(zw, (col + 1) * TILE) * k), round(min(zh, (row + 1) * TILE) * k)
            if x1 > x0 and y1 > y0:
                out.blit(pygame.transform.smoothscale(tile(bv, col, row), (x1 - x0, y1 - y0)), (x0, y0))
        yield
    level = bv.shapes()
    boxes, _, names = level
    for n, i in enumerate(sorted(names)):
        # The name's box grown to whole preview pixels, painted without names and scaled into them.
        box = boxes[i].clip(pygame.Rect(0, 0, zw, zh))
        x0, y0 = math.floor(box.x * k), math.floor(box.y * k)
        x1, y1 = min(out.get_width(), math.ceil(box.right * k)), min(out.get_height(), math.ceil(box.bottom * k))
        area = pygame.Rect(round(x0 / k), round(y0 / k), 0, 0)
        area.size = (min(zw, round(x1 / k)) - area.x, min(zh, round(y1 / k)) - area.y)
        if x1 > x0 and y1 > y0 and area.w > 0 and area.h > 0:
            bare = map_art.paint_area(bv, level, area, names=False)
            out.blit(pygame.transform.smoothscale(bare, (x1 - x0, y1 - y0)), (x0, y0))
        if n % NAMES_PER_STEP == NAMES_PER_STEP - 1:
            yield
    bv.preview = out


def stand_in(bv: BoardView, target: pygame.Surface, part: pygame.Rect, at: tuple[int, int]) -> None:
    """The preview's picture of `part` (current level's pixels), scaled to it, at `at`."""
    preview = bv.preview
    zw, _ = bv.zoomed_size()
    k = preview.get_width() / zw
    x0, y0 = math.floor(part.x * k), math.floor(part.y * k)
    src = pygame.Rect(x0, y0, math.ceil(part.right * k) - x0, math.ceil(part.bottom * k) - y0)
    src = src.clip(preview.get_rect())
    if not src.w or not src.h:
        return
    # The source's whole pixels span a little more than the part: scale them, then cut the part out.
    big = pygame.transform.scale(preview.subsurface(src), (round(src.w / k), round(src.h / k)))
    target.blit(big, at, pygame.Rect(round(part.x - src.x / k), round(part.y - src.y / k), part.w, part.h))
