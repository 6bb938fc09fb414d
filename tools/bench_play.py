"""What a player feels at a table, measured in a child process of tools/bench.py (SDL dummy driver).

- the frame after each action, from the first to the last action of a long game at the game's
  largest table (seat 0 a person, the rest bots; the bots' thinking is not in the frame, the
  scene's answer to the action and its drawing are), summed up per tenth of the game;
- frames with the mouse moving over the table and animations running;
- Elfenland's first zoom to each level (nothing cached yet);
- peak memory (RSS) on the busiest tables.

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

from game.core.match import Match, Seat
from game.registry import GAMES

SIZE = (1280, 720)

# The longest games at the largest table of every game: (players, options).
LONG_GAMES: dict[str, tuple[int, dict]] = {
    "xuanwu_gate": (7, {"variant": "scoring", "target": 10, "memory_aid": True}),
    "european_union": (7, {}),
    "elfenland": (6, {"rounds": 4}),
    "wonderful_island": (8, {}),
}


def long_game(key: str, seed: int = 1, level: str = "easy") -> tuple[int, list[tuple[Optional[int], tuple]]]:
    """(seed, actions) of a whole bots-only game of `key` at its largest table: the longest of three seeds."""
    spec = GAMES[key]
    n, options = LONG_GAMES[key]
    options = {k: v for k, v in options.items() if k in spec.options and v in spec.options[k]}
    best: list = []
    best_seed = seed
    for s in range(seed, seed + 3):
        state = spec.new_game(n, s, options)
        bots = {i: spec.bots[level](i, s) for i in range(n)}
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        if len(state.actions) > len(best):
            best = list(state.actions)
            best_seed = s
    return best_seed, best


def open_table(app, key: str, seed: int) -> "object":
    """The table of a new match of `key` at its largest table, seat 0 a person, the others bots."""
    from scenes.registry import table_scene
    spec = GAMES[key]
    n, options = LONG_GAMES[key]
    options = {k: v for k, v in options.items() if k in spec.options and v in spec.options[k]}
    level = "normal" if "normal" in spec.bots else "easy"
    seats = [Seat("Player 1", "human")] + [Seat(f"Bot {i}", level) for i in range(1, n)]
    match = Match.new(spec, seats, seed=seed, options=options)
    scene = app.manager.push(table_scene(app, match))
    return scene


def frame(app, scene, before: Optional[Callable[[], None]] = None) -> tuple[float, float]:
    """Wall and CPU seconds of one frame (app.tick with a forced redraw), `before()` inside the timing.
    The CPU time is the figure a busy shared machine does not inflate."""
    scene.bot_clock = -1e9   # the bench plays the bots' moves itself
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


def _summary(times: list[tuple[float, float]]) -> dict:
    wall = [t for t, _ in times] or [float("nan")]
    cpu = [c for _, c in times] or [float("nan")]
    return {"n": len(times), "median_s": statistics.median(wall), "max_s": max(wall), "p99_s": _pct(wall, 99),
            "cpu_median_s": statistics.median(cpu), "cpu_max_s": max(cpu)}


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q / 100.0 * (len(s) - 1)))))]


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


def table_child(key: str, seed: int = 1, anim_frames: int = 3, mouse_frames: int = 200) -> dict:
    """As _table_child, with the shipped fonts unless SIFANG_BENCH_FONTS=full."""
    if os.environ.get("SIFANG_BENCH_FONTS") == "full":
        return dict(_table_child(key, seed, anim_frames, mouse_frames), fonts="full")
    with tempfile.TemporaryDirectory(prefix="sifang-shipped-") as tmp:
        shipped_fonts(Path(tmp))
        return dict(_table_child(key, seed, anim_frames, mouse_frames), fonts="shipped subsets")


def _table_child(key: str, seed: int = 1, anim_frames: int = 3, mouse_frames: int = 200) -> dict:
    """Everything measured at one game's largest table, in this (child) process:
    - the frame after each action of a whole long game (by tenth of the game);
    - up to `anim_frames` frames after each action while its animation runs, the mouse moving;
    - `mouse_frames` frames with the mouse sweeping the table, at the game's middle;
    - for Elfenland, first: the first frame at each zoom level (nothing cached yet);
    - the process's peak memory (RSS) at the end."""
    import scenes.app as appmod
    appmod.FPS = 0  # measure the work, not the 60 fps cap
    app = appmod.App(lang="zh_TW", size=SIZE, fullscreen=False, first_scene=False)
    app.settings.bot_speed = "normal"  # animations as a player sees them
    game_seed, actions = long_game(key, seed)
    scene = open_table(app, key, game_seed)
    for _ in range(5):
        frame(app, scene)   # the first frames build the table's pictures
    result: dict = {"game": key, "players": LONG_GAMES[key][0], "seed": game_seed, "actions": len(actions)}
    if key == "elfenland":
        board = scene.board
        zooms = []
        for level in range(1, len(board.bv.zoom_levels())):
            zooms.append(frame(app, scene, lambda level=level: board.zoom(level - board.bv.zoom_i)))
        zooms.append(frame(app, scene, lambda: board.zoom(-99)))
        result["zoom"] = _summary(zooms)
        result["zoom_levels"] = len(zooms)
    after, anim, mouse = [], [], []
    for k, (seat, action) in enumerate(actions):
        def act(seat=seat, action=action) -> None:
            scene._after(scene.match.act(seat, action))
        after.append(frame(app, scene, act))
        for j in range(anim_frames):
            if not scene.tweens.busy:
                break
            anim.append(frame(app, scene, lambda j=j, k=k: _move(app, k * anim_frames + j)))
        if k == len(actions) // 2:
            for i in range(mouse_frames):
                mouse.append(frame(app, scene, lambda i=i: _move(app, i)))
    tenths = []
    for k in range(10):
        tenths.append(_summary(after[len(after) * k // 10:len(after) * (k + 1) // 10]))
    result.update(after=_summary(after), tenths=tenths, anim=_summary(anim), mouse=_summary(mouse),
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
