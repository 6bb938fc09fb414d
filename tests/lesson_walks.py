"""Walking a guided game to its summary as a learner would, for the tests of each game's lessons:
the smallest window (at any text size), every step shown in a box inside it (the walk itself
checks that each pointer lands on something in sight), the lesson ending on its summary."""
from __future__ import annotations

from game.core.tutorial import load_lesson
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.summary import LessonDoneScene
from scenes.tutorial.walk import Walk, walk_lesson


def make_app(lang: str = "en", size: tuple[int, int] = (1024, 600), text_size: int = 100) -> App:
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


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
    assert isinstance(app.manager.top, LessonDoneScene)
    return walk
