"""The Wonderful Island's guided game: what its table's pointer does beyond the walk of the lesson
(tests/test_tutorials.py plays it to its end): an offer set on the steppers, a settlement that waits
for the learner and then goes by itself, and the lesson's words about the deal it is played on."""
from __future__ import annotations

import pygame

from game.core.actions import to_action
from game.core.tutorial import LEARNER, load_lesson
from game.registry import GAMES
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.walk import gesture, walk_lesson

GAME = "wonderful_island"


def make_app(lang="en", size=(1280, 720)) -> App:
    return App(lang=lang, size=size, first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))


def step_saying(lesson, words: str) -> int:
    return next(i for i, s in enumerate(lesson.steps) if words in s.say["en"])


def test_the_pointer_sets_an_offer_on_the_steppers_then_makes_it():
    app = make_app()
    lesson = load_lesson(GAME)
    offer_step = step_saying(lesson, "You may promise Lin")
    seen = []

    def at(i, scene):
        if i != offer_step:
            return
        other = ("offer", 1, 0, "none")  # not the lesson's offer: one vote for a yes
        assert other in scene.legal
        votes = next(st for st in scene.prompts.steppers if st.key == "votes")
        pointer = scene.guide(other)
        assert pointer.rect == votes._arrows()[1], "the votes stepper's right arrow first"
        gesture(app, pointer)
        assert scene.offer["votes"] == 1
        button = scene.guide(other)
        assert any(b.action == other and b.rect == button.rect for b in scene.prompts.buttons.widgets)
        votes = next(st for st in scene.prompts.steppers if st.key == "votes")  # the bar is made afresh
        pointer = scene.guide(lesson.expected(len(scene.match.state.actions))[1])
        assert pointer.rect in votes._arrows(), "back to no votes for the lesson's own offer"
        gesture(app, pointer)
        assert scene.offer["votes"] == 0
        seen.append(i)

    walk_lesson(app, GAME, on_step=at)
    assert seen == [offer_step]


def test_a_settlement_waits_while_its_step_is_read_then_the_bots_play_on():
    app = make_app()
    lesson = load_lesson(GAME)
    after = step_saying(lesson, "Your settlement:")
    seen = []

    def at(i, scene):
        if i == after:
            assert lesson.steps[i].now and scene.settlement.visible
            assert scene.holding() and not scene.settlement_runs_out()
            seen.append(i)

    walk_lesson(app, GAME, on_step=at)  # the walk would stall if the settlement never closed
    assert seen == [after]


def test_the_lesson_is_played_on_the_deal_its_words_describe():
    lesson = load_lesson(GAME)
    # The lesson's script was recorded with the answer window asking holders only (one person at
    # the table: asking everyone would tell no one more, and would add the bots' passes).
    assert lesson.players == 3 and lesson.options == {"length": "short", "reactions": "holders", "start_player": 0}
    state = GAMES[GAME].new_game(lesson.players, lesson.seed, lesson.options)
    for seat, action in lesson.script:
        state.apply(seat, to_action(action) if isinstance(action, list) else action)
    view = state.view(LEARNER)
    assert view["faction"] == "blue" and view["my_character"] == "house_speaker"
    assert view["threshold"] == 12
    totals = [p["total"] for p in view["players"]]
    assert totals == [7, 6, 5], "the last step's count: you 7, Lin 6, Chen 5"
    assert view["players"][1]["summons"] == 1
