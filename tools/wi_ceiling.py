"""The Wonderful Island's ceiling for the hard level: an all-seeing form of hard against normal.

The all-seeing bot is the hard bot with one difference: each of its searches plays on the true
state (every faction card, hand, meeting card and the decks' order) instead of worlds dealt from
what its seat has seen. It is a measurement, not a game level: it reads the real state, which no
bot at the table may do. What it wins against normal is the most a search of this kind could win
there; the hard level's own share is read against it.

    python tools/wi_ceiling.py --players 5 --games 200 [--seed 1]

Runs tools/ladder.py's ladder (one seat rotated, the rest normal) with the level "all-seeing",
in this process (one worker).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.match import Match  # noqa: E402
from game.core.state import GameState  # noqa: E402
from game.wonderful_island.hard import HardBot  # noqa: E402

LEVEL = "all-seeing"


class AllSeeingBot(HardBot):
    level = LEVEL

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.truth: GameState | None = None

    def sample_world(self, view: dict, seat: int, rng) -> GameState:
        return self.truth.clone()


def _step_bot(self: Match):
    """Match.step_bot, handing the all-seeing bot the true state before it decides."""
    seat = self.bot_to_move()
    if seat is None:
        return []
    bot = self.bots[seat]
    if isinstance(bot, AllSeeingBot):
        bot.truth = self.state
    return _plain_step_bot(self)


_plain_step_bot = Match.step_bot


def main(argv=None) -> int:
    import argparse

    from game.registry import GAMES

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    GAMES["wonderful_island"].bots[LEVEL] = AllSeeingBot
    Match.step_bot = _step_bot
    sys.path.insert(0, str(ROOT / "tools"))
    import ladder
    return ladder.main(["wonderful_island", "--players", str(args.players), "--levels", f"{LEVEL},normal",
                        "--games", str(args.games), "--seed", str(args.seed), "--workers", "1",
                        "--seat-games", "0"])


if __name__ == "__main__":
    raise SystemExit(main())
