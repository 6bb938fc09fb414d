"""A ladder between two bot levels: level A in one seat and level B in all the others, A rotated
through every seat, so that what A wins is measured against what a seat wins anyway.

Used by tools/ladder.py and by a game's balance tool. For a game with roles (spec.roles: a
party, a camp) A is also compared with the B seats that played the same role, since a role's
chance to win is its own (a camp wins together; a Politician alone)."""
from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Optional

from .selfplay import game_seeds, play_one
from .spec import GameSpec


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a win rate (Wilson's score interval)."""
    if n <= 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_seeds(text: str) -> list[int]:
    """'1-4' or '1,3,5' as a list of seeds."""
    try:
        if "-" in text.strip("-"):
            a, b = (int(x) for x in text.split("-", 1))
            seeds = list(range(a, b + 1))
        else:
            seeds = [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(f"--seeds takes a range like 1-4 or a list like 1,3,5, not {text!r}") from None
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError(f"--seeds needs at least one seed and no seed twice, not {text!r}")
    return seeds


@dataclass
class LadderResult:
    game: str
    n_players: int
    strong: str
    weak: str
    games: int = 0
    strong_wins: float = 0.0      # games A won (a tie of k winners counts 1/k)
    weak_wins: float = 0.0        # the same, over all the B seats
    roles: dict = field(default_factory=dict)   # role -> {"strong": [won, seats], "weak": [won, seats]}

    @property
    def strong_rate(self) -> float:
        return self.strong_wins / self.games if self.games else 0.0

    @property
    def fair(self) -> float:
        return 1.0 / self.n_players

    @property
    def ratio(self) -> float:
        return self.strong_rate / self.fair

    def interval(self) -> tuple[float, float]:
        return wilson(self.strong_wins, self.games)

    def summary(self) -> str:
        """The measured level's share of wins with its 95 % interval, and against the fair share:
        the line every ladder tool prints."""
        lo, hi = self.interval()
        return (f"{100 * self.strong_rate:.1f} % (95 % interval {100 * lo:.1f}-{100 * hi:.1f}), "
                f"fair share {100 * self.fair:.1f} %: {self.ratio:.2f}x fair "
                f"({lo / self.fair:.2f}-{hi / self.fair:.2f})")

    def cell(self, role, side: str) -> list:
        """[won, seats] of `side` ("strong" or "weak") in `role`, made empty on first use."""
        return self.roles.setdefault(role, {"strong": [0, 0], "weak": [0, 0]})[side]


def pooled(results: list[LadderResult]) -> LadderResult:
    """The ladders of several seeds as one: their games, wins and role cells added up (a larger
    sample than any one seed's 400 games, whose figure can read high or low by luck)."""
    first = results[0]
    out = LadderResult(first.game, first.n_players, first.strong, first.weak)
    for r in results:
        if (r.game, r.n_players, r.strong, r.weak) != (out.game, out.n_players, out.strong, out.weak):
            raise ValueError("only ladders of the same game, table and levels can be pooled")
        out.games += r.games
        out.strong_wins += r.strong_wins
        out.weak_wins += r.weak_wins
        for role, cells in r.roles.items():
            for side, (won, seats) in cells.items():
                mine = out.cell(role, side)
                mine[0] += won
                mine[1] += seats
    return out


def _one(job: tuple) -> dict:
    spec_key, seed, levels, options = job
    from game.registry import GAMES
    spec = GAMES[spec_key]
    match, finished = play_one(spec, levels, seed, options)
    state = match.state
    winners = state.winners() if finished else []
    roles = spec.roles(state.view(None)) if spec.roles else None
    return {"winners": winners, "roles": roles, "levels": list(levels)}


def ladder(spec: GameSpec, n_players: int, games: int, seed: int, strong: str, weak: str,
           options: Optional[dict] = None, workers: int = 2) -> LadderResult:
    """`games` games of `strong` in seat g % n against `weak` everywhere else."""
    jobs = []
    for i, s in enumerate(game_seeds(seed, games)):
        levels = [weak] * n_players
        levels[i % n_players] = strong
        jobs.append((spec.key, s, levels, options or {}))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_one, jobs, chunksize=8))
    else:
        results = [_one(j) for j in jobs]
    out = LadderResult(spec.key, n_players, strong, weak)
    for i, g in enumerate(results):
        out.games += 1
        winners = g["winners"]
        for s in range(n_players):
            won = (1.0 / len(winners)) if s in winners else 0.0
            side = "strong" if s == i % n_players else "weak"
            if side == "strong":
                out.strong_wins += won
            else:
                out.weak_wins += won
            if g["roles"]:
                cell = out.cell(g["roles"][s], side)
                cell[0] += s in winners      # a role's chance: every winning member counts
                cell[1] += 1
    return out
