"""Bots-only tournaments for The Wonderful Island's design notes (no pygame).

    python -m game.wonderful_island.balance --games 2000 --seed 1 [--players 3,4,5,6,7,8] [--bots normal]
    python -m game.wonderful_island.balance --strength --games 600 [--players 3,5,8]

Balance: a seat's chance to win should not depend on the faction card it was
dealt. For each table size it prints p(win | Blue), p(win | Green), p(win |
Politician) — a camp's win counts for every member, jailed ones too; a
Politician wins alone — their worst ratio to the mean of the three, the gap
between Blue and Green, how games ended and how long they ran.

Strength (--strength): one `normal` seat among `easy` seats, rotated through
every seat; its win rate in each role against the easy seats' in the same role.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Optional

from game.core.ladder import ladder
from game.core.selfplay import game_seeds, play_one

from . import SPEC

ROLES = ("blue", "green", "politician")
BAND = (0.8, 1.25)   # every role within this ratio of the mean of the three
CAMP_GAP = 0.03      # Blue and Green within 3 points of each other


def one_game(args: tuple) -> dict:
    """Play one game; what the tables need from it (module level, for worker processes)."""
    n, seed, levels, options = args
    match, finished = play_one(SPEC, levels, seed, options)
    state = match.state
    view = state.view(None)
    return {"factions": SPEC.roles(view), "winners": state.winners() if finished else [],
            "method": state.end["method"] if state.end else "stopped", "rule": (state.end or {}).get("rule"),
            "campaigns": state.camp_count, "rounds": state.round, "actions": len(state.actions),
            "levels": list(levels)}


def run(n: int, games: int, seed: int, levels_for, options: Optional[dict] = None, workers: int = 2) -> list[dict]:
    jobs = [(n, s, levels_for(i), options or {}) for i, s in enumerate(game_seeds(seed, games))]
    if workers <= 1:
        return [one_game(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(one_game, jobs, chunksize=16))


def role_rates(results: list[dict], level: Optional[str] = None) -> dict:
    """p(win | role) over seats (of one bot level, if given): {role: (wins, seat-games)}."""
    tally = {r: [0, 0] for r in ROLES}
    for g in results:
        for s, role in enumerate(g["factions"]):
            if level is not None and g["levels"][s] != level:
                continue
            tally[role][1] += 1
            tally[role][0] += s in g["winners"]
    return {r: tuple(v) for r, v in tally.items()}


def balance_row(n: int, results: list[dict]) -> dict:
    rates = role_rates(results)
    p = {r: (w / g if g else 0.0) for r, (w, g) in rates.items()}
    mean = sum(p.values()) / 3
    ends = Counter(g["method"] for g in results)
    return {"n": n, "games": len(results), "p": p, "mean": mean,
            "ratios": {r: (p[r] / mean if mean else 0.0) for r in ROLES},
            "gap": abs(p["blue"] - p["green"]), "ends": ends,
            "campaigns": statistics.median(g["campaigns"] for g in results),
            "no_winner": sum(1 for g in results if not g["winners"])}


def passes(row: dict) -> bool:
    return all(BAND[0] <= x <= BAND[1] for x in row["ratios"].values()) and row["gap"] <= CAMP_GAP


def print_balance(rows: list[dict], bots: str) -> None:
    print(f"Balance with `{bots}` bots: p(win | dealt faction); a camp's win counts for each member")
    print("| players | games | Blue | Green | Politician | worst / mean | Blue−Green | declared / forced / all-jailed "
          "| no winner | median campaign turns |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        p, e = r["p"], r["ends"]
        worst = max(r["ratios"].values(), key=lambda x: abs(x - 1))
        declared = e["elected"] + e["politician"]
        g = r["games"]
        mark = "" if passes(r) else " ⚠"
        print(f"| {r['n']} | {g} | {p['blue']:.1%} | {p['green']:.1%} | {p['politician']:.1%} | {worst:.2f}{mark} "
              f"| {100 * r['gap']:.1f} pt | {declared / g:.0%} / {e['forced'] / g:.0%} / {e['all_jailed'] / g:.0%} "
              f"| {r['no_winner'] / g:.1%} | {r['campaigns']:.0f} |")


def strength(n: int, games: int, seed: int, strong: str, weak: str, options=None, workers: int = 2) -> dict:
    """`strong` in one seat (rotated), `weak` elsewhere: p(win | role) of each, per role
    (game.core.ladder, as tools/ladder.py runs it)."""
    r = ladder(SPEC, n, games, seed, strong, weak, options, workers)
    return {side: {role: tuple(r.roles.get(role, {side: [0, 0]})[side]) for role in ROLES}
            for side in ("strong", "weak")}


def print_strength(n: int, table: dict, strong: str, weak: str) -> None:
    cells = []
    for r in ROLES:
        sw, sg = table["strong"][r]
        ww, wg = table["weak"][r]
        ps, pw = (sw / sg if sg else 0.0), (ww / wg if wg else 0.0)
        cells.append(f"{ps:.1%} vs {pw:.1%} ({ps / pw:.2f}x)" if pw else f"{ps:.1%} vs 0")
    print(f"| {n} | " + " | ".join(cells) + " |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="3,4,5,6,7,8")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--strength", action="store_true", help="normal in one seat among easy seats, rotated")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    if args.strength:
        print("`normal` in one seat, `easy` in the others, rotated: p(win | role), normal vs easy")
        print("| players | Blue | Green | Politician |")
        print("|---|---|---|---|")
        for n in counts:
            print_strength(n, strength(n, args.games, args.seed, "normal", "easy", workers=args.workers),
                           "normal", "easy")
            sys.stdout.flush()
        return 0
    rows = []
    start = time.perf_counter()
    for n in counts:
        rows.append(balance_row(n, run(n, args.games, args.seed, lambda i: [args.bots] * n, workers=args.workers)))
    print_balance(rows, args.bots)
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0 if all(passes(r) for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
