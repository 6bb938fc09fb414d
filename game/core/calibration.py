"""The coach's chance to win, made a probability: the search's mean (a rollout value) through a
mapping fitted per game and table size on self-play played out to the end (tools/calibrate_coach.py
fit), kept in assets/data/coach_calibration.json with how it was made."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

PATH = Path(__file__).resolve().parents[2] / "assets" / "data" / "coach_calibration.json"
_cache: dict = {}


def load_calibration(path: Path = PATH) -> Optional[dict]:
    """The fitted table, or None when there is none (the chance is then the search's raw mean)."""
    key = str(path)
    if key not in _cache:
        try:
            _cache[key] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _cache[key] = None
    return _cache[key]


def save_calibration(table: dict, path: Path = PATH) -> None:
    path.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    _cache.pop(str(path), None)


def calibrated(table: Optional[dict], game: str, n_players: int, value: float) -> float:
    """The chance to win the search's (steadied) mean `value` stands for at this game and table
    size: the fitted map's straight lines between its knots, or `value` itself where nothing was
    fitted."""
    if not table:
        return value
    entry = table.get("games", {}).get(game)
    if not entry:
        return value
    knots = entry.get("sizes", {}).get(str(n_players)) or entry.get("all")
    if not knots:
        return value
    return between(knots, value)


def between(knots: list, x: float) -> float:
    """The piecewise-straight map through knots [[x, y], ...] (x rising), flat beyond the ends."""
    if x <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return knots[-1][1]


def isotonic(points: list) -> list:
    """Pool-adjacent-violators: the rising step map closest (least squares) to [(x, y), ...], as
    blocks [x mean, y mean, count]."""
    blocks: list = []
    for x, y in sorted(points):
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] >= blocks[-1][1]:
            x1, y1, n1 = blocks.pop()
            x0, y0, n0 = blocks.pop()
            n = n0 + n1
            blocks.append([(x0 * n0 + x1 * n1) / n, (y0 * n0 + y1 * n1) / n, n])
    return blocks


def knots_of(points: list, least: int = 12) -> list:
    """Knots of the isotonic fit, small blocks merged with a neighbour until each rests on `least`
    points (a step on three positions is noise), and the ends of the scale, 0 and 1."""
    blocks = isotonic(points)
    merged: list = []
    for b in blocks:
        if merged and (merged[-1][2] < least):
            x0, y0, n0 = merged.pop()
            n = n0 + b[2]
            b = [(x0 * n0 + b[0] * b[2]) / n, (y0 * n0 + b[1] * b[2]) / n, n]
        merged.append(b)
    if len(merged) > 1 and merged[-1][2] < least:
        x1, y1, n1 = merged.pop()
        x0, y0, n0 = merged.pop()
        n = n0 + n1
        merged.append([(x0 * n0 + x1 * n1) / n, (y0 * n0 + y1 * n1) / n, n])
    knots = [[round(x, 4), round(y, 4)] for x, y, _ in merged]
    # Beyond the data, straight on to a sure loss at 0 and a sure win at 1: the map keeps rising,
    # so two moves the search tells apart are never shown the same (a review's drop stays a drop).
    if knots and knots[0][0] > 0:
        knots.insert(0, [0.0, 0.0])
    if knots and knots[-1][0] < 1:
        knots.append([1.0, 1.0])
    return knots


def fit_table(points_by: dict, how: dict, least: int = 12, least_per_size: int = 150) -> dict:
    """The table from {(game, n_players): [(value, realised), ...]}: per game all sizes pooled, and
    per size where it has `least_per_size` points."""
    games: dict = {}
    for (game, n), pts in sorted(points_by.items()):
        entry = games.setdefault(game, {"all": [], "sizes": {}, "points": {}})
        entry["points"][str(n)] = len(pts)
        if len(pts) >= least_per_size:
            entry["sizes"][str(n)] = knots_of(pts, least)
    for game, entry in games.items():
        pts = [p for (g, _), ps in points_by.items() if g == game for p in ps]
        entry["all"] = knots_of(pts, least)
    return {"how": how, "games": games}
