"""Which scene shows which game: the table per game key, and the rules help.

Imports are lazy so that the menu starts fast and a game whose table is not
written yet costs a clear message, never a crash at start-up.
"""
from __future__ import annotations

import importlib
import logging

from game.core.match import Match
from game.registry import GAMES

from .dialog import MessageScene
from .manager import Scene

log = logging.getLogger("sifang")

# game key -> (module, class) of its table scene
TABLES: dict[str, tuple[str, str]] = {
    "xuanwu_gate": ("scenes.xuanwu_gate.table", "XuanwuTableScene"),
    "elfenland": ("scenes.elfenland.table", "ElfenlandTableScene"),
    "european_union": ("scenes.european_union.table", "EuropeanUnionTableScene"),
    "wonderful_island": ("scenes.wonderful_island.table", "WonderfulIslandTableScene"),
}
RULES = ("scenes.rules_help", "RulesHelpScene")


def playable(key: str) -> bool:
    """A game a player can start: its engine is built and its table scene is part of this build."""
    spec = GAMES.get(key)
    return bool(spec and spec.available and key in TABLES)


class SceneUnavailable(LookupError):
    """The scene for this game is not part of this build (yet)."""


def _load(module: str, name: str):
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        log.warning("scene %s.%s unavailable: %s", module, name, exc)
        raise SceneUnavailable(f"{module}.{name}") from exc


def table_scene(app, match: Match) -> Scene:
    """The table scene for the match's game; SceneUnavailable if there is none."""
    entry = TABLES.get(match.spec.key)
    if entry is None:
        raise SceneUnavailable(match.spec.key)
    return _load(*entry)(app, match)


def show_table(app, match: Match, replace: bool = False) -> bool:
    """Put the match's table on screen (replacing the top scene if asked); a message if impossible."""
    try:
        scene = table_scene(app, match)
    except SceneUnavailable:
        app.manager.push(MessageScene(app, app.t("menu.table_missing_title"), app.t("menu.table_missing_body"),
                                      is_error=True))
        return False
    if replace:
        app.manager.replace(scene)
    else:
        app.manager.push(scene)
    return True


def open_rules(app, key: str) -> bool:
    """Push the rules help for a game; a message if the game or the help is not ready."""
    spec = GAMES.get(key)
    if spec is None or not spec.available:
        app.manager.push(MessageScene(app, app.t("menu.rules"), app.t("menu.not_available")))
        return False
    try:
        scene = _load(*RULES)(app, key)
    except SceneUnavailable:
        app.manager.push(MessageScene(app, app.t("menu.rules"), app.t("menu.rules_missing")))
        return False
    app.manager.push(scene)
    return True
