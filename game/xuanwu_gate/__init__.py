"""The Xuanwu Gate Incident 玄武門之變 (2016), 3-7 players."""
from game.core.bots import RandomBot
from game.core.lazy import lazy
from game.core.spec import GameSpec

SPEC = GameSpec(
    key="xuanwu_gate",
    names={"zh_TW": "玄武門之變", "en": "The Xuanwu Gate Incident"},
    min_players=3,
    max_players=7,
    options={
        "variant": ["basic", "scoring"],
        "target": [7, 5, 10],
        "memory_aid": [False, True],
        "start_player": ["random", 0, 1, 2, 3, 4, 5, 6],
    },
    # Loaded on first use, as every game's: the menu lists the game without its engine and bots.
    factory=lazy("game.xuanwu_gate.state:XuanwuState"),
    bots={"easy": RandomBot, "normal": lazy("game.xuanwu_gate.bots:NormalBot"),
          "hard": lazy("game.xuanwu_gate.hard:HardBot")},
)
