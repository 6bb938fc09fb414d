"""The README says what the build does: no game a player can start is called unplayable."""
from __future__ import annotations

import re
from pathlib import Path

from game.registry import GAMES
from scenes.registry import playable

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")


def sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    return re.split(r"(?<=[.!?])\s+(?=[A-Z`*])", flat)


def test_no_playable_game_is_called_unplayable():
    for key, spec in GAMES.items():
        if not playable(key):
            continue
        for sentence in sentences(README):
            if spec.names["en"] in sentence:
                assert "not playable" not in sentence, sentence
