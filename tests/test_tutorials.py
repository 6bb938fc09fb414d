"""Learn to play: every guided game (each game's lesson 1, 2, ...), played to its end by following
the coach's own pointers through the clicks a person makes, in both languages; and the lesson's
rules of play."""
from __future__ import annotations

import json

import pytest

from game.core.actions import to_json
from game.core.tutorial import LEARNER, LessonError, check_lesson, lesson_numbers, load_lesson, parse_lesson
from game.registry import GAMES
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.lesson import lesson_save_path, lesson_under_way
from scenes.tutorial.summary import LessonDoneScene
from scenes.tutorial.walk import frame, gesture
from lesson_walks import walk_to_summary

LESSONS = [(key, number) for key in GAMES for number in lesson_numbers(key)]
FIRST = [key for key, number in LESSONS if number == 1]


def make_app(lang="en", size=(1280, 720), text_size=100) -> App:
    app = App(lang=lang, size=size, first_scene=False,
              settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))
    return app


@pytest.mark.parametrize("game,number", LESSONS)
def test_every_lesson_plays_legally_with_the_learner_first(game, number):
    lesson = load_lesson(game, number)
    assert lesson.number == number
    assert check_lesson(lesson, GAMES[game]) == []


@pytest.mark.parametrize("game,number", LESSONS)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_learner_who_follows_the_pointers_reaches_the_summary_and_every_text_fits(game, number, lang):
    """At the smallest window, in both languages: every step shows, its words in a box inside the
    window, each pointer on something a person can click (walk_lesson checks that), to the end; the
    lesson is then learned and leaves no save behind."""
    walk_to_summary(game, number, lang)


@pytest.mark.parametrize("game,number,lang", [
    pytest.param(g, n, lang, marks=() if (g, lang) == ("elfenland", "en") else pytest.mark.slow)
    for g, n in LESSONS for lang in ("en", "zh_TW")])
def test_at_the_largest_text_size_every_step_still_fits_the_smallest_window(game, number, lang):
    """150 %: a step too long for its column at that size is laid out a step smaller, never past
    the window (Elfenland's column is the narrowest, so it runs with the quick tests)."""
    walk_to_summary(game, number, lang, text_size=150)


def test_a_move_off_the_script_is_explained_and_not_made():
    app = make_app()
    registry.open_lesson(app, "xuanwu_gate", fresh=True)
    scene = app.manager.top
    coach = scene.coach
    while not coach.lesson.steps[coach.step()].do:
        coach.next()
    gesture(app, coach.pointer())             # look at your card
    for _ in range(400):                       # the others look
        frame(app, scene)
        if coach.step() is not None and coach.lesson.steps[coach.step()].do:
            break
        if coach.step() is not None:
            coach.next()
    expected = coach.expected()
    other = next(a for a in scene.match.state.legal_actions(LEARNER) if a != expected)
    before = len(scene.match.state.actions)
    assert not scene.act(other)
    assert len(scene.match.state.actions) == before, "the game stays on its script"
    assert coach.aside, "the coach says what it would have done"
    assert coach.pointer() is None and coach.holding()
    coach.back_to_step()
    assert coach.pointer() is not None
    assert scene.act(expected) and len(scene.match.state.actions) == before + 1


def test_a_lesson_left_is_taken_up_where_it_was():
    app = make_app()
    registry.open_lesson(app, "xuanwu_gate", fresh=True)
    scene = app.manager.top
    coach = scene.coach
    while coach.step() is not None and not coach.lesson.steps[coach.step()].do:
        coach.next()
    gesture(app, coach.pointer())
    played = len(scene.match.state.actions)
    scene.match.wait_saved()
    assert lesson_under_way("xuanwu_gate")
    registry.back_to_menu(app)
    registry.open_lesson(app, "xuanwu_gate")
    again = app.manager.top
    assert again is not scene and len(again.match.state.actions) == played
    assert lesson_save_path("xuanwu_gate").parent.name == "tutorials", "apart from saves and History"


def test_start_over_begins_at_the_first_step():
    app = make_app()
    registry.open_lesson(app, "xuanwu_gate", fresh=True)
    scene = app.manager.top
    coach = scene.coach
    coach.next()
    registry.open_lesson(app, "xuanwu_gate", fresh=True, replace=True)
    assert app.manager.top.coach.step() == 0 and not app.manager.top.match.state.actions


def test_the_summary_starts_a_real_game_with_the_same_people():
    app = make_app()
    lesson = load_lesson("xuanwu_gate")
    app.manager.push(LessonDoneScene(app, lesson))
    app.manager.draw(app.screen)
    app.manager.top.play_real()
    table = app.manager.top
    assert table.coach is None and table.match.state.n_players == lesson.players
    kinds = [s.kind for s in table.match.seats]
    assert kinds[LEARNER] == "human" and all(k == app.settings.bot_level for k in kinds[1:])


@pytest.mark.lesson_offer
def test_the_first_table_of_a_game_offers_its_lesson_once():
    from scenes.shell.dialog import MessageScene
    app = make_app()
    started = []
    assert registry.offer_lesson(app, "xuanwu_gate", lambda: started.append(1))
    offer = app.manager.top
    assert isinstance(offer, MessageScene)
    assert not registry.offer_lesson(app, "xuanwu_gate", lambda: None), "offered once only"
    app.settings.offered.clear()
    app.settings.learned.append("xuanwu_gate")
    assert not registry.offer_lesson(app, "xuanwu_gate", lambda: None), "never for a game learned"


def test_a_broken_lesson_file_is_refused_with_its_reason():
    data = json.loads(json.dumps({"game": "xuanwu_gate", "players": 4, "seed": 1, "names": {
        "en": ["a", "b", "c", "d"], "zh_TW": ["a", "b", "c", "d"]}, "script": [[0, ["look"]]], "steps": []}))
    with pytest.raises(LessonError, match="1 moves of the learner but 0 steps"):
        parse_lesson(data, "xuanwu_gate")
    with pytest.raises(LessonError):
        parse_lesson({"game": "elfenland"}, "xuanwu_gate")
    lesson = load_lesson("xuanwu_gate")
    with open("assets/data/tutorial_xuanwu_gate.json", encoding="utf-8") as f:
        bad = json.load(f)
    bad["script"] = [[1, to_json(lesson.script[1][1])]] + bad["script"][1:] + [[0, ["look"]]]
    problems = check_lesson(parse_lesson(bad, "xuanwu_gate"), GAMES["xuanwu_gate"])
    assert problems == ["move 1: a bot moves while the learner may"]


@pytest.mark.lesson_offer
def test_starting_a_first_game_from_the_setup_offers_the_lesson_and_play_now_starts_it():
    from scenes.shell.dialog import MessageScene
    from scenes.shell.setup import SetupScene
    app = make_app()
    setup = app.manager.push(SetupScene(app, game="xuanwu_gate"))
    app.manager.draw(app.screen)
    setup.start()
    offer = app.manager.top
    assert isinstance(offer, MessageScene) and offer.title == app.t("tutorial.offer_title", game=app.t.name(
        GAMES["xuanwu_gate"].names))
    play_now = offer.choices[0][1]
    offer._choose(play_now)
    assert app.manager.top.match.spec.key == "xuanwu_gate" and app.manager.top.coach is None
