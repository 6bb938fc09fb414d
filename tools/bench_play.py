"""What a player feels at a table, measured in a child process of tools/bench.py (SDL dummy driver).

A long game at each game's largest table is played as a player plays it: seat 0 a person, every
other seat a normal bot that the table steps itself (scenes/match_scene.py: in the frame, or on
game/core/thinking.py's worker thread for a bot that thinks in the background), and the match
autosaves after every action into a data folder of its own (SIFANG_DATA_DIR, set by bench.py), as
in the game. A normal bot decides the person's moves, outside the timing (a person's thinking is
their own), and the table gets them as it gets a click (scene.act); the person presses Enter for
what the table waits on them to close (a round's scoring, a settlement, a deal's battle, "ready
to vote"), as the README's keys say.

Measured, by tenth of the game:
- the frame after each action, the one that shows it: the person's action, or the bot's move as
  the table lands it, with the scene's answer, the autosave and the drawing (and the bot's
  deciding, for a bot that decides in the frame); wall time and the drawing thread's CPU time;
- the time from each action to its save on disk (tools/bench_watches.py's SaveWatch);
- a bot's turn to its move on screen: from the first frame in which the table lets the bot move
  to the end of the frame that shows the move, with the pacing pause of the bot speed setting
  (0.9 s at "normal") left out, so that it is what the bot's deciding and the frames add to it;
- the collector's passes that began inside a frame (gc.callbacks), with their time.
Besides: frames while an action's animation runs, while a bot thinks beside the drawing, and with
the mouse sweeping the table; Elfenland's first frame at each zoom level; peak memory (RSS).

The table runs at the game's 60 frames a second, the bench sleeping out the rest of each frame
outside its timing. Pauses that cost no work are skipped rather than sat through (BenchClock): the
bot speed's pause, and an animation after its first frames, a reveal or a clock the table holds
the bots for; the frames drawn meanwhile are measured all the same.

The tables read their resources as the build does: the shipped font subsets (tools/font_subset.py)
in place of the full fonts, from a folder laid out like the build's (shipped_fonts); set
SIFANG_BENCH_FONTS=full to measure with the source tree's full fonts instead.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

import pygame

from game.core.match import Match, Seat, bot_seed_for
from game.registry import GAMES

SIZE = (1280, 720)
FPS = 60             # scenes/app.py's cap, kept by the bench between frames
ANIM_FRAMES = 3      # an action's animation is measured at the real clock for this many frames...
SKIP_S = 0.25        # ...then moved on this much table time a frame (App.tick's longest step)
ENTER_AFTER = 16     # skipped frames (4 s of table time: any reveal is over) before the person presses Enter
STALL_FRAMES = 4000  # frames without an action: the table waits on something the bench does not do
MOUSE_FRAMES = 200   # frames of the mouse sweeping the table, as the fifth tenth of the game begins
QUICK_TENTHS = (0, 4, 9)  # --quick measures these tenths; it plays the rest off the table

# The longest games at the largest table of every game: (players, options).
LONG_GAMES: dict[str, tuple[int, dict]] = {
    "xuanwu_gate": (7, {"variant": "scoring", "target": 10, "memory_aid": True}),
    "european_union": (7, {}),
    "elfenland": (6, {"rounds": 4}),
    "wonderful_island": (8, {}),
}
LEVEL = "normal"


def game_options(key: str) -> dict:
    """LONG_GAMES' options that the game offers (an option it lacks is left out)."""
    spec = GAMES[key]
    return {k: v for k, v in LONG_GAMES[key][1].items() if k in spec.options and v in spec.options[k]}


def new_match(key: str, seed: int, autosave_path: Optional[Path] = None) -> Match:
    """A match of `key` at its largest table: seat 0 a person, the others normal bots."""
    spec = GAMES[key]
    level = LEVEL if LEVEL in spec.bots else "easy"
    seats = [Seat("Player 1", "human")] + [Seat(f"Bot {i}", level) for i in range(1, LONG_GAMES[key][0])]
    return Match.new(spec, seats, seed=seed, options=game_options(key), autosave_path=autosave_path)


def person_for(key: str, seed: int):
    """The bot that decides the person's moves (seeded apart from the table's bots)."""
    spec = GAMES[key]
    return spec.bots[LEVEL if LEVEL in spec.bots else "easy"](0, bot_seed_for(seed) + 1)


def person_move(match: Match, person) -> tuple[int, object]:
    seat = match.human_to_move()
    return seat, person.choose(match.state.view(seat), match.state.legal_actions(seat))


def step_off_table(match: Match, person) -> None:
    """One action as the table would take it next (the bots first, then the person), no frame drawn."""
    if match.bot_to_move() is not None:
        match.step_bot()
    else:
        match.act(*person_move(match, person))


def game_length(key: str, seed: int) -> int:
    """How many actions the game of `key` and `seed` takes (its bots and person are seeded)."""
    match, person = new_match(key, seed), person_for(key, seed)
    while not match.state.is_over():
        step_off_table(match, person)
    return len(match.state.actions)


def frame(app, scene, before: Optional[Callable[[], None]] = None) -> tuple[float, float]:
    """Wall and CPU seconds of one frame (app.tick with a forced redraw), `before()` inside the
    timing, the bots held. For measuring one thing the table does (a zoom), not a game's flow."""
    scene.bot_clock = -1e9
    t0, c0 = time.perf_counter(), time.process_time()
    if before is not None:
        before()
    app.request_redraw()
    app.tick()
    return time.perf_counter() - t0, time.process_time() - c0


def mouse_path(i: int) -> tuple[int, int]:
    """A mouse sweeping the whole window, row by row (over seats, cards, board, log, buttons)."""
    w, h = SIZE
    x = (i * 37) % (2 * w)
    x = x if x < w else 2 * w - 1 - x
    return x, (40 + i * 11) % h


def _move(app, i: int) -> None:
    pos = mouse_path(i)
    pygame.mouse.set_pos(pos) if pygame.display.get_init() else None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(0, 0, 0)))


def _press_enter() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))


class TablePlay:
    """A game played at the table frame by frame, and what each frame, turn and save took."""

    def __init__(self, app, scene, person, gc_watch, save_watch) -> None:
        self.app, self.scene, self.match, self.person = app, scene, scene.match, person
        self.gc, self.saves = gc_watch, save_watch
        # The frame after each action: (action number, who, wall s, CPU s, gc passes, gc s, wall s
        # inside the match's save method).
        self.after: list[tuple[int, str, float, float, int, float, float]] = []
        self.turns: list[tuple[int, float, float]] = []   # (action number, wall s, process CPU s)
        self.frames: dict[str, list[tuple[float, float]]] = {"anim": [], "thinking": [], "other": [], "mouse": []}
        self.enters = 0
        self.person_by_table = 0
        self._turn: Optional[tuple[float, float]] = None
        self._since_action = ANIM_FRAMES
        self._held = 0

    def tick(self, before: Optional[Callable[[], None]] = None) -> tuple[float, float, float, int, float]:
        """One frame of the app's loop, `before()` inside its timing: (start, wall s, drawing
        thread's CPU s, gc passes, gc s); the caller sleeps out the 60 Hz frame. The CPU time is the
        drawing thread's (time.thread_time): a bot thinking or a save written on another thread is
        not the frame's work, though it may take the interpreter from it (in the wall time)."""
        mark = self.gc.mark()
        start, c0 = time.perf_counter(), time.thread_time()
        self.gc.in_frame = True
        try:
            if before is not None:
                before()
            self.app.tick()
        finally:
            self.gc.in_frame = False
        wall, cpu = time.perf_counter() - start, time.thread_time() - c0
        gc_n, gc_s = self.gc.in_frames_since(mark)
        return start, wall, cpu, gc_n, gc_s

    def thinking(self) -> bool:
        thought = getattr(self.scene, "thought", None)
        return thought is not None and not thought.done

    def play_to(self, stop: int) -> None:
        """Frames until the game is over or `stop` actions have been taken."""
        scene, match, app = self.scene, self.match, self.app
        still = 0
        while not match.state.is_over() and len(match.state.actions) < stop:
            if app.manager.top is not scene:
                raise RuntimeError(f"{type(app.manager.top).__name__} over the table after "
                                   f"{len(match.state.actions)} actions")
            n = len(match.state.actions)
            before, kind = None, "other"
            bot, holding = match.bot_to_move(), scene.holding()
            if bot is None and not holding and scene.can_act():
                _, action = person_move(match, self.person)   # the person's thinking: not timed
                before = lambda action=action: scene.act(action)  # noqa: E731 - this action, acted in the timing
            elif bot is not None and not holding:
                if self._turn is None:
                    self._turn = (time.perf_counter(), time.process_time())
                scene.bot_clock = max(scene.bot_clock, app.settings.bot_delay)  # the pacing pause left out
                kind = "thinking" if self.thinking() else "other"
            elif self._since_action < ANIM_FRAMES and scene.tweens.busy:
                kind = "anim"
            else:
                app.clock.skip = SKIP_S   # the table stands still or waits on the person: time moves on
                self._held += 1
                if self._held >= ENTER_AFTER and not scene.tweens.busy:
                    _press_enter()
                    self.enters += 1
                    self._held = 0
            saving = self.saves.in_save
            start, wall, cpu, gc_n, gc_s = self.tick(before)
            self._since_action += 1
            after = len(match.state.actions)
            if after > n:
                if before is None and match.state.actions[-1][0] not in match.bots:
                    self.person_by_table += 1   # the table acted for the person (a key, a clock)
                self._action_shown(n, after, start, (wall, cpu, gc_n, gc_s, self.saves.in_save - saving))
                still = 0
            else:
                self.frames[kind].append((wall, cpu))
                still += 1
                if still > STALL_FRAMES:
                    view = match.state.view(None)
                    raise RuntimeError(f"no action for {still} frames after {after} actions (phase "
                                       f"{view.get('phase')!r}, to act {match.state.to_act()}, holding {holding})")
            self.saves.poll(start + 1 / FPS)   # the rest of the 60 Hz frame, looking for the saves

    def _action_shown(self, n: int, after: int, start: float, figures: tuple) -> None:
        """The frame that began at `start` showed actions n+1..after: (wall, CPU, gc passes, gc s,
        autosave s) of it."""
        seat = self.match.state.actions[-1][0]
        who = "bot" if seat in self.match.bots else "person"
        self.after.append((after, who, *figures))
        for number in range(n + 1, after + 1):
            self.saves.taken(number, start)
        if who == "bot" and self._turn is not None:
            self.turns.append((after, time.perf_counter() - self._turn[0], time.process_time() - self._turn[1]))
        self._turn = None
        self._since_action, self._held = 0, 0

    def last_saves(self, limit: float = 5.0) -> None:
        """After the last action: wait (up to `limit` seconds) for the saves still on their way."""
        end = time.perf_counter() + limit
        while not self.saves.look() and time.perf_counter() < end:
            time.sleep(0.001)

    def sweep_mouse(self, frames: int) -> None:
        """The mouse sweeping the table, the bots held (nothing but the mouse changes the picture)."""
        for i in range(frames):
            def move(i=i) -> None:
                self.scene.bot_clock = -1e9
                _move(self.app, i)
            start, wall, cpu, _, _ = self.tick(move)
            self.frames["mouse"].append((wall, cpu))
            self.saves.poll(start + 1 / FPS)
        self.scene.bot_clock = 0.0

    def catch_up(self, stop: int) -> None:
        """Play on to `stop` actions off the table (no frames), then show the table again."""
        if len(self.match.state.actions) >= stop:
            return
        self.last_saves()
        while not self.match.state.is_over() and len(self.match.state.actions) < stop:
            step_off_table(self.match, self.person)
        self._turn = None
        self.scene.stop_thinking()
        self.scene.refresh()
        for _ in range(5):
            frame(self.app, self.scene)   # the log's words and the pictures of the new position
        self.scene.bot_clock = 0.0


def _summary(times: list[tuple[float, float]]) -> dict:
    wall = [t for t, _ in times] or [float("nan")]
    cpu = [c for _, c in times] or [float("nan")]
    return {"n": len(times), "median_s": statistics.median(wall), "max_s": max(wall), "p99_s": _pct(wall, 99),
            "cpu_median_s": statistics.median(cpu), "cpu_max_s": max(cpu)}


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q / 100.0 * (len(s) - 1)))))]


def _tenth(number: int, total: int) -> int:
    """The tenth (0-9) of a game of `total` actions that action `number` is in: the tenth k holds
    the actions after total * k // 10 up to total * (k + 1) // 10 (as the --quick windows)."""
    return next((k for k in range(10) if number <= total * (k + 1) // 10), 9)


def tenths_of(play: TablePlay, total: int) -> list[dict]:
    """Per tenth of the game: the frames after its actions, their collector passes, the saves and
    the bots' turns (an empty tenth, not measured in a --quick run, has n = 0)."""
    out = []
    for k in range(10):
        rows = [r for r in play.after if _tenth(r[0], total) == k]
        saves = [s for number, s in play.saves.confirmed.items() if _tenth(number, total) == k]
        turns = [(w, c) for number, w, c in play.turns if _tenth(number, total) == k]
        fig = _summary([(r[2], r[3]) for r in rows]) if rows else {"n": 0}
        fig.update(tenth=k + 1, gc_n=sum(r[4] for r in rows), gc_s=sum(r[5] for r in rows),
                   autosave_median_s=statistics.median([r[6] for r in rows]) if rows else None,
                   save=_summary([(s, s) for s in saves]) if saves else {"n": 0},
                   turn=_summary(turns) if turns else {"n": 0})
        out.append(fig)
    return out


def shipped_fonts(folder: Path) -> Path:
    """A resource folder laid out like the build's in `folder` (assets/ and maps/ linked from the
    source tree, the fonts replaced by the shipped subsets), and the game told to read it as a build
    reads its own (sys._MEIPASS, game/core/paths.py)."""
    from game.core.paths import resource_root
    from tools.font_subset import FONT_FILES, OUT_DIR
    source = resource_root()
    # Made (or found made) in another process: fontTools reading the full fonts would count in
    # this process's peak memory.
    subprocess.run([sys.executable, str(Path(__file__).with_name("font_subset.py"))], check=True,
                   stdout=subprocess.DEVNULL)
    subsets = {name: OUT_DIR / name for name in FONT_FILES}
    for entry in (source / "assets").iterdir():
        target = folder / "assets" / entry.name
        target.parent.mkdir(parents=True, exist_ok=True)
        if entry.name == "fonts":
            target.mkdir()
            for font in entry.iterdir():
                (target / font.name).symlink_to(subsets.get(font.name, font))
        else:
            target.symlink_to(entry)
    if (source / "maps").exists():
        (folder / "maps").symlink_to(source / "maps")
    sys._MEIPASS = str(folder)  # type: ignore[attr-defined]
    return folder


def table_child(key: str, seed: int = 1, quick: bool = False) -> dict:
    """As _table_child, with the shipped fonts unless SIFANG_BENCH_FONTS=full."""
    if os.environ.get("SIFANG_BENCH_FONTS") == "full":
        return dict(_table_child(key, seed, quick), fonts="full")
    with tempfile.TemporaryDirectory(prefix="sifang-shipped-") as tmp:
        shipped_fonts(Path(tmp))
        return dict(_table_child(key, seed, quick), fonts="shipped subsets")


def _zoom_first_frames(app, scene) -> dict:
    """Elfenland: the first frame at each zoom level (nothing cached yet), then back to the fit."""
    board = scene.board
    zooms = [frame(app, scene, lambda level=level: board.zoom(level - board.bv.zoom_i))
             for level in range(1, len(board.bv.zoom_levels()))]
    zooms.append(frame(app, scene, lambda: board.zoom(-99)))
    return _summary(zooms)


def apply_bench_settings(app) -> None:
    """The settings a run measures besides the standard ones, from the environment (inherited by
    every child): SIFANG_BENCH_TEXT_SIZE (100, 125, 150) and SIFANG_BENCH_PALETTE (standard,
    distinct), to measure what the text size and colour-blind mode cost when used."""
    from scenes.ui import theme
    size = os.environ.get("SIFANG_BENCH_TEXT_SIZE")
    if size:
        app.set_text_size(int(size))
    palette = os.environ.get("SIFANG_BENCH_PALETTE")
    if palette:
        app.settings.seat_palette = palette
        theme.set_palette(palette)


def _table_child(key: str, seed: int = 1, quick: bool = False) -> dict:
    """One long game of `key` played at its largest table in this (child) process (module doc):
    all of it, or with `quick` only the tenths QUICK_TENTHS, the rest played off the table."""
    import gc

    import scenes.app as appmod
    from game.core.paths import user_data_dir
    from scenes.registry import table_scene
    from scenes.settings_store import new_autosave_path
    from bench_watches import BenchClock, GcWatch, SaveWatch

    app = appmod.App(lang="zh_TW", size=SIZE, fullscreen=False, first_scene=False)
    app.settings.bot_speed = "normal"  # animations as a player sees them; the pauses are skipped
    apply_bench_settings(app)
    app.clock = BenchClock()
    total = game_length(key, seed)   # where its tenths begin (the same seeds play the same game)
    match = new_match(key, seed, new_autosave_path(key))   # saved as a new game of the game is
    scene = app.manager.push(table_scene(app, match))
    for _ in range(5):
        frame(app, scene)   # the first frames build the table's pictures
    result: dict = {"game": key, "players": LONG_GAMES[key][0], "seed": seed, "level": LEVEL, "quick": quick,
                    "autosave": str(match.autosave_path) if match.autosave_path else None}
    if key == "elfenland":
        result["zoom"] = _zoom_first_frames(app, scene)
        result["zoom_levels"] = result["zoom"]["n"]
    gc.collect()
    with GcWatch() as gc_watch:
        play = TablePlay(app, scene, person_for(key, seed), gc_watch, SaveWatch(match, user_data_dir()))
        for k in (QUICK_TENTHS if quick else range(10)):
            play.catch_up(total * k // 10)
            if k == QUICK_TENTHS[1]:
                play.sweep_mouse(MOUSE_FRAMES)
            play.play_to(total * (k + 1) // 10 if k < 9 else 10**9)
        play.last_saves()
        scene.stop_thinking()
        passes = list(gc_watch.passes)
    result.update(actions=len(match.state.actions), measured=len(play.after), over=match.state.is_over(),
                  after=_summary([(r[2], r[3]) for r in play.after]),
                  person=_summary([(r[2], r[3]) for r in play.after if r[1] == "person"]),
                  bot=_summary([(r[2], r[3]) for r in play.after if r[1] == "bot"]),
                  tenths=tenths_of(play, total),
                  turns=_summary([(w, c) for _, w, c in play.turns]) if play.turns else {"n": 0},
                  saves=_summary([(s, s) for s in play.saves.confirmed.values()]) if play.saves.confirmed else {"n": 0},
                  autosave_in_frame=_summary([(r[6], r[6]) for r in play.after]), enters=play.enters,
                  person_by_table=play.person_by_table, length_off_table=total,
                  gc_in_frames={"n": sum(1 for p in passes if p[2]), "s": sum(p[1] for p in passes if p[2]),
                                "max_s": max([p[1] for p in passes if p[2]], default=0.0),
                                "gen2": sum(1 for p in passes if p[2] and p[0] == 2)},
                  gc_all={"n": len(passes), "s": sum(p[1] for p in passes)},
                  **{k: _summary(v) for k, v in play.frames.items()},
                  peak_rss_mb=peak_rss_mb(), text_cache_mb=app.fonts._texts.bytes / 1e6)
    return result


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB of 10^6 bytes (Linux, macOS)."""
    try:
        import resource
    except ImportError:  # Windows
        return float("nan")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak * 1024 / 1e6
