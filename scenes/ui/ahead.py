"""Pictures painted before they are needed, a slice at a time, in frames that have time to spare.

A card's picture is painted the first time it shows, and a new round may show seven at once: the
frame that shows them pays for all (European Union's seven new bills: some 10 ms). A table lists,
when it is laid out, the pictures it may show (each a job that paints one into its cache: a pure
function of the card, the size and the language, never of what a seat may not know), and runs
them in slices at quiet frames, so that the first showing finds them painted.
"""
from __future__ import annotations

import time
from collections import deque
from typing import Callable, Iterable

SLICE = 0.003  # seconds of painting ahead in one quiet frame: a 60 Hz frame has 16.7


class PaintAhead:
    """A queue of paint jobs, run in slices."""

    def __init__(self) -> None:
        self.jobs: deque[Callable[[], object]] = deque()

    def replace(self, jobs: Iterable[Callable[[], object]]) -> None:
        """Paint these instead of whatever was waiting (a new layout, another language)."""
        self.jobs = deque(jobs)

    def run(self, budget: float = SLICE) -> int:
        """Paint until the budget is spent (at least one job); how many were painted."""
        end = time.perf_counter() + budget
        done = 0
        while self.jobs and (done == 0 or time.perf_counter() < end):
            self.jobs.popleft()()
            done += 1
        return done

    def __len__(self) -> int:
        return len(self.jobs)
