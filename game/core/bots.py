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

    def observe(self, view: dict) -> None:
        """What the seat was shown at a moment it did not decide: a bot that remembers (a memory
        game's sightings, a ledger of bids) takes it in, so that one made late in a game (a hint's,
        game/core/hints.py) can be brought up to what the seat has seen. Most need nothing."""


class RandomBot(Bot):
    """`easy`: any legal action, uniformly."""

    level = "easy"

    def choose(self, view: dict, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
