"""The Wonderful Island's hard bot's choices, as a fingerprint: proof that a speed-up changed nothing.

    python tools/research/wi_hard_fingerprint.py [--positions 40] [--sizes 3-8] [--out FILE]

At each table size it takes `--positions` decisions with a choice from seeded games of normal bots
(tools/bench.py's hard_positions: every third such decision), lets a fresh hard bot (seed 1000 + i,
as the bench does) decide each, and records the action it chose and its search's figures
(iterations, worlds, and per candidate the rollouts and the mean, the floats written exactly).
It prints one line per table size (positions, CPU seconds, a SHA-256 of that size's records) and
a last line with the hash of them all; --out also writes every record, one a line, for a diff.
Run it before and after a change: equal hashes mean the same choices on the same rollouts.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench import hard_positions  # noqa: E402


def sizes_arg(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",")]


def record(i: int, seat: int, action, stats: dict) -> str:
    arms = "; ".join(f"{a!r}: {v} {m.hex() if isinstance(m, float) else m}"
                     for a, (v, m) in stats.get("arms", {}).items())
    return (f"{i} seat {seat} -> {action!r} | it {stats.get('iterations')} worlds {stats.get('worlds')}"
            f" | {arms}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40, help="positions per table size")
    ap.add_argument("--sizes", type=sizes_arg, default=list(range(3, 9)), help="e.g. 3-8 or 4,5")
    ap.add_argument("--out", help="write every record here too")
    args = ap.parse_args(argv)

    from game.registry import GAMES
    spec = GAMES["wonderful_island"]
    lines: list[str] = []
    total = hashlib.sha256()
    for n in args.sizes:
        digest = hashlib.sha256()
        cpu = 0.0
        count = 0
        for i, (_, seat, view, legal) in enumerate(hard_positions(spec, args.positions, [n])):
            bot = spec.bots["hard"](seat, 1000 + i)
            c0 = time.process_time()
            action = bot.choose(view, legal)
            cpu += time.process_time() - c0
            line = f"{n}p " + record(i, seat, action, bot.last_stats)
            lines.append(line)
            digest.update(line.encode() + b"\n")
            count += 1
        total.update(digest.digest())
        print(f"{n} players: {count} positions, CPU {cpu:.1f} s, sha256 {digest.hexdigest()[:16]}", flush=True)
    print(f"all: sha256 {total.hexdigest()[:16]}")
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
