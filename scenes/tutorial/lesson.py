"""Opening a guided first game: its table with the coach, taken up where it was left, restarted, or
ended on its summary. A lesson saves after every move like any game, in its own folder
(tutorials/ in the user data folder), apart from the saved games and History."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Optional

from game.core.actions import same_value
from game.core.errors import SaveError, SaveFailed
from game.core.match import Match, Seat
from game.core.paths import data_dir_usable, user_data_dir
from game.core.tutorial import LEARNER, Lesson, LessonError, ScriptBot, has_lesson, load_lesson
from game.registry import GAMES

from .. import registry
from ..shell.dialog import MessageScene, confirm_scene
from .coach import Coach

log = logging.getLogger("sifang")

FOLDER = "tutorials"


def lesson_save_path(game: str) -> Optional[Path]:
    """Where the lesson of `game` saves (None: the data folder cannot hold files)."""
    return user_data_dir() / FOLDER / f"{game}.json" if data_dir_usable() else None


def forget_lesson(game: str) -> None:
    """The lesson's save and its journal go (the lesson was finished or started over)."""
    path = lesson_save_path(game)
    if path is None:
        return
    for p in (path, path.with_suffix(".journal")):
        try:
            p.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", p, exc)


def lesson_under_way(game: str) -> bool:
    path = lesson_save_path(game)
    return path is not None and path.exists()


def learned(app, game: str) -> bool:
    return game in app.settings.learned


def _saved_match(lesson: Lesson, path: Path) -> Optional[Match]:
    """The lesson as it was left, if its save is that lesson's (an older script starts afresh)."""
    try:
        match = Match.load(GAMES, path, autosave_path=path)
    except SaveError as exc:
        log.warning("the %s lesson's save cannot be used (%s); it starts again", lesson.game, exc)
        return None
    played = match.state.actions
    same = match.state.n_players == lesson.players and len(played) <= len(lesson.script) and all(
        seat == s and same_value(a, b) for (seat, a), (s, b) in zip(played, lesson.script))
    if not same:
        log.info("the %s lesson's save is from another script; it starts again", lesson.game)
        return None
    return match


def _new_match(app, lesson: Lesson, path: Optional[Path]) -> Match:
    names = lesson.names[app.t.lang] if app.t.lang in lesson.names else lesson.names["en"]
    seats = [Seat(name, "human" if i == LEARNER else "easy") for i, name in enumerate(names)]
    forget_lesson(lesson.game)
    try:
        return Match.new(GAMES[lesson.game], seats, seed=lesson.seed, options=lesson.options, autosave_path=path)
    except SaveFailed as exc:  # a lesson plays on unsaved rather than not at all
        log.warning("the %s lesson cannot be saved: %s", lesson.game, exc)
        return Match.new(GAMES[lesson.game], seats, seed=lesson.seed, options=lesson.options)


def open_lesson(app, game: str, fresh: bool = False, replace: bool = False, number: int = 1) -> bool:
    """Sit the learner at the guided table of `game`'s lesson `number` (where it was left, unless `fresh`)."""
    t = app.t
    try:
        lesson = load_lesson(game, number)
    except LessonError as exc:
        log.error("%s", exc)
        app.manager.push(MessageScene(app, t("tutorial.title"), t("tutorial.missing"), is_error=True))
        return False
    path = lesson_save_path(game)
    match = None if fresh or path is None or not path.exists() else _saved_match(lesson, path)
    if match is None:
        match = _new_match(app, lesson, path)
    for seat in list(match.bots):
        match.bots[seat] = ScriptBot(seat, lesson, lambda m=match: len(m.state.actions))
    try:
        scene = registry.table_scene(app, match)
    except registry.SceneUnavailable:
        app.manager.push(MessageScene(app, t("menu.table_missing_title"), t("menu.table_missing_body"), is_error=True))
        return False

    def done() -> None:
        if game not in app.settings.learned:
            app.settings.learned.append(game)
            app.save_settings()
        forget_lesson(game)
        from .summary import LessonDoneScene
        app.manager.replace(LessonDoneScene(app, lesson))

    def restart() -> None:
        app.manager.push(confirm_scene(app, t("tutorial.restart_title"), t("tutorial.restart_body"),
                                       t("tutorial.restart"), lambda: open_lesson(app, game, fresh=True, replace=True,
                                                                                    number=number)))

    scene.coach = Coach(scene, lesson, on_done=done, on_leave=lambda: registry.back_to_menu(app), on_restart=restart)
    if replace:
        app.manager.replace(scene)
    else:
        app.manager.push(scene)
    return True


def offer_lesson(app, game: str, play_now) -> bool:
    """The first time a person sits at a game they have not learned, offer its guided game first.
    True if the offer was made (play_now is then the other answer); False: go on at once."""
    if game in app.settings.learned or game in app.settings.offered or not has_lesson(game):
        return False
    app.settings.offered.append(game)
    app.save_settings()
    t = app.t
    name = t.name(GAMES[game].names)
    try:
        minutes = load_lesson(game).minutes
    except LessonError:
        return False
    app.manager.push(MessageScene(app, t("tutorial.offer_title", game=name), t("tutorial.offer_body", minutes=minutes),
                                  [(t("tutorial.offer_play"), play_now),
                                   (t("tutorial.offer_learn"), lambda: open_lesson(app, game, replace=True))]))
    return True
