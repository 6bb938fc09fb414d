"""All four games of Sifang Table (a game without a table scene yet is not playable: scenes.registry)."""
from __future__ import annotations

from game.core.spec import GameSpec
from game.elfenland import SPEC as ELFENLAND
from game.european_union import SPEC as EUROPEAN_UNION
from game.wonderful_island import SPEC as WONDERFUL_ISLAND
from game.xuanwu_gate import SPEC as XUANWU_GATE

GAMES: dict[str, GameSpec] = {
    "xuanwu_gate": XUANWU_GATE,
    "elfenland": ELFENLAND,
    "european_union": EUROPEAN_UNION,
    "wonderful_island": WONDERFUL_ISLAND,
}


def available_games() -> list[GameSpec]:
    return [spec for spec in GAMES.values() if spec.available]
