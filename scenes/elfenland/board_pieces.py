"""What lies on the Elfenland map, as pieces: the counter and the obstacle on each road, a town's
markers (one piece per town, which also answers for the town), and the elf boots.

A map piece remembers where it stands on the map, so after a zoom or a pan it finds its place
again, and a piece in motion follows the map while it travels (a boot along its road, a counter
flying onto its road).
"""
from __future__ import annotations

import math
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Callable, Optional

import pygame

from ..ui.piece import Piece
from ..ui.tween import Tween, ease_in_out
from . import sprites as art
from . import tips

if TYPE_CHECKING:
    from .board import BoardPanel

MARKERS_TOTAL = 20


class MapPiece(Piece):
    """A piece standing on the map: `kind` is what it is ("counter", "obstacle", "town", "boot")."""

    def __init__(self, key, kind: str, face: pygame.Surface, back: Optional[pygame.Surface] = None, **kw) -> None:
        super().__init__(key, face, back, **kw)
        self.kind = kind
        self.what = None                 # the transport of a counter, the seat of a boot or obstacle
        self.anchor = "center"           # a boot stands on its town by the middle of its sole
        self.spot = (0.0, 0.0)           # map point of the anchor

    def rect_at(self, point: tuple[int, int]) -> pygame.Rect:
        return self.current().get_rect(**{self.anchor: point})


@lru_cache(maxsize=16)
def _blank(size: int) -> pygame.Surface:
    """A town's piece is the room around its plaque (the plaque and its markers are map art)."""
    return pygame.Surface((size, size), pygame.SRCALPHA)


def screen_point(board: BoardPanel, spot: tuple[float, float]) -> tuple[int, int]:
    """A map point in window pixels, rounded in the viewport as the map picture is."""
    x, y = board.bv.local(*spot)
    return round(x) + board.bv.rect.x, round(y) + board.bv.rect.y


def build(board: BoardPanel) -> None:
    """Every piece on the map, from the view."""
    v, t, scene = board.view, board.t, board.scene
    board.pieces.empty()
    for rid, kind in v["counters"].items():
        r = int(rid)
        p = MapPiece(("counter", r), "counter", _face(board, "counter", kind), layer=0,
                     tip=partial(tips.road_counter, kind, r, rid in v["obstacles"], t))
        p.what, p.spot = kind, board.bv.counter_at(r)
        board.pieces.add(p)
    for rid, seat in v["obstacles"].items():
        r = int(rid)
        p = MapPiece(("obstacle", r), "obstacle", _face(board, "obstacle", seat), layer=1,
                     tip=partial(tips.road_obstacle, scene.name(seat), r, t))
        p.what, p.spot = seat, board.bv.obstacle_at(r)
        board.pieces.add(p)
    for tid, town in board.bv.board.towns.items():
        waiting = [scene.name(s) for s in v["town_markers"].get(tid, [])]
        reach = tid in scene.legal.reach
        p = MapPiece(("town", tid), "town", _face(board, "town", town.capital), layer=2,
                     tip=partial(tips.town, tid, town.capital, waiting, t, reach))
        p.what, p.spot = tid, (town.x, town.y)
        p.glowing = reach
        board.pieces.add(p)
    by_town: dict[str, list[int]] = {}
    for pl in v["players"]:
        by_town.setdefault(pl["boot"], []).append(pl["seat"])
    for town, seats in by_town.items():
        for i, s in enumerate(seats):
            pl = v["players"][s]
            p = MapPiece(("boot", s), "boot", _face(board, "boot", s), layer=3,
                         tip=partial(tips.boot, scene.name(s), town, pl["markers"], MARKERS_TOTAL, pl["cards"], t))
            p.what, p.anchor, p.spot = s, "midbottom", board.bv.boot_anchor(town, i, len(seats))
            board.pieces.add(p)
    sync(board, faces=False)


def _face(board: BoardPanel, kind: str, what) -> pygame.Surface:
    bv = board.bv
    if kind == "counter":
        return art.counter_tile(what, bv.counter_size())
    if kind == "obstacle":
        return art.obstacle_tile(int(bv.counter_size() * 0.9))
    if kind == "boot":
        return art.boot(what, bv.boot_size(), board.fonts)
    return _blank(2 * bv.marker_room(what))


def sync(board: BoardPanel, faces: bool = True) -> None:
    """After a zoom (new sizes) or a pan: every piece back on its map point."""
    bv = board.bv
    for p in board.pieces.sprites():
        if not isinstance(p, MapPiece):
            continue
        if faces:
            if p.kind == "counter":
                p.spot = bv.counter_at(p.key[1])
            elif p.kind == "obstacle":
                p.spot = bv.obstacle_at(p.key[1])
            elif p.kind == "boot":
                p.spot = _boot_spot(board, p.what)
            what = bv.board.towns[p.what].capital if p.kind == "town" else p.what
            p.face = _face(board, p.kind, what)
            if p.back is not None and p.kind == "counter":
                p.back = art.counter_back(bv.counter_size())
        r = p.rect_at(screen_point(board, p.spot))
        p.place(r.center)


def _boot_spot(board: BoardPanel, seat: int) -> tuple[float, float]:
    v = board.view
    town = v["players"][seat]["boot"]
    seats = [pl["seat"] for pl in v["players"] if pl["boot"] == town]
    return board.bv.boot_anchor(town, seats.index(seat), len(seats))


# -- travelling on the map --------------------------------------------------------------------
def _along(points: list, k: float) -> tuple[float, float]:
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    left = k * (sum(lengths) or 1.0)
    for (a, b), d in zip(zip(points, points[1:]), lengths):
        if left <= d and d > 0:
            f = left / d
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        left -= d
    return points[-1]


def walk(board: BoardPanel, piece: MapPiece, points: list, duration: float,
         done: Optional[Callable[[], None]] = None) -> Tween:
    """A boot walks a road (map points, from its old town to its new one), then stands in its place."""
    def step(k: float) -> None:
        if k >= 1.0:
            piece.place(piece.home)
            return
        e = k * k * (3 - 2 * k)
        piece.move_centre(piece.rect_at(screen_point(board, _along(points, e))).center)
    step(0.0)
    return board.scene.tweens.add(Tween(piece, duration, step, done))


def fly_on(board: BoardPanel, piece: MapPiece, start: tuple[int, int], duration: float, arc: float = 0.2,
           done: Optional[Callable[[], None]] = None) -> Tween:
    """A piece flies from a window point (a seat's row, your counters) onto its place on the map;
    the place follows the map if it is panned meanwhile."""
    def step(k: float) -> None:
        end = piece.rect_at(screen_point(board, piece.spot)).center
        if k >= 1.0:
            piece.place(end)
            return
        e = ease_in_out(k)
        lift = arc * math.hypot(end[0] - start[0], end[1] - start[1])
        piece.move_centre((start[0] + (end[0] - start[0]) * e,
                           start[1] + (end[1] - start[1]) * e - lift * math.sin(math.pi * e)))
    piece.move_centre(start)
    return board.scene.tweens.add(Tween(piece, duration, step, done))
