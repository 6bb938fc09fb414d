"""Generate the Elfenland board as a Tiled map: maps/elfenland.tmx + its tileset.

    python tools/make_elfenland_map.py                 # (re)write maps/elfenland.*
    python tools/make_elfenland_map.py --preview out.png   # render the map headless

Writes, in maps/ (deterministic: same script + same pygame = same bytes):
    elfenland_terrain.png   the tileset art, painted here with pygame
    elfenland_terrain.tsx   the external tileset (image path relative to the .tsx)
    elfenland.tmx           64x40 tiles of 32 px; tile layers "terrain" (ground,
                            sea, lakes), "edges" and "edges_top" (a terrain
                            spilling over a lower one's border, so regions are
                            not square), "rivers" (overlay); object layers
                            "routes", "towns", "labels"

The TMX is the single source of truth for the board (towns, their names in
both languages, capital and town-card flags, positions, routes, river
directions, lakes). This script is only how the first version was made; the
file may be edited in Tiled afterwards, and the game reads what is in it
(game/elfenland/board.py). Re-running the script overwrites such edits.

Town and route data come from the research notes (Elfenland base game, 21
towns, 48 routes, agreed by five independent implementations); positions are
fractions of the printed board.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MAPS = ROOT / "maps"
TMX_NAME = "elfenland.tmx"
TSX_NAME = "elfenland_terrain.tsx"
PNG_NAME = "elfenland_terrain.png"

TILE = 32
W, H = 64, 40                 # tiles
PW, PH = W * TILE, H * TILE   # 2048 x 1280 px
SEED = 1998
CORRIDOR = 0.9                # tiles this close to a road always take the road's terrain
WARP = 2.0                    # how far (tiles) region borders wander from the road bisectors
TILED_VERSION = "1.10.2"

# ----------------------------------------------------------------------------- board data
# id (ASCII), English name (board spelling), Traditional Chinese, capital, town card, position
TOWNS = [
    ("Elvenhold", "Elvenhold", "精靈堡", True, False, (0.760, 0.555)),
    ("Beata", "Beatá", "貝雅塔", False, True, (0.916, 0.719)),
    ("Strykhaven", "Strykhaven", "斯崔克港", False, True, (0.799, 0.804)),
    ("Virst", "Virst", "維爾斯特", False, True, (0.616, 0.861)),
    ("Ixara", "Ixara", "伊克薩拉", False, True, (0.353, 0.857)),
    ("Mah'Davikia", "Mah'Davikia", "瑪達維基亞", False, True, (0.120, 0.831)),
    ("Grangor", "Grangor", "格蘭戈", False, True, (0.096, 0.638)),
    ("Yttar", "Yttar", "伊塔爾", False, True, (0.072, 0.418)),
    ("Parundia", "Parundia", "帕倫迪亞", False, False, (0.243, 0.328)),
    ("Usselen", "Usselen", "烏瑟倫", False, True, (0.080, 0.203)),
    ("Wylhien", "Wylhién", "威爾希恩", False, True, (0.248, 0.089)),
    ("Jaccaranda", "Jaccaranda", "賈卡蘭達", False, True, (0.419, 0.149)),
    ("Throtmanni", "Throtmanni", "索特曼尼", False, False, (0.590, 0.262)),
    ("Tichih", "Tichih", "蒂奇赫", False, True, (0.764, 0.165)),
    ("Rivinia", "Rivinia", "莉維尼亞", False, False, (0.711, 0.380)),
    ("Erg'Eren", "Erg'Erén", "艾格艾倫", False, True, (0.908, 0.383)),
    ("Feodor", "Feodor", "費奧多爾", False, False, (0.537, 0.472)),
    ("Lapphalya", "Lapphálya", "拉法莉亞", False, False, (0.540, 0.685)),
    ("Dag'Amura", "Dag'Amura", "達格阿穆拉", False, False, (0.374, 0.617)),
    ("Kihromah", "Kihromah", "基羅瑪", False, False, (0.236, 0.567)),
    ("Al'Baran", "Al'Baran", "阿爾巴蘭", False, False, (0.374, 0.427)),
]

# kind, a, b (rivers flow from a to b: b is downstream; lakes name their lake)
ROUTES = [
    ("plain", "Elvenhold", "Beata"), ("plain", "Elvenhold", "Lapphalya"),
    ("plain", "Beata", "Strykhaven"), ("plain", "Lapphalya", "Virst"),
    ("plain", "Virst", "Ixara"), ("plain", "Wylhien", "Usselen"),
    ("plain", "Wylhien", "Parundia"), ("plain", "Throtmanni", "Tichih"),
    ("forest", "Elvenhold", "Erg'Eren"), ("forest", "Tichih", "Erg'Eren"),
    ("forest", "Lapphalya", "Rivinia"), ("forest", "Lapphalya", "Feodor"),
    ("forest", "Lapphalya", "Dag'Amura"), ("forest", "Lapphalya", "Ixara"),
    ("forest", "Ixara", "Dag'Amura"), ("forest", "Dag'Amura", "Kihromah"),
    ("forest", "Feodor", "Rivinia"), ("forest", "Rivinia", "Throtmanni"),
    ("forest", "Parundia", "Usselen"), ("forest", "Yttar", "Usselen"),
    ("mountain", "Virst", "Strykhaven"), ("mountain", "Ixara", "Mah'Davikia"),
    ("mountain", "Dag'Amura", "Mah'Davikia"), ("mountain", "Mah'Davikia", "Grangor"),
    ("mountain", "Yttar", "Grangor"), ("mountain", "Tichih", "Jaccaranda"),
    ("mountain", "Jaccaranda", "Throtmanni"), ("mountain", "Jaccaranda", "Wylhien"),
    ("desert", "Dag'Amura", "Feodor"), ("desert", "Dag'Amura", "Al'Baran"),
    ("desert", "Feodor", "Al'Baran"), ("desert", "Feodor", "Throtmanni"),
    ("desert", "Wylhien", "Al'Baran"), ("desert", "Parundia", "Al'Baran"),
    ("desert", "Throtmanni", "Al'Baran"),
    ("river", "Beata", "Elvenhold"), ("river", "Elvenhold", "Rivinia"),
    ("river", "Rivinia", "Tichih"), ("river", "Virst", "Ixara"),
    ("river", "Ixara", "Mah'Davikia"), ("river", "Mah'Davikia", "Grangor"),
    ("river", "Wylhien", "Usselen"),
    ("lake", "Elvenhold", "Strykhaven"), ("lake", "Elvenhold", "Virst"),
    ("lake", "Strykhaven", "Virst"),
    ("lake", "Parundia", "Yttar"), ("lake", "Parundia", "Grangor"),
    ("lake", "Yttar", "Grangor"),
]

# lake id: English, Chinese, the three shore towns its ferries join
LAKES = {
    "mare_magnum": ("Mare Magnum", "浩瀚湖", ("Elvenhold", "Virst", "Strykhaven")),
    "mare_nebulae": ("Mare Nebulae", "迷霧湖", ("Parundia", "Yttar", "Grangor")),
}

LAND = ("plain", "forest", "mountain", "desert")


def town_px(tid: str) -> tuple[float, float]:
    for t in TOWNS:
        if t[0] == tid:
            return t[5][0] * PW, t[5][1] * PH
    raise KeyError(tid)


def lake_of(a: str, b: str) -> str:
    for key, (_, _, towns) in LAKES.items():
        if a in towns and b in towns:
            return key
    raise KeyError((a, b))


# ----------------------------------------------------------------------------- geometry
def _bezier(p0, c, p1, n):
    out = []
    for i in range(n):
        t = i / (n - 1)
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
                    u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]))
    return out


def route_polylines() -> list[list[tuple[float, float]]]:
    """One gently curved polyline per route, from town a to town b.

    Two routes between the same towns bow to opposite sides; a ferry bows into
    its lake and a road beside it bows away from the lake.
    """
    pairs: dict[frozenset, list[int]] = {}
    for i, (_, a, b) in enumerate(ROUTES):
        pairs.setdefault(frozenset((a, b)), []).append(i)
    lines = []
    for i, (kind, a, b) in enumerate(ROUTES):
        p0, p1 = town_px(a), town_px(b)
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        length = math.hypot(dx, dy)
        nx, ny = -dy / length, dx / length           # left normal of a->b
        mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
        group = pairs[frozenset((a, b))]
        lake_side = 0.0
        lake_ids = [j for j in group if ROUTES[j][0] == "lake"]
        if lake_ids:
            towns = LAKES[lake_of(*ROUTES[lake_ids[0]][1:])][2]
            cx = sum(town_px(t)[0] for t in towns) / 3
            cy = sum(town_px(t)[1] for t in towns) / 3
            lake_side = 1.0 if (cx - mid[0]) * nx + (cy - mid[1]) * ny > 0 else -1.0
        if len(group) == 1:
            if kind == "lake":
                bend = lake_side * min(0.06 * length, 22)
            else:
                bend = (1 if i % 2 else -1) * min(0.07 * length, 30)
        else:
            off = max(22.0, min(0.10 * length, 44.0))
            if lake_side:
                bend = off * (lake_side if kind == "lake" else -lake_side)
            else:
                first = group[0] == i
                flip = 1 if a < b else -1      # same side whichever way a route is written
                bend = (off if first else -off) * flip
        # the control point puts the curve's middle `bend` px off the chord
        c = (mid[0] + nx * 2 * bend, mid[1] + ny * 2 * bend)
        n = 7 if length > 300 else 5
        lines.append(_bezier(p0, c, p1, n))
    return lines


def _densify(line, step=6.0):
    pts = [line[0]]
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for k in range(1, n + 1):
            pts.append((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n))
    return pts


def _seg_dist2(px, py, ax, ay, bx, by):
    vx, vy = bx - ax, by - ay
    wx, wy = px - ax, py - ay
    vv = vx * vx + vy * vy
    t = 0.0 if vv == 0 else max(0.0, min(1.0, (wx * vx + wy * vy) / vv))
    qx, qy = ax + t * vx - px, ay + t * vy - py
    return qx * qx + qy * qy


def _line_dist(px, py, line):
    return math.sqrt(min(_seg_dist2(px, py, *a, *b) for a, b in zip(line, line[1:])))


class ValueNoise:
    """Smooth 2-D value noise on a coarse random lattice (deterministic for a seed)."""

    def __init__(self, seed: int, cell: float) -> None:
        rng = random.Random(seed)
        self.cell = cell
        self.grid = [[rng.uniform(-1, 1) for _ in range(64)] for _ in range(64)]

    def __call__(self, x: float, y: float) -> float:
        gx, gy = x / self.cell, y / self.cell
        ix, iy = int(math.floor(gx)), int(math.floor(gy))
        fx, fy = gx - ix, gy - iy
        sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        g = self.grid
        v00, v10 = g[iy % 64][ix % 64], g[iy % 64][(ix + 1) % 64]
        v01, v11 = g[(iy + 1) % 64][ix % 64], g[(iy + 1) % 64][(ix + 1) % 64]
        top = v00 + (v10 - v00) * sx
        bot = v01 + (v11 - v01) * sx
        return top + (bot - top) * sy


def _fbm(noises, x, y):
    return sum(n(x, y) * w for n, w in noises)


# ----------------------------------------------------------------------------- terrain grid
def compute_grid(lines):
    """terrain[y][x] in sea/coast/lake/plain/forest/mountain/desert, and the river masks."""
    warp_x = [(ValueNoise(SEED + 1, 4.0), 1.0), (ValueNoise(SEED + 2, 1.7), 0.5),
              (ValueNoise(SEED + 8, 1.0), 0.25)]
    warp_y = [(ValueNoise(SEED + 3, 4.0), 1.0), (ValueNoise(SEED + 4, 1.7), 0.5),
              (ValueNoise(SEED + 9, 1.0), 0.25)]
    shore = [(ValueNoise(SEED + 5, 6.0), 1.0), (ValueNoise(SEED + 6, 2.5), 0.5)]
    lake_n = [(ValueNoise(SEED + 7, 2.5), 1.0)]

    land_lines = [(ROUTES[i][0], _densify(lines[i], 24.0)) for i in range(len(ROUTES))
                  if ROUTES[i][0] in LAND]
    towns = [town_px(t[0]) for t in TOWNS]
    terrain = [[""] * W for _ in range(H)]

    for ty in range(H):
        for tx in range(W):
            cx, cy = (tx + 0.5) * TILE, (ty + 0.5) * TILE
            wx = cx + _fbm(warp_x, tx, ty) * TILE * WARP
            wy = cy + _fbm(warp_y, tx, ty) * TILE * WARP
            best, kind = None, "plain"
            near, near_kind = None, None
            for k, line in land_lines:
                d = _line_dist(wx, wy, line)
                if best is None or d < best:
                    best, kind = d, k
                d0 = _line_dist(cx, cy, line)
                if near is None or d0 < near:
                    near, near_kind = d0, k
            # a corridor along every road keeps the road's own terrain; the
            # warped nearest-road rule shapes the rest
            terrain[ty][tx] = near_kind if near < TILE * CORRIDOR else kind

    def near_town(cx, cy, r):
        return any(math.hypot(cx - x, cy - y) < r for x, y in towns)

    # lakes: the shrunk triangle between the three shore towns, plus the ferry lanes
    for key, (_, _, shore_towns) in LAKES.items():
        pts = [town_px(t) for t in shore_towns]
        gx = sum(p[0] for p in pts) / 3
        gy = sum(p[1] for p in pts) / 3
        tri = [(gx + (x - gx) * 0.72, gy + (y - gy) * 0.72) for x, y in pts]
        ferries = [lines[i] for i, r in enumerate(ROUTES)
                   if r[0] == "lake" and r[1] in shore_towns and r[2] in shore_towns]
        others = [lines[i] for i, r in enumerate(ROUTES) if r[0] in LAND]
        for ty in range(H):
            for tx in range(W):
                cx, cy = (tx + 0.5) * TILE, (ty + 0.5) * TILE
                wob = _fbm(lake_n, tx, ty) * TILE * 0.7
                inside = _inside_triangle(cx, cy, tri, margin=wob)
                lane = min(_line_dist(cx, cy, f) for f in ferries) < TILE * 1.25 + wob * 0.5
                if not (inside or lane):
                    continue
                if near_town(cx, cy, TILE * 1.15):
                    continue
                if min(_line_dist(cx, cy, o) for o in others) < TILE * 0.9:
                    continue
                terrain[ty][tx] = "lake"

    # the sea around the edges, then a ring of shallow coast
    for ty in range(H):
        for tx in range(W):
            edge = min(tx + 0.5, W - tx - 0.5, ty + 0.5, H - ty - 0.5)
            if edge + _fbm(shore, tx * 1.0, ty * 1.0) * 1.4 < 2.3 and not near_town(
                    (tx + 0.5) * TILE, (ty + 0.5) * TILE, TILE * 2.5):
                terrain[ty][tx] = "sea"
    coast = []
    for ty in range(H):
        for tx in range(W):
            if terrain[ty][tx] != "sea":
                continue
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    x, y = tx + dx, ty + dy
                    if 0 <= x < W and 0 <= y < H and terrain[y][x] not in ("sea", "coast"):
                        coast.append((tx, ty))
    for tx, ty in coast:
        terrain[ty][tx] = "coast"

    # rivers: 4-connected tile paths along the river routes; bits N=1 E=2 S=4 W=8
    rivers = [[0] * W for _ in range(H)]
    for i, r in enumerate(ROUTES):
        if r[0] != "river":
            continue
        path: list[tuple[int, int]] = []
        for x, y in _densify(lines[i], 4.0):
            cell = (min(W - 1, int(x // TILE)), min(H - 1, int(y // TILE)))
            if path and cell == path[-1]:
                continue
            if path and cell[0] != path[-1][0] and cell[1] != path[-1][1]:
                a = (cell[0], path[-1][1])
                b = (path[-1][0], cell[1])
                da = math.hypot((a[0] + .5) * TILE - x, (a[1] + .5) * TILE - y)
                db = math.hypot((b[0] + .5) * TILE - x, (b[1] + .5) * TILE - y)
                path.append(a if da < db else b)
            path.append(cell)
        path = _flatten_bumps(path)
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            if x1 > x0:
                rivers[y0][x0] |= 2
                rivers[y1][x1] |= 8
            elif x1 < x0:
                rivers[y0][x0] |= 8
                rivers[y1][x1] |= 2
            elif y1 > y0:
                rivers[y0][x0] |= 4
                rivers[y1][x1] |= 1
            else:
                rivers[y0][x0] |= 1
                rivers[y1][x1] |= 4
    return terrain, rivers


def _flatten_bumps(path):
    """Remove one-tile detours (up, 1-2 across, back down) that a gentle curve leaves in a tile path."""
    changed = True
    while changed:
        changed = False
        for i in range(len(path)):
            for span in (3, 4):
                j = i + span
                if j >= len(path):
                    continue
                (x0, y0), (x1, y1) = path[i], path[j]
                mid = path[i + 1:j]
                if y0 == y1 and abs(x1 - x0) == span - 2 and all(abs(y - y0) == 1 for _, y in mid):
                    step = 1 if x1 > x0 else -1
                    path = path[:i + 1] + [(x, y0) for x in range(x0 + step, x1, step)] + path[j:]
                    changed = True
                elif x0 == x1 and abs(y1 - y0) == span - 2 and all(abs(x - x0) == 1 for x, _ in mid):
                    step = 1 if y1 > y0 else -1
                    path = path[:i + 1] + [(x0, y) for y in range(y0 + step, y1, step)] + path[j:]
                    changed = True
                if changed:
                    break
            if changed:
                break
    return path


def _inside_triangle(px, py, tri, margin=0.0):
    """Inside the triangle, grown (margin > 0) or shrunk (margin < 0) by margin px."""
    (ax, ay), (bx, by), (cx, cy) = tri
    sign = 1 if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0 else -1
    for (x0, y0), (x1, y1) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay))):
        ex, ey = x1 - x0, y1 - y0
        el = math.hypot(ex, ey)
        if sign * (ex * (py - y0) - ey * (px - x0)) / el < -margin:
            return False
    return True


# ----------------------------------------------------------------------------- tileset art
# (terrain, number of variants) in tileset order; river tiles follow: 16 connection masks
GROUND = [("sea", 4), ("coast", 4), ("lake", 4), ("lake_shore", 4), ("plain", 6), ("forest", 6),
          ("mountain", 6), ("desert", 6)]
COLUMNS = 8
RIVER_FIRST = sum(n for _, n in GROUND)
# fringe tiles: a land terrain spilling over the edges (mask N=1 E=2 S=4 W=8) of a lower neighbour
FRINGE_KINDS = ("coast", "desert", "plain", "mountain", "forest")
PRIORITY = {"sea": 0, "coast": 1, "lake": 2, "desert": 3, "plain": 4, "mountain": 5, "forest": 6}
FRINGE_FIRST = RIVER_FIRST + 16
TILECOUNT = FRINGE_FIRST + 15 * len(FRINGE_KINDS)
ROWS = (TILECOUNT + COLUMNS - 1) // COLUMNS

BASE = {
    "sea": (44, 86, 140), "coast": (72, 128, 182), "lake": (64, 124, 184),
    "lake_shore": (74, 136, 194), "plain": (148, 186, 92), "forest": (88, 128, 64),
    "mountain": (168, 150, 118), "desert": (228, 202, 134),
}


def _shade(c, d):
    return tuple(max(0, min(255, v + d)) for v in c[:3])


def _speckle(surf, rng, base, n, amp):
    surf.fill(base)
    for _ in range(n):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        surf.set_at((x, y), _shade(base, rng.randint(-amp, amp)))


def paint_tile(pg, kind, variant, rng):
    s = pg.Surface((TILE, TILE), pg.SRCALPHA)
    base = BASE[kind]
    if kind in ("sea", "coast", "lake", "lake_shore"):
        _speckle(s, rng, base, 70, 8)
        light = _shade(base, 50 if kind in ("sea", "lake") else 60)
        dark = _shade(base, -22)
        for _ in range(2 + variant % 2):
            x, y = rng.randint(3, 21), rng.randint(4, 27)
            w = rng.randint(6, 9)
            pg.draw.arc(s, light, (x, y, w, 5), math.radians(20), math.radians(160), 1)
            pg.draw.arc(s, light, (x + w - 1, y, w, 5), math.radians(20), math.radians(160), 1)
            pg.draw.line(s, dark, (x + 1, y + 4), (x + 2 * w - 3, y + 4))
        if kind in ("coast", "lake_shore"):
            for _ in range(6):
                s.set_at((rng.randrange(TILE), rng.randrange(TILE)), _shade(base, 80))
    elif kind == "plain":
        _speckle(s, rng, base, 140, 14)
        tuft = _shade(base, -48)
        tip = _shade(base, 30)
        for _ in range(rng.randint(3, 5)):
            x, y = rng.randint(4, 27), rng.randint(7, 29)
            for dx, h in ((-2, 3), (0, 5), (2, 3)):
                pg.draw.line(s, tuft, (x, y), (x + dx, y - h))
            s.set_at((x, y - 5), tip)
        if variant in (2, 5):
            for _ in range(3):
                x, y = rng.randint(3, 28), rng.randint(3, 28)
                col = (250, 236, 120) if variant == 2 else (246, 246, 240)
                pg.draw.circle(s, col, (x, y), 1)
        if variant == 4:
            pg.draw.ellipse(s, _shade(base, -25), (rng.randint(6, 14), rng.randint(8, 18), 10, 5))
    elif kind == "forest":
        _speckle(s, rng, base, 120, 12)
        crowns = []
        slots = [(8, 9), (22, 8), (15, 19), (7, 25), (24, 24)]
        rng.shuffle(slots)
        for (x, y) in slots[:rng.randint(3, 5)]:
            crowns.append((x + rng.randint(-2, 2), y + rng.randint(-2, 2), rng.randint(5, 7)))
        crowns.sort(key=lambda c: c[1])
        conifer = variant >= 4
        for x, y, r in crowns:
            x = max(r + 1, min(TILE - r - 2, x))
            y = max(r + 1, min(TILE - r - 3, y))
            pg.draw.ellipse(s, _shade(base, -30), (x - r + 2, y + r - 3, 2 * r, 5))
            if conifer:
                pts = [(x, y - r - 1), (x - r, y + r - 1), (x + r, y + r - 1)]
                pg.draw.polygon(s, (34, 78, 44), pts)
                pg.draw.polygon(s, (58, 108, 60), [(x, y - r - 1), (x - r + 2, y + r - 2), (x, y + r - 2)])
                pg.draw.line(s, (84, 60, 40), (x, y + r - 1), (x, y + r + 1))
            else:
                pg.draw.circle(s, (36, 76, 34), (x, y), r)
                pg.draw.circle(s, (62, 112, 48), (x - 1, y - 1), r - 2)
                pg.draw.circle(s, (96, 146, 70), (x - 2, y - 2), max(1, r - 4))
    elif kind == "mountain":
        _speckle(s, rng, base, 130, 14)
        peaks = [(16, 21, 11, 15)] if variant < 3 else [(10, 22, 8, 11), (22, 17, 8, 12)]
        if variant == 5:
            peaks = [(9, 14, 6, 8), (21, 27, 8, 10)]
        for cx, by, w, h in peaks:
            cx += rng.randint(-2, 2)
            top = (cx, by - h)
            light = [(cx - w, by), top, (cx + rng.randint(-1, 1), by)]
            dark = [top, (cx + w, by), (cx, by)]
            pg.draw.polygon(s, (222, 210, 186), light)
            pg.draw.polygon(s, (122, 104, 82), dark)
            pg.draw.lines(s, (80, 66, 52), False, [(cx - w, by), top, (cx + w, by)], 1)
            if h >= 11 and variant % 2 == 0:
                sn = h // 3
                pg.draw.polygon(s, (250, 250, 252), [top, (cx - sn, by - h + sn + 1), (cx + sn - 1, by - h + sn + 1)])
        for _ in range(3):
            s.set_at((rng.randrange(TILE), rng.randrange(TILE)), (110, 96, 80))
    elif kind == "desert":
        _speckle(s, rng, base, 120, 10)
        dark = _shade(base, -40)
        light = _shade(base, 22)
        for _ in range(rng.randint(2, 4)):
            x, y = rng.randint(1, 14), rng.randint(3, 26)
            w = rng.randint(12, 18)
            pg.draw.arc(s, light, (x, y - 1, w, 6), math.radians(10), math.radians(170), 1)
            pg.draw.arc(s, dark, (x, y, w, 6), math.radians(10), math.radians(170), 1)
        if variant == 4:
            x, y = rng.randint(8, 22), rng.randint(10, 22)
            pg.draw.line(s, (92, 130, 70), (x, y), (x, y + 7), 2)
            pg.draw.line(s, (92, 130, 70), (x - 3, y + 2), (x - 3, y + 4), 2)
            pg.draw.line(s, (92, 130, 70), (x - 3, y + 4), (x, y + 4))
        if variant == 5:
            for _ in range(3):
                pg.draw.circle(s, (168, 140, 98), (rng.randint(4, 27), rng.randint(4, 27)), 1)
    return s


def paint_river(pg, mask, rng):
    s = pg.Surface((TILE, TILE), pg.SRCALPHA)
    c = TILE // 2
    bank, water, shine = (38, 80, 122), (84, 150, 210), (170, 214, 244)
    corners = {3: (TILE, 0), 6: (TILE, TILE), 12: (0, TILE), 9: (0, 0)}
    if mask in corners:
        # a bend: a quarter circle around the corner between the two joined edges,
        # so a diagonal river reads as a meander rather than a staircase
        kx, ky = corners[mask]
        for y in range(TILE):
            for x in range(TILE):
                d = abs(math.hypot(x + 0.5 - kx, y + 0.5 - ky) - c)
                if d < 4:
                    s.set_at((x, y), water)
                elif d < 6:
                    s.set_at((x, y), bank)
        ang = math.atan2(c - ky, c - kx)
        px, py = kx + (c - 1) * math.cos(ang), ky + (c - 1) * math.sin(ang)
        pg.draw.circle(s, shine, (round(px), round(py)), 1)
        return s
    arms = [(1, (c, 0)), (2, (TILE, c)), (4, (c, TILE)), (8, (0, c))]
    for colour, width in ((bank, 12), (water, 8)):
        r = width // 2
        pg.draw.circle(s, colour, (c, c), r)
        for bit, (ex, ey) in arms:
            if mask & bit:
                rect = pg.Rect(0, 0, 0, 0)
                if bit in (1, 4):
                    rect = pg.Rect(c - r, min(c, ey), width, abs(ey - c))
                else:
                    rect = pg.Rect(min(c, ex), c - r, abs(ex - c), width)
                pg.draw.rect(s, colour, rect)
    for bit, (ex, ey) in arms:
        if mask & bit:
            mx, my = (c + ex) // 2, (c + ey) // 2
            if bit in (1, 4):
                pg.draw.line(s, shine, (mx - 1, my - 3), (mx - 1, my + 2))
            else:
                pg.draw.line(s, shine, (mx - 3, my - 1), (mx + 2, my - 1))
    if mask == 0:
        pg.draw.circle(s, bank, (c, c), 6)
        pg.draw.circle(s, water, (c, c), 4)
    return s


def paint_fringe(pg, kind, mask, rng):
    """`kind`'s texture along the masked edges, with a scalloped, outlined border."""
    src = paint_tile(pg, kind, 1 + mask % 3, rng)
    out = pg.Surface((TILE, TILE), pg.SRCALPHA)
    out.fill((0, 0, 0, 0))
    waves = {bit: (rng.uniform(-2.5, 2.5), rng.uniform(0, 2 * math.pi)) for bit in (1, 2, 4, 8)}

    def depth(bit, t):
        a, ph = waves[bit]
        return math.sin(math.pi * t) ** 0.7 * (10 + a * math.sin(4 * math.pi * t + ph))

    def inside(px, py):
        for bit in (1, 2, 4, 8):
            if not mask & bit:
                continue
            x, y = px + 0.5, py + 0.5
            if bit == 1 and y < depth(1, x / TILE):
                return True
            if bit == 4 and TILE - y < depth(4, x / TILE):
                return True
            if bit == 8 and x < depth(8, y / TILE):
                return True
            if bit == 2 and TILE - x < depth(2, y / TILE):
                return True
        return False

    grid = [[inside(x, y) for x in range(TILE)] for y in range(TILE)]
    edge = _shade(BASE[kind], -45)
    for y in range(TILE):
        for x in range(TILE):
            if not grid[y][x]:
                continue
            rim = any(0 <= x + dx < TILE and 0 <= y + dy < TILE and not grid[y + dy][x + dx]
                      for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            out.set_at((x, y), (*edge, 255) if rim else src.get_at((x, y)))
    return out


def tile_terrains() -> list[tuple[str, int]]:
    """(terrain, variant) of every tile id; rivers are ("river", mask), fringes ("fringe:<kind>", mask)."""
    out = []
    for kind, n in GROUND:
        out.extend((kind, v) for v in range(n))
    out.extend(("river", m) for m in range(16))
    for kind in FRINGE_KINDS:
        out.extend((f"fringe:{kind}", m) for m in range(1, 16))
    return out


def first_tile(kind: str) -> int:
    tid = 0
    for k, n in GROUND:
        if k == kind:
            return tid
        tid += n
    raise KeyError(kind)


def paint_tileset(path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame as pg
    pg.display.init()
    sheet = pg.Surface((COLUMNS * TILE, ROWS * TILE), pg.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for tid, (kind, v) in enumerate(tile_terrains()):
        rng = random.Random(f"{SEED}:{kind}:{v}")
        if kind == "river":
            img = paint_river(pg, v, rng)
        elif kind.startswith("fringe:"):
            img = paint_fringe(pg, kind[7:], v, rng)
        else:
            img = paint_tile(pg, kind, v, rng)
        sheet.blit(img, ((tid % COLUMNS) * TILE, (tid // COLUMNS) * TILE))
    pg.image.save(sheet, str(path))


# ----------------------------------------------------------------------------- XML writers
def _prop(name, value, ptype=None):
    t = f" type={quoteattr(ptype)}" if ptype else ""
    if isinstance(value, bool):
        value = "true" if value else "false"
    return f"    <property name={quoteattr(name)}{t} value={quoteattr(str(value))}/>"


def write_tsx(path: Path) -> None:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="{TILED_VERSION}" name="elfenland_terrain" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{TILECOUNT}" columns="{COLUMNS}">',
        f' <image source="{PNG_NAME}" width="{COLUMNS * TILE}" height="{ROWS * TILE}"/>',
    ]
    for tid, (kind, v) in enumerate(tile_terrains()):
        lines.append(f' <tile id="{tid}">')
        lines.append("  <properties>")
        conn = "".join(d for bit, d in ((1, "N"), (2, "E"), (4, "S"), (8, "W")) if v & bit)
        if kind == "river":
            lines.append(_prop("terrain", "river"))
            lines.append(_prop("connects", conn))
        elif kind.startswith("fringe:"):
            lines.append(_prop("edges", conn))
            lines.append(_prop("terrain", kind[7:]))
        else:
            lines.append(_prop("terrain", "lake" if kind == "lake_shore" else kind))
            lines.append(_prop("variant", v, "int"))
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _csv(grid) -> str:
    rows = [",".join(str(v) for v in row) for row in grid]
    return ",\n".join(rows)


def choose_tiles(terrain, rivers):
    """gid grids for the terrain and river layers (variants picked by a position hash)."""
    tgrid = [[0] * W for _ in range(H)]
    rgrid = [[0] * W for _ in range(H)]
    egrid = [[0] * W for _ in range(H)]
    e2grid = [[0] * W for _ in range(H)]
    counts = dict(GROUND)
    for y in range(H):
        for x in range(W):
            kind = terrain[y][x]
            if kind == "lake" and any(
                    0 <= x + dx < W and 0 <= y + dy < H and terrain[y + dy][x + dx] not in ("lake",)
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                kind = "lake_shore"
            h = random.Random(f"{SEED}:{x}:{y}").random()
            tgrid[y][x] = 1 + first_tile(kind) + int(h * counts[kind])
            if rivers[y][x]:
                rgrid[y][x] = 1 + RIVER_FIRST + rivers[y][x]
            # neighbours of a higher-priority land kind spill over this cell's edges;
            # the two highest kinds go to the two edge layers (the higher one on top)
            here = PRIORITY[terrain[y][x]]
            masks: dict[str, int] = {}
            for bit, dx, dy in ((1, 0, -1), (2, 1, 0), (4, 0, 1), (8, -1, 0)):
                if 0 <= x + dx < W and 0 <= y + dy < H:
                    other = terrain[y + dy][x + dx]
                    if other in FRINGE_KINDS and PRIORITY[other] > here:
                        masks[other] = masks.get(other, 0) | bit
            kinds = sorted(masks, key=PRIORITY.get)[-2:]
            for grid, kind in zip((egrid, e2grid) if len(kinds) == 2 else (e2grid,), kinds):
                grid[y][x] = 1 + FRINGE_FIRST + 15 * FRINGE_KINDS.index(kind) + masks[kind] - 1
    return tgrid, egrid, e2grid, rgrid


def write_tmx(path: Path, lines, tgrid, egrid, e2grid, rgrid) -> None:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Generated by tools/make_elfenland_map.py; may also be edited in Tiled (the game",
        "     reads this file). Re-running the tool overwrites hand edits. -->",
        f'<map version="1.10" tiledversion="{TILED_VERSION}" orientation="orthogonal" '
        f'renderorder="right-down" width="{W}" height="{H}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" backgroundcolor="#2c568c" nextlayerid="8" nextobjectid="{len(ROUTES) + len(TOWNS) + len(LAKES) + 1}">',
        " <properties>",
        _prop("generated_by", "tools/make_elfenland_map.py"),
        _prop("note", "Generated by the tool; may also be edited in Tiled. The game reads towns "
                      "(object layer 'towns'), routes ('routes') and lake labels ('labels') from here."),
        _prop("game", "elfenland"),
        " </properties>",
        f' <tileset firstgid="1" source="{TSX_NAME}"/>',
    ]
    for lid, name, grid in ((1, "terrain", tgrid), (2, "edges", egrid), (3, "edges_top", e2grid),
                            (4, "rivers", rgrid)):
        out.append(f' <layer id="{lid}" name="{name}" width="{W}" height="{H}">')
        out.append('  <data encoding="csv">')
        out.append(_csv(grid))
        out.append("</data>")
        out.append(" </layer>")

    oid = 1
    out.append(' <objectgroup id="5" name="routes" color="#6b4a2b">')
    for i, (kind, a, b) in enumerate(ROUTES):
        pts = lines[i]
        x0, y0 = round(pts[0][0]), round(pts[0][1])
        rel = " ".join(f"{round(x) - x0},{round(y) - y0}" for x, y in pts)
        out.append(f'  <object id="{oid}" name={quoteattr(f"{kind} {a}-{b}")} type="route" '
                   f'x="{x0}" y="{y0}">')
        out.append("   <properties>")
        out.append(_prop("a", a))
        out.append(_prop("b", b))
        if kind == "river":
            out.append(_prop("downstream", b))
        out.append(_prop("kind", kind))
        if kind == "lake":
            out.append(_prop("lake", lake_of(a, b)))
        out.append("   </properties>")
        out.append(f'   <polyline points="{rel}"/>')
        out.append("  </object>")
        oid += 1
    out.append(" </objectgroup>")

    out.append(' <objectgroup id="6" name="towns" color="#a01818">')
    for tid, en, zh, capital, card, (fx, fy) in TOWNS:
        out.append(f'  <object id="{oid}" name={quoteattr(tid)} type="town" '
                   f'x="{round(fx * PW)}" y="{round(fy * PH)}">')
        out.append("   <properties>")
        out.append(_prop("capital", capital, "bool"))
        out.append(_prop("name_en", en))
        out.append(_prop("name_zh", zh))
        out.append(_prop("town_card", card, "bool"))
        out.append("   </properties>")
        out.append("   <point/>")
        out.append("  </object>")
        oid += 1
    out.append(" </objectgroup>")

    out.append(' <objectgroup id="7" name="labels" color="#1848a0">')
    for key, (en, zh, shore_towns) in LAKES.items():
        gx = sum(town_px(t)[0] for t in shore_towns) / 3
        gy = sum(town_px(t)[1] for t in shore_towns) / 3
        out.append(f'  <object id="{oid}" name={quoteattr(key)} type="lake" '
                   f'x="{round(gx)}" y="{round(gy)}">')
        out.append("   <properties>")
        out.append(_prop("name_en", en))
        out.append(_prop("name_zh", zh))
        out.append("   </properties>")
        out.append("   <point/>")
        out.append("  </object>")
        oid += 1
    out.append(" </objectgroup>")
    out.append("</map>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def generate(out_dir: Path = MAPS) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = route_polylines()
    terrain, rivers = compute_grid(lines)
    tgrid, egrid, e2grid, rgrid = choose_tiles(terrain, rivers)
    paint_tileset(out_dir / PNG_NAME)
    write_tsx(out_dir / TSX_NAME)
    write_tmx(out_dir / TMX_NAME, lines, tgrid, egrid, e2grid, rgrid)
    return out_dir / TMX_NAME


# ----------------------------------------------------------------------------- preview
KIND_COLOURS = {
    "plain": (214, 236, 150), "forest": (40, 110, 50), "mountain": (150, 120, 90),
    "desert": (240, 200, 90), "river": (60, 140, 220), "lake": (250, 250, 255),
}


def render_preview(out: Path, tmx: Path | None = None, scale: float = 1.0) -> Path:
    """Draw the map as the game would see it (tile layers, routes, towns, names) to a PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame as pg
    from pytmx.util_pygame import load_pygame
    import pytmx

    from game.core.paths import resource_path
    from game.elfenland.board import load_board

    tmx = Path(tmx) if tmx else resource_path("maps", TMX_NAME)
    pg.display.init()
    pg.font.init()
    if pg.display.get_surface() is None:
        pg.display.set_mode((1, 1))
    tm = load_pygame(str(tmx))
    surf = pg.Surface((tm.width * tm.tilewidth, tm.height * tm.tileheight))
    surf.fill((44, 86, 140))
    for layer in tm.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, img in layer.tiles():
                surf.blit(img, (x * tm.tilewidth, y * tm.tileheight))
    board = load_board(str(tmx))
    font_path = str(resource_path("assets", "fonts", "NotoSansCJKtc-Regular.otf"))
    f_en = pg.font.Font(font_path, 15)
    f_zh = pg.font.Font(font_path, 17)
    f_lake = pg.font.Font(font_path, 20)

    for r in board.routes:
        pts = [(round(x), round(y)) for x, y in r.points]
        if r.kind == "lake":
            _dashed(pg, surf, pts, (245, 250, 255), 3, 10, 8)
        elif r.kind == "river":
            # an arrow in the middle, pointing downstream
            mid = len(pts) // 2
            (x0, y0), (x1, y1) = pts[mid - 1], pts[mid]
            ang = math.atan2(y1 - y0, x1 - x0)
            ux, uy = math.cos(ang), math.sin(ang)
            tip = ((x0 + x1) / 2 + 13 * ux, (y0 + y1) / 2 + 13 * uy)
            back = (tip[0] - 26 * ux, tip[1] - 26 * uy)
            left = (back[0] - 7 * uy, back[1] + 7 * ux)
            right = (back[0] + 7 * uy, back[1] - 7 * ux)
            pg.draw.polygon(surf, (235, 245, 255), [tip, left, right])
            pg.draw.polygon(surf, (20, 50, 90), [tip, left, right], 2)
        else:
            pg.draw.lines(surf, (60, 40, 24), False, pts, 7)
            _dashed(pg, surf, pts, (246, 232, 196), 3, 12, 6)
            mx, my = _midpoint(r.points)
            pg.draw.circle(surf, (40, 30, 20), (round(mx), round(my)), 9)
            pg.draw.circle(surf, KIND_COLOURS[r.kind], (round(mx), round(my)), 7)

    for lake in board.lakes.values():
        _label(pg, surf, f_lake, f"{lake.name_zh}  {lake.name_en}", (lake.x, lake.y),
               (230, 244, 255), None)

    for t in board.towns.values():
        x, y = round(t.x), round(t.y)
        r = 15 if t.capital else 11
        pg.draw.circle(surf, (40, 24, 14), (x, y + 2), r + 2)
        pg.draw.circle(surf, (236, 196, 80) if t.capital else (196, 60, 48), (x, y), r)
        pg.draw.circle(surf, (255, 240, 200), (x - 3, y - 3), r // 3)
        _label(pg, surf, f_zh, t.name_zh, (x, y + r + 12), (30, 20, 10), (250, 240, 214))
        _label(pg, surf, f_en, t.name_en, (x, y + r + 32), (30, 20, 10), (250, 240, 214))

    if scale != 1.0:
        surf = pg.transform.smoothscale(surf, (round(surf.get_width() * scale),
                                               round(surf.get_height() * scale)))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pg.image.save(surf, str(out))
    return out


def _midpoint(points):
    segs = list(zip(points, points[1:]))
    total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in segs)
    half = total / 2
    for a, b in segs:
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        if d >= half and d > 0:
            t = half / d
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= d
    return points[-1]


def _dashed(pg, surf, pts, colour, width, dash, gap):
    dense = _densify(pts, 1.0)
    period = dash + gap
    for i in range(0, len(dense) - dash, period):
        pg.draw.line(surf, colour, dense[i], dense[i + dash], width)


def _label(pg, surf, font, text, centre, colour, plate):
    img = font.render(text, True, colour)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    if plate:
        bg = pg.Surface((rect.width + 8, rect.height), pg.SRCALPHA)
        bg.fill((*plate, 215))
        surf.blit(bg, (rect.x - 4, rect.y))
    else:
        shadow = font.render(text, True, (20, 40, 70))
        surf.blit(shadow, rect.move(1, 1))
    surf.blit(img, rect)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out-dir", type=Path, default=MAPS, help="where to write the map (default maps/)")
    ap.add_argument("--preview", type=Path, metavar="PNG",
                    help="only render the existing map to this PNG (no regeneration)")
    ap.add_argument("--scale", type=float, default=1.0, help="preview scale (default 1)")
    args = ap.parse_args(argv)
    if args.preview:
        tmx = args.out_dir / TMX_NAME if args.out_dir != MAPS else None
        print(render_preview(args.preview, tmx, args.scale))
        return 0
    print(generate(args.out_dir))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
