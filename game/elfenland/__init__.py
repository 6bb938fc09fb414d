"""Elfenland 精靈國度 (Alan R. Moon, 1998), 2-6 players."""
from game.core.bots import RandomBot
from game.core.lazy import lazy
from game.core.spec import GameSpec

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
    # Loaded on first use: the board (pytmx) and the bot's tables cost start-up time.
    factory=lazy("game.elfenland.state:ElfenlandState"),
    bots={"easy": RandomBot, "normal": lazy("game.elfenland.bots:NormalBot"),
          "hard": lazy("game.elfenland.hard:HardBot")},
)
