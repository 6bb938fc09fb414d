"""Letting a table's bot move in a test: every bot thinks on a worker thread (game/core/thinking.py),
so its move lands in the first frame after its thought is done, not in the frame that started it."""
from __future__ import annotations

import time


def update_until_the_bot_moves(scene, dt: float, limit: float = 10.0) -> None:
    """scene.update(dt); then, while a bot's thought runs, wait for it and update again (0 s), as the
    next frames would: its move lands once it is done and its pause is over."""
    scene.update(dt)
    end = time.monotonic() + limit
    while scene.thought is not None and time.monotonic() < end:
        thought = scene.thought
        if not thought.wait(max(0.0, end - time.monotonic())):
            break
        scene.update(0.0)
        if scene.thought is thought:  # done, but the table's pause for it is not over
            break


def wait_for_the_thought(scene, limit: float = 10.0) -> None:
    """Return once the bot thinking at this table (if any) is done: the next frame lands its move."""
    if scene.thought is not None:
        scene.thought.wait(limit)
