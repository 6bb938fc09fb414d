"""The garbage collector kept out of the frames a player waits on.

Python's full collection scans every object the program holds: at a table of seven that is some
20-40 ms, and left to itself it runs whenever enough new objects have piled up, which is mostly in
the frame after an action (the action, its log lines, its autosave). Three things keep it out:

- What lives long (modules, fonts, the data files, the table and its pictures) is frozen once the
  screen has settled on a new scene (`settle`): it is never scanned again, so a full pass costs
  only what the game made since.
- The collector starts a full pass on its own ten times less often (THRESHOLDS).
- The app runs the full pass itself when it has nothing else to do (`idle`): no input, nothing
  moving, nothing to draw; the wait for the next input is shortened by the time it took.

A young pass (a fraction of a millisecond) still runs whenever it is due.
"""
from __future__ import annotations

import gc
import time

# Young and middle generations as Python's defaults; the oldest: a full pass starts on its own only
# after 100 passes of the middle generation (Python's default is 10), as a backstop for a table
# that never rests (bots playing each other at the instant speed).
THRESHOLDS = (700, 10, 100)
FULL_DUE = 10  # middle-generation passes after which an idle moment runs the full pass (the old cadence)


class Collector:
    """Full collections at idle moments; the long-lived frozen after each new scene."""

    def __init__(self) -> None:
        self.settled_for: object = None   # the scene the last settle froze
        gc.set_threshold(*THRESHOLDS)

    def idle(self, scene: object) -> float:
        """Called when the app would wait for input: settle after a new scene, else a full pass if
        one is due. The seconds it took (the app waits that much less)."""
        t0 = time.perf_counter()
        if scene is not self.settled_for:
            self.settled_for = scene
            settle()
        elif gc.get_count()[2] >= FULL_DUE:
            gc.collect()
        else:
            return 0.0
        return time.perf_counter() - t0


def settle() -> None:
    """Collect everything, then freeze what is left: it lives long and is not scanned again. What
    an earlier settle froze is thawed first, so nothing it held stays uncollectable for good."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
