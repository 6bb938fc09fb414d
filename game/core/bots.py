"""The bot interface: a bot chooses from what its seat sees, never from the full state."""
from __future__ import annotations

import random
from typing import Any

from .actions import Action


class Bot:
    level = "easy"

    def __init__(self, seat: int, seed: Any = 0) -> None:
        self.seat = seat
        # A string seed is hashed deterministically, so selfplay with a seed repeats exactly.
        self.rng = random.Random(f"{seed}:{seat}:{self.level}")

    def choose(self, view: dict, legal: list[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """`easy`: any legal action, uniformly."""

    level = "easy"

    def choose(self, view: dict, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
