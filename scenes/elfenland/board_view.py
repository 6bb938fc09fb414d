"""The Elfenland board on screen: the Tiled map with zoom and pan, and where things lie on it.

The tile layers of maps/elfenland.tmx (loaded with pytmx.load_pygame after the
display exists) are rendered once into one big surface. Per zoom level, where the
names and counters go is worked out once (map_layout.py, ahead of time at idle
frames), and the level's picture, everything static painted at screen resolution
(map_art.py: terrain, roads, river arrows, ferry dashes, lake names, towns and their
names), is painted and kept in tiles, only where a view needs it (map_tiles.py).
This module turns map points into window pixels and back, and finds the road or town
under the mouse; the board panel (board.py) composes what lies on the map.
"""
from __future__ import annotations

import math
import time
from typing import Iterable, Iterator, Optional

import pygame

from game.elfenland.board import Board, load_board, map_path

from ..ui.byte_cache import ByteLRU
from . import map_art, map_layout, map_tiles
from .geometry import SEA, TownLabel, poly_dist, polyline_midpoint
from .map_layout import Layout

ZOOMS = (1.0, 1.3, 1.7, 2.2, 2.9, 3.8)
MAX_MAP_SCALE = 1.6     # never bigger than this many screen pixels per map pixel
LAYOUT_BYTES = 64 * 1024             # what a level's layout is counted as (names, places: a few KB)
LAYOUT_CACHE_BYTES = 2 * 1024 * 1024  # levels' layouts kept: every level, both languages, a few window sizes
MARKER_ARC_START = -math.pi * 0.3   # the markers' arc: from the top right, clockwise round the bottom...
MARKER_ARC = 1.6 * math.pi          # ...to the top left; the top is the boots'
MARKER_RIM = 2                      # a marker dot's light rim and dark line (pixels)

_BASE: dict[str, pygame.Surface] = {}
# Shared by every table: level key -> that level's Layout.
_LAYOUTS = ByteLRU(LAYOUT_CACHE_BYTES)


def base_map() -> pygame.Surface:
    """The tile layers of the TMX rendered once per process (pytmx.load_pygame needs a display)."""
    key = str(map_path())
    surf = _BASE.get(key)
    if surf is None:
        from game.elfenland.board import _import_pytmx
        pytmx = _import_pytmx()
        from pytmx.util_pygame import load_pygame
        tm = load_pygame(key)
        surf = pygame.Surface((tm.width * tm.tilewidth, tm.height * tm.tileheight))
        bg = tm.background_color
        surf.fill(pygame.Color(bg) if bg else SEA)
        for layer in tm.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                for x, y, img in layer.tiles():
                    surf.blit(img, (x * tm.tilewidth, y * tm.tileheight))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _BASE[key] = surf
    return surf


class BoardView:
    """Zoom, pan and drawing of the board inside `rect` (window pixels)."""

    def __init__(self, app) -> None:
        self.app = app
        self.board: Board = load_board()
        self.base = base_map()
        self.map_key = str(map_path())
        self.map_w, self.map_h = self.base.get_size()
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.zoom_i = 0
        self.ox = self.oy = 0.0        # top-left of the viewport in zoomed-map pixels
        self.mid: dict[int, tuple[tuple[float, float], float]] = {
            r.id: polyline_midpoint(r.points) for r in self.board.routes}
        self.pending_layout: Optional[Layout] = None   # where map_layout.layout_steps leaves its result
        self._ahead: Optional[Iterator[None]] = None    # the layout being worked out at idle frames
        self._shapes: dict[tuple, tuple] = {}             # level key -> map_art.shapes
        self.preview: Optional[pygame.Surface] = None     # the fit level, small: stands in for missing tiles
        self._preview_work: Optional[tuple] = None         # (map_tiles.preview_steps, its level key)
        self._scale_key: tuple = ()
        self._scale = 1.0
        self._sizes: tuple = ((), (0, 0, 0, 0))

    # -- geometry -------------------------------------------------------------------
    @property
    def fit(self) -> float:
        return min(self.rect.w / self.map_w, self.rect.h / self.map_h)

    def zoom_levels(self) -> list[float]:
        fit = self.fit
        levels = [z for z in ZOOMS if fit * z <= max(MAX_MAP_SCALE, fit)]
        return levels or [1.0]

    @property
    def scale(self) -> float:
        """Screen pixels per map pixel (asked for very often: kept until the size or the zoom changes)."""
        key = (self.rect.w, self.rect.h, self.zoom_i)
        if key != self._scale_key:
            levels = self.zoom_levels()
            self._scale = self.fit * levels[min(self.zoom_i, len(levels) - 1)]
            self._scale_key = key
        return self._scale

    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self.zoom_i = 0
            self.clamp()
            self._ahead = None   # a layout begun for the old size would not fit the new one
            self._shapes.clear()
            self.preview = self._preview_work = None
            map_tiles.size_cache(self.rect.size)

    def zoomed_size(self) -> tuple[int, int]:
        s = self.scale
        return max(1, round(self.map_w * s)), max(1, round(self.map_h * s))

    def clamp(self) -> None:
        """Keep the board inside the viewport: centred when smaller, never showing past its edges."""
        zw, zh = self.zoomed_size()
        vw, vh = self.rect.size
        self.ox = (zw - vw) / 2 if zw <= vw else max(0.0, min(zw - vw, self.ox))
        self.oy = (zh - vh) / 2 if zh <= vh else max(0.0, min(zh - vh, self.oy))

    def to_screen(self, mx: float, my: float) -> tuple[float, float]:
        s = self.scale
        return self.rect.x + mx * s - self.ox, self.rect.y + my * s - self.oy

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        s = self.scale
        return (sx - self.rect.x + self.ox) / s, (sy - self.rect.y + self.oy) / s

    def local(self, mx: float, my: float) -> tuple[float, float]:
        """Map point -> pixel in the viewport surface."""
        s = self.scale
        return mx * s - self.ox, my * s - self.oy

    def zoom_to(self, index: int, anchor: Optional[tuple[int, int]] = None) -> bool:
        levels = self.zoom_levels()
        index = max(0, min(len(levels) - 1, index))
        if index == self.zoom_i:
            return False
        anchor = anchor or self.rect.center
        mx, my = self.to_map(*anchor)
        self.zoom_i = index
        s = self.scale
        self.ox = mx * s - (anchor[0] - self.rect.x)
        self.oy = my * s - (anchor[1] - self.rect.y)
        self.clamp()
        return True

    def pan(self, dx: float, dy: float) -> bool:
        before = (self.ox, self.oy)
        self.ox -= dx
        self.oy -= dy
        self.clamp()
        return (self.ox, self.oy) != before

    def visible_map_rect(self) -> pygame.Rect:
        """The window's board rect clipped to where the map is drawn (screen pixels)."""
        zw, zh = self.zoomed_size()
        r = pygame.Rect(self.rect.x - round(self.ox), self.rect.y - round(self.oy), zw, zh)
        return r.clip(self.rect)

    # -- sizes that follow the zoom -----------------------------------------------------
    def _piece_sizes(self) -> tuple[int, int, int, int]:
        """(counter, boot, town radius, capital radius) for this zoom and window."""
        s = self.scale
        key = self._scale_key   # the viewport's size (it follows the window's) and the zoom
        if key != self._sizes[0]:
            px = self.app.px
            r = max(px(7), min(px(13), s * 17))
            self._sizes = (key, (int(max(px(22), min(px(40), s * 62))), int(max(px(24), min(px(40), s * 56))),
                                 int(r), int(r * 1.35)))
        return self._sizes[1]

    def counter_size(self) -> int:
        return self._piece_sizes()[0]

    def town_radius(self, capital: bool) -> int:
        return self._piece_sizes()[3 if capital else 2]

    def boot_size(self) -> int:
        return self._piece_sizes()[1]

    # The town markers still on a town: a dot per seat in its colour (a light rim, a dark line) on an
    # arc around the plaque that leaves the top to the boots.
    def marker_dot(self) -> int:
        """The dots' radius (without their rim) with up to four seats: clearly seen at any window size."""
        return max(5, self.app.px(6))

    def marker_room(self, capital: bool) -> int:
        """How far from a town's centre its markers reach: names and counters keep out of it."""
        if capital:  # the capital has no markers
            return self.town_radius(True) + self.app.px(10)
        return self.town_radius(False) + 2 * (self.marker_dot() + MARKER_RIM)

    def marker_dots(self, n: int) -> tuple[int, float]:
        """(dot radius, distance of the dots' centres from the town's centre) for n seats: the
        dots touch the plaque; with five or six seats they shrink a little to stay in the room."""
        tr = self.town_radius(False)
        room = self.marker_room(False)
        half_step = MARKER_ARC / max(1, n) / 2
        dot = self.marker_dot()
        while True:
            ring = max(tr + dot + MARKER_RIM, (dot + MARKER_RIM) / math.sin(half_step) if n > 1 else 0.0)
            if ring + dot + MARKER_RIM <= room + 1 or dot <= 3:
                return dot, ring
            dot -= 1

    def marker_spots(self, town: str, seats: Iterable[int], n: int) -> list[tuple[int, tuple[float, float]]]:
        """(seat, centre in the viewport) of each seat's dot on this town (its place is the seat's)."""
        t = self.board.towns[town]
        cx, cy = self.local(t.x, t.y)
        _, ring = self.marker_dots(n)
        out = []
        for s in seats:
            ang = MARKER_ARC_START + MARKER_ARC * (s + 0.5) / n
            out.append((s, (cx + ring * math.cos(ang), cy + ring * math.sin(ang))))
        return out

    def label_sizes(self) -> tuple[int, int]:
        px = self.app.px
        k = min(1.25, max(1.0, self.scale / self.fit) ** 0.35) if self.fit else 1.0
        return int(px(15) * k), int(px(11) * k)

    # -- each level's layout and picture -------------------------------------------------------
    def level_key(self) -> tuple:
        """What a level's layout and picture depend on: its scale, the language, the view's size,
        the interface's size and the map."""
        return (round(self.scale, 5), self.app.t.lang, self.rect.size, self.app.px(100), self.map_key)

    def layout(self) -> Layout:
        """The current level's places of names and counters (worked out now if not ahead)."""
        key = self.level_key()
        lay = _LAYOUTS.get(key)
        if lay is None:
            lay = map_layout.layout(self)
            _LAYOUTS.put(key, lay, LAYOUT_BYTES)
        return lay

    def shapes(self) -> tuple:
        """What the current level paints on the terrain, with the boxes they paint in (map_art.shapes),
        kept per level by this view (they hold its fonts: a table's own)."""
        key = self.level_key()
        level = self._shapes.get(key)
        if level is None:
            level = self._shapes[key] = map_art.shapes(self, self.layout())
        return level

    @property
    def labels(self) -> dict[str, TownLabel]:
        return self.layout().labels

    @property
    def spot(self) -> dict[int, tuple[tuple[float, float], float]]:
        return self.layout().spot

    def draw_map(self, target: pygame.Surface, area: pygame.Rect, dest: tuple[int, int],
                 deadline: float = math.inf) -> tuple[pygame.Rect, bool]:
        """Blit the current level's picture of `area` (zoomed-map pixels) at `dest`: (the part drawn,
        whether all of it is exact). Past `deadline` (time.process_time) tiles not kept yet are not
        painted: the whole map's preview, scaled, stands in for them (map_tiles.draw)."""
        return map_tiles.draw(self, target, area, dest, deadline)

    def keep_preview(self) -> bool:
        """At the fit level, once its tiles are painted: its small picture for missing tiles is to be
        made (at idle frames, work_ahead). True if that work begins now."""
        if self.preview is None and self.zoom_i == 0 and self._preview_work is None:
            self._preview_work = (map_tiles.preview_steps(self), self.level_key())
            return True
        return False

    def _work_on_preview(self) -> bool:
        """A step of the preview, at the fit level (where its tiles are); True if one was taken."""
        work, key = self._preview_work
        if key != self.level_key():   # zoomed in meanwhile: wait for the fit level
            if self.zoom_i == 0:      # another size or language: begin again
                self._preview_work = None
                self.keep_preview()
            return False
        try:
            next(work)
        except StopIteration:
            self._preview_work = None
        return True

    def work_ahead(self, budget: float) -> bool:
        """At an idle frame, up to `budget` seconds of CPU on the preview (keep_preview) and on the
        layouts and shapes of the levels not yet worked out, the nearest to the current one first,
        so that a first zoom there needs neither in its frame. False once all of it is done."""
        end = time.process_time() + budget
        while time.process_time() < end:
            if self._preview_work is not None and self._work_on_preview():
                continue
            if self._ahead is None:
                level = self._level_to_work_out()
                if level is None:
                    return self._preview_work is not None
                self._ahead = self._work_out(level)
            try:
                next(self._ahead)
            except StopIteration:
                self._ahead = None
        return True

    def _level_to_work_out(self) -> Optional[int]:
        here = self.zoom_i
        for level in sorted(range(len(self.zoom_levels())), key=lambda i: (abs(i - here), -i)):
            if self._key_at(level) not in self._shapes:
                return level
        return None

    def _key_at(self, level: int) -> tuple:
        here, self.zoom_i = self.zoom_i, level
        try:
            return self.level_key()
        finally:
            self.zoom_i = here

    def _work_out(self, level: int) -> Iterator[None]:
        """Work out `level`'s layout a step at a time, then its shapes; the view at that level only
        while a step runs."""
        steps = key = None
        while True:
            here, self.zoom_i = self.zoom_i, level
            try:
                if steps is None:
                    key = self.level_key()
                    steps = map_layout.layout_steps(self) if _LAYOUTS.get(key) is None else iter(())
                try:
                    next(steps)
                except StopIteration:
                    if key == self.level_key():   # nothing it depends on changed meanwhile
                        if _LAYOUTS.get(key) is None:
                            _LAYOUTS.put(key, self.pending_layout, LAYOUT_BYTES)
                        self.shapes()
                    return
            finally:
                self.zoom_i = here
            yield

    def town_names(self, town) -> tuple[str, str]:
        """(large, small): the name in the current language first."""
        if self.app.t.lang == "zh_TW":
            return town.name_zh, town.name_en
        return town.name_en, town.name_zh

    def counter_at(self, route_id: int) -> tuple[float, float]:
        return self.spot[route_id][0]  # the places follow the names, which follow the zoom

    def obstacle_at(self, route_id: int) -> tuple[float, float]:
        """Beside the counter, along the road."""
        (mx, my), ang = self.spot[route_id]
        off = self.counter_size() * 0.95 / self.scale
        return mx + math.cos(ang) * off, my + math.sin(ang) * off

    def boot_anchor(self, town: str, index: int, count: int) -> tuple[float, float]:
        """Map point where the bottom-centre of the index-th boot of `count` on a town stands."""
        t = self.board.towns[town]
        s = self.scale
        bw = self.boot_size() * 0.78
        lab = self.labels.get(town)
        rad = self.town_radius(t.capital)
        # Two boots side by side (the room kept clear for them); a bigger crowd stands in rows,
        # the earlier-drawn rows behind, so no boot spreads over the town's name.
        row, col = divmod(index, 2)
        in_row = min(2, count - row * 2)
        rows = (count + 1) // 2
        step = self.boot_size() * 0.75 / s
        x = t.x + ((col - (in_row - 1) / 2) * bw) / s
        if lab is not None and lab.side.startswith("above"):
            y = t.y + (rad + self.boot_size() + self.app.px(2)) / s + row * step
        else:
            y = t.y - (rad * 0.4) / s - (rows - 1 - row) * step
        return x, y

    # -- hit tests (window pixels) ---------------------------------------------------------
    def town_at(self, pos, towns: Optional[Iterable[str]] = None) -> Optional[str]:
        if not self.rect.collidepoint(pos):
            return None
        best, best_d = None, None
        names = list(towns) if towns is not None else list(self.board.towns)
        for tid in names:
            t = self.board.towns[tid]
            sx, sy = self.to_screen(t.x, t.y)
            d = math.hypot(pos[0] - sx, pos[1] - sy)
            lab = self.labels.get(tid)
            on_label = lab is not None and lab.rect.move(self.rect.x - self.ox, self.rect.y - self.oy).collidepoint(pos)
            if d <= self.marker_room(t.capital) or on_label:
                d = 0 if on_label else d
                if best_d is None or d < best_d:
                    best, best_d = tid, d
        return best

    def route_at(self, pos, routes: Optional[Iterable[int]] = None, reach: Optional[int] = None) -> Optional[int]:
        if not self.rect.collidepoint(pos):
            return None
        reach = reach if reach is not None else self.app.px(12)
        mp = self.to_map(*pos)
        s = self.scale
        best, best_d = None, None
        ids = set(routes) if routes is not None else {r.id for r in self.board.routes}
        half = self.counter_size() / 2
        for r in self.board.routes:
            if r.id not in ids:
                continue
            d = poly_dist(mp, r.points) * s
            (mx, my) = self.counter_at(r.id)
            dm = math.hypot(mp[0] - mx, mp[1] - my) * s
            if dm <= half * 1.2:
                d = min(d, 0.0)
            if d <= reach and (best_d is None or d < best_d):
                best, best_d = r.id, d
        return best

    def screen_points(self, route_id: int) -> list[tuple[float, float]]:
        return [self.to_screen(x, y) for x, y in self.board.route(route_id).points]

    def local_points(self, route_id: int) -> list[tuple[float, float]]:
        return [self.local(x, y) for x, y in self.board.route(route_id).points]
