"""Bots-only tournament that counts wins per PARTY (not per seat), for the design notes.

    python -m game.european_union.balance --games 1000 --seed 1 [--players 3,4,5,6,7] [--bots normal]

It runs game.core.selfplay, as ``main.py --selfplay european_union`` does (which
prints the same per-party tally for one player count); parties are dealt at random.
A tie of k winners gives each winning party 1/k. A party is flagged when its
share exceeds 1.5x its fair share (1 / players).
"""
from __future__ import annotations

import argparse
import time
from game.core.selfplay import run_selfplay

from . import SPEC
from . import data as cards

LIMIT = 1.5


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
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    order = [p["id"] for p in cards.load()["parties"]]
    print("| players | " + " | ".join(order) + " | fair | worst / fair |")
    print("|---|" + "---|" * (len(order) + 2))
    worst_all = 0.0
    for n in counts:
        start = time.perf_counter()
        shares = party_wins(n, args.games, args.seed, args.bots, {"variant": args.variant})
        used = cards.load()["parties_by_players"][str(n)]
        fair = args.games / n
        worst = max(shares.get(p, 0.0) for p in used) / fair
        worst_all = max(worst_all, worst)
        cells = [f"{shares.get(p, 0.0):.0f}" if p in used else "–" for p in order]
        print(f"| {n} | " + " | ".join(cells) + f" | {fair:.0f} | {worst:.2f}"
              + (" ⚠" if worst > LIMIT else "") + f" |  <!-- {time.perf_counter() - start:.0f} s -->")
    return 0 if worst_all <= LIMIT else 1


if __name__ == "__main__":
    raise SystemExit(main())
