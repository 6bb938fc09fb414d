"""Bots-only matches, headless and deterministic for a seed (no pygame).

Used by ``main.py --selfplay``, by tools/bench.py and by the tests.

Every game of a run gets its own seed drawn from ``random.Random(seed)``, so a
run with the same game, players, games, levels and seed gives exactly the same
results. A game's bots are seeded from that game's seed (see Match).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from .match import Match, Seat
from .spec import GameSpec

# A game that has not ended after this many actions is stopped and counted as
# having no winner (an engine bug or an endless loop of bots).
MAX_ACTIONS = 100_000


class SelfplayError(ValueError):
    """A selfplay request that cannot run; the message is meant for people."""


@dataclass
class SelfplayResult:
    game: str
    n_players: int
    levels: list[str]
    seed: int
    games: int = 0
    wins: list[int] = field(default_factory=list)        # games each seat was among the winners
    shares: list[float] = field(default_factory=list)    # wins shared: a tie of k winners gives each 1/k
    no_winner: int = 0                                     # games that ended with nobody winning
    stopped: int = 0                                       # games cut off at MAX_ACTIONS (also in no_winner)
    actions: int = 0                                       # actions applied over all games
    seconds: float = 0.0
    winners: list[list[int]] = field(default_factory=list)  # per game, in order
    role_shares: dict = field(default_factory=dict)          # per role (spec.roles), wins shared as above
    role_games: dict = field(default_factory=dict)           # seats that played each role, over all games
    role_wins: dict = field(default_factory=dict)            # of those, seats among the winners (team games)

    def role_rows(self) -> list[tuple[str, int, float, float, float]]:
        """(role, seats played, wins shared, ratio to a fair share, share of its seats that won) per role.

        The last figure is what a team game is balanced on: the chance that a seat dealt this role
        wins (a camp's win counts for each member)."""
        rows = []
        for role in sorted(self.role_games, key=str):
            played = self.role_games[role]
            fair = played / self.n_players
            won = self.role_shares.get(role, 0.0)
            rows.append((str(role), played, won, won / fair if fair else 0.0,
                         self.role_wins.get(role, 0) / played if played else 0.0))
        return rows

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def table(self) -> str:
        """A plain-text report: wins per seat (count and share), games without a winner, speed."""
        n = self.games or 1
        lines = [
            f"{self.game}: {self.games} games, {self.n_players} players, seed {self.seed}",
            f"{'seat':>4}  {'level':<8} {'wins':>6} {'share':>9} {'share %':>8}",
        ]
        for s in range(self.n_players):
            lines.append(f"{s:>4}  {self.levels[s]:<8} {self.wins[s]:>6} {self.shares[s]:>9.2f} "
                         f"{100.0 * self.shares[s] / n:>7.1f}%")
        lines.append(f"no winner: {self.no_winner} ({100.0 * self.no_winner / n:.1f}%)"
                     + (f", {self.stopped} stopped after {MAX_ACTIONS} actions" if self.stopped else ""))
        if self.role_games:
            lines.append(f"{'role':<10} {'seats':>6} {'wins':>9} {'vs fair':>8} {'seat won %':>11}")
            for role, played, won, ratio, rate in self.role_rows():
                lines.append(f"{role:<10} {played:>6} {won:>9.2f} {ratio:>7.2f}x {100 * rate:>10.1f}%")
        lines.append(f"{self.games} games in {self.seconds:.2f} s: {self.games_per_second:.1f} games/s, "
                     f"{self.actions / self.seconds if self.seconds > 0 else 0:.0f} actions/s")
        return "\n".join(lines)


def resolve_levels(spec: GameSpec, n_players: int, levels: Optional[Sequence[str]]) -> list[str]:
    """One level per seat: none given = the first (weakest) level; one = for every seat."""
    if not spec.bots:
        raise SelfplayError(f"{spec.key} has no bots")
    if not levels:
        levels = [next(iter(spec.bots))]
    levels = [lv.strip() for lv in levels]
    if len(levels) == 1:
        levels = levels * n_players
    if len(levels) != n_players:
        raise SelfplayError(f"give one bot level for all seats or one per seat ({n_players}), "
                            f"not {len(levels)}")
    for lv in levels:
        if lv not in spec.bots:
            raise SelfplayError(f"no bot level {lv!r} for {spec.key}; choose from {', '.join(spec.bots)}")
    return list(levels)


def check_request(spec: GameSpec, n_players: int, games: int) -> None:
    if not spec.min_players <= n_players <= spec.max_players:
        raise SelfplayError(f"{spec.key} takes {spec.min_players} to {spec.max_players} players, "
                            f"not {n_players}")
    if games < 1:
        raise SelfplayError(f"the number of games must be at least 1, not {games}")


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(2**31) for _ in range(games)]


def play_one(spec: GameSpec, levels: Sequence[str], seed: int,
             options: Optional[dict] = None, max_actions: int = MAX_ACTIONS) -> tuple[Match, bool]:
    """Play one bots-only game to its end; (match, finished)."""
    seats = [Seat(f"{lv} {i + 1}", lv) for i, lv in enumerate(levels)]
    match = Match.new(spec, seats, seed=seed, options=options)
    return match, play_on(match, max_actions)


def play_on(match: Match, max_actions: int = MAX_ACTIONS) -> bool:
    """Let the bots play a match on to its end (at most max_actions actions); whether it ended."""
    for _ in range(max_actions):
        if match.state.is_over():
            return True
        if not match.step_bot():
            break  # nobody can act and the game is not over: stop rather than spin
    return match.state.is_over()


def run_selfplay(spec: GameSpec, n_players: int, games: int, seed: int,
                 levels: Optional[Sequence[str]] = None, options: Optional[dict] = None,
                 progress: Optional[Callable[[int], None]] = None) -> SelfplayResult:
    """Play `games` bots-only games and count who won."""
    check_request(spec, n_players, games)
    levels = resolve_levels(spec, n_players, levels)
    try:
        options = spec.check_options(n_players, options)
    except ValueError as exc:
        raise SelfplayError(str(exc)) from exc
    result = SelfplayResult(game=spec.key, n_players=n_players, levels=levels, seed=seed,
                            wins=[0] * n_players, shares=[0.0] * n_players)
    start = time.perf_counter()
    for i, game_seed in enumerate(game_seeds(seed, games)):
        match, finished = play_one(spec, levels, game_seed, options)
        result.actions += len(match.state.actions)
        winners = sorted(set(match.state.winners())) if finished else []
        result.winners.append(winners)
        if not finished:
            result.stopped += 1
        roles = spec.roles(match.state.view(None)) if spec.roles else None
        if roles:
            for role in roles:
                result.role_games[role] = result.role_games.get(role, 0) + 1
        if winners:
            for s in winners:
                result.wins[s] += 1
                result.shares[s] += 1.0 / len(winners)
                if roles:
                    result.role_shares[roles[s]] = result.role_shares.get(roles[s], 0.0) + 1.0 / len(winners)
                    result.role_wins[roles[s]] = result.role_wins.get(roles[s], 0) + 1
        else:
            result.no_winner += 1
        result.games += 1
        if progress:
            progress(i + 1)
    result.seconds = time.perf_counter() - start
    return result
