"""The Elfenland board read from the Tiled map maps/elfenland.tmx (pure Python, no pygame).

The TMX is the single source of truth for the board: towns (object layer
"towns": id = object name, properties name_en, name_zh, capital, town_card),
routes (object layer "routes": polylines with properties kind, a, b, and
downstream for rivers, lake for ferries) and lake labels (object layer
"labels"). Edit it in Tiled or regenerate it with tools/make_elfenland_map.py.

    board = load_board()
    board.towns["Elvenhold"].name_zh        # "精靈堡"
    board.neighbours("Elvenhold")           # sorted town ids one route away
    board.shortest_distance("Elvenhold", "Usselen")   # hops (any kind of route)
"""
from __future__ import annotations

import logging
import sys
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from game.core.paths import resource_path

MAP_FILE = ("maps", "elfenland.tmx")
LAND_KINDS = ("plain", "forest", "mountain", "desert")
WATER_KINDS = ("river", "lake")
ROUTE_KINDS = LAND_KINDS + WATER_KINDS


class BoardError(ValueError):
    """The map file does not describe a usable board (missing layer, unknown town, ...)."""


@dataclass(frozen=True)
class Town:
    id: str
    name_en: str
    name_zh: str
    capital: bool
    town_card: bool
    x: float
    y: float

    @property
    def names(self) -> dict[str, str]:
        """{"zh_TW": ..., "en": ...}, the shape Translator.name() takes."""
        return {"zh_TW": self.name_zh, "en": self.name_en}


@dataclass(frozen=True)
class Route:
    id: int                      # the Tiled object id (unique in the map, stable under edits)
    kind: str                    # plain / forest / mountain / desert / river / lake
    a: str
    b: str
    downstream: str | None       # rivers: the town the water flows to (a or b)
    lake: str | None             # ferries: the lake's label id
    points: tuple[tuple[float, float], ...]

    @property
    def is_water(self) -> bool:
        return self.kind in WATER_KINDS

    def other(self, town: str) -> str:
        if town == self.a:
            return self.b
        if town == self.b:
            return self.a
        raise ValueError(f"{town!r} is not an end of route {self.id}")

    def is_downstream(self, start: str) -> bool:
        """Travelling from `start` along this river goes with the current."""
        return self.kind == "river" and self.downstream == self.other(start)


@dataclass(frozen=True)
class Lake:
    id: str
    name_en: str
    name_zh: str
    x: float
    y: float

    @property
    def names(self) -> dict[str, str]:
        return {"zh_TW": self.name_zh, "en": self.name_en}


@dataclass(frozen=True)
class Board:
    width: int                   # map size in pixels
    height: int
    towns: dict[str, Town]       # in map order
    routes: tuple[Route, ...]    # sorted by id
    lakes: dict[str, Lake]
    adjacency: dict[str, tuple[int, ...]] = field(repr=False)   # town -> ids of routes touching it

    @property
    def capital(self) -> str:
        return next(t.id for t in self.towns.values() if t.capital)

    def route(self, route_id: int) -> Route:
        for r in self.routes:
            if r.id == route_id:
                return r
        raise KeyError(route_id)

    def routes_from(self, town: str) -> list[Route]:
        by_id = {r.id: r for r in self.routes}
        return [by_id[i] for i in self.adjacency[town]]

    def routes_between(self, a: str, b: str) -> list[Route]:
        return [r for r in self.routes_from(a) if r.other(a) == b]

    def neighbours(self, town: str) -> list[str]:
        if town not in self.towns:
            raise KeyError(town)
        return sorted({r.other(town) for r in self.routes_from(town)})

    def shortest_distance(self, a: str, b: str) -> int:
        """Fewest routes (of any kind) from a to b; -1 if b cannot be reached."""
        return self.distances_from(a).get(b, -1)

    def distances_from(self, start: str) -> dict[str, int]:
        if start not in self.towns:
            raise KeyError(start)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.neighbours(here):
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist


def _import_pytmx():
    """pytmx, imported without letting it pull in pygame when pygame is not loaded yet.

    pytmx's package __init__ tries `import pygame` (for load_pygame and type
    hints). The engine layer must stay pygame-free (headless selfplay), so the
    import is made with pygame blocked; `pytmx.load_pygame` is then provided
    lazily for code that loads pygame later.
    """
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx
        return pytmx
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    # pytmx logs the blocked import as an error; here it is intended, so keep it out of stderr.
    quiet = [logging.getLogger(f"pytmx.{m}") for m in ("util_pygame", "util_pygame_sdl2")]
    for lg in quiet:
        lg.disabled = True
    try:
        import pytmx
    finally:
        for lg in quiet:
            lg.disabled = False
        if sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    if not hasattr(pytmx, "load_pygame"):
        def __getattr__(name):
            if name == "load_pygame":
                from pytmx.util_pygame import load_pygame
                return load_pygame
            raise AttributeError(f"module 'pytmx' has no attribute {name!r}")
        pytmx.__getattr__ = __getattr__
    return pytmx


def map_path() -> Path:
    return resource_path(*MAP_FILE)


def load_board(path: str | Path | None = None) -> Board:
    """Read the board from a TMX file (default maps/elfenland.tmx).

    Cached per path and file version (modification time and size), so an edited
    file is read again.
    """
    resolved = Path(path).resolve() if path else map_path()
    st = resolved.stat()
    return _load(str(resolved), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=8)
def _load(path: str, _mtime_ns: int = 0, _size: int = 0) -> Board:
    pytmx = _import_pytmx()
    try:
        tm = pytmx.TiledMap(path)
    except FileNotFoundError:
        raise
    except Exception as exc:  # pytmx raises plain Exceptions / XML errors
        raise BoardError(f"cannot read Elfenland map {path}: {exc}") from exc

    def group(name):
        try:
            return tm.get_layer_by_name(name)
        except ValueError:
            raise BoardError(f"{path}: object layer {name!r} is missing") from None

    towns: dict[str, Town] = {}
    for obj in group("towns"):
        p = obj.properties
        if not obj.name or obj.name in towns:
            raise BoardError(f"{path}: town object {obj.id} has an empty or repeated name")
        towns[obj.name] = Town(
            id=obj.name,
            name_en=str(p.get("name_en") or obj.name),
            name_zh=str(p.get("name_zh") or p.get("name_en") or obj.name),
            capital=bool(p.get("capital", False)),
            town_card=bool(p.get("town_card", False)),
            x=float(obj.x), y=float(obj.y))

    lakes: dict[str, Lake] = {}
    try:
        labels = tm.get_layer_by_name("labels")
    except ValueError:
        labels = []
    for obj in labels:
        if (obj.type or "") == "lake" and obj.name:
            p = obj.properties
            lakes[obj.name] = Lake(obj.name, str(p.get("name_en") or obj.name),
                                   str(p.get("name_zh") or p.get("name_en") or obj.name),
                                   float(obj.x), float(obj.y))

    routes = []
    for obj in group("routes"):
        p = obj.properties
        kind, a, b = p.get("kind"), p.get("a"), p.get("b")
        where = f"{path}: route object {obj.id} ({obj.name})"
        if kind not in ROUTE_KINDS:
            raise BoardError(f"{where}: kind must be one of {', '.join(ROUTE_KINDS)}, not {kind!r}")
        if a not in towns or b not in towns or a == b:
            raise BoardError(f"{where}: ends {a!r} and {b!r} must be two different towns")
        down = p.get("downstream") or None
        if kind == "river" and down not in (a, b):
            raise BoardError(f"{where}: a river needs downstream = {a!r} or {b!r}, not {down!r}")
        if kind != "river":
            down = None
        pts = getattr(obj, "points", None)
        points = tuple((float(q.x), float(q.y)) for q in pts) if pts else (
            (towns[a].x, towns[a].y), (towns[b].x, towns[b].y))
        routes.append(Route(int(obj.id), kind, a, b, down,
                            (p.get("lake") or None) if kind == "lake" else None, points))
    routes.sort(key=lambda r: r.id)

    capitals = [t.id for t in towns.values() if t.capital]
    if len(capitals) != 1:
        raise BoardError(f"{path}: exactly one town must be the capital, found {capitals}")
    adjacency: dict[str, list[int]] = {t: [] for t in towns}
    for r in routes:
        adjacency[r.a].append(r.id)
        adjacency[r.b].append(r.id)
    return Board(width=tm.width * tm.tilewidth, height=tm.height * tm.tileheight,
                 towns=towns, routes=tuple(routes), lakes=lakes,
                 adjacency={t: tuple(ids) for t, ids in adjacency.items()})
