"""The Elfenland map's static picture at one zoom level: the Tiled terrain scaled, roads, river
arrows, ferries, lake and town names, empty counter places, painted at screen resolution.

The picture is painted a piece at a time (map_tiles.py keeps the pieces): `paint_area` paints any
rectangle of the zoomed map, and what is painted on the terrain comes out exactly as that part of
the whole level painted in one go: shapes are drawn through a Pen, which draws a road crossing two
pieces as the same line in both; only the shapes that reach the rectangle are drawn at all. Where things go (names, counter places) is map_layout.py's.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from scenes.ui import theme

from . import sprites as art
from .geometry import ROAD_DARK, ROAD_LIGHT, FERRY
from .map_layout import LAKE_SIZES, Layout, label_surfaces, lake_texts
from .map_scale import scaled_area

if TYPE_CHECKING:
    from .board_view import BoardView


SCRAP_KEY = (255, 0, 255)   # a colour no shape of the map is drawn in: the see-through of a scrap


class Pen:
    """pygame.draw in zoomed-map pixels onto a piece whose top-left is the map's (ox, oy), each
    shape coming out as it does on the whole level, whatever piece it is cut by.

    Points are floored first (pygame drops a float's fraction towards zero, which moves a point
    differently on the two sides of 0). A line or polygon that crosses the piece's edge is drawn
    whole on a scrap of its own size and blitted: pygame clips a line by moving its ends, and the
    line drawn from the moved ends takes other pixels (circles are clipped pixel by pixel). On a
    see-through piece (the roads' glow) the scrap is see-through too, laid on by the channels'
    maximum: the narrow bright line over its wide halo, as drawing straight on would leave it."""

    def __init__(self, surf: pygame.Surface, ox: int, oy: int) -> None:
        self.surf, self.ox, self.oy = surf, ox, oy
        self.bounds = surf.get_rect()
        self.see_through = bool(surf.get_flags() & pygame.SRCALPHA)

    def pt(self, p) -> tuple[int, int]:
        return math.floor(p[0]) - self.ox, math.floor(p[1]) - self.oy

    def _whole(self, points: list[tuple[int, int]], reach: int, draw: Callable) -> None:
        """draw(surface, points there) on the piece, or on a scrap when the shape crosses its edge."""
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = pygame.Rect(min(xs) - reach, min(ys) - reach, max(xs) - min(xs) + 2 * reach + 1,
                          max(ys) - min(ys) + 2 * reach + 1)
        if self.bounds.contains(box):
            draw(self.surf, points)
        elif self.see_through and self.bounds.colliderect(box):
            scrap = pygame.Surface(box.size, pygame.SRCALPHA)
            draw(scrap, [(x - box.x, y - box.y) for x, y in points])
            self.surf.blit(scrap, box, special_flags=pygame.BLEND_RGBA_MAX)
        elif self.bounds.colliderect(box):
            scrap = pygame.Surface(box.size)
            scrap.fill(SCRAP_KEY)
            scrap.set_colorkey(SCRAP_KEY)
            draw(scrap, [(x - box.x, y - box.y) for x, y in points])
            self.surf.blit(scrap, box)

    def line(self, colour, a, b, width: int = 1) -> None:
        self._whole([self.pt(a), self.pt(b)], width // 2 + 2,
                    lambda surf, p: pygame.draw.line(surf, colour, p[0], p[1], width))

    def lines(self, colour, points, width: int = 1) -> None:
        for a, b in zip(points, points[1:]):   # pygame draws a polyline segment by segment too
            self.line(colour, a, b, width)

    def circle(self, colour, c, radius, width: int = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.pt(c), radius, width)

    def polygon(self, colour, points, width: int = 0) -> None:
        self._whole([self.pt(p) for p in points], max(1, width) + 2,
                    lambda surf, p: pygame.draw.polygon(surf, colour, p, width))

    def blit(self, picture: pygame.Surface, rect: pygame.Rect) -> None:
        self.surf.blit(picture, rect.move(-self.ox, -self.oy))


def dashes(points, dash: float, gap: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The dashes of a dashed polyline (zoomed-map points), each as its two ends."""
    out = []
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
                out.append(((a[0] + ux * s0, a[1] + uy * s0), (a[0] + ux * s1, a[1] + uy * s1)))
            if pos + seg > d:
                carry = d - pos
                break
            pos += seg
            on = not on
        else:
            carry = 0.0
    return out


def _box(points, pad: float) -> pygame.Rect:
    """The bounding box of zoomed-map points, grown by `pad` on every side (whole pixels)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    return pygame.Rect(x0, y0, math.ceil(max(xs) + pad) - x0 + 1, math.ceil(max(ys) + pad) - y0 + 1)


Shape = Callable[[Pen], None]


Level = tuple[list[pygame.Rect], list[Shape], frozenset]


def paint_area(bv: BoardView, level: Level, area: pygame.Rect, names: bool = True) -> pygame.Surface:
    """The current level's picture of `area` (a rectangle of the zoomed map), display format;
    `level` is the level's shapes(). Without `names`: the lakes' and towns' names left out (the
    preview that stands in for missing tiles, whose names would sit elsewhere than the tiles')."""
    surf = scaled_area(bv.base, bv.zoomed_size(), area)
    boxes, draws, name_shapes = level
    pen = Pen(surf, area.x, area.y)
    for i in area.collidelistall(boxes):  # in the order they are painted
        if names or i not in name_shapes:
            draws[i](pen)
    return surf


def shapes(bv: BoardView, lay: Layout) -> Level:
    """Everything painted on the terrain at this level, in order, each with the box it may paint
    in: worked out once a level, so a tile only paints the shapes whose box it meets; and which of
    them are names (lakes' and towns')."""
    s = bv.scale
    px = bv.app.px
    fonts = bv.app.fonts
    boxes: list[pygame.Rect] = []
    draws: list[Shape] = []
    names: list[int] = []

    def add(box: pygame.Rect, draw: Shape, name: bool = False) -> None:
        if name:
            names.append(len(draws))
        boxes.append(box)
        draws.append(draw)

    def P(pt):
        return (pt[0] * s, pt[1] * s)

    def dashed(segs, colour, width) -> Shape:
        def draw(pen):
            for a, b in segs:
                pen.line(colour, a, b, width)
        return draw

    # Roads: a dark bed with a pale dashed track; ferries dashed white; river arrows downstream.
    road_w = max(3, int(s * 9))
    arrow = max(px(7), s * 16)
    for r in bv.board.routes:
        pts = [P(p) for p in r.points]
        if r.kind == "lake":
            dash, gap = max(8, s * 22), max(6, s * 14)
            add(_box(pts, road_w + 2), dashed(dashes(pts, dash, gap), (30, 60, 110), max(3, int(s * 7))))
            add(_box(pts, road_w + 2), dashed(dashes(pts, dash, gap), FERRY, max(2, int(s * 4))))
        elif r.kind == "river":
            add(_box(pts, arrow * 1.2 + 2),
                lambda pen, pts=pts if r.downstream != r.a else pts[::-1]: river_arrows(pen, pts, arrow))
        else:
            def road(pen, pts=pts):
                pen.lines(ROAD_DARK, pts, road_w)
                for p in pts[1:-1]:
                    pen.circle(ROAD_DARK, p, road_w / 2)
            add(_box(pts, road_w + 2), road)
            add(_box(pts, road_w + 2), dashed(dashes(pts, max(5, s * 16), max(4, s * 9)), ROAD_LIGHT,
                                              max(1, road_w // 3)))
    # Empty counter places: a small disc in the road's terrain colour and pattern (the picture read
    # when painted, so that a palette change is painted too).
    slot = max(px(7), int(bv.counter_size() * 0.32))
    for r in bv.board.routes:
        if r.kind in ("river", "lake"):
            continue
        def place(pen, c=P(lay.spot[r.id][0]), kind=r.kind):
            pic = art.terrain_slot(kind, slot)
            pen.blit(pic, pic.get_rect(center=(math.floor(c[0]), math.floor(c[1]))))
        add(_box([P(lay.spot[r.id][0])], slot + 3), place)
    # Lake names, where the layout put them.
    for lid, box in lay.lakes.items():
        def lake_name(pen, box=box, lake=bv.board.lakes[lid], sizes=lay.lake_sizes.get(lid, LAKE_SIZES[0])):
            big, small = lake_texts(bv, lake)
            t1 = fonts.text(big, px(sizes[0]), (236, 246, 255), bold=True)
            t2 = fonts.text(small, px(sizes[1]), (210, 228, 250))
            for t, sz, rr, bold in ((t1, px(sizes[0]), t1.get_rect(midtop=box.midtop), True),
                                    (t2, px(sizes[1]), t2.get_rect(midbottom=box.midbottom), False)):
                sh = fonts.text(big if bold else small, sz, (16, 40, 80), bold=bold)
                pen.blit(sh, rr.move(1, 1))
                pen.blit(t, rr)
        add(box.inflate(4, 4), lake_name, name=True)
    # Towns: a round plaque (the capital gold, crowned); names on a parchment plate.
    big_size, small_size = bv.label_sizes()
    for t in bv.board.towns.values():
        c = P((t.x, t.y))
        rad = bv.town_radius(t.capital)

        def plaque(pen, c=c, rad=rad, capital=t.capital):
            pen.circle((30, 20, 12), (c[0] + 1, c[1] + 2), rad + 2)
            pen.circle((236, 192, 72) if capital else (214, 204, 184), c, rad)
            pen.circle((70, 46, 24), c, rad, max(2, rad // 5))
            if capital:
                crown(pen, c, rad)
            else:
                pen.circle((120, 96, 70), c, max(2, rad // 3))
        add(_box([c], rad + 4), plaque)
        rect = lay.labels[t.id].rect
        add(rect.inflate(2 * px(2) + 2, 2 * px(2) + 2),
            lambda pen, t=t, rect=rect: paint_label(bv, pen, t, rect, big_size, small_size), name=True)
    return boxes, draws, frozenset(names)


def crown(pen: Pen, c, rad) -> None:
    w = rad * 1.1
    x0, y0 = c[0] - w / 2, c[1] + w * 0.3
    pts = [(x0, y0), (x0, y0 - w * 0.55), (x0 + w * 0.25, y0 - w * 0.25), (x0 + w * 0.5, y0 - w * 0.75),
           (x0 + w * 0.75, y0 - w * 0.25), (x0 + w, y0 - w * 0.55), (x0 + w, y0)]
    pen.polygon(theme.VERMILION, pts)
    pen.polygon((70, 30, 20), pts, 1)


def paint_label(bv: BoardView, pen: Pen, town, rect: pygame.Rect, big_size, small_size) -> None:
    t1, t2 = label_surfaces(bv, town, big_size, small_size)
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (250, 240, 214, 225), plate.get_rect(), border_radius=max(3, rect.h // 6))
    pygame.draw.rect(plate, (110, 80, 50, 230), plate.get_rect(), 1, border_radius=max(3, rect.h // 6))
    pen.blit(plate, rect)
    pen.blit(t1, t1.get_rect(midtop=(rect.centerx, rect.y - bv.app.px(2))))
    pen.blit(t2, t2.get_rect(midbottom=(rect.centerx, rect.bottom + bv.app.px(1))))


def river_arrows(pen: Pen, pts, size: float) -> None:
    """Arrows along a river (zoomed-map points from upstream down) pointing downstream: the flow
    sets the rafts needed."""
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
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
                pen.polygon((240, 248, 255), [tip, left, notch, right])
                pen.polygon((20, 50, 100), [tip, left, notch, right], max(1, int(size / 6)))
                break
            target -= d
