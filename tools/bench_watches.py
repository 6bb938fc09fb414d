"""The instruments tools/bench_play.py plays a table with: a clock that lets the bench skip the
table's pauses, the garbage collector's passes, and when each action's save is on disk.

None of them changes what the game does: the clock stands in for the App's pygame Clock (the same
time, plus the pauses a player sits through that cost no work), the collector is watched through
gc.callbacks, and the save through the match's own autosave and the files in the data folder.
"""
from __future__ import annotations

import gc
import os
import threading
import time
from pathlib import Path
from typing import Callable, Optional


class BenchClock:
    """Stands in for the App's pygame Clock: tick() gives the real time since the last tick plus any
    pause the bench skips (a bot's pacing delay, the rest of an animation, a reveal left up), and
    never sleeps: the bench keeps the game's 60 frames a second between frames, outside the timing,
    so a frame's figure is its work and not the cap's wait."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.skip = 0.0

    def tick(self, framerate: int = 0) -> int:
        now = time.perf_counter()
        dt = now - self.last + self.skip
        self.last, self.skip = now, 0.0
        return int(dt * 1000)


class GcWatch:
    """The collector's passes (generation, seconds), and which of them began inside a timed frame:
    a pass holds the interpreter for every thread, so one started by a bot's worker delays the
    frame as much as one started by the drawing thread."""

    def __init__(self) -> None:
        self.in_frame = False
        self.passes: list[tuple[int, float, bool]] = []   # (generation, seconds, in a frame)
        self._began: dict[int, tuple[float, bool]] = {}

    def _callback(self, phase: str, info: dict) -> None:
        tid = threading.get_ident()
        if phase == "start":
            self._began[tid] = (time.perf_counter(), self.in_frame)
            return
        began = self._began.pop(tid, None)
        if began is not None:
            self.passes.append((info["generation"], time.perf_counter() - began[0], began[1]))

    def __enter__(self) -> "GcWatch":
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self._callback)

    def mark(self) -> int:
        """Where the list of passes stands now (to take the passes of one frame afterwards)."""
        return len(self.passes)

    def in_frames_since(self, mark: int) -> tuple[int, float]:
        """(count, seconds) of the passes since `mark` that began inside a frame."""
        landed = [s for _, s, in_frame in self.passes[mark:] if in_frame]
        return len(landed), sum(landed)


class SaveWatch:
    """When each action's save is on disk, however the match writes it.

    A match that says whether a save is still on its way (Match.saving(), a writer thread) has the
    save confirmed when it says no more: the bench asks it after every frame and about every
    millisecond while it sleeps out the frame (poll). Otherwise (a match that writes each save
    before act returns) the save is confirmed when the match's save method returns, if the files
    under the data folder's saves/ and history/ changed by then; else at the first look after a
    frame that finds them changed, to within one frame. The match's save method (the one each
    action goes through: `_save`, else `autosave`) is wrapped on the instance to time it; nothing
    in game/ changes."""

    def __init__(self, match, root: Path) -> None:
        self.match = match
        self.root = Path(root)
        self.files = self._files()
        self.pending: list[tuple[int, float]] = []        # (action number, when it was taken)
        self.confirmed: dict[int, float] = {}             # action number -> seconds to the disk
        self.in_save = 0.0                                # seconds spent inside the match's save method
        self.asks = callable(getattr(match, "saving", None))
        self._written, self._written_at = False, 0.0
        name = "_save" if callable(getattr(match, "_save", None)) else "autosave"
        inner: Callable = getattr(match, name)
        watch = self

        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                now = time.perf_counter()
                watch.in_save += now - t0
                if not watch.asks:
                    watch._written = watch._changed()
                    watch._written_at = now
        setattr(match, name, timed)

    def _files(self) -> frozenset:
        seen = []
        for folder in ("saves", "history"):
            try:
                with os.scandir(self.root / folder) as entries:
                    for e in entries:
                        st = e.stat()
                        seen.append((folder, e.name, st.st_ino, st.st_size, st.st_mtime_ns))
            except OSError:
                continue
        return frozenset(seen)

    def _changed(self) -> bool:
        files = self._files()
        changed, self.files = files != self.files, files
        return changed

    def taken(self, number: int, started: float) -> None:
        """Action `number` (1 = the first) was taken in the frame that began at `started`."""
        self.pending.append((number, started))

    def look(self) -> bool:
        """Confirm the pending saves now on disk; True if none is pending any more."""
        if not self.pending:
            self._written = False   # a save of no action (a table keeping its clocks)
            return True
        if self.asks:
            if self.match.saving():
                return False
            at = time.perf_counter()
        elif self._written:
            at = self._written_at
        elif self._changed():
            at = time.perf_counter()
        else:
            return False
        self._written = False
        for number, started in self.pending:
            self.confirmed[number] = max(0.0, at - started)
        self.pending = []
        return True

    def poll(self, until: float) -> None:
        """Sleep until perf_counter() reaches `until`, looking for the pending saves every millisecond."""
        while not self.look() and time.perf_counter() < until - 0.001:
            time.sleep(0.001)
        rest = until - time.perf_counter()
        if rest > 0:
            time.sleep(rest)

    def seconds(self, number: int) -> Optional[float]:
        return self.confirmed.get(number)
