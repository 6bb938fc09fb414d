"""Measure how long a real record gets, and write the save caps from it.

    python tools/measure_save_caps.py                 # 10 000 random games per game (minutes)
    python tools/measure_save_caps.py --games 200 --dry-run

Every game is played with random legal moves (the longest games there are: no bot hurries
them), at a random table size and random options the game accepts. The cap on a save's
actions is FACTOR x the longest record seen; the cap on a save file's bytes is FACTOR x the
largest save file (header and record, as Match writes it). Both go to
assets/data/save_caps.json with the figures they came from, so the loader never guesses.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FACTOR = 20
CAPS_FILE = ROOT / "assets" / "data" / "save_caps.json"


def random_match(spec, rng: random.Random):
    """A match at a table size and options the engine accepts, drawn at random."""
    from game.core.match import Match, Seat

    while True:
        n = rng.randint(spec.min_players, spec.max_players)
        options = {name: rng.choice(values) for name, values in spec.options.items()}
        try:
            return Match.new(spec, [Seat(f"P{i}") for i in range(n)], seed=rng.randrange(2**31), options=options)
        except ValueError:  # refused here (EU's intro at 6-7, a start player beyond the table): draw again
            continue


def measure(spec, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    longest, biggest, total = 0, 0, 0
    start = time.perf_counter()
    for _ in range(games):
        match = random_match(spec, rng)
        state = match.state
        while not state.is_over():
            seat = state.to_act()[0]
            match.act(seat, rng.choice(state.legal_actions(seat)))
        count = len(state.actions)
        total += count
        longest = max(longest, count)
        biggest = max(biggest, len(json.dumps(match.to_file(), ensure_ascii=False, indent=1).encode("utf-8")))
    return {"games": games, "longest_actions": longest, "mean_actions": round(total / max(1, games), 1),
            "largest_file_bytes": biggest, "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    from game.registry import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated game keys")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the caps file")
    args = parser.parse_args(argv)
    only = {k for k in args.only.split(",") if k}
    caps = json.loads(CAPS_FILE.read_text(encoding="utf-8")) if CAPS_FILE.exists() else {}
    caps.setdefault("games", {})
    for spec in GAMES.values():
        if only and spec.key not in only:
            continue
        found = measure(spec, args.games, args.seed)
        entry = {"max_actions": FACTOR * found["longest_actions"],
                 "max_file_bytes": FACTOR * found["largest_file_bytes"], "measured": found}
        print(spec.key, json.dumps(entry), flush=True)
        caps["games"][spec.key] = entry
    caps["how"] = (f"tools/measure_save_caps.py: {FACTOR} x the longest record and the largest save file "
                   f"of {args.games} games of random legal moves per game (random table size and options, "
                   f"seed {args.seed})")
    caps["max_file_bytes"] = max(e["max_file_bytes"] for e in caps["games"].values())
    if not args.dry_run:
        CAPS_FILE.write_text(json.dumps(caps, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
