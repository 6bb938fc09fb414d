"""All four games of Sifang Table; those not yet built are listed as not available."""
from __future__ import annotations

from game.core.spec import GameSpec
from game.elfenland import SPEC as ELFENLAND
from game.european_union import SPEC as EUROPEAN_UNION
from game.xuanwu_gate import SPEC as XUANWU_GATE

GAMES: dict[str, GameSpec] = {
    "xuanwu_gate": XUANWU_GATE,
    "elfenland": ELFENLAND,
    "european_union": EUROPEAN_UNION,
    "wonderful_island": GameSpec(
        key="wonderful_island", names={"zh_TW": "美麗島風雲", "en": "The Wonderful Island"},
        min_players=3, max_players=8, available=False),
}


def available_games() -> list[GameSpec]:
    return [spec for spec in GAMES.values() if spec.available]
