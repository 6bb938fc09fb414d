"""Bots-only tournament that counts wins per PARTY (not per seat), for the design notes.

    python -m game.european_union.balance --games 1000 --seed 1 [--players 3,4,5,6,7] [--bots normal]
    python -m game.european_union.balance --games 1000 --seeds 21-23 --players 6,7
    python -m game.european_union.balance --ladder hard,normal --games 400 --players 3,5

The second form is tools/ladder.py's rotated ladder (A in one seat, B elsewhere) without its all-A
seat table, which at the hard level would cost as much again.

It runs game.core.selfplay, as ``main.py --selfplay european_union`` does (which
prints the same per-party tally for one player count); parties are dealt at random.
A tie of k winners gives each winning party 1/k. Each party's wins are printed against its fair
share (1 / players) with the 95 % interval (Wilson) of its share of games won; --seeds plays --games
games on each seed and pools them. A party is flagged (⚠) when its share is outside 0.8-1.25x its
fair share, the goal since issue 41, and the exit status says whether all are in; the parties
whose interval still reaches past the band are listed under the table (more games would tell).
"""
from __future__ import annotations

import argparse
import time
from game.core.ladder import ladder, parse_seeds, wilson
from game.core.selfplay import run_selfplay

from . import SPEC
from . import data as cards

LIMITS = (0.8, 1.25)   # every party's wins against its fair share (issue 41)


def party_wins(n_players: int, games: int, seed: int, level: str = "normal", options=None) -> dict:
    """Wins per party, exactly as `main.py --selfplay european_union` counts them (SPEC.roles)."""
    return run_selfplay(SPEC, n_players, games, seed, [level], options).role_shares


def party_row(shares: dict, games: int, parties: list[str]) -> dict[str, tuple[float, float, float]]:
    """Each party's wins against its fair share, with the 95 % interval: party -> (ratio, low, high)."""
    fair = 1 / len(parties)
    row = {}
    for p in parties:
        lo, hi = wilson(shares.get(p, 0.0), games)
        row[p] = (shares.get(p, 0.0) / games / fair, lo / fair, hi / fair)
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default=None, help="several seeds, each playing --games games, pooled: 21-23 or 21,25")
    ap.add_argument("--players", default="3,4,5,6,7")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--variant", default="full")
    ap.add_argument("--ladder", default=None, help="A,B: A in one seat (rotated), B elsewhere")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    try:
        seeds = parse_seeds(args.seeds) if args.seeds is not None else [args.seed]
    except ValueError as exc:
        ap.error(str(exc))
    if args.ladder:
        strong, weak = args.ladder.split(",")
        for n in counts:
            start = time.perf_counter()
            r = ladder(SPEC, n, args.games, args.seed, strong, weak, {"variant": args.variant}, workers=1)
            print(f"{n} players, {r.games} games: {strong} wins {r.summary()} against {weak}  "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
        return 0
    order = [p["id"] for p in cards.load()["parties"]]
    print(f"games per player count: {args.games * len(seeds)} (seeds {', '.join(map(str, seeds))}), "
          f"bots: {args.bots}, variant: {args.variant}; each party's wins / its fair share (95 % interval)")
    print("| players | games | " + " | ".join(order) + " |")
    print("|---|---|" + "---|" * len(order))
    inside, wide = True, []
    for n in counts:
        start = time.perf_counter()
        shares: dict = {}
        for seed in seeds:
            for p, w in party_wins(n, args.games, seed, args.bots, {"variant": args.variant}).items():
                shares[p] = shares.get(p, 0.0) + w
        games = args.games * len(seeds)
        row = party_row(shares, games, cards.load()["parties_by_players"][str(n)])
        cells = []
        for p in order:
            if p not in row:
                cells.append("–")
                continue
            ratio, lo, hi = row[p]
            ok = LIMITS[0] <= ratio <= LIMITS[1]
            inside = inside and ok
            if lo < LIMITS[0] or hi > LIMITS[1]:
                wide.append(f"{p} at {n} ({lo:.2f}–{hi:.2f})")
            cells.append(f"{ratio:.2f} ({lo:.2f}–{hi:.2f})" + ("" if ok else " ⚠"))
        print(f"| {n} | {games} | " + " | ".join(cells)
              + f" |  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    if wide:
        print(f"intervals reaching past {LIMITS[0]}-{LIMITS[1]}x: " + ", ".join(wide))
    return 0 if inside else 1


if __name__ == "__main__":
    raise SystemExit(main())
