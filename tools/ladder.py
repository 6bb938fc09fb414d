"""A ladder between two bot levels of one game: level A in one seat and B in all the others, A
rotated through every seat; prints A's win share against the fair share with a 95 % interval
(and, for a game with roles, A against the B seats of the same role), then an all-A table of
wins per seat for seat balance.

    python tools/ladder.py GAME --players N --levels A,B --games G [--option name=value ...]
                                [--seat-games K] [--seeds 1-4]

--seeds plays G games on each of several seeds (a range 1-4 or a list 1,3,5), prints each seed's
share and then all of them pooled: 400 games can read high or low by a tenth of the fair share.

The all-A table plays as many games as the ladder unless --seat-games says otherwise (0: none);
an all-hard table of 400 games takes hours, as every seat searches.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _value(text: str):
    return int(text) if text.lstrip("-").isdigit() else text


def main(argv=None) -> int:
    from game.core.ladder import ladder, parse_seeds, pooled, wilson
    from game.core.selfplay import run_selfplay
    from game.registry import GAMES

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--levels", default="normal,easy", help="A,B: the level measured and the level it meets")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default=None,
                    help="several seeds, each playing --games games, then pooled: 1-4 or 1,3,5")
    ap.add_argument("--option", action="append", default=[], help="name=value, e.g. variant=scoring")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seat-games", type=int, default=None,
                    help="games for the all-A seat table (default: --games; 0 leaves it out)")
    args = ap.parse_args(argv)
    spec = GAMES[args.game]
    strong, weak = (x.strip() for x in args.levels.split(","))
    for level in (strong, weak):
        if level not in spec.bots:
            ap.error(f"{args.game} has no bot level {level!r}; choose from {', '.join(spec.bots)}")
    options = dict(o.split("=", 1) for o in args.option)
    options = {k: _value(v) for k, v in options.items()}
    try:
        options = spec.check_options(args.players, options)
    except ValueError as exc:
        ap.error(str(exc))
    try:
        seeds = parse_seeds(args.seeds) if args.seeds is not None else [args.seed]
    except ValueError as exc:
        ap.error(str(exc))
    start = time.perf_counter()
    each = [ladder(spec, args.players, args.games, seed, strong, weak, options, args.workers) for seed in seeds]
    r = pooled(each)
    if len(seeds) == 1:
        print(f"{args.game}, {args.players} players, {r.games} games: {strong} in one seat (rotated), {weak} elsewhere")
        print(f"  {strong} wins {r.summary()}")
    else:
        print(f"{args.game}, {args.players} players, {len(seeds)} seeds of {args.games} games: "
              f"{strong} in one seat (rotated), {weak} elsewhere")
        for seed, one in zip(seeds, each):
            print(f"  seed {seed}: {strong} wins {one.summary()}")
        print(f"  all {r.games} games: {strong} wins {r.summary()}")
    for role, cells in sorted(r.roles.items(), key=lambda kv: str(kv[0])):
        (sw, sn), (ww, wn) = cells["strong"], cells["weak"]
        if sn and wn:
            a, b = sw / sn, ww / wn
            lo_a, hi_a = wilson(sw, sn)
            print(f"  as {role}: {strong} {100 * a:.1f} % ({100 * lo_a:.1f}-{100 * hi_a:.1f}) against {weak} "
                  f"{100 * b:.1f} % in the same role: " + (f"{a / b:.2f}x" if b else "no ratio (no wins to divide by)"))
    seat_games = args.games if args.seat_games is None else args.seat_games
    if seat_games > 0:
        balance = run_selfplay(spec, args.players, seat_games, seeds[0], [strong], options)
        seats = "  ".join(f"{s}: {100 * balance.shares[s] / balance.games:.1f} %" for s in range(args.players))
        print(f"  all {strong}: wins per seat {seats} ({seat_games} games)")
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
