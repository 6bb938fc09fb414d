"""Matching Pennies 猜硬幣: two seats, each round both pick heads or tails in secret; the matcher wins
a round when the picks match, the other seat when they differ."""
from game.core.bots import RandomBot
from game.core.spec import GameSpec

from .state import HardBot, NormalBot, PenniesState

SPEC = GameSpec(
    key="pennies",
    names={"zh_TW": "猜硬幣", "en": "Matching Pennies"},
    min_players=2,
    max_players=2,
    options={"rounds": [60, 10]},
    factory=PenniesState,
    bots={"easy": RandomBot, "normal": NormalBot, "hard": HardBot},
)
