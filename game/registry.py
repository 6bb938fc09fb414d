"""Every game of Sifang Table: the game side of its registration record.

A game is one package game/<key>/ whose SPEC (a GameSpec: engine, names, players, options, bots) is
its record here, and one package scenes/<key>/ with its record in scenes/registry.py (SCENES), under
the same key; docs/architecture.md#where-a-new-game-goes lists the steps. Every list of games (the
menu, --selfplay and --help, the contract, save and replay tests, the tools) is derived from KEYS;
tests/test_registration.py fails when a game misses a part.
"""
from __future__ import annotations

import importlib

from game.core.spec import GameSpec

# The games, in the menu's order: one entry per game, the name of its package under game/.
KEYS: tuple[str, ...] = (
    "xuanwu_gate",
    "elfenland",
    "european_union",
    "wonderful_island",
)

GAMES: dict[str, GameSpec] = {key: importlib.import_module(f"game.{key}").SPEC for key in KEYS}

