"""The built game's size and how fast each build opens its window (Linux): figures, no verdicts.

    .venv/bin/pyinstaller --noconfirm build.spec      # first: both builds, into dist/
    python tools/measure_build.py                     # sizes, then 7 cold and 7 warm starts of each
    python tools/measure_build.py --runs 3 --only onefile

Sizes are the bytes of every file (as `du --apparent-size` counts them), in MB of 10^6 bytes.

A start runs the executable headless under SDL's dummy video driver with
SDL_VIDEO_DUMMY_SAVE_FRAMES set, so SDL writes each frame it shows to a BMP file in the
(fresh, empty) working folder: the first file appears when the window opens, the second when
the main menu's first frame is shown. The time from starting the process to each file
appearing is measured, then the game is closed (SIGTERM, which SDL turns into a quit).
Cold: the executable's files are first dropped from the page cache (posix_fadvise), as
after a reboot; the one-file build unpacks itself to a new temporary folder at every start,
cold or warm. Warm: run again straight away. Each figure is the median of the runs.

On a machine busy with other jobs the wall times grow with the load; two figures stand
apart from it: the CPU time the game's processes (the one-file build's unpacker and the
game) had used when the menu's first frame showed, and, with --nice -10 (root only), the
wall time at a priority that gives the game a core as on an idle machine.
"""
from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
EXE = ".exe" if sys.platform == "win32" else ""
BUILDS = {
    "onedir": (DIST / "SifangTable", DIST / "SifangTable" / f"SifangTable{EXE}"),
    "onefile": (DIST / f"SifangTable-onefile{EXE}", DIST / f"SifangTable-onefile{EXE}"),
}
FRAME = "SDL_window1-{:08d}.bmp"   # SDL's dummy driver names the frames it saves so
TIMEOUT = 30.0
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def size_bytes(path: Path) -> int:
    """The bytes of a file, or of every file under a folder (links not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def uncache(path: Path) -> None:
    """Drop a file's (or a folder's files') pages from the page cache: the next read is from disk."""
    if not hasattr(os, "posix_fadvise"):  # Linux has it; elsewhere cold equals warm here
        return
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    for p in files:
        fd = os.open(p, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def _stat(pid: str) -> list[str]:
    """The fields of /proc/<pid>/stat after the command name (state, ppid, ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def stop_process(proc: subprocess.Popen) -> None:
    """End a measured game politely (SIGTERM), then firmly if it lingers."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by a process and its descendants, from /proc."""
    procs = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                procs[int(entry.name)] = _stat(entry.name)
            except (OSError, IndexError):
                pass  # ended meanwhile
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        if p in procs:
            total += (int(procs[p][11]) + int(procs[p][12])) / TICK
            todo += [q for q, f in procs.items() if int(f[1]) == p]
    return total


def start_once(exe: Path, nice: int = 0) -> tuple[float, float, float]:
    """Seconds from starting `exe` to its window opening and to its first menu frame, and the
    CPU seconds its processes had used by then."""
    with tempfile.TemporaryDirectory(prefix="sifang-start-") as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   SDL_VIDEO_DUMMY_SAVE_FRAMES="1", SIFANG_DATA_DIR=str(Path(tmp) / "data"))
        window, menu = Path(tmp) / FRAME.format(1), Path(tmp) / FRAME.format(2)
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(exe), "--window", "1280x720", "--lang", "en"], cwd=tmp, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                preexec_fn=(lambda: os.nice(nice)) if nice else None)
        t_window = None
        try:
            while True:
                now = time.perf_counter() - t0
                if t_window is None and window.exists():
                    t_window = now
                if menu.exists():
                    t_menu, cpu = now, cpu_seconds(proc.pid)
                    break
                if proc.poll() is not None:
                    raise RuntimeError(f"{exe.name} ended (exit {proc.returncode}) before its first frame")
                if now > TIMEOUT:
                    raise RuntimeError(f"{exe.name} showed no frame in {TIMEOUT:.0f} s")
                time.sleep(0.001)
        finally:
            stop_process(proc)
        return t_window if t_window is not None else t_menu, t_menu, cpu


def measure_starts(name: str, runs: int, nice: int = 0) -> dict[str, float]:
    folder, exe = BUILDS[name]
    seen: dict[str, list[float]] = {}
    for _ in range(runs):
        for kind in ("cold", "warm"):
            if kind == "cold":
                uncache(folder)
            for what, value in zip(("window", "menu", "cpu"), start_once(exe, nice)):
                seen.setdefault(f"{kind} {what}", []).append(value)
    figures = {key: statistics.median(values) for key, values in seen.items()}
    figures.update({f"{key} max": max(values) for key, values in seen.items()})
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Size and start-up time of the built Sifang Table.")
    parser.add_argument("--runs", type=int, default=7, help="cold and warm starts of each build (default 7)")
    parser.add_argument("--only", default="onedir,onefile", help="onedir, onefile or both (default)")
    parser.add_argument("--nice", type=int, default=0, help="start the game at this niceness (negative: root)")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in BUILDS]
    if unknown:
        parser.error(f"--only: no build {unknown[0]!r}; choose from {', '.join(BUILDS)}")
    missing = [n for n in names if not BUILDS[n][1].exists()]
    if missing:
        print(f"not built: {', '.join(missing)} (run: pyinstaller --noconfirm build.spec)", file=sys.stderr)
        return 1
    for name in names:
        print(f"{name:8s} size  {size_bytes(BUILDS[name][0]) / 1e6:6.1f} MB")
    for name in names:
        try:
            st = measure_starts(name, args.runs, args.nice)
        except RuntimeError as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
        print(f"{name:8s} start, median of {args.runs} (slowest), seconds:")
        for kind in ("cold", "warm"):
            print(f"         {kind}: window {st[kind + ' window']:.2f} ({st[kind + ' window max']:.2f}), "
                  f"first menu frame {st[kind + ' menu']:.2f} ({st[kind + ' menu max']:.2f}), "
                  f"CPU by then {st[kind + ' cpu']:.2f} ({st[kind + ' cpu max']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
