"""Measure how often each character of The Wonderful Island wins, per table size, in games of
normal bots; writes assets/data/wonderful_island_character_odds.json, which the hard bot reads to
keep the better of its two offered characters (game/wonderful_island/hard.py).

A character is kept before the faction card is dealt (rules 1(1)), so what matters is how often a
seat holding it wins whatever its camp turns out to be: wins over seats, every seat of every game
counted. Every seat plays as normal, except that it keeps one of its two offered characters at
random (normal's own keep would leave the characters it rates low all but unmeasured); the
figures say how the characters do as the bots play them.

    python tools/wi_character_odds.py [--seats-per-size 64000] [--seed 1000] [--workers 2] [--dry-run]

It also prints, per size, what keeping by these odds gains over a keep at random and over normal's
own keep (normal's rating of each offered character is worked out for the measured games' offers):
fitted on one half of the games and judged by the other half's odds, so a lucky figure does not
judge itself.

Each table size plays seats_per_size // n games (seed: --seed + n), so every size has about the
same number of seats behind its figures; the same arguments write the same file.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.match import Match, Seat
from game.core.selfplay import game_seeds, play_on
from game.registry import GAMES
from game.wonderful_island.bots import NormalBot

OUT = Path(__file__).resolve().parent.parent / "assets" / "data" / "wonderful_island_character_odds.json"
SIZES = range(3, 9)


def _games(job: tuple[int, list[int]]) -> list[tuple[list, list, list, list]]:
    """(offers, kept characters, normal's keeps, win shares) of each finished game."""
    n, seeds = job
    spec = GAMES["wonderful_island"]
    out = []
    for s in seeds:
        match = Match.new(spec, [Seat(f"normal {i + 1}", "normal") for i in range(n)], seed=s)
        st = match.state
        rng = random.Random(s)
        normal_keeps = []
        for seat in range(n):  # every seat keeps at once, before anything else is played
            view = st.view(seat)
            normal_keeps.append(NormalBot(seat, s).choose(view, st.legal_actions(seat))[1])
            match.act(seat, ("character", rng.choice(view["offer"])))
        if not play_on(match):
            continue
        winners = set(st.winners())
        out.append(([list(o) for o in st.offers], list(st.chars), normal_keeps,
                    [1 / len(winners) if seat in winners else 0.0 for seat in range(n)]))
    return out


def play(n: int, games: int, seed: int, workers: int) -> list[tuple[list, list, list, list]]:
    """`games` games at n seats, in chunks over `workers` processes (the same games for any count)."""
    seeds = game_seeds(seed, games)
    chunks = [(n, seeds[i:i + 500]) for i in range(0, len(seeds), 500)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_games, chunks))
    else:
        parts = [_games(c) for c in chunks]
    return [g for part in parts for g in part]


def tally(games: list) -> dict[str, list]:
    """character -> [win shares, seats]"""
    t: dict[str, list] = defaultdict(lambda: [0.0, 0])
    for _offers, chars, _normal, wins in games:
        for c, w in zip(chars, wins):
            t[c][0] += w
            t[c][1] += 1
    return {c: [round(w, 4), k] for c, (w, k) in sorted(t.items())}


def check(n: int, games: list) -> tuple[float, float, float]:
    """Keeping the better of the two offered by the odds of one half, judged by the other half's
    odds: (win-share points a seat gains against a keep at random, against normal's keep, share
    of seats where the pick is normal's)."""
    from game.wonderful_island.hard import rated
    half = len(games) // 2
    over_random = over_normal = 0.0
    same = seats = 0
    for fit, test in ((games[:half], games[half:]), (games[half:], games[:half])):
        odds_fit, odds_test = tally(fit), tally(test)
        for offers, _kept, normal_keeps, _wins in test:
            for offer, normal in zip(offers, normal_keeps):
                pick = max(offer, key=lambda c: (rated(odds_fit, c, n), c == normal))
                worth = rated(odds_test, pick, n)
                over_random += worth - sum(rated(odds_test, c, n) for c in offer) / len(offer)
                over_normal += worth - rated(odds_test, normal, n)
                same += pick == normal
                seats += 1
    if not seats:
        return 0.0, 0.0, 0.0
    return 100 * over_random / seats, 100 * over_normal / seats, same / seats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats-per-size", type=int, default=64000)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true", help="print the figures; write nothing")
    args = ap.parse_args(argv)
    if args.seats_per_size < 2 * max(SIZES):
        ap.error(f"--seats-per-size must be at least {2 * max(SIZES)} (two games at every table size), "
                 f"not {args.seats_per_size}")
    if args.workers < 1:
        ap.error(f"--workers must be 1 or more, not {args.workers}")
    sizes = {}
    for n in SIZES:
        t0 = time.time()
        games = play(n, args.seats_per_size // n, args.seed + n, args.workers)
        sizes[str(n)] = {"games": len(games), "characters": tally(games)}
        over_random, over_normal, same = check(n, games)
        print(f"{n} players, {len(games)} games ({time.time() - t0:.0f} s): keeping by the odds gains "
              f"{over_random:+.2f} points of win share a seat over a keep at random, {over_normal:+.2f} over "
              f"normal's keep (the same pick as normal's {100 * same:.0f} %)", flush=True)
    if args.dry_run:
        return 0
    doc = {"about": "How often a seat holding each character wins, per table size, every seat normal "
                    "but keeping one of its two offered characters at random (tools/wi_character_odds.py, "
                    "seed %d, %d seats a size): [win shares, seats]. "
                    "The hard bot keeps the better of its two offered characters by these figures."
                    % (args.seed, args.seats_per_size),
           "sizes": sizes}
    OUT.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
