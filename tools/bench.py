"""Benchmarks for Sifang Table: prints figures, asserts nothing.

    python tools/bench.py              # everything (about a minute)
    python tools/bench.py --quick      # shorter runs
    python tools/bench.py --only engine,bots

Parts:
  engine  random play through the engine contract: actions per second per available game
          (goal >= 20 000)
  bots    one bot decision (bot.choose) per level per game: median and max seconds
          (goal: normal <= 0.1 s); the searching level (hard) is timed by its own part:
  hard    hard's decision time per game that has hard, over a fixed set of positions: the
          decisions with a choice in seeded games of normal bots (3 seats, the middle size and
          the most), every few taken; median and max (goal: max <= 1 s, median <= 0.5 s)
  scene   under SDL's dummy driver at 1280x720, each in its own process:
          - frame:   the Xuanwu table scene's frame time (app.tick with a forced redraw,
                     the 60 fps cap lifted) over ~300 frames of a mid-game match, median and
                     p99, and its ratio to one full-screen blit + flip measured in the same run
          - elfenland frame: the same for the Elfenland table (plan phase of round 2, seat 0
                     human), plus a frame after a pan step (the board recomposed)
          - european union frame: the same for the European Union table (the chair's discussion
                     in round 2, the countdown running; goal ratio <= 4)
          - idle:    CPU used by the normal loop on the main menu over ~3 s of wall time, as %
                     of one core (goal <= 2 %)
          - startup: time to the first menu frame vs a bare pygame window (whole processes,
                     several runs each, median; goal ratio <= 1.5)
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

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SIZE = (1280, 720)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = min(len(s) - 1, max(0, int(round(q / 100.0 * (len(s) - 1)))))
    return s[k]


# -- engine ----------------------------------------------------------------------
def bench_engine(seconds: float) -> list[dict]:
    from game.registry import available_games

    rows = []
    for spec in available_games():
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
    from game.registry import available_games

    rows = []
    for spec in available_games():
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


def hard_positions(spec, count: int) -> list[tuple[int, int, dict, list]]:
    """(players, seat, view, legal) at decisions with a choice in seeded games of normal bots: every
    third one, from tables of the fewest seats, the middle size and the most, until `count`."""
    from game.core.match import Match, Seat

    sizes = sorted({spec.min_players, (spec.min_players + spec.max_players) // 2, spec.max_players})
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
    from game.registry import available_games

    rows = []
    for spec in available_games():
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


# -- scene parts (each runs in a child process) -------------------------------------
def _child_env(data_dir: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SIFANG_DATA_DIR=data_dir)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run_child(part: str, data_dir: str, extra: list[str] = ()) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", part, *extra],
                          capture_output=True, text=True, cwd=ROOT, env=_child_env(data_dir), timeout=600)
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"error": f"exit {proc.returncode}: {tail}"}


def _mid_game_match():
    """5 seats, seat 0 human, 4 normal bots, played on to a human turn in round 2 or later."""
    from game.core.match import Match, Seat
    from game.registry import GAMES

    spec = GAMES["xuanwu_gate"]
    for seed in range(7, 200):
        seats = [Seat("Player 1", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, 5)]
        match = Match.new(spec, seats, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            st = match.state
            if st.is_over():
                break
            if 0 in st.to_act() and st.phase == "layout" and (st.round >= 2 or len(st.swaps) >= 4):
                match.confirm_handoff(0)
                return match
            if match.step_bot():
                continue
            seat = match.human_to_move()
            match.act(seat, rng.choice(st.legal_actions(seat)))
    raise RuntimeError("no mid-game position found")


def _timed(app, frames: int, before=None) -> list[float]:
    """Seconds per frame of app.tick with a forced redraw, `before(i)` run inside the timing."""
    out = []
    for i in range(frames):
        t0 = time.perf_counter()
        if before is not None:
            before(i)
        app.request_redraw()
        app.tick()
        out.append(time.perf_counter() - t0)
    return out


def _table_scene(app, game: str):
    """A mid-game table of `game`, ready to draw."""
    if game == "european_union":
        # The chair's discussion in round 2: the countdown runs, so this frame is redrawn every second.
        from scenes.european_union.demo import demo_scene
        return demo_scene(app, "discuss", seed=4)
    if game == "elfenland":
        from scenes.elfenland.demo import demo_scene
        return demo_scene(app, "plan", seed=1)
    if game == "wonderful_island":
        # Eight players, the viewer's own action turn: the fullest table of all.
        from scenes.wonderful_island.demo import demo_scene
        return demo_scene(app, "play", seed=2, n_players=8)
    from scenes.xuanwu_gate.table import XuanwuTableScene
    return XuanwuTableScene(app, _mid_game_match())


def child_frame(frames: int, game: str = "xuanwu_gate") -> dict:
    """A table's frame time (forced redraws), after a view change, and, for Elfenland, after a pan step;
    with one full-screen blit + flip measured in the same process to compare with."""
    import pygame
    try:
        import scenes.app as appmod
        appmod.FPS = 0  # measure the work, not the 60 fps cap
        app = appmod.App(lang="en", size=SIZE, fullscreen=False)
        scene = app.manager.push(_table_scene(app, game))
    except Exception as exc:  # noqa: BLE001
        return {"error": f"scene not available ({type(exc).__name__}: {exc})"}
    _timed(app, 30)  # warm caches (text, card faces)
    times = _timed(app, frames)
    # A frame after the view changed (an action happened): the scene rebuilds what it caches.
    rebuild = _timed(app, max(30, frames // 5), lambda i: scene.refresh())
    result = {"frames": frames, "median_s": statistics.median(times), "p99_s": pct(times, 99),
              "rebuild_median_s": statistics.median(rebuild), "rebuild_p99_s": pct(rebuild, 99),
              "scene": type(scene).__name__, "actions_in_match": len(scene.match.state.actions)}
    if game == "elfenland":
        scene.board.zoom(2)
        pan = _timed(app, max(30, frames // 5),
                     lambda i: scene.board.pan(7 if i % 2 else -7, 5 if i % 2 else -5))
        result.update(pan_median_s=statistics.median(pan), pan_p99_s=pct(pan, 99))
    screen = pygame.display.get_surface()
    if os.environ.get("SIFANG_BENCH_SHOT"):
        pygame.image.save(screen, os.environ["SIFANG_BENCH_SHOT"])
    bg = pygame.Surface(screen.get_size()).convert()
    bg.fill((40, 60, 50))
    blit = []
    for _ in range(frames):
        t0 = time.perf_counter()
        screen.blit(bg, (0, 0))
        pygame.display.flip()
        blit.append(time.perf_counter() - t0)
    result["blit_median_s"] = statistics.median(blit)
    return result


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


BARE = ("import os, pygame\n"
        "pygame.display.init()\n"
        "screen = pygame.display.set_mode((1280, 720))\n"
        "screen.fill((30, 30, 30))\n"
        "pygame.display.flip()\n"
        "os._exit(0)\n")
APP = ("import os\n"
       "from game.core.logs import setup_logging\n"
       "setup_logging()\n"
       "from scenes.app import App\n"
       "app = App(lang='en', size=(1280, 720), fullscreen=False)\n"
       "app.tick()\n"
       "os._exit(0 if app.manager.top is not None else 3)\n")


def bench_startup(runs: int, data_dir: str) -> dict:
    env = _child_env(data_dir)

    def once(code: str) -> float:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        dt = time.perf_counter() - t0
        if proc.returncode != 0:
            tail = (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]
            raise RuntimeError(tail)
        return dt

    bare, app = [], []
    try:
        once(BARE), once(APP)  # warm the disk cache for both
        for _ in range(runs):
            bare.append(once(BARE))
            app.append(once(APP))
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return {"error": f"menu not available ({exc})"}
    b, a = statistics.median(bare), statistics.median(app)
    return {"bare_s": b, "app_s": a, "ratio": a / b, "runs": runs}


# -- report ----------------------------------------------------------------------
def fmt_s(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def print_table(rows: list[tuple[str, str, str, str]]) -> None:
    head = ("figure", "value", "goal", "")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(4)]
    line = "  ".join("-" * w for w in widths)
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip())
    print(line)
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


def verdict(ok: bool) -> str:
    return "meets goal" if ok else "MISSES goal"


# (game, its words in the report): each table's frame against one full-screen blit + flip.
FRAME_TABLES = [("xuanwu_gate", "xuanwu"), ("european_union", "european union"), ("elfenland", "elfenland"),
                ("wonderful_island", "wonderful island (8 players)")]


def frame_rows(label: str, fr: dict) -> list[tuple[str, str, str, str]]:
    """The report's rows for one table's frame figures."""
    if "error" in fr:
        return [(f"{label} table frame (1280x720)", fr["error"], "", "")]
    ratio = fr["median_s"] / fr["blit_median_s"] if fr["blit_median_s"] > 0 else float("inf")
    rows = [(f"{label} table frame median / p99 ({fr['frames']} frames, {fr['scene']})",
             f"{fmt_s(fr['median_s'])} / {fmt_s(fr['p99_s'])}", "", ""),
            ("  same, after a view change (refresh + draw)",
             f"{fmt_s(fr['rebuild_median_s'])} / {fmt_s(fr['rebuild_p99_s'])}", "", "")]
    if fr.get("pan_median_s") is not None:
        rows.append(("  same, after a pan step (board recomposed + draw)",
                     f"{fmt_s(fr['pan_median_s'])} / {fmt_s(fr['pan_p99_s'])}", "", ""))
    rows += [("  full-screen blit + flip median", fmt_s(fr["blit_median_s"]), "", ""),
             (f"{label} frame / blit+flip", f"{ratio:.1f}x", "<= 4x", verdict(ratio <= 4))]
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--only", default="engine,bots,hard,scene",
                        help="comma list of: engine, bots, hard, scene")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--frames", type=int, default=300, help="frames for the frame-time figure")
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind")
    args = parser.parse_args(argv)

    if args.child:
        if args.child.startswith("frame:"):
            result = child_frame(args.frames, args.child.split(":", 1)[1])
        else:
            result = child_idle(args.idle_seconds)
        print(json.dumps(result))
        return 0

    parts = {p.strip() for p in args.only.split(",")}
    secs = 1.0 if args.quick else 3.0
    rows: list[tuple[str, str, str, str]] = []
    print(f"Sifang Table benchmarks; Python {sys.version.split()[0]} on {sys.platform}, "
          f"{os.cpu_count()} cores{' (quick)' if args.quick else ''}\n", flush=True)

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
    if "scene" in parts:
        with tempfile.TemporaryDirectory(prefix="sifang-bench-") as data_dir:
            frames = 100 if args.quick else args.frames
            for game, label in FRAME_TABLES:
                fr = _run_child("frame:" + game, data_dir, ["--frames", str(frames)])
                rows += frame_rows(label, fr)
            idle = _run_child("idle", data_dir, ["--idle-seconds", str(1.5 if args.quick else args.idle_seconds)])
            if "error" in idle:
                rows.append(("idle CPU on the menu", idle["error"], "", ""))
            else:
                rows.append((f"idle CPU on the menu ({idle['wall_s']:.1f} s, {idle['ticks']} ticks)",
                             f"{idle['cpu_pct']:.2f} % of a core", "<= 2 %", verdict(idle["cpu_pct"] <= 2.0)))
                rows.append(("  reference: bare pygame.event.wait(500) loop", f"{idle['wait_pct']:.2f} % of a core", "", ""))
                rows.append(("  reference: bare sleep(0.03) + event.get() loop", f"{idle['sleep_pct']:.2f} % of a core",
                             "", ""))
            st = bench_startup(3 if args.quick else args.runs, data_dir)
            if "error" in st:
                rows.append(("first menu frame", st["error"], "", ""))
            else:
                rows.append((f"bare pygame window, process (median of {st['runs']})", fmt_s(st["bare_s"]), "", ""))
                rows.append((f"first menu frame, process (median of {st['runs']})", fmt_s(st["app_s"]), "", ""))
                rows.append(("first menu frame / bare window", f"{st['ratio']:.2f}x", "<= 1.5x",
                             verdict(st["ratio"] <= 1.5)))
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
