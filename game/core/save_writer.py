"""The one thread that writes saves, so that no frame waits for the disk.

A match playing on a screen hands each save to this thread (Match.save_in_background) and goes on
drawing; it asks for the outcome before its next action (Match.check_saved, Match.wait_saved). One
thread, first in first out: saves land in the order they were made, and waiting for a no-op job
waits for everything handed over before it (wait_idle: the save lists, loading and deleting read
nothing that is still on its way). It is the standard library's single-worker pool, whose thread
finishes every job already handed over before the interpreter exits: a move made just before the
window is closed is still written.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Optional

_pool: Optional[ThreadPoolExecutor] = None
_lock = threading.Lock()


def submit(job: Callable[[], Any]) -> Future:
    """Run `job` on the writer thread after every job handed over before it; its Future."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sifang-saves")
        return _pool.submit(job)


def wait_idle() -> None:
    """Return once every job handed over so far is done (at once if none ever was)."""
    if _pool is not None:
        submit(lambda: None).result()
