"""Start-up to the first drawn frame, for tools/bench.py: from source, and the one-dir and one-file
builds when dist/ has them ("not built" otherwise), against a bare pygame window in the same run,
started the same way: from source against tools/bare_window.py run by the same Python, each build
against that window built the same way (`SIFANG_BARE=1 pyinstaller build.spec`: dist/BareWindow,
dist/BareWindow-onefile; without them a build is compared with the window from source, and says so).

Each start runs headless under SDL's dummy video driver with SDL_VIDEO_DUMMY_SAVE_FRAMES, so SDL
writes every frame it shows to a BMP file in a fresh working folder: the first file appears when
the window opens, the second with the first frame drawn in it (the main menu; for the bare
window, its first fill). The time from starting the process to that second file is measured,
with the CPU time the process (and its children) had used by then, which a busy shared machine
does not inflate. The game is then closed.

From source, Python keeps its bytecode cache as it does for a player (in a temporary folder, so
the working tree gets no __pycache__): with PYTHONDONTWRITEBYTECODE set, as in some shells, every
start compiles the whole game again, which is not what a player waits for (also measured).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_build import BUILDS, DIST, EXE, FRAME, cpu_seconds, stop_process  # noqa: E402

TIMEOUT = 30.0
BARE_SCRIPT = ROOT / "tools" / "bare_window.py"
# The bare window built as each build of the game is: (its kind's name, its executable).
BARE_BUILDS = {"onedir": ("bare onedir", DIST / "BareWindow" / f"BareWindow{EXE}"),
               "onefile": ("bare onefile", DIST / f"BareWindow-onefile{EXE}")}


def first_frame(cmd: list[str], env: dict) -> tuple[float, float]:
    """Seconds from starting `cmd` to its first drawn frame, and the CPU seconds used by then."""
    with tempfile.TemporaryDirectory(prefix="sifang-start-") as tmp:
        env = dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SDL_VIDEO_DUMMY_SAVE_FRAMES="1",
                   SIFANG_DATA_DIR=str(Path(tmp) / "data"), PYGAME_HIDE_SUPPORT_PROMPT="1")
        drawn = Path(tmp) / FRAME.format(2)
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while not drawn.exists():
                if proc.poll() is not None:
                    raise RuntimeError(f"{Path(cmd[0]).name} ended (exit {proc.returncode}) before its first frame")
                if time.perf_counter() - t0 > TIMEOUT:
                    raise RuntimeError(f"no frame in {TIMEOUT:.0f} s")
                time.sleep(0.001)
            wall, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid)
        finally:
            stop_process(proc)
        return wall, cpu


def _median(starts: list[tuple[float, float]]) -> dict:
    return {"wall_s": statistics.median(w for w, _ in starts), "cpu_s": statistics.median(c for _, c in starts),
            "runs": len(starts)}


def bench_startup(runs: int) -> dict:
    """Median first-frame times: bare window, source (with and without a bytecode cache), builds."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    game = [sys.executable, str(ROOT / "main.py"), "--window", "1280x720", "--lang", "en"]
    bare = [sys.executable, str(BARE_SCRIPT)]
    # The same without setuptools' pkg_resources (as main.py starts pygame): where the game's own
    # start-up time goes.
    lean = [sys.executable, str(BARE_SCRIPT), "--without-pkg-resources"]
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="sifang-pyc-") as pyc:
        cached = dict(base, PYTHONPYCACHEPREFIX=pyc)
        kinds = {"bare": (bare, cached), "bare, without pkg_resources": (lean, cached), "source": (game, cached),
                 "source, no bytecode cache": (game, dict(base, PYTHONDONTWRITEBYTECODE="1"))}
        for name, (folder, exe) in BUILDS.items():
            if exe.exists():
                kinds[name] = ([str(exe), "--window", "1280x720", "--lang", "en"], base)
                bare_name, bare_exe = BARE_BUILDS[name]
                if bare_exe.exists():
                    kinds[bare_name] = ([str(bare_exe)], base)
            else:
                out[name] = {"error": "not built (dist/ has none: see the README's build section)"}
        try:
            for cmd, env in kinds.values():
                first_frame(cmd, env)  # warm the disk cache, and the bytecode cache where there is one
            starts: dict[str, list] = {name: [] for name in kinds}
            for _ in range(runs):  # interleaved, so a burst of load elsewhere touches all alike
                for name, (cmd, env) in kinds.items():
                    starts[name].append(first_frame(cmd, env))
        except (RuntimeError, OSError) as exc:
            return {"error": str(exc)}
    for name, values in starts.items():
        out[name] = _median(values)
    for name, (bare_name, _) in BARE_BUILDS.items():  # which bare window each start is compared with
        if name in out and "error" not in out[name]:
            out[name]["against"] = bare_name if bare_name in out else "bare"
    for name in ("source", "source, no bytecode cache", "bare, without pkg_resources"):
        if name in out:
            out[name]["against"] = "bare"
    return out
