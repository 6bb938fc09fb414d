"""The Elfenland board on screen: the Tiled map with zoom and pan, and what lies on it.

The tile layers of maps/elfenland.tmx (loaded with pytmx.load_pygame after the
display exists) are rendered once into one big surface. Per zoom level a scaled
copy is kept with everything static painted on it at screen resolution (roads,
river arrows, ferry dashes, lake names, towns and their names). The scene asks
for a composed viewport (counters, obstacles, town markers, boots and resting
glows on top) only when the view, the zoom or the pan changes.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable, Optional

import pygame

from game.elfenland.board import Board, Route, load_board, map_path
from scenes.ui import theme

from . import sprites as art

SEA = (44, 86, 140)
ROAD_DARK = (58, 38, 22)
ROAD_LIGHT = (246, 232, 196)
FERRY = (246, 250, 255)
ZOOMS = (1.0, 1.3, 1.7, 2.2, 2.9, 3.8)
MAX_MAP_SCALE = 1.6     # never bigger than this many screen pixels per map pixel
MAX_ZOOM_CACHE = 4

_BASE: dict[str, pygame.Surface] = {}
_STATIC: "OrderedDict" = OrderedDict()   # shared by every table: (scale, lang, size, map) -> painted zoom level


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


def polyline_midpoint(points) -> tuple[tuple[float, float], float]:
    """(point halfway along the polyline, direction angle there)."""
    return polyline_at(points, 0.5)


def polyline_at(points, frac: float) -> tuple[tuple[float, float], float]:
    """(point at this fraction of the polyline's length, direction angle there)."""
    segs = list(zip(points, points[1:]))
    half = sum(math.dist(a, b) for a, b in segs) * frac
    for a, b in segs:
        d = math.dist(a, b)
        if d >= half and d > 0:
            t = half / d
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), math.atan2(b[1] - a[1], b[0] - a[0])
        half -= d
    a, b = points[-2], points[-1]
    return b, math.atan2(b[1] - a[1], b[0] - a[0])


def _seg_dist(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def poly_dist(p, points) -> float:
    return min(_seg_dist(p, a, b) for a, b in zip(points, points[1:]))


def dashed(surface, points, colour, width, dash, gap) -> None:
    """A dashed polyline (screen points)."""
    carry = 0.0
    on = True
    for a, b in zip(points, points[1:]):
        d = math.dist(a, b)
        if d == 0:
            continue
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        pos = -carry
        while pos < d:
            seg = dash if on else gap
            s0, s1 = max(0.0, pos), min(d, pos + seg)
            if on and s1 > s0:
                pygame.draw.line(surface, colour, (a[0] + ux * s0, a[1] + uy * s0),
                                 (a[0] + ux * s1, a[1] + uy * s1), width)
            if pos + seg > d:
                carry = d - pos
                break
            pos += seg
            on = not on
        else:
            carry = 0.0


@dataclass
class TownLabel:
    rect: pygame.Rect     # in zoomed-map pixels
    side: str             # where the label sits: below / above / right / left


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
        self.labels: dict[str, TownLabel] = {}
        self.mid: dict[int, tuple[tuple[float, float], float]] = {
            r.id: polyline_midpoint(r.points) for r in self.board.routes}
        self.spot = dict(self.mid)

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
        levels = self.zoom_levels()
        return self.fit * levels[min(self.zoom_i, len(levels) - 1)]

    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self.zoom_i = 0
            self.clamp()

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
    def counter_size(self) -> int:
        px = self.app.px
        return int(max(px(22), min(px(40), self.scale * 62)))

    def town_radius(self, capital: bool) -> int:
        px = self.app.px
        r = max(px(7), min(px(13), self.scale * 17))
        return int(r * (1.35 if capital else 1.0))

    def boot_size(self) -> int:
        px = self.app.px
        return int(max(px(24), min(px(40), self.scale * 56)))

    def label_sizes(self) -> tuple[int, int]:
        px = self.app.px
        k = min(1.25, max(1.0, self.scale / self.fit) ** 0.35) if self.fit else 1.0
        return int(px(15) * k), int(px(11) * k)

    # -- static layer per zoom -------------------------------------------------------------
    def static(self) -> pygame.Surface:
        """The zoomed map with everything static on it; also sets the names' and counters' places."""
        key = (round(self.scale, 5), self.app.t.lang, self.rect.size, self.app.px(100), self.map_key)
        hit = _STATIC.get(key)
        if hit is None:
            surf = self._paint_static()
            hit = _STATIC[key] = (surf, self.labels, self.spot)
            while len(_STATIC) > MAX_ZOOM_CACHE:
                _STATIC.popitem(last=False)
        else:
            _STATIC.move_to_end(key)
        surf, self.labels, self.spot = hit
        return surf

    def town_names(self, town) -> tuple[str, str]:
        """(large, small): the name in the current language first."""
        if self.app.t.lang == "zh_TW":
            return town.name_zh, town.name_en
        return town.name_en, town.name_zh

    def _paint_static(self) -> pygame.Surface:
        s = self.scale
        zw, zh = self.zoomed_size()
        surf = pygame.transform.smoothscale(self.base, (zw, zh))
        px = self.app.px
        fonts = self.app.fonts

        def P(pt):
            return (pt[0] * s, pt[1] * s)

        # Roads: a dark bed with a pale dashed track; ferries dashed white; river arrows downstream.
        road_w = max(3, int(s * 9))
        for r in self.board.routes:
            pts = [P(p) for p in r.points]
            if r.kind == "lake":
                dashed(surf, pts, (30, 60, 110), max(3, int(s * 7)), max(8, s * 22), max(6, s * 14))
                dashed(surf, pts, FERRY, max(2, int(s * 4)), max(8, s * 22), max(6, s * 14))
            elif r.kind == "river":
                self._river_arrows(surf, r, s)
            else:
                pygame.draw.lines(surf, ROAD_DARK, False, pts, road_w)
                for p in pts[1:-1]:
                    pygame.draw.circle(surf, ROAD_DARK, p, road_w / 2)
                dashed(surf, pts, ROAD_LIGHT, max(1, road_w // 3), max(5, s * 16), max(4, s * 9))
        # Names first, then each road's counter place: where neither counter nor obstacle covers a name.
        self.labels = self._place_labels(s)
        crowded = self._place_spots(s)
        if crowded:  # a short road had no room left: move the names off its middle and try again
            self.labels = self._place_labels(s, [self.mid[r][0] for r in crowded])
            self._place_spots(s)
        # Empty counter places: a small ring in the road's terrain colour.
        slot = max(px(7), int(self.counter_size() * 0.32))
        for r in self.board.routes:
            if r.kind in ("river", "lake"):
                continue
            (mx, my), _ = self.spot[r.id]
            c = P((mx, my))
            pygame.draw.circle(surf, ROAD_DARK, c, slot + 2)
            pygame.draw.circle(surf, art.TERRAIN_COLOURS[r.kind], c, slot)
            pygame.draw.circle(surf, ROAD_LIGHT, c, slot, max(1, slot // 4))
        # Lake names: near the lake's point, wherever no town name lies.
        for lake in self.board.lakes.values():
            big, small = (lake.name_zh, lake.name_en) if self.app.t.lang == "zh_TW" else (lake.name_en, lake.name_zh)
            t1 = fonts.text(big, px(16), (236, 246, 255), bold=True)
            t2 = fonts.text(small, px(12), (210, 228, 250))
            box = pygame.Rect(0, 0, max(t1.get_width(), t2.get_width()), t1.get_height() + t2.get_height() - px(4))
            taken = [lab.rect for lab in self.labels.values()]
            taken += [pygame.Rect(t.x * s - px(16), t.y * s - px(16), px(32), px(32)) for t in self.board.towns.values()]
            c0 = P((lake.x, lake.y))
            offsets = sorted(((dx, dy) for dx in range(-4, 5) for dy in range(-4, 5)),
                             key=lambda o: (o[0] ** 2 + o[1] ** 2, abs(o[0])))
            best = None
            for dx, dy in offsets:
                box.center = (c0[0] + dx * px(22), c0[1] + dy * px(18))
                hits = len(box.collidelistall(taken))
                if best is None or hits < best[0]:
                    best = (hits, box.center)
                if hits == 0:
                    break
            box.center = best[1]
            for t, sz, rr, bold in ((t1, px(16), t1.get_rect(midtop=box.midtop), True),
                                    (t2, px(12), t2.get_rect(midbottom=box.midbottom), False)):
                sh = fonts.text(big if bold else small, sz, (16, 40, 80), bold=bold)
                surf.blit(sh, rr.move(1, 1))
                surf.blit(t, rr)
        # Towns: a round plaque (the capital gold, crowned); names on a parchment plate.
        big_size, small_size = self.label_sizes()
        for t in self.board.towns.values():
            c = P((t.x, t.y))
            rad = self.town_radius(t.capital)
            pygame.draw.circle(surf, (30, 20, 12), (c[0] + 1, c[1] + 2), rad + 2)
            fill = (236, 192, 72) if t.capital else (214, 204, 184)
            pygame.draw.circle(surf, fill, c, rad)
            pygame.draw.circle(surf, (70, 46, 24), c, rad, max(2, rad // 5))
            if t.capital:
                self._crown(surf, c, rad)
            else:
                pygame.draw.circle(surf, (120, 96, 70), c, max(2, rad // 3))
            lab = self.labels[t.id]
            self._paint_label(surf, t, lab.rect, big_size, small_size)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _crown(self, surf, c, rad) -> None:
        w = rad * 1.1
        x0, y0 = c[0] - w / 2, c[1] + w * 0.3
        pts = [(x0, y0), (x0, y0 - w * 0.55), (x0 + w * 0.25, y0 - w * 0.25), (x0 + w * 0.5, y0 - w * 0.75),
               (x0 + w * 0.75, y0 - w * 0.25), (x0 + w, y0 - w * 0.55), (x0 + w, y0)]
        pygame.draw.polygon(surf, theme.VERMILION, pts)
        pygame.draw.polygon(surf, (70, 30, 20), pts, 1)

    def _label_surfaces(self, town, big_size, small_size):
        fonts = self.app.fonts
        big, small = self.town_names(town)
        return (fonts.text(big, big_size, theme.INK, bold=True), fonts.text(small, small_size, theme.INK_SOFT))

    def _place_labels(self, s: float, keep_clear=()) -> dict[str, TownLabel]:
        """Each town's name plate on the side (below, above, right, left) that crosses the fewest roads."""
        big_size, small_size = self.label_sizes()
        px = self.app.px
        out: dict[str, TownLabel] = {}
        roads = []
        for r in self.board.routes:
            pts = [(x * s, y * s) for x, y in r.points]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            roads.append((pts, pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)))
        mids = [(m[0][0] * s, m[0][1] * s) for m in self.mid.values()]
        self.label_costs: dict = {}
        placed: list[pygame.Rect] = []
        cs = self.counter_size()
        spots = list(mids)
        for r in self.board.routes:  # where an obstacle would lie, beside the counter
            (mx, my), ang = self.mid[r.id]
            spots.append(((mx + math.cos(ang) * cs * 0.95 / s) * s, (my + math.sin(ang) * cs * 0.95 / s) * s))
        towns = [(t.id, t.x * s, t.y * s) for t in self.board.towns.values()]
        for t in self.board.towns.values():
            t1, t2 = self._label_surfaces(t, big_size, small_size)
            w = max(t1.get_width(), t2.get_width()) + px(10)
            h = t1.get_height() + t2.get_height() - px(4)
            cx, cy = t.x * s, t.y * s
            gap = self.town_radius(t.capital) + px(11)  # room for the marker dots
            side_gap = gap + px(2)
            cands = {
                "below": pygame.Rect(cx - w / 2, cy + gap, w, h),
                "above": pygame.Rect(cx - w / 2, cy - gap - h - self.boot_size() * 0.2, w, h),
                "right": pygame.Rect(cx + side_gap, cy - h / 2, w, h),
                "left": pygame.Rect(cx - side_gap - w, cy - h / 2, w, h),
                "below_right": pygame.Rect(cx + gap * 0.5, cy + gap * 0.8, w, h),
                "below_left": pygame.Rect(cx - gap * 0.5 - w, cy + gap * 0.8, w, h),
                "above_right": pygame.Rect(cx + gap * 0.6, cy - gap * 0.8 - h, w, h),
                "above_left": pygame.Rect(cx - gap * 0.6 - w, cy - gap * 0.8 - h, w, h),
            }
            best, best_cost = "below", None
            for i, (side, rect) in enumerate(cands.items()):
                cost = i * 0.6  # below first, then above, right, left, the corners
                samples = [(rect.x + fx * rect.w, rect.y + fy * rect.h) for fx in (0, .25, .5, .75, 1)
                           for fy in (0, .5, 1)]
                near = rect.inflate(px(10), px(10))
                for pts, box in roads:
                    if box.colliderect(near):
                        cost += sum(1 for p in samples if poly_dist(p, pts) < px(4))
                grown = rect.inflate(cs, cs)
                for m in spots:
                    if grown.collidepoint(m):
                        cost += 8  # counters slide along their road away from names; still, prefer clear
                for m in keep_clear:
                    if rect.inflate(cs, cs).collidepoint(m[0] * s, m[1] * s):
                        cost += 300
                for other in placed:
                    if rect.colliderect(other):
                        cost += 100
                for tid, tx, ty in towns:
                    if tid != t.id and rect.inflate(px(30), px(30)).collidepoint(tx, ty):
                        cost += 100
                if rect.x < 0 or rect.right > self.map_w * s or rect.y < 0 or rect.bottom > self.map_h * s:
                    cost += 1000
                self.label_costs[(t.id, side)] = cost
                if best_cost is None or cost < best_cost:
                    best, best_cost = side, cost
            placed.append(cands[best])
            out[t.id] = TownLabel(cands[best], best)
        return out

    def _place_spots(self, s: float) -> list[int]:
        """Per land road, the point nearest its middle where the counter and the obstacle beside it
        touch no town name and no town (map coordinates, with the road's direction there)."""
        cs = self.counter_size()
        px = self.app.px
        blocks = [lab.rect.inflate(px(2), px(2)) for lab in self.labels.values()]
        blocks += [pygame.Rect(0, 0, 2 * (self.town_radius(t.capital) + px(10)),
                               2 * (self.town_radius(t.capital) + px(10))).move(
            t.x * s - self.town_radius(t.capital) - px(10), t.y * s - self.town_radius(t.capital) - px(10))
            for t in self.board.towns.values()]
        bs = self.boot_size()
        for t in self.board.towns.values():  # where boots stand (two side by side, the usual crowd)
            lab = self.labels.get(t.id)
            below = lab is not None and lab.side.startswith("above")
            r = pygame.Rect(0, 0, int(bs * 1.6), bs)
            if below:
                r.midtop = (t.x * s, t.y * s + self.town_radius(t.capital))
            else:
                r.midbottom = (t.x * s, t.y * s)
            blocks.append(r)
        self.spot = dict(self.mid)
        failed = []
        fracs = (0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75)
        for r in self.board.routes:
            if r.kind in ("river", "lake"):
                continue
            found = None
            for need_obstacle in (True, False):  # an obstacle is rare: clear the counter at least
                for f in fracs:
                    (mx, my), ang = polyline_at(r.points, f)
                    c = pygame.Rect(0, 0, cs, cs)
                    c.center = (mx * s, my * s)
                    if c.collidelist(blocks) >= 0:
                        continue
                    sides = []
                    for turn in (0, math.pi, math.pi / 2, -math.pi / 2):  # ahead, behind, or beside the road
                        a = ang + turn
                        o = pygame.Rect(0, 0, cs, cs)
                        o.center = (mx * s + math.cos(a) * cs * 0.95, my * s + math.sin(a) * cs * 0.95)
                        sides.append((len(o.collidelistall(blocks)), abs(turn) > 3, abs(turn) > 1, a))
                    hits, _, _, a = min(sides)
                    if hits == 0 or not need_obstacle:
                        found = ((mx, my), a)
                        break
                if found:
                    break
            if found:
                self.spot[r.id] = found
            else:
                failed.append(r.id)
        return failed

    def _lake_label_rects(self, s: float) -> list[pygame.Rect]:
        px = self.app.px
        out = []
        for lake in self.board.lakes.values():
            w = max(self.app.fonts.text(lake.name_en, px(16), theme.INK, bold=True).get_width(),
                    self.app.fonts.text(lake.name_zh, px(16), theme.INK, bold=True).get_width())
            r = pygame.Rect(0, 0, w + px(8), px(40))
            r.center = (lake.x * s, lake.y * s + px(2))
            out.append(r)
        return out

    def _paint_label(self, surf, town, rect: pygame.Rect, big_size, small_size) -> None:
        t1, t2 = self._label_surfaces(town, big_size, small_size)
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (250, 240, 214, 225), plate.get_rect(), border_radius=max(3, rect.h // 6))
        pygame.draw.rect(plate, (110, 80, 50, 230), plate.get_rect(), 1, border_radius=max(3, rect.h // 6))
        surf.blit(plate, rect)
        surf.blit(t1, t1.get_rect(midtop=(rect.centerx, rect.y - self.app.px(2))))
        surf.blit(t2, t2.get_rect(midbottom=(rect.centerx, rect.bottom + self.app.px(1))))

    def _river_arrows(self, surf, r: Route, s: float) -> None:
        """Arrows along a river pointing downstream (the flow sets the rafts needed)."""
        pts = [(x * s, y * s) for x, y in r.points]
        if r.downstream == r.a:
            pts = pts[::-1]
        total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        size = max(self.app.px(7), s * 16)
        n = max(1, int(total / max(size * 7, 1)))
        for k in range(n):
            target = total * (k + 0.5) / n
            for a, b in zip(pts, pts[1:]):
                d = math.dist(a, b)
                if target <= d and d > 0:
                    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
                    cx, cy = a[0] + ux * target, a[1] + uy * target
                    tip = (cx + ux * size, cy + uy * size)
                    back = (cx - ux * size * 0.6, cy - uy * size * 0.6)
                    left = (back[0] - uy * size * 0.7, back[1] + ux * size * 0.7)
                    right = (back[0] + uy * size * 0.7, back[1] - ux * size * 0.7)
                    notch = (cx - ux * size * 0.15, cy - uy * size * 0.15)
                    pygame.draw.polygon(surf, (240, 248, 255), [tip, left, notch, right])
                    pygame.draw.polygon(surf, (20, 50, 100), [tip, left, notch, right], max(1, int(size / 6)))
                    break
                target -= d

    # -- positions of pieces (map coordinates) ------------------------------------------------
    def counter_at(self, route_id: int) -> tuple[float, float]:
        self.static()  # the places follow the names, which follow the zoom
        return self.spot[route_id][0]

    def obstacle_at(self, route_id: int) -> tuple[float, float]:
        """Beside the counter, along the road."""
        self.static()
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
            if d <= self.town_radius(t.capital) + self.app.px(10) or on_label:
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
