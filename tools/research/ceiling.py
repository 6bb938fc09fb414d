"""The ceiling of a game's hard level: an all-seeing form of its hard bot, on tools/ladder.py's ladder.

An all-seeing bot is the game's hard bot with one difference: each of its searches plays on the
true state of its table instead of worlds dealt from what its seat has seen. It is a measurement,
never a game level: it reads the real state, which no bot at the table may do. What it wins
against normal is the most a search of this kind could win there; the hard level's own share is
read against it. Each game's tool (tools/research/xuanwu_ceiling.py, tools/research/wi_ceiling.py) says what of the
truth its bot may keep (Xuanwu's later shuffles stay unknown; The Wonderful Island's deck order
is known).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.match import Match  # noqa: E402
from game.core.state import GameState  # noqa: E402

LEVEL = "all-seeing"


class SeesTruth:
    """Mixed in before a game's hard bot: `truth` is the table's real state, handed to it before
    each of its decisions (step_bot)."""

    level = LEVEL
    truth: Optional[GameState] = None


def true_world(truth: GameState, rng: random.Random) -> GameState:
    """A copy of the true state that rolls its own dice: the clone carries the table's generator,
    whose next numbers are the shuffles and dice the game is about to roll, and seeing the hidden
    cards is the measurement, seeing the future is not."""
    world = truth.clone()
    world.rng = random.Random(rng.getrandbits(32))
    return world


_plain_step_bot = Match.step_bot


def step_bot(self: Match):
    """Match.step_bot, handing an all-seeing bot the true state before it decides."""
    seat = self.bot_to_move()
    if seat is None:
        return []
    bot = self.bots[seat]
    if isinstance(bot, SeesTruth):
        bot.truth = self.state
    return _plain_step_bot(self)


def parser(game: str, doc: str, games: int = 400) -> argparse.ArgumentParser:
    """The command line every ceiling tool shares: the table, the games, the seed and the level the
    all-seeing bot plays against; a tool adds what else it lets its bot see."""
    from game.registry import GAMES
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", default="normal", choices=[k for k in GAMES[game].bots if k != "hard"])
    ap.add_argument("--workers", type=int, default=1, help="processes playing the games (forked from this one)")
    return ap


def run(game: str, bot_cls: type, players: int, games: int, seed: int, against: str = "normal",
        options: Sequence[str] = (), workers: int = 1) -> int:
    """The ladder of `bot_cls` (as the level "all-seeing") in one seat, rotated, against `against`
    in the others, on the same game seeds as tools/ladder.py (the workers are forked from this
    process, so they hand the truth over too)."""
    Match.step_bot = step_bot
    return measured_ladder(game, LEVEL, bot_cls, against, players, games, str(seed), workers, options)


def measured_ladder(game: str, level: str, bot_cls: type, against: str, players: int, games: int,
                    seeds: str, workers: int = 1, options: Sequence[str] = ()) -> int:
    """tools/ladder.py's ladder of a bot kept for measurement (`bot_cls`, offered as `level` for
    this run only) in one seat, rotated, against `against` in the others; `seeds` as ladder.py's
    --seeds takes them ("1", "1-3"). The ladder's worker processes are forked from this one, so
    they know the level too."""
    from game.registry import GAMES
    sys.path.insert(0, str(ROOT / "tools"))
    import ladder
    argv = [game, "--players", str(players), "--levels", f"{level},{against}", "--games", str(games),
            "--seeds", seeds, "--workers", str(workers), "--seat-games", "0"]
    for option in options:
        argv += ["--option", option]
    GAMES[game].bots[level] = bot_cls
    try:
        return ladder.main(argv)
    finally:
        del GAMES[game].bots[level]  # never a level the game offers
