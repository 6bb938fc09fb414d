"""How often The Wonderful Island's bots choose each venue, per level and table size.

    python tools/wi_venues.py [--players 3,5,8] [--games 400] [--level normal] [--seed 1]
                              [--ask hard --positions 150]

Plays --games bots-only games of --level at each size and counts every venue chosen (a decision
with one venue open is not counted). With --ask, a bot of that level is also asked at the first
--positions venue decisions of those games (the game goes on with --level's choice), so a level
too slow for whole tables (hard) is measured at the same positions. Prints one row per size: the
share of each venue, and the decisions counted.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.match import Match, Seat, bot_seed_for
from game.core.selfplay import game_seeds
from game.registry import GAMES
from game.wonderful_island.data import VENUES


def count(n: int, games: int, seed: int, level: str, ask: str | None = None,
          positions: int = 0) -> tuple[Counter, Counter]:
    """(venues chosen by `level`, venues `ask` would have chosen at the first `positions` of them)."""
    spec = GAMES["wonderful_island"]
    played: Counter = Counter()
    asked: Counter = Counter()
    for s in game_seeds(seed, games):
        match = Match.new(spec, [Seat(f"{level} {i + 1}", level) for i in range(n)], seed=s)
        other = {i: spec.bots[ask](i, bot_seed_for(s) + 7919 * (i + 1)) for i in range(n)} if ask else {}
        st = match.state
        for _ in range(100_000):
            if st.is_over():
                break
            seat = match.bot_to_move()
            if seat is None:
                break
            view, legal = st.view(seat), st.legal_actions(seat)
            if view["phase"] == "venue" and len(legal) > 1:
                if other and sum(asked.values()) < positions:
                    asked[other[seat].choose(view, legal)[1]] += 1
                action = match.bots[seat].choose(view, legal)
                played[action[1]] += 1
                match.act(seat, action)
            else:
                match.step_bot()
    return played, asked


def row(n: int, counts: Counter) -> str:
    total = sum(counts.values()) or 1
    return (f"| {n} | " + " | ".join(f"{100 * counts[v] / total:.1f} %" for v in VENUES)
            + f" | {sum(counts.values())} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="3,5,8")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ask", default=None, help="a level asked at the same positions (e.g. hard)")
    ap.add_argument("--positions", type=int, default=150, help="venue decisions --ask is asked at, per size")
    args = ap.parse_args(argv)
    bots = GAMES["wonderful_island"].bots
    for level in filter(None, (args.level, args.ask)):
        if level not in bots:
            ap.error(f"no bot level {level!r}; choose from {', '.join(bots)}")
    try:
        sizes = [int(x) for x in args.players.split(",")]
    except ValueError:
        ap.error(f"--players takes sizes like 3,5,8, not {args.players!r}")
    if any(not 3 <= n <= 8 for n in sizes):
        ap.error("The Wonderful Island is for 3 to 8 players")
    head = "| players | " + " | ".join(VENUES) + " | decisions |\n|---|" + "---|" * (len(VENUES) + 1)
    rows, asked_rows = [], []
    for n in sizes:
        played, asked = count(n, args.games, args.seed, args.level, args.ask, args.positions)
        rows.append(row(n, played))
        print(f"{args.level}, {n} players: " + rows[-1], flush=True)
        if args.ask:
            asked_rows.append(row(n, asked))
            print(f"{args.ask} asked, {n} players: " + asked_rows[-1], flush=True)
    print(f"\n{args.level}, {args.games} games a size, seed {args.seed}:\n{head}\n" + "\n".join(rows))
    if args.ask:
        print(f"\n{args.ask}, asked at the first {args.positions} venue decisions of those games:\n{head}\n"
              + "\n".join(asked_rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
