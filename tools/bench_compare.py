"""Side by side: the tables' frame figures of several `tools/bench.py --only tables --json` runs
(e.g. before and after a change, or a setting off and on). Prints, per game and run, the CPU time
of the frame after each action (median, 99th percentile, max), of the frames while an animation
runs and while the mouse sweeps the table (median / max), and the peak memory.

    python tools/bench_compare.py before=/tmp/a.json after=/tmp/b.json "150 %=/tmp/c.json"
"""
from __future__ import annotations

import json
import sys


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f}"


def rows(label: str, table: dict) -> list[str]:
    after = table["after"]
    anim, mouse = table.get("anim") or {}, table.get("mouse") or {}
    return [label,
            f"{ms(after['cpu_median_s'])} / {ms(after['p99_s'])} / {ms(after['cpu_max_s'])}",
            f"{ms(anim.get('cpu_median_s', 0))} / {ms(anim.get('cpu_max_s', 0))}",
            f"{ms(mouse.get('cpu_median_s', 0))} / {ms(mouse.get('cpu_max_s', 0))}",
            f"{table['peak_rss_mb']:.0f} MB"]


def main(argv: list[str]) -> int:
    runs = []
    for arg in argv:
        label, _, path = arg.partition("=")
        if not path:
            print(f"expected LABEL=FILE, got {arg!r}")
            return 2
        with open(path, encoding="utf-8") as f:
            runs.append((label, {t["game"]: t for t in json.load(f)["tables"]}))
    head = ["run", "after an action: CPU median / p99 (wall) / max ms", "animating: median / max",
            "mouse sweep: median / max", "peak RSS"]
    games = [g for g in runs[0][1] if all(g in r for _, r in runs)]
    for game in games:
        print(f"\n{game} ({runs[0][1][game]['players']} players)")
        table = [head] + [rows(label, r[game]) for label, r in runs]
        widths = [max(len(row[i]) for row in table) for i in range(len(head))]
        for row in table:
            print("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
