"""Benchmarks for Sifang Table: prints figures, asserts nothing.

    python tools/bench.py              # everything (most of an hour: the tables play whole games)
    python tools/bench.py --quick      # shorter runs (the tables: 3 tenths of each game)
    python tools/bench.py --only engine,bots
    python tools/bench.py --only tables:xuanwu_gate+elfenland --json tables.json
    SIFANG_BENCH_TEXT_SIZE=150 SIFANG_BENCH_PALETTE=distinct python tools/bench.py --only tables
                                       # the tables with the text size and colour-blind mode on

Each part's table is printed as soon as it is measured, with the machine's load average.

Parts:
  engine  random play through the engine contract: actions per second per available game
          (goal >= 20 000)
  bots    one bot decision (bot.choose) per level per game: median and max seconds
          (goal: normal <= 0.1 s); the searching level (hard) is timed by its own part:
  hard    hard's decision time per game that has hard, over a fixed set of positions: the
          decisions with a choice in seeded games of normal bots (3 seats, the middle size and
          the most), every few taken; median and max (goal: max <= 1 s, median <= 0.5 s)
  wihard  The Wonderful Island's hard decision at every table size, 3 to 8 players, 30 positions
          each (quick: 6) found as for `hard`: median, 95th percentile and max, CPU
          (time.process_time) and wall (goal: max <= 1 s, 95th percentile <= 0.7 s, on the CPU)
  clone   playouts per second as a search plays them (clone, then random legal actions to the
          end) from each tenth of a long game, with clone() and, in the same run, with
          copy.deepcopy (what clone() was before), and against the code before issue 13's work
          (bench_clone.BASELINE, exported with git archive, played in a subprocess in alternating
          slices): tools/bench_clone.py (goal: at least twice as many in Xuanwu and European Union)
  scene   what a player feels, under SDL's dummy driver at 1280x720, each table in its own process
          (tools/bench_play.py says how it is played), at each game's largest table through a
          whole long game of normal bots, seat 0 a person, the match autosaving into a data folder
          as in the game, the bots stepped by the table itself:
          - the frame after each action (the scene's answer, the autosave, the drawing, and a
            bot's deciding when it decides in the frame), per tenth of the game, median / max
            beside the goal (one 60 Hz frame: median <= 16.7 ms, max <= 33 ms, in every tenth);
          - per tenth: each action to its save on disk, a bot's turn to its move on screen (the
            speed setting's pause left out), the collector's passes begun in frames (gc.callbacks);
          - frames while an action's animation runs, while a bot thinks beside them, with the
            mouse sweeping the table;
          - Elfenland: the first frame at each zoom level (nothing cached), the worst of them;
          - peak memory (RSS) of the table's process (Elfenland zoomed through every level first;
            goal <= 150 MB);
          - idle: CPU used by the normal loop on the main menu over ~3 s, % of a core (goal <= 2 %);
          - startup: time to the first drawn frame from source and of the one-dir and one-file
            builds if dist/ has them, each against a bare pygame window started the same way
            (from source; built like the game) in the same run (tools/bench_startup.py; goal
            ratio <= 1.5)
          A frame is timed on the wall clock and in the drawing thread's CPU time (time.thread_time:
          a bot's worker or a save writer's thread is not the frame's work); the frame goals are
          judged on the CPU time, which the other jobs of a shared machine do not inflate, with the
          wall clock's verdict beside it: the wall is what a player waits, a disk's sync included.
          Start-up is judged on the wall clock, its runs interleaved with the bare window's.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))  # bench_play, bench_clone, bench_startup

from bench_tables import fmt_s, play_rows, verdict  # noqa: E402

SIZE = (1280, 720)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = min(len(s) - 1, max(0, int(round(q / 100.0 * (len(s) - 1)))))
    return s[k]


# -- engine ----------------------------------------------------------------------
def bench_engine(seconds: float) -> list[dict]:
    from game.registry import GAMES

    rows = []
    for spec in GAMES.values():
        rng = random.Random(1)
        counts = list(range(spec.min_players, spec.max_players + 1))
        actions = games = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state = spec.new_game(counts[games % len(counts)], seed=games)
            while not state.is_over():
                seat = rng.choice(state.to_act())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                actions += 1
            games += 1
        elapsed = time.perf_counter() - start
        rows.append({"game": spec.key, "actions_per_s": actions / elapsed, "games_per_s": games / elapsed,
                     "actions": actions, "games": games})
    return rows


# -- bots ------------------------------------------------------------------------
def bench_bots(seconds: float) -> list[dict]:
    from game.core.match import Match, Seat
    from game.registry import GAMES

    rows = []
    for spec in GAMES.values():
        for level in spec.bots:
            if getattr(spec.bots[level], "background", False) or level == "hard":
                continue  # a searching level: see bench_hard
            times: list[float] = []
            games = 0
            deadline = time.perf_counter() + seconds
            counts = list(range(spec.min_players, spec.max_players + 1))
            while time.perf_counter() < deadline:
                n = counts[games % len(counts)]
                match = Match.new(spec, [Seat(f"b{i}", level) for i in range(n)], seed=1000 + games)
                while not match.state.is_over():
                    seat = match.bot_to_move()
                    view = match.state.view(seat)
                    legal = match.state.legal_actions(seat)
                    t0 = time.perf_counter()
                    action = match.bots[seat].choose(view, legal)
                    times.append(time.perf_counter() - t0)
                    match.act(seat, action)
                games += 1
            rows.append({"game": spec.key, "level": level, "decisions": len(times), "games": games,
                         "median_s": statistics.median(times), "p99_s": pct(times, 99), "max_s": max(times)})
    return rows


HARD_POSITIONS = 40  # positions per game (quick: 12)


def hard_positions(spec, count: int, sizes: Optional[list[int]] = None) -> list[tuple[int, int, dict, list]]:
    """(players, seat, view, legal) at decisions with a choice in seeded games of normal bots: every
    third one, from tables of `sizes` seats (by default the fewest, the middle size and the most),
    until `count`."""
    from game.core.match import Match, Seat

    sizes = sizes or sorted({spec.min_players, (spec.min_players + spec.max_players) // 2, spec.max_players})
    out: list[tuple[int, int, dict, list]] = []
    per_size = -(-count // len(sizes))
    for n in sizes:
        mine: list = []
        for seed in range(1, 50):
            match = Match.new(spec, [Seat(f"b{i}", "normal") for i in range(n)], seed=seed)
            k = 0
            while not match.state.is_over() and len(mine) < per_size:
                seat = match.bot_to_move()
                legal = match.state.legal_actions(seat)
                if len(legal) > 1:
                    k += 1
                    if k % 3 == 0:
                        mine.append((n, seat, match.state.view(seat), legal))
                match.step_bot()
            if len(mine) >= per_size:
                break
        out += mine
    return out[:count]


def bench_hard(count: int) -> list[dict]:
    from game.registry import GAMES

    rows = []
    for spec in GAMES.values():
        if "hard" not in spec.bots:
            rows.append({"game": spec.key, "missing": True})
            continue
        times = []
        for i, (n, seat, view, legal) in enumerate(hard_positions(spec, count)):
            bot = spec.bots["hard"](seat, 1000 + i)
            t0 = time.perf_counter()
            bot.choose(view, legal)
            times.append(time.perf_counter() - t0)
        rows.append({"game": spec.key, "positions": len(times), "median_s": statistics.median(times),
                     "max_s": max(times)})
    return rows


WI_HARD_POSITIONS = 30  # positions per table size (quick: 6)


def bench_wi_hard_by_size(count: int) -> list[dict]:
    """The Wonderful Island's hard decision at every table size (3-8): `count` positions a size
    (hard_positions), each decided by a fresh hard bot; CPU (time.process_time: the search runs on
    this thread alone) and wall seconds, median, 95th percentile and max."""
    from game.registry import GAMES

    spec = GAMES["wonderful_island"]
    rows = []
    for n in range(spec.min_players, spec.max_players + 1):
        cpu, wall = [], []
        for i, (_, seat, view, legal) in enumerate(hard_positions(spec, count, [n])):
            bot = spec.bots["hard"](seat, 1000 + i)
            c0, w0 = time.process_time(), time.perf_counter()
            bot.choose(view, legal)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        rows.append({"players": n, "positions": len(cpu),
                     **{f"{clock}_{name}": f(values) for clock, values in (("cpu", cpu), ("wall", wall))
                        for name, f in (("median", statistics.median), ("p95", lambda v: pct(v, 95)), ("max", max))}})
    return rows


def wi_hard_rows(rows: list[dict]) -> list[tuple[str, str, str, str]]:
    """Judged on the CPU time (goal: max <= 1 s, 95th percentile <= 0.7 s); the wall beside it."""
    out = []
    for r in rows:
        ok = r["cpu_max"] <= 1.0 and r["cpu_p95"] <= 0.7
        out.append((f"hard wonderful_island at {r['players']} players ({r['positions']} positions): "
                    "median / p95 / max",
                    f"CPU {fmt_s(r['cpu_median'])} / {fmt_s(r['cpu_p95'])} / {fmt_s(r['cpu_max'])}, "
                    f"wall {fmt_s(r['wall_median'])} / {fmt_s(r['wall_p95'])} / {fmt_s(r['wall_max'])}",
                    "p95 <= 0.7 s, max <= 1 s", verdict(ok)))
    return out


# -- scene parts (each runs in a child process) -------------------------------------
def _child_env(data_dir: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SIFANG_DATA_DIR=data_dir)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run_child(part: str, data_dir: str, extra: list[str] = (), timeout: float = 600) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", part, *extra],
                          capture_output=True, text=True, cwd=ROOT, env=_child_env(data_dir), timeout=timeout)
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"error": f"exit {proc.returncode}: {tail}"}


def child_idle(seconds: float) -> dict:
    try:
        from scenes.app import App
        app = App(lang="en", size=SIZE, fullscreen=False)
    except Exception as exc:  # noqa: BLE001
        return {"error": f"menu not available ({type(exc).__name__}: {exc})"}
    t_end = time.perf_counter() + 1.0
    while time.perf_counter() < t_end:  # first frames, font caches
        app.tick()
    ticks = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - w0 < seconds:
        app.tick()
        ticks += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    # For reference, in the same process: a bare loop of pygame.event.wait(500)
    # (pygame 2.6 waits by polling every millisecond) and one of time.sleep(0.03) + event.get().
    import pygame
    base = {}
    for name in ("wait", "sleep"):
        b0, bw = time.process_time(), time.perf_counter()
        while time.perf_counter() - bw < min(seconds, 1.5):
            if name == "wait":
                pygame.event.wait(500)
            else:
                time.sleep(0.03)
                pygame.event.get()
        base[name] = 100.0 * (time.process_time() - b0) / (time.perf_counter() - bw)
    return {"cpu_s": cpu, "wall_s": wall, "cpu_pct": 100.0 * cpu / wall, "ticks": ticks,
            "scene": type(app.manager.top).__name__, "wait_pct": base["wait"], "sleep_pct": base["sleep"]}


# -- report ----------------------------------------------------------------------
def print_table(rows: list[tuple[str, str, str, str]]) -> None:
    head = ("figure", "value", "goal", "")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(4)]
    line = "  ".join("-" * w for w in widths)
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip())
    print(line)
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


# (game, its words in the report), each at its largest table (tools/bench_play.py's LONG_GAMES).
PLAY_TABLES = [("xuanwu_gate", "xuanwu (7, scoring to 10)"), ("european_union", "european union (7)"),
               ("elfenland", "elfenland (6, 4 rounds)"), ("wonderful_island", "wonderful island (8)")]


def startup_rows(st: dict) -> list[tuple[str, str, str, str]]:
    """Each start against the bare window started the same way (from source, or built the same way)."""
    if "error" in st:
        return [("first drawn frame", st["error"], "", "")]
    rows = []
    for name in ("bare", "bare onedir", "bare onefile"):
        if name in st:
            fig = st[name]
            rows.append((f"{name} pygame window: first frame (median of {fig['runs']})",
                         f"{fmt_s(fig['wall_s'])} (CPU {fmt_s(fig['cpu_s'])})", "", ""))
    for name in ("bare, without pkg_resources", "source", "source, no bytecode cache", "onedir", "onefile"):
        fig = st.get(name)
        if fig is None:
            continue
        if "error" in fig:
            rows.append((f"{name}: first menu frame", fig["error"], "", ""))
            continue
        bare = st[fig["against"]]
        ratio = fig["wall_s"] / bare["wall_s"]
        if name.startswith("bare"):
            rows.append((f"  reference: {name}", f"{fmt_s(fig['wall_s'])}, {ratio:.2f}x", "", ""))
            continue
        goal, mark = ("<= 1.5x", verdict(ratio <= 1.5)) if name in ("source", "onedir", "onefile") else ("", "")
        cpu = f" (CPU {fig['cpu_s'] / bare['cpu_s']:.2f}x)" if bare["cpu_s"] else ""
        rows.append((f"{name}: first menu frame (median of {fig['runs']}), / {fig['against']} window",
                     f"{fmt_s(fig['wall_s'])} (CPU {fmt_s(fig['cpu_s'])}), {ratio:.2f}x{cpu}", goal, mark))
        if name == "onefile":
            rows.append(("  onefile: first menu frame", fmt_s(fig["wall_s"]), "<= 0.6 s", verdict(fig["wall_s"] <= 0.6)))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--only", default="engine,bots,hard,wihard,clone,scene",
                        help="comma list of: engine, bots, hard, wihard, clone, scene (or its parts: tables, "
                             "idle, startup); tables:GAME[+GAME] for some tables only")
    parser.add_argument("--json", help="also write the tables' figures (tools/bench_play.py's results) here")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind")
    args = parser.parse_args(argv)

    if args.child:
        if args.child.startswith("table:"):
            from bench_play import table_child
            result = table_child(args.child.split(":", 1)[1], quick=args.quick)
        else:
            result = child_idle(args.idle_seconds)
        print(json.dumps(result))
        return 0

    parts = {p.strip() for p in args.only.split(",")}
    tables = [(g, label) for g, label in PLAY_TABLES]
    for p in [p for p in parts if p.startswith("tables:")]:
        chosen = p.split(":", 1)[1].split("+")
        tables = [(g, label) for g, label in PLAY_TABLES if g in chosen]
        parts.add("tables")
    if "scene" in parts:
        parts |= {"tables", "idle", "startup"}
    secs = 1.0 if args.quick else 3.0
    rows: list[tuple[str, str, str, str]] = []
    print(f"Sifang Table benchmarks; Python {sys.version.split()[0]} on {sys.platform}, "
          f"{os.cpu_count()} cores{' (quick)' if args.quick else ''}; {load()}\n", flush=True)

    def part_done(name: str) -> None:
        """Each part's table as soon as it is measured (a whole run takes most of an hour)."""
        nonlocal rows
        if rows:
            print(f"-- {name} ({load()})")
            print_table(rows)
            print(flush=True)
        rows = []

    if "engine" in parts:
        for r in bench_engine(secs):
            rows.append((f"engine {r['game']}: random-play actions/s", f"{r['actions_per_s']:,.0f}",
                         ">= 20,000", verdict(r["actions_per_s"] >= 20000)))
            rows.append((f"engine {r['game']}: random games/s", f"{r['games_per_s']:,.0f}", "", ""))
    if "bots" in parts:
        for r in bench_bots(secs):
            goal = "<= 0.1 s" if r["level"] == "normal" else ""
            mark = verdict(r["max_s"] <= 0.1) if r["level"] == "normal" else ""
            rows.append((f"bot {r['game']} {r['level']}: decision median / max",
                         f"{fmt_s(r['median_s'])} / {fmt_s(r['max_s'])}", goal, mark))
            rows.append((f"bot {r['game']} {r['level']}: decisions measured",
                         f"{r['decisions']:,} in {r['games']} games", "", ""))
    if "hard" in parts:
        for r in bench_hard(12 if args.quick else HARD_POSITIONS):
            if r.get("missing"):
                rows.append((f"hard {r['game']}: decision median / max", "no hard level yet", "", ""))
                continue
            ok = r["max_s"] <= 1.0 and r["median_s"] <= 0.5
            rows.append((f"hard {r['game']}: decision median / max ({r['positions']} positions)",
                         f"{fmt_s(r['median_s'])} / {fmt_s(r['max_s'])}", "<= 0.5 s / <= 1 s", verdict(ok)))
    part_done("engine, bots, hard")
    if "wihard" in parts:
        rows += wi_hard_rows(bench_wi_hard_by_size(6 if args.quick else WI_HARD_POSITIONS))
        part_done("the wonderful island's hard level by table size")
    if "clone" in parts:
        from bench_clone import BASELINE, bench_clone
        for r in bench_clone(1.0 if args.quick else 3.0, BASELINE):
            goal = r["game"] in ("xuanwu_gate", "european_union") and "scoring" not in r["label"]
            rows.append((f"clone {r['label']} ({r['players']}): playouts/s, clone() / deepcopy",
                         f"{r['playouts_per_s']:,.0f} / {r['deepcopy_playouts_per_s']:,.0f} = {r['gain']:.2f}x",
                         ">= 2x" if goal else "", verdict(r["gain"] >= 2) if goal else ""))
            if "baseline_gain" in r:  # the whole gain: today's code against the code before issue 13
                rows.append((f"  against {r['baseline']} (before issue 13): playouts/s; their actions/s",
                             f"{r['playouts_per_s']:,.0f} / {r['baseline_playouts_per_s']:,.0f} = "
                             f"{r['baseline_gain']:.2f}x; {r['baseline_step_gain']:.2f}x",
                             ">= 2x" if goal else "", verdict(r["baseline_gain"] >= 2) if goal else ""))
            rows.append((f"  one clone after {r['actions_at_last_root']} actions, clone() / deepcopy",
                         f"{fmt_s(r['clone_us'] / 1e6)} / {fmt_s(r['deepcopy_us'] / 1e6)}", "", ""))
    part_done("clone")
    results = []
    with tempfile.TemporaryDirectory(prefix="sifang-bench-") as data_dir:
        if "tables" in parts:
            for game, label in tables:
                # Each table saves into a data folder of its own, as a player's only game would.
                mine = Path(data_dir) / game
                mine.mkdir()
                r = _run_child("table:" + game, str(mine), ["--quick"] if args.quick else [], timeout=4 * 3600)
                results.append(r)
                rows += play_rows(label, r)
                part_done(f"table: {label}")
            if args.json:
                Path(args.json).write_text(json.dumps({"load": load(), "quick": args.quick, "tables": results}, indent=1))
        if "idle" in parts:
            idle = _run_child("idle", data_dir, ["--idle-seconds", str(1.5 if args.quick else args.idle_seconds)])
            if "error" in idle:
                rows.append(("idle CPU on the menu", idle["error"], "", ""))
            else:
                rows.append((f"idle CPU on the menu ({idle['wall_s']:.1f} s, {idle['ticks']} ticks)",
                             f"{idle['cpu_pct']:.2f} % of a core", "<= 2 %", verdict(idle["cpu_pct"] <= 2.0)))
                rows.append(("  reference: bare pygame.event.wait(500) loop", f"{idle['wait_pct']:.2f} % of a core", "", ""))
                rows.append(("  reference: bare sleep(0.03) + event.get() loop", f"{idle['sleep_pct']:.2f} % of a core",
                             "", ""))
    if "startup" in parts:
        from bench_startup import bench_startup
        rows += startup_rows(bench_startup(3 if args.quick else args.runs))
    part_done("scene")
    return 0


def load() -> str:
    """The machine's load average (1, 5, 15 minutes), printed beside the figures."""
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # Windows
        return "load average unknown"


if __name__ == "__main__":
    sys.exit(main())
