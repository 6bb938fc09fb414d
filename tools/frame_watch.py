"""What lands inside the frames of a whole game played at a real table, as a player waits on them:
the bots' thinking on the drawing thread, the garbage collector's passes, and the slowest frames.

    .venv/bin/python tools/frame_watch.py [game ...] [--seed N] [--speed instant] [--level normal]

Seat 0 is a person who takes a random legal action a quarter of a second after the table asks it
(and closes the overlays a person would close); every other seat is a bot that the table itself steps, as in play,
with its own frame loop (App.tick at 60 frames a second, SDL's dummy driver). For each frame it
keeps the wall time and the drawing thread's CPU time (time.thread_time: a bot thinking on a worker
is not counted, the drawing thread's share of the interpreter is). Bots' `choose` is timed wherever
it runs (CPU of its thread); the collector's passes are timed through gc.callbacks (CPU of the thread
that runs them), and counted as in a frame when they start while App.tick runs (on either thread: a
pass holds the interpreter for all).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The game autosaves after every action, as in play (its writing makes garbage too), in a folder of
# its own.
os.environ.setdefault("SIFANG_DATA_DIR", tempfile.mkdtemp(prefix="sifang-frame-watch-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.match import Match, Seat
from game.registry import GAMES

PERSON_THINKS = 0.25  # seconds the person looks at the table before each of their moves

LONG_GAMES: dict[str, tuple[int, dict]] = {
    "xuanwu_gate": (7, {"variant": "scoring", "target": 10, "memory_aid": True}),
    "european_union": (7, {}),
    "elfenland": (6, {}),
    "wonderful_island": (8, {}),
}


class Watch:
    """Frames, bot decisions and collector passes, timed while it is installed."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.passes: list[dict] = []       # gc: generation, seconds, in a frame?, thread
        self.decisions: list[dict] = []    # bots: seconds (CPU of its thread), on the drawing thread?
        self._in_frame = False
        self._idle = False                 # the app's idle moment (scenes/collector.py): no frame waits on it
        self._idle_cpu = 0.0
        self._gc_start: dict[int, float] = {}
        self._main = threading.main_thread()
        self._patched: list = []

    # -- the collector ------------------------------------------------------------------------
    def _gc(self, phase: str, info: dict) -> None:
        tid = threading.get_ident()
        if phase == "start":
            self._gc_start[tid] = time.thread_time()
            return
        began = self._gc_start.pop(tid, None)
        if began is None:
            return
        self.passes.append({"gen": info["generation"], "s": time.thread_time() - began,
                            "in_frame": self._in_frame and not self._idle, "idle": self._idle,
                            "main": threading.current_thread() is self._main})

    # -- the bots -------------------------------------------------------------------------------
    def _patch_bots(self, bots) -> None:
        for bot in bots:
            for klass in type(bot).__mro__:
                if "choose" in klass.__dict__:
                    self._wrap(klass)

    def _wrap(self, klass) -> None:
        if any(k is klass for k, _ in self._patched):
            return
        inner = klass.__dict__["choose"]
        watch = self

        def choose(bot, view, legal):
            if getattr(watch, "_depth", 0):   # a subclass calling its parent's choose: timed once
                return inner(bot, view, legal)
            watch._depth = 1
            c0 = time.thread_time()
            try:
                return inner(bot, view, legal)
            finally:
                watch._depth = 0
                watch.decisions.append({"s": time.thread_time() - c0, "level": bot.level,
                                        "main": threading.current_thread() is watch._main,
                                        "in_frame": watch._in_frame})
        self._patched.append((klass, inner))
        klass.choose = choose

    def install(self, bots, app) -> None:
        gc.callbacks.append(self._gc)
        self._patch_bots(bots)
        idle = app.collector.idle

        def watched_idle(scene):
            self._idle = True
            c0 = time.thread_time()
            try:
                return idle(scene)
            finally:
                self._idle = False
                self._idle_cpu += time.thread_time() - c0
        app.collector.idle = watched_idle

    def uninstall(self) -> None:
        gc.callbacks.remove(self._gc)
        for klass, inner in self._patched:
            klass.choose = inner
        self._patched = []

    # -- frames ---------------------------------------------------------------------------------
    def tick(self, app, label: str = "") -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        self._in_frame, self._idle_cpu = True, 0.0
        try:
            app.tick()
        finally:
            self._in_frame = False
        # The idle moment's own work (a collection while the app would wait for input) is no frame's.
        self.frames.append({"wall": time.perf_counter() - t0 - self._idle_cpu,
                            "cpu": time.thread_time() - c0 - self._idle_cpu, "label": label})


def play(key: str, seed: int = 1, speed: str = "instant", level: str = "normal", lang: str = "zh_TW",
         max_frames: int = 40000, gc_default: bool = False) -> dict:
    """One whole game of `key` at its largest table, seat 0 a person; the figures of what was in its frames.
    `gc_default`: the collector as Python leaves it (no idle passes, no freezing), to compare."""
    from scenes.app import App
    from scenes.registry import table_scene
    from scenes.settings_store import new_autosave_path

    spec = GAMES[key]
    n, options = LONG_GAMES[key]
    options = {k: v for k, v in options.items() if k in spec.options and v in spec.options[k]}
    level = level if level in spec.bots else "easy"
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    app.settings.bot_speed = speed
    if gc_default:
        gc.set_threshold(700, 10, 10)
        app.collector.idle = lambda scene: 0.0
    seats = [Seat("Player 1", "human")] + [Seat(f"Bot {i}", level) for i in range(1, n)]
    match = Match.new(spec, seats, seed=seed, options=options, autosave_path=new_autosave_path(key))
    rng = random.Random(seed)
    watch = Watch()
    watch.install(match.bots.values(), app)
    try:
        scene = app.manager.push(table_scene(app, match))
        person = PersonAtTable(rng)
        for _ in range(max_frames):
            if match.state.is_over():
                break
            before = len(match.state.actions)
            label = person.before_frame(app, scene)
            watch.tick(app, label)
            person.after_frame(len(match.state.actions) != before)
        over = match.state.is_over()
    finally:
        watch.uninstall()
        scene.stop_thinking()
    return summary(key, watch, len(match.state.actions), over)


class PersonAtTable:
    """The person at a watched table: closes what covers the table, looks at the table PERSON_THINKS
    before a random legal move (the app may rest meanwhile), and after 30 frames in which nothing
    moved clicks on what the table holds for them (_close_for_the_person)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.waited, self.still = rng, None, 0

    def before_frame(self, app, scene) -> str:
        """The person's part of a frame, before it is drawn: "person" if they moved, else ""."""
        if app.manager.top is not scene:
            app.manager.remove(app.manager.top)
        elif scene.can_act() and not scene.holding():
            self.waited = self.waited if self.waited is not None else time.perf_counter()
            legal = scene.match.state.legal_actions(scene.decider)
            if legal and time.perf_counter() - self.waited >= PERSON_THINKS:
                scene.act(self.rng.choice(legal))
                self.waited = None
                return "person"
        elif self.still > 30:
            _close_for_the_person(scene)
            self.still = 0
        return ""

    def after_frame(self, moved: bool) -> None:
        self.still = 0 if moved else self.still + 1


def _close_for_the_person(scene) -> None:
    """What the person at the table clicks to go on: a round's scoring, a settlement, a deal's battle,
    ready to vote."""
    for name in ("close_scoring", "close_deal_panel"):
        if hasattr(scene, name):
            getattr(scene, name)()
    settlement = getattr(scene, "settlement", None)
    if settlement is not None and settlement.visible:
        settlement.close()
    if hasattr(scene, "say_ready"):
        scene.say_ready(0)


def _ms(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    s = sorted(values)
    return {"n": len(s), "median": round(1000 * statistics.median(s), 2),
            "p99": round(1000 * s[min(len(s) - 1, int(0.99 * (len(s) - 1) + 0.5))], 2),
            "max": round(1000 * s[-1], 2), "sum": round(1000 * sum(s), 1)}


def summary(key: str, watch: Watch, actions: int, over: bool) -> dict:
    """The figures of one watched game."""
    frames = watch.frames
    in_frame = [d["s"] for d in watch.decisions if d["main"] and d["in_frame"]]
    aside = [d["s"] for d in watch.decisions if not d["main"]]
    passes = [p for p in watch.passes if p["in_frame"]]
    slow = sorted(frames, key=lambda f: -f["cpu"])[:8]
    return {
        "game": key, "actions": actions, "over": over, "frames": len(frames),
        "frame_cpu_ms": _ms([f["cpu"] for f in frames]),
        "frame_wall_ms": _ms([f["wall"] for f in frames]),
        "frames_over_16ms_cpu": sum(1 for f in frames if f["cpu"] > 1 / 60),
        "bot_in_frames_ms": _ms(in_frame),
        "bot_on_worker_ms": _ms(aside),
        "gc_in_frames": {g: _ms([p["s"] for p in passes if p["gen"] == g]) for g in (0, 1, 2)},
        "gc_all": {g: _ms([p["s"] for p in watch.passes if p["gen"] == g]) for g in (0, 1, 2)},
        "gc_at_idle_moments": _ms([p["s"] for p in watch.passes if p["idle"]]),
        "slowest_frames_cpu_ms": [(round(1000 * f["cpu"], 1), f["label"]) for f in slow],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(LONG_GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", default="instant")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--gc-default", action="store_true", help="the collector as Python leaves it")
    args = parser.parse_args(argv)
    for key in args.games:
        print(json.dumps(play(key, args.seed, args.speed, args.level, gc_default=args.gc_default)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
