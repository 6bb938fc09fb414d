"""The coach's chance to win, made a probability: the search's mean (a rollout value) through a
mapping fitted per game and table size on self-play played out to the end (tools/calibrate_coach.py
fit), kept in assets/data/coach_calibration.json with how it was made.

Two forms of map: a rising piecewise-straight one (isotonic, per table size where there were
enough positions, else the game's sizes pooled), and for a game whose value means less early in
the game than late (Elfenland's is the margin a tour search expects at the end of the round: after
round 1 of 4 it says little of who wins), a logistic one in the value, the stage of the game and
the table size."""
from __future__ import annotations

import json
import math
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


def stage_of(view: dict) -> Optional[float]:
    """How far the game is, 0 at its first round and 1 at its last, from a view that counts rounds
    (None: it does not)."""
    rounds = view.get("rounds") or view.get("max_rounds")
    if not isinstance(view.get("round"), int) or not isinstance(rounds, int) or rounds < 2:
        return None
    return min(1.0, max(0.0, (view["round"] - 1) / (rounds - 1)))


def features(value: float, n_players: int, stage: Optional[float]) -> tuple:
    """The logistic map's inputs: 1, the value's logit, the stage, their product, ln(table size)."""
    v = min(max(value, 0.005), 0.995)
    x = math.log(v / (1 - v))
    s = 0.5 if stage is None else stage
    return (1.0, x, s, x * s, math.log(max(2, n_players)))


def calibrated(table: Optional[dict], game: str, n_players: int, value: float,
               stage: Optional[float] = None) -> float:
    """The chance to win the search's (steadied) mean `value` stands for at this game, table size
    (and stage of the game, for a logistic map), or `value` itself where nothing was fitted."""
    if not table:
        return value
    entry = table.get("games", {}).get(game)
    if not entry:
        return value
    if entry.get("logistic"):
        z = sum(w * f for w, f in zip(entry["logistic"], features(value, n_players, stage)))
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
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


def fit_table(points_by: dict, how: dict, least: int = 12, least_per_size: int = 150,
              logistic: tuple = (), by_size: Optional[tuple] = None, unmapped: tuple = ()) -> dict:
    """The table from {(game, n_players): [(value, realised, stage), ...]}: per game all sizes
    pooled, and per size where it has `least_per_size` points (for the games in `by_size`, if
    given: a camp game's value is a share of a win, whose size goes with the table's); the games in
    `logistic` get the logistic map in the value, the stage and the table size instead; the games
    in `unmapped` no map at all (their number stays the search's, counted but not fitted)."""
    games: dict = {}
    for (game, n), pts in sorted(points_by.items()):
        entry = games.setdefault(game, {"all": [], "sizes": {}, "points": {}})
        entry["points"][str(n)] = len(pts)
        if game in unmapped:
            continue
        if len(pts) >= least_per_size and (by_size is None or game in by_size):
            entry["sizes"][str(n)] = knots_of([p[:2] for p in pts], least)
    for game, entry in games.items():
        if game in unmapped:
            continue
        pts = [p[:2] for (g, _), ps in points_by.items() if g == game for p in ps]
        entry["all"] = knots_of(pts, least)
        if game in logistic:
            rows = [(features(v, n, st), y) for (g, n), ps in points_by.items() if g == game for v, y, st in ps]
            entry["logistic"] = [round(w, 4) for w in fit_logistic(rows)]
    return {"how": how, "games": games}


def fit_logistic(rows: list, steps: int = 40, ridge: float = 1e-3) -> list:
    """Weights w of the logistic map sigmoid(w . x) closest (log loss, a little ridge) to the shares
    won, [(x, share), ...], by Newton's method."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in rows:
            q = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))
            for i in range(k):
                grad[i] += (y - q) * x[i]
                for j in range(k):
                    hess[i][j] += q * (1 - q) * x[i] * x[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(d) for d in step) < 1e-7:
            break
    return w


def solve(a: list, b: list) -> list:
    """x with a x = b (Gauss-Jordan with partial pivoting; a small, well-conditioned system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for cc in range(c, n + 1):
                    m[r][cc] -= f * m[c][cc]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]
