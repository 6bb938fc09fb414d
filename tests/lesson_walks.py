"""For the tests of each game's lessons: a lesson's script played on its deal without a screen
(played), and a guided game walked to its summary as a learner would (walk_to_summary): the
smallest window (at any text size), every step shown in a box inside it (the walk itself checks
that each pointer lands on something in sight), the lesson ending on its summary, learned, its save
gone."""
from __future__ import annotations

from game.core.state import GameState
from game.core.tutorial import LEARNER, Lesson, load_lesson
from game.registry import GAMES
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.lesson import learned, lesson_under_way
from scenes.tutorial.summary import LessonDoneScene
from scenes.tutorial.walk import Walk, walk_lesson


def make_app(lang: str = "en", size: tuple[int, int] = (1024, 600), text_size: int = 100) -> App:
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


def played(game: str, number: int = 1) -> tuple[Lesson, dict, list[dict], GameState]:
    """The lesson, the learner's view before its first move, the events of its whole script, and
    the state at its end."""
    lesson = load_lesson(game, number)
    state = GAMES[game].new_game(lesson.players, lesson.seed, lesson.options)
    first = state.view(LEARNER)
    events = [e for seat, action in lesson.script for e in state.apply(seat, action)]
    return lesson, first, events, state


def walk_to_summary(game: str, number: int, lang: str, size: tuple[int, int] = (1024, 600),
                    text_size: int = 100) -> Walk:
    app = make_app(lang, size, text_size)

    def seen(i, scene):
        coach = scene.coach
        coach.layout()
        assert app.screen.get_rect().contains(coach.box), f"step {i + 1} leaves the window"
        assert len(coach.note.texts()) > 1, f"step {i + 1} says nothing"
    walk = walk_lesson(app, game, on_step=seen, number=number)
    assert sorted(set(walk.steps)) == list(range(len(load_lesson(game, number).steps))), "every step was shown"
    assert isinstance(app.manager.top, LessonDoneScene) and app.manager.top.lesson.number == number
    assert learned(app, game, number)
    assert not lesson_under_way(game, number), "a finished lesson leaves no save behind"
    return walk
