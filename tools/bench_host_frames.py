"""The host's frames while remote people play its table, beside the same table at one screen.

    python tools/bench_host_frames.py [--game wonderful_island] [--seed 2] [--level normal] [--frames 2400]

The same deal at the game's largest table is played twice in a window (SDL's dummy driver, the
app's 60 frames a second), seat 0 a person at this screen who takes a random legal move a quarter of
a second after the table asks (as tools/frame_watch.py plays it):

- at one screen: every other seat a bot of `level` that the table steps itself, as in any game;
- hosted: every other seat a person on another computer, each played by a headless client with a
  bot of the same level that looks a quarter of a second before each move, as the person at this
  screen does (game/net/headless.play_seat), all of them in one child process (its own interpreter,
  as another computer would be), over TLS on 127.0.0.1; this window is the host, its server on its
  own thread, the table's lock held for each frame (scenes/app.py).

For each run: the drawing thread's CPU time per frame (time.thread_time around App.tick: what the
networking, on its own thread, takes from the frames shows here as the interpreter's lock it holds),
median, 99th percentile and worst, frames over 16.7 ms, the wall time of a frame (with the 60 fps
cap's wait, without the app's idle sleep), and in the hosted run how long frames waited for the
table's lock. A run stops at the end of the game or after
`--frames` frames. The last line is the figures as JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SIFANG_DATA_DIR", tempfile.mkdtemp(prefix="sifang-host-frames-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.core.match import Match, Seat
from game.registry import GAMES
from frame_watch import PERSON_THINKS, PersonAtTable, Watch, _ms

TOOL = Path(__file__).resolve()


class TimedLock:
    """The table's lock as the window takes it, timing each wait for it (the server's loop holds it
    for a join, an intent or a state sent)."""

    def __init__(self, lock) -> None:
        self.lock = lock
        self.waits: list[float] = []

    def __enter__(self):
        t0 = time.perf_counter()
        self.lock.acquire()
        self.waits.append(time.perf_counter() - t0)
        return self

    def __exit__(self, *exc) -> None:
        self.lock.release()


def new_match(key: str, seed: int, level: str, hosted: bool, here: int) -> Match:
    """The game's largest table: `here` people at this screen (0 or 1), the others bots or remote."""
    spec = GAMES[key]
    level = level if level in spec.bots else "easy"
    others = "human" if hosted else level
    seats = [Seat("Ann")] * here + [Seat(f"P{i + 1}", others) for i in range(here, spec.max_players)]
    return Match.new(spec, seats, seed=seed)


def run(key: str, seed: int, level: str, hosted: bool, max_frames: int, here: int = 1) -> dict:
    """One game (or `max_frames` frames) in a window: its frames' figures."""
    from game.net.hosting import Hosting
    from game.net.table import LOCAL, REMOTE
    from scenes.app import App
    from scenes.registry import table_scene
    from scenes.shell.hosted_play import HostedPlay

    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    match = new_match(key, seed, level, hosted, here)
    clients, lock = None, None
    if hosted:
        n = len(match.seats)
        hosting = Hosting(match, [LOCAL] * here + [REMOTE] * (n - here), listen="127.0.0.1", port=0, announce=False)
        hosting.open()
        app.hosted = HostedPlay(app, hosting)
        lock = TimedLock(hosting.table.lock)
        type(app.hosted).lock = property(lambda self: lock)
        clients = subprocess.Popen([sys.executable, str(TOOL), "--clients-for", f"127.0.0.1:{hosting.port}",
                                    str(hosting.code), str(n - here), str(here), level],
                                   stdout=subprocess.DEVNULL)
        end = time.monotonic() + 60
        while not hosting.table.started and time.monotonic() < end:
            time.sleep(0.05)
        if not hosting.table.started:
            raise SystemExit("the clients did not all join within a minute")
    rng = random.Random(seed)
    watch = Watch()
    watch.install([] if hosted else match.bots.values(), app)
    # The app sleeps 30 ms in a frame when nothing moves (scenes/app.py: no frame waits on that);
    # the host waits on people more often than on its own bots, so the sleep is taken out of the wall.
    import pygame
    real_wait, slept = pygame.time.wait, []

    def wait(ms: int) -> int:
        t0 = time.perf_counter()
        try:
            return real_wait(ms)
        finally:
            slept.append(time.perf_counter() - t0)
    pygame.time.wait = wait
    idle: list[float] = []
    scene = app.manager.push(table_scene(app, match))
    try:
        person = PersonAtTable(rng)
        for _ in range(max_frames):
            if match.state.is_over():
                break
            before = len(match.state.actions)
            person.before_frame(app, scene)
            asleep = len(slept)
            watch.tick(app)
            idle.append(sum(slept[asleep:]))
            person.after_frame(len(match.state.actions) != before)
        actions, over = len(match.state.actions), match.state.is_over()
    finally:
        pygame.time.wait = real_wait
        watch.uninstall()
        scene.stop_thinking()
        if hosted:
            app.close_table()
            clients.wait(30)
    frames = watch.frames
    out = {"run": "hosted" if hosted else "one screen", "frames": len(frames), "actions": actions, "over": over,
           "frame_cpu_ms": _ms([f["cpu"] for f in frames]),
           "frame_wall_ms": _ms([f["wall"] - rest for f, rest in zip(frames, idle)]),
           "frames_over_16ms_cpu": sum(1 for f in frames if f["cpu"] > 1 / 60)}
    if lock is not None:
        out["lock_wait_ms"] = _ms(lock.waits)
    return out


class Paced:
    """A bot that looks at the table for a while before it moves, as a person at another computer
    does (a client's bot answering at once would make the host's table move many times a frame)."""

    def __init__(self, bot, pause: float) -> None:
        self.bot, self.pause = bot, pause

    def observe(self, view: dict) -> None:
        self.bot.observe(view)

    def choose(self, view: dict, legal: list):
        time.sleep(self.pause)
        return self.bot.choose(view, legal)


def play_clients(address: str, code: str, n: int, first: int, level: str) -> int:
    """The child process: n headless clients, each taking a seat from `first` on and playing it with a bot."""
    from game.net.client import TableClient, parse_address
    from game.net.headless import play_seat
    from game.net.remote_match import RemoteMatch
    # The clients stand for other computers: on this one they take only what the host leaves idle.
    os.nice(19)
    where = parse_address(address)

    def seat(i: int) -> None:
        remote = RemoteMatch.join(GAMES, TableClient(where, code, seat=i), timeout=30)
        play_seat(remote, Paced(remote.spec.bots[level](i, i), PERSON_THINKS), deadline=3600)
        remote.close()
    threads = [threading.Thread(target=seat, args=(first + i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(3600)
    return 0


def line(figures: dict) -> str:
    cpu, wall = figures["frame_cpu_ms"], figures["frame_wall_ms"]
    text = (f"  {figures['run']:>10}: {figures['frames']} frames, {figures['actions']} actions; frame CPU median "
            f"{cpu['median']} ms, 99th percentile {cpu['p99']} ms, worst {cpu['max']} ms, "
            f"{figures['frames_over_16ms_cpu']} over 16.7 ms; wall median {wall['median']} ms, "
            f"99th percentile {wall['p99']} ms")
    if "lock_wait_ms" in figures:
        lw = figures["lock_wait_ms"]
        text += f"; waits for the table's lock median {lw['median']} ms, worst {lw['max']} ms"
    return text


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="wonderful_island", choices=list(GAMES))
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--frames", type=int, default=2400, help="at most this many frames a run")
    parser.add_argument("--nobody-here", action="store_true",
                        help="no person at this screen: every seat a bot here, or a remote client (8 at 8 seats)")
    parser.add_argument("--clients-for", nargs=5, metavar=("ADDRESS", "CODE", "N", "FIRST", "LEVEL"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.clients_for:
        address, code, n, first, level = args.clients_for
        return play_clients(address, code, int(n), int(first), level)
    here = 0 if args.nobody_here else 1
    results = [run(args.game, args.seed, args.level, hosted, args.frames, here) for hosted in (False, True)]
    n = GAMES[args.game].max_players
    who = "nobody at this screen" if not here else "seat 0 a person at this screen"
    print(f"{args.game}, {n} seats, {who}; the others {args.level} bots at this screen, "
          f"or {n - here} remote clients over TLS on 127.0.0.1:")
    for figures in results:
        print(line(figures))
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
