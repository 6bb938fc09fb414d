"""Bots-only tournament that counts wins per PARTY (not per seat), for the design notes.

    python -m game.european_union.balance --games 1000 --seed 1 [--players 3,4,5,6,7] [--bots normal]
    python -m game.european_union.balance --ladder hard,normal --games 400 --players 3,5

The second form is tools/ladder.py's rotated ladder (A in one seat, B elsewhere) without its all-A
seat table, which at the hard level would cost as much again.

It runs game.core.selfplay, as ``main.py --selfplay european_union`` does (which
prints the same per-party tally for one player count); parties are dealt at random.
A tie of k winners gives each winning party 1/k. A party is flagged when its
share is outside 0.8-1.25x its fair share (1 / players), the goal since issue 41; the exit status
says whether all are in.
"""
from __future__ import annotations

import argparse
import time
from game.core.ladder import ladder
from game.core.selfplay import run_selfplay

from . import SPEC
from . import data as cards

LIMITS = (0.8, 1.25)   # every party's wins against its fair share (issue 41)


def party_wins(n_players: int, games: int, seed: int, level: str = "normal", options=None) -> dict:
    """Wins per party, exactly as `main.py --selfplay european_union` counts them (SPEC.roles)."""
    return run_selfplay(SPEC, n_players, games, seed, [level], options).role_shares


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="3,4,5,6,7")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--variant", default="full")
    ap.add_argument("--ladder", default=None, help="A,B: A in one seat (rotated), B elsewhere")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    if args.ladder:
        strong, weak = args.ladder.split(",")
        for n in counts:
            start = time.perf_counter()
            r = ladder(SPEC, n, args.games, args.seed, strong, weak, {"variant": args.variant}, workers=1)
            print(f"{n} players, {r.games} games: {strong} wins {r.summary()} against {weak}  "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
        return 0
    order = [p["id"] for p in cards.load()["parties"]]
    print(f"games per player count: {args.games}, bots: {args.bots}, variant: {args.variant}, seed: {args.seed}")
    print("| players | " + " | ".join(order) + " | fair share | best / fair | worst / fair |")
    print("|---|" + "---|" * (len(order) + 3))
    inside = True
    for n in counts:
        start = time.perf_counter()
        shares = party_wins(n, args.games, args.seed, args.bots, {"variant": args.variant})
        used = cards.load()["parties_by_players"][str(n)]
        fair = args.games / n
        best = max(shares.get(p, 0.0) for p in used) / fair
        worst = min(shares.get(p, 0.0) for p in used) / fair
        ok = LIMITS[0] <= worst and best <= LIMITS[1]
        inside = inside and ok
        cells = [f"{shares.get(p, 0.0):.0f}" if p in used else "–" for p in order]
        print(f"| {n} | " + " | ".join(cells) + f" | {fair:.0f} | {best:.2f} | {worst:.2f}"
              + ("" if ok else " ⚠") + f" |  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    return 0 if inside else 1


if __name__ == "__main__":
    raise SystemExit(main())
