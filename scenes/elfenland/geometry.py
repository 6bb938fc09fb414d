"""Plane geometry of the Elfenland map (map pixels): points along a road, distances to a road."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

SEA = (44, 86, 140)
ROAD_DARK = (58, 38, 22)
ROAD_LIGHT = (246, 232, 196)
FERRY = (246, 250, 255)


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


def near_poly(p, points, d: float) -> bool:
    """poly_dist(p, points) < d, without a square root, stopping at the first segment that near
    (placing the town names at each zoom asks this some hundred thousand times)."""
    px_, py_ = p
    d2 = d * d
    ax, ay = points[0]
    for bx, by in points[1:]:
        dx, dy = bx - ax, by - ay
        L = dx * dx + dy * dy
        t = 0.0 if L == 0 else max(0.0, min(1.0, ((px_ - ax) * dx + (py_ - ay) * dy) / L))
        ex, ey = px_ - ax - t * dx, py_ - ay - t * dy
        if ex * ex + ey * ey < d2:
            return True
        ax, ay = bx, by
    return False


@dataclass
class TownLabel:
    rect: pygame.Rect     # in zoomed-map pixels
    side: str             # where the label sits: below / above / right / left
