"""Where things go on the Elfenland map at one zoom level: town names, each road's counter place,
lake names (map_art.py paints them there; BoardView keeps one Layout per level).

Town names go on the side of their town that crosses the fewest roads; each road's counter place is
then the point nearest its middle where a counter and an obstacle beside it cover no name. A level's
layout is small and costs up to some 20 ms (most of it the names' text at a new size), so the board
works them out ahead at idle frames (layout_steps), a few towns at a time.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import pygame

from scenes.ui import theme

from .geometry import TownLabel, near_poly, polyline_at

if TYPE_CHECKING:
    from .board_view import BoardView

TOWNS_PER_STEP = 4   # town names measured per idle step (a CJK name at a new size: about 1 ms)


@dataclass
class Layout:
    """One zoom level's places, in zoomed-map pixels (labels, lakes) or map pixels (spot)."""
    labels: dict[str, TownLabel]
    spot: dict[int, tuple[tuple[float, float], float]]   # road -> (counter's map point, obstacle's direction)
    lakes: dict[str, pygame.Rect]                          # lake -> its name's box
    lake_sizes: dict[str, tuple[int, int]]                 # lake -> its names' sizes (design px)


def layout(bv: BoardView) -> Layout:
    """The current level's layout, worked out in one go."""
    for _ in layout_steps(bv):
        pass
    return bv.pending_layout


def layout_steps(bv: BoardView) -> Iterator[None]:
    """The current level's layout in steps (yields between them); the result is left in
    bv.pending_layout. Measuring the names first makes place_labels itself cheap."""
    big_size, small_size = bv.label_sizes()
    towns = list(bv.board.towns.values())
    for i in range(0, len(towns), TOWNS_PER_STEP):
        for t in towns[i:i + TOWNS_PER_STEP]:
            label_surfaces(bv, t, big_size, small_size)
        yield
    s = bv.scale
    labels = place_labels(bv, s)
    spot, crowded = place_spots(bv, s, labels)
    if crowded:  # a short road had no room left: move the names off its middle and try again
        labels = place_labels(bv, s, [bv.mid[r][0] for r in crowded])
        spot, _ = place_spots(bv, s, labels)
    yield
    bv.pending_layout = Layout(labels, spot, *place_lake_names(bv, s, labels))


def lake_texts(bv: BoardView, lake) -> tuple[str, str]:
    """(large, small): the lake's name in the current language first."""
    return (lake.name_zh, lake.name_en) if bv.app.t.lang == "zh_TW" else (lake.name_en, lake.name_zh)


# A lake's name and its second language's (design px): smaller steps for a name that finds no clear
# place at its size (a lake near the map's edge and a town, at a small map).
LAKE_SIZES = ((16, 12), (14, 11), (12, 10))


def place_lake_names(bv: BoardView, s: float, labels: dict[str, TownLabel]) -> tuple[dict, dict]:
    """Each lake's name near the lake's point, inside the map, wherever no town name or town lies
    (a step smaller where it finds no such place): the names' boxes, and their sizes."""
    px, fonts = bv.app.px, bv.app.fonts
    taken = [lab.rect for lab in labels.values()]
    taken += [pygame.Rect(t.x * s - px(16), t.y * s - px(16), px(32), px(32)) for t in bv.board.towns.values()]
    offsets = sorted(((dx, dy) for dx in range(-4, 5) for dy in range(-4, 5)),
                     key=lambda o: (o[0] ** 2 + o[1] ** 2, abs(o[0])))
    drawn = pygame.Rect(0, 0, int(bv.map_w * s), int(bv.map_h * s))
    out, sizes_of = {}, {}
    for lid, lake in bv.board.lakes.items():
        big, small = lake_texts(bv, lake)
        c0 = (lake.x * s, lake.y * s)
        first = None
        for sizes in LAKE_SIZES:
            t1 = fonts.text(big, px(sizes[0]), (236, 246, 255), bold=True)
            t2 = fonts.text(small, px(sizes[1]), (210, 228, 250))
            box = pygame.Rect(0, 0, max(t1.get_width(), t2.get_width()), t1.get_height() + t2.get_height() - px(4))
            best = None
            for dx, dy in offsets:
                box.center = (c0[0] + dx * px(22), c0[1] + dy * px(18))
                box.clamp_ip(drawn)   # a lake at the map's edge: its name moves inward, whole
                hits = len(box.collidelistall(taken))
                if best is None or hits < best[0]:
                    best = (hits, box.copy(), sizes)
                if hits == 0:
                    break
            first = first or best
            if best[0] == 0:
                break
        _, out[lid], sizes_of[lid] = best if best[0] == 0 else first
    return out, sizes_of


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


def place_spots(bv: BoardView, s: float, labels: dict[str, TownLabel]) -> tuple[dict, list[int]]:
    """Per land road, the point nearest its middle where the counter and the obstacle beside it
    touch no town name and no town (map coordinates, with the road's direction there); and the
    roads that found no such point."""
    cs = bv.counter_size()
    px = bv.app.px
    blocks = [lab.rect.inflate(px(2), px(2)) for lab in labels.values()]
    blocks += [pygame.Rect(0, 0, 2 * bv.marker_room(t.capital), 2 * bv.marker_room(t.capital)).move(
        t.x * s - bv.marker_room(t.capital), t.y * s - bv.marker_room(t.capital))
        for t in bv.board.towns.values()]
    bs = bv.boot_size()
    for t in bv.board.towns.values():  # where boots stand (two side by side, the usual crowd)
        lab = labels.get(t.id)
        below = lab is not None and lab.side.startswith("above")
        r = pygame.Rect(0, 0, int(bs * 1.6), bs)
        if below:
            r.midtop = (t.x * s, t.y * s + bv.town_radius(t.capital))
        else:
            r.midbottom = (t.x * s, t.y * s)
        blocks.append(r)
    spot = dict(bv.mid)
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
            spot[r.id] = found
        else:
            failed.append(r.id)
    return spot, failed
