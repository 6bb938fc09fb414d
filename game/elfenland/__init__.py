"""Elfenland 精靈國度 (Alan R. Moon, 1998), 2-6 players."""
from game.core.bots import RandomBot
from game.core.spec import GameSpec

from .bots import NormalBot
from .state import ElfenlandState

SPEC = GameSpec(
    key="elfenland",
    names={"zh_TW": "精靈國度", "en": "Elfenland"},
    min_players=2,
    max_players=6,
    options={
        "rounds": [4, 3],
        "caravan": ["identical", "any"],
        "variant": ["basic", "destination"],
        "start_player": ["random", 0, 1, 2, 3, 4, 5],
    },
    factory=ElfenlandState,
    bots={"easy": RandomBot, "normal": NormalBot},
)
