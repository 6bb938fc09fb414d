"""The Elfenland map's static picture per zoom level: roads, river arrows, ferries, lake and town
names, empty counter places, painted once at screen resolution (BoardView.static caches it).

Town names go on the side of their town that crosses the fewest roads; each road's counter place is
then the point nearest its middle where a counter and an obstacle beside it cover no name.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.elfenland.board import Route
from scenes.ui import theme

from . import sprites as art
from .geometry import ROAD_DARK, ROAD_LIGHT, FERRY, TownLabel, near_poly, polyline_at

if TYPE_CHECKING:
    from .board_view import BoardView


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


def paint_static(bv: BoardView) -> pygame.Surface:
    s = bv.scale
    zw, zh = bv.zoomed_size()
    surf = pygame.transform.smoothscale(bv.base, (zw, zh))
    px = bv.app.px
    fonts = bv.app.fonts

    def P(pt):
        return (pt[0] * s, pt[1] * s)

    # Roads: a dark bed with a pale dashed track; ferries dashed white; river arrows downstream.
    road_w = max(3, int(s * 9))
    for r in bv.board.routes:
        pts = [P(p) for p in r.points]
        if r.kind == "lake":
            dashed(surf, pts, (30, 60, 110), max(3, int(s * 7)), max(8, s * 22), max(6, s * 14))
            dashed(surf, pts, FERRY, max(2, int(s * 4)), max(8, s * 22), max(6, s * 14))
        elif r.kind == "river":
            river_arrows(bv, surf, r, s)
        else:
            pygame.draw.lines(surf, ROAD_DARK, False, pts, road_w)
            for p in pts[1:-1]:
                pygame.draw.circle(surf, ROAD_DARK, p, road_w / 2)
            dashed(surf, pts, ROAD_LIGHT, max(1, road_w // 3), max(5, s * 16), max(4, s * 9))
    # Names first, then each road's counter place: where neither counter nor obstacle covers a name.
    bv.labels = place_labels(bv, s)
    crowded = place_spots(bv, s)
    if crowded:  # a short road had no room left: move the names off its middle and try again
        bv.labels = place_labels(bv, s, [bv.mid[r][0] for r in crowded])
        place_spots(bv, s)
    # Empty counter places: a small ring in the road's terrain colour.
    slot = max(px(7), int(bv.counter_size() * 0.32))
    for r in bv.board.routes:
        if r.kind in ("river", "lake"):
            continue
        (mx, my), _ = bv.spot[r.id]
        c = P((mx, my))
        pygame.draw.circle(surf, ROAD_DARK, c, slot + 2)
        pygame.draw.circle(surf, art.TERRAIN_COLOURS[r.kind], c, slot)
        pygame.draw.circle(surf, ROAD_LIGHT, c, slot, max(1, slot // 4))
    # Lake names: near the lake's point, wherever no town name lies.
    for lake in bv.board.lakes.values():
        big, small = (lake.name_zh, lake.name_en) if bv.app.t.lang == "zh_TW" else (lake.name_en, lake.name_zh)
        t1 = fonts.text(big, px(16), (236, 246, 255), bold=True)
        t2 = fonts.text(small, px(12), (210, 228, 250))
        box = pygame.Rect(0, 0, max(t1.get_width(), t2.get_width()), t1.get_height() + t2.get_height() - px(4))
        taken = [lab.rect for lab in bv.labels.values()]
        taken += [pygame.Rect(t.x * s - px(16), t.y * s - px(16), px(32), px(32)) for t in bv.board.towns.values()]
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
    big_size, small_size = bv.label_sizes()
    for t in bv.board.towns.values():
        c = P((t.x, t.y))
        rad = bv.town_radius(t.capital)
        pygame.draw.circle(surf, (30, 20, 12), (c[0] + 1, c[1] + 2), rad + 2)
        fill = (236, 192, 72) if t.capital else (214, 204, 184)
        pygame.draw.circle(surf, fill, c, rad)
        pygame.draw.circle(surf, (70, 46, 24), c, rad, max(2, rad // 5))
        if t.capital:
            crown(surf, c, rad)
        else:
            pygame.draw.circle(surf, (120, 96, 70), c, max(2, rad // 3))
        lab = bv.labels[t.id]
        paint_label(bv, surf, t, lab.rect, big_size, small_size)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def crown(surf, c, rad) -> None:
    w = rad * 1.1
    x0, y0 = c[0] - w / 2, c[1] + w * 0.3
    pts = [(x0, y0), (x0, y0 - w * 0.55), (x0 + w * 0.25, y0 - w * 0.25), (x0 + w * 0.5, y0 - w * 0.75),
           (x0 + w * 0.75, y0 - w * 0.25), (x0 + w, y0 - w * 0.55), (x0 + w, y0)]
    pygame.draw.polygon(surf, theme.VERMILION, pts)
    pygame.draw.polygon(surf, (70, 30, 20), pts, 1)


def label_surfaces(bv: BoardView, town, big_size, small_size):
    fonts = bv.app.fonts
    big, small = bv.town_names(town)
    return (fonts.text(big, big_size, theme.INK, bold=True), fonts.text(small, small_size, theme.INK_SOFT))


def place_labels(bv: BoardView, s: float, keep_clear=()) -> dict[str, TownLabel]:
    """Each town's name plate on the side (below, above, right, left) that crosses the fewest roads."""
    big_size, small_size = bv.label_sizes()
    px = bv.app.px
    out: dict[str, TownLabel] = {}
    roads = []
    for r in bv.board.routes:
        pts = [(x * s, y * s) for x, y in r.points]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        roads.append((pts, pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1),
                      (min(xs), min(ys), max(xs), max(ys))))
    touch = px(4)  # a name's sample point this near a road counts as crossing it
    reach, town_room = px(10), px(30)
    mids = [(m[0][0] * s, m[0][1] * s) for m in bv.mid.values()]
    placed: list[pygame.Rect] = []
    cs = bv.counter_size()
    spots = list(mids)
    for r in bv.board.routes:  # where an obstacle would lie, beside the counter
        (mx, my), ang = bv.mid[r.id]
        spots.append(((mx + math.cos(ang) * cs * 0.95 / s) * s, (my + math.sin(ang) * cs * 0.95 / s) * s))
    towns = [(t.id, t.x * s, t.y * s) for t in bv.board.towns.values()]
    for t in bv.board.towns.values():
        t1, t2 = label_surfaces(bv, t, big_size, small_size)
        w = max(t1.get_width(), t2.get_width()) + px(10)
        h = t1.get_height() + t2.get_height() - px(4)
        cx, cy = t.x * s, t.y * s
        gap = bv.marker_room(t.capital) + px(1)  # room for the marker dots
        side_gap = gap + px(2)
        cands = {
            "below": pygame.Rect(cx - w / 2, cy + gap, w, h),
            "above": pygame.Rect(cx - w / 2, cy - gap - h - bv.boot_size() * 0.2, w, h),
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
            if best_cost is not None and best_cost <= cost:
                break  # a later side costs at least its place in the order: none can do better
            samples = [(rect.x + fx * rect.w, rect.y + fy * rect.h) for fx in (0, .25, .5, .75, 1)
                       for fy in (0, .5, 1)]
            near = rect.inflate(reach, reach)
            for pts, box, (x0, y0, x1, y1) in roads:
                if box.colliderect(near):  # only points within reach of the road's box are measured
                    cost += sum(1 for p in samples if x0 - touch <= p[0] <= x1 + touch
                                and y0 - touch <= p[1] <= y1 + touch and near_poly(p, pts, touch))
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
            roomy = rect.inflate(town_room, town_room)
            for tid, tx, ty in towns:
                if tid != t.id and roomy.collidepoint(tx, ty):
                    cost += 100
            if rect.x < 0 or rect.right > bv.map_w * s or rect.y < 0 or rect.bottom > bv.map_h * s:
                cost += 1000
            if best_cost is None or cost < best_cost:
                best, best_cost = side, cost
        placed.append(cands[best])
        out[t.id] = TownLabel(cands[best], best)
    return out


def place_spots(bv: BoardView, s: float) -> list[int]:
    """Per land road, the point nearest its middle where the counter and the obstacle beside it
    touch no town name and no town (map coordinates, with the road's direction there)."""
    cs = bv.counter_size()
    px = bv.app.px
    blocks = [lab.rect.inflate(px(2), px(2)) for lab in bv.labels.values()]
    blocks += [pygame.Rect(0, 0, 2 * bv.marker_room(t.capital), 2 * bv.marker_room(t.capital)).move(
        t.x * s - bv.marker_room(t.capital), t.y * s - bv.marker_room(t.capital))
        for t in bv.board.towns.values()]
    bs = bv.boot_size()
    for t in bv.board.towns.values():  # where boots stand (two side by side, the usual crowd)
        lab = bv.labels.get(t.id)
        below = lab is not None and lab.side.startswith("above")
        r = pygame.Rect(0, 0, int(bs * 1.6), bs)
        if below:
            r.midtop = (t.x * s, t.y * s + bv.town_radius(t.capital))
        else:
            r.midbottom = (t.x * s, t.y * s)
        blocks.append(r)
    bv.spot = dict(bv.mid)
    failed = []
    fracs = (0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75)
    for r in bv.board.routes:
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
            bv.spot[r.id] = found
        else:
            failed.append(r.id)
    return failed


def paint_label(bv: BoardView, surf, town, rect: pygame.Rect, big_size, small_size) -> None:
    t1, t2 = label_surfaces(bv, town, big_size, small_size)
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (250, 240, 214, 225), plate.get_rect(), border_radius=max(3, rect.h // 6))
    pygame.draw.rect(plate, (110, 80, 50, 230), plate.get_rect(), 1, border_radius=max(3, rect.h // 6))
    surf.blit(plate, rect)
    surf.blit(t1, t1.get_rect(midtop=(rect.centerx, rect.y - bv.app.px(2))))
    surf.blit(t2, t2.get_rect(midbottom=(rect.centerx, rect.bottom + bv.app.px(1))))


def river_arrows(bv: BoardView, surf, r: Route, s: float) -> None:
    """Arrows along a river pointing downstream (the flow sets the rafts needed)."""
    pts = [(x * s, y * s) for x, y in r.points]
    if r.downstream == r.a:
        pts = pts[::-1]
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    size = max(bv.app.px(7), s * 16)
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
