"""Which scene shows which game: the table per game key, and the rules help.

Imports are lazy so that the menu starts fast and a game whose table is not
written yet costs a clear message, never a crash at start-up.
"""
from __future__ import annotations

import importlib
import logging
import sys
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from game.registry import GAMES

from .shell.dialog import MessageScene
from .manager import Scene

if TYPE_CHECKING:  # the match (its saving, journal and hashing) loads with the first table, not the menu
    from game.core.match import Match

log = logging.getLogger("sifang")


@dataclass(frozen=True)
class GameScenes:
    """A game's scene-side registration record: everything of it on the screen, in its package
    scenes/<key>/, each named "module:name" within that package (its medallion is the package's
    emblem.py: BACKGROUND and paint(surface, size), scenes/ui/emblems.py). game/registry.py holds
    the game side under the same key; tests/test_registration.py fails when either side is missing
    a game, or a part below is missing, and every list of games on the scene side is derived from
    these."""
    table: str                       # its TableScene subclass
    results: str                     # its GameOverScene subclass, shown when the game is over
    rules_pages: str = "rules_pages:pages"   # pages(app) -> [RulesPage] for the rules help
    demo: str = "demo:demo_match"    # demo_match(phase, seed) (and demo_scene) for screenshots and tests
    # Pictures drawn in seat or game colours and kept between tables ("module:name", an lru_cache or a
    # ByteLRU): forgotten when the palette changes (scenes/ui/theme.py). Their modules also hold the
    # game's GameColours groups, which tools/palette_check.py measures.
    picture_caches: tuple[str, ...] = ()

    def where(self, key: str, part: str) -> tuple[str, str]:
        """(module, name) of a part ("table", "results", ...) for the game `key`."""
        module, _, name = getattr(self, part).partition(":")
        return f"scenes.{key}.{module}", name


# The scene side of every game, by the key of its engine in game.registry.GAMES.
SCENES: dict[str, GameScenes] = {
    "xuanwu_gate": GameScenes("table:XuanwuTableScene", "game_over:XuanwuGameOverScene"),
    "elfenland": GameScenes("table:ElfenlandTableScene", "game_over:ElfenlandGameOverScene",
                            picture_caches=("sprites:boot", "sprites:counter_tile", "sprites:travel_card",
                                            "sprites:terrain_slot", "map_tiles:_TILES")),
    "european_union": GameScenes("table:EuropeanUnionTableScene", "game_over:EuropeanUnionGameOverScene",
                                 picture_caches=("cards:_cache",)),
    "wonderful_island": GameScenes("table:WonderfulIslandTableScene", "game_over:WonderfulIslandGameOverScene",
                                   picture_caches=("art:_cache",)),
}
# Derived: game key -> (module, class) of its table scene, and of its results scene.
TABLES: dict[str, tuple[str, str]] = {key: record.where(key, "table") for key, record in SCENES.items()}
RESULTS: dict[str, tuple[str, str]] = {key: record.where(key, "results") for key, record in SCENES.items()}


def game_part(key: str, part: str):
    """A part of a game's scenes named in its record ("rules_pages", "demo", ...), imported; LookupError
    (SceneUnavailable) for a key no game has or a part its package does not hold."""
    record = SCENES.get(key)
    if record is None:
        raise SceneUnavailable(key)
    return _load(*record.where(key, part))


def picture_caches() -> list[tuple[str, str]]:
    """Every game's pictures kept in seat or game colours, (module, name)."""
    return [(f"scenes.{key}.{c.partition(':')[0]}", c.partition(":")[2])
            for key, record in SCENES.items() for c in record.picture_caches]


# The shell's scenes by name: a scene opens another through here, so that no two scenes import
# each other (tests/test_scene_imports.py).
SHELL: dict[str, tuple[str, str]] = {
    "menu": ("scenes.shell.menu", "MainMenuScene"),
    "setup": ("scenes.shell.setup", "SetupScene"),
    "settings": ("scenes.shell.settings_scene", "SettingsScene"),
    "saved_games": ("scenes.shell.save_lists", "SavedGamesScene"),
    "history": ("scenes.shell.save_lists", "HistoryScene"),
    "table_menu": ("scenes.shell.table_menu", "TableMenuScene"),
    "rules": ("scenes.shell.rules_help", "RulesHelpScene"),
    "players": ("scenes.shell.players", "PlayersScene"),
    "lessons": ("scenes.tutorial.picker", "LessonPickerScene"),
    "join": ("scenes.shell.join", "JoinScene"),
}
RULES = SHELL["rules"]
REPLAY = ("scenes.shell.replay", "open_replay")
LESSON = "scenes.tutorial.lesson"  # a guided first game: open_lesson, offer_lesson


def playable(key: str) -> bool:
    """A game of this build (a key read from settings or a save may name none): both sides of its
    record are here."""
    return key in GAMES and key in SCENES


class SceneUnavailable(LookupError):
    """The scene for this game is not part of this build (yet)."""


def _load(module: str, name: str):
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        log.warning("scene %s.%s unavailable: %s", module, name, exc)
        raise SceneUnavailable(f"{module}.{name}") from exc


def scene(app, name: str, *args, **kwargs) -> Scene:
    """A shell scene made by its name in SHELL."""
    return _load(*SHELL[name])(app, *args, **kwargs)


def push(app, name: str, *args, **kwargs) -> Scene:
    """Open a shell scene over the one on top."""
    return app.manager.push(scene(app, name, *args, **kwargs))


def back_to_menu(app) -> None:
    """Leave whatever is on screen for the main menu (a game is already autosaved)."""
    try:
        menu = scene(app, "menu")
    except SceneUnavailable:
        log.error("the main menu is not available; quitting instead")
        app.quit()
        return
    app.manager.reset(menu)


def open_replay(app, data, **kwargs) -> bool:
    """Watch a save's record again on its game's own table (scenes/shell/replay.py)."""
    return _load(*REPLAY)(app, data, **kwargs)


def open_lesson(app, game: str, **kwargs) -> bool:
    """Sit at a guided game of `game` (number=: which lesson, the first by default;
    scenes/tutorial/lesson.py)."""
    return _load(LESSON, "open_lesson")(app, game, **kwargs)


def offer_lesson(app, game: str, play_now) -> bool:
    """At a person's first table of a game not learned yet, offer its guided game; True if offered."""
    return _load(LESSON, "offer_lesson")(app, game, play_now)


REVIEW_MODULE = "scenes.coach.review"
_review_ahead: list = []   # the thread importing the review's module, once started


def review_ahead() -> Optional[threading.Thread]:
    """Import the review's scene module on a thread of its own, once, where a Review button is shown
    (the end screen, History): its first import costs some 35-50 ms of CPU, which the frame of
    the press would otherwise spend (measured in a real window); a press before it is done waits
    on the import lock for what is left. The thread started (None if it already was)."""
    if _review_ahead or REVIEW_MODULE in sys.modules:
        return None

    def load() -> None:
        try:
            importlib.import_module(REVIEW_MODULE)
        except Exception:  # the press imports it again and says what is wrong
            log.exception("importing the review ahead failed")
    thread = threading.Thread(target=load, name="review-ahead", daemon=True)
    _review_ahead.append(thread)
    thread.start()
    return thread


def open_review(app, record: dict, path=None) -> bool:
    """Review a finished game through a person's eyes (scenes/coach/review.py); `path`, its file in
    History, where the review is kept beside it (None: not kept)."""
    return _load(REVIEW_MODULE, "open_review")(app, record, path)


def results_scene(app, match: Match) -> Scene:
    """The results scene of the match's game, shown when the game is over."""
    return _load(*RESULTS[match.spec.key])(app, match)


def table_scene_class(key: str) -> type:
    """The class of a game's table scene; SceneUnavailable if there is none."""
    entry = TABLES.get(key)
    if entry is None:
        raise SceneUnavailable(key)
    return _load(*entry)


def table_scene(app, match: Match) -> Scene:
    """The table scene for the match's game; SceneUnavailable if there is none."""
    return table_scene_class(match.spec.key)(app, match)


def show_table(app, match: Match, replace: bool = False) -> bool:
    """Put the match's table on screen (replacing the top scene if asked); a message if impossible.
    A game hosted on the network taken up again (its table kept beside its save) opens its table
    again first, with the same code, so that its people come back to their seats."""
    if _reopen_hosted(app, match, replace):
        return True
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


def _reopen_hosted(app, match: Match, replace: bool) -> bool:
    path = match.autosave_path
    hosted = getattr(app, "hosted", None)
    if path is None or match.state.is_over() or (hosted is not None and hosted.match is match):
        return False
    from game.net import keep_path   # light: the network's modules load only for a hosted save
    if not keep_path(path).exists():
        return False
    from game.net.hosting import read_kept
    kept = read_kept(keep_path(path), len(match.seats))
    if kept is None:
        return False
    open_hosted = _load("scenes.shell.lobby", "open_hosted_table")
    open_hosted(app, match, kept.roles, kept=kept, replace=replace)   # if it cannot listen: says why
    return True


def open_rules(app, key: str) -> bool:
    """Push the rules help for a game; a message if the game or the help is not ready."""
    try:
        scene = _load(*RULES)(app, key)
    except SceneUnavailable:
        app.manager.push(MessageScene(app, app.t("menu.rules"), app.t("menu.rules_missing")))
        return False
    app.manager.push(scene)
    return True
