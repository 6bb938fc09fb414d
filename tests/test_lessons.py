"""A game's lessons, 1, 2, ...: each is (game, number) wherever a lesson was the game before (its
save, "learned", the summary's next step, the picker), the picker shows each lesson's length and
how far the player got, and what follows a lesson (a real game, the next lesson) is right."""
from __future__ import annotations

import json

import pygame
import pytest

from game.core.names import default_name
from game.core.tutorial import (LEARNER, LessonError, lesson_id, lesson_numbers, load_lesson, parse_lesson,
                                parse_lesson_id)
from game.registry import GAMES
from scenes import registry, settings_store
from scenes.app import App
from scenes.settings_store import Settings, load_settings
from scenes.tutorial.lesson import learned, lesson_save_path, lesson_under_way
from scenes.tutorial.picker import LEARNED, NEW, UNDER_WAY, LessonPickerScene, progress_of
from scenes.tutorial.summary import LessonDoneScene
from scenes.tutorial.walk import frame, gesture

SECOND = [key for key in GAMES if 2 in lesson_numbers(key)]


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Each test's own lessons under way (tutorials/ in a data folder of its own)."""
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))


def make_app(lang="en", size=(1280, 720), text_size=100) -> App:
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


def play_first_move(app, game: str, number: int):
    """Open the lesson afresh, read up to its first move and make it; the table on screen."""
    registry.open_lesson(app, game, number=number, fresh=True)
    scene = app.manager.top
    coach = scene.coach
    while not coach.lesson.steps[coach.step()].do:
        coach.next()
    gesture(app, coach.pointer())
    scene.match.wait_saved()
    return scene


# -- a lesson's identity: (game, number) ----------------------------------------------------------
def test_xuanwu_and_elfenland_have_a_second_lesson_with_a_title_in_both_languages():
    for game in ("xuanwu_gate", "elfenland"):
        assert lesson_numbers(game)[:2] == [1, 2]
        lesson = load_lesson(game, 2)
        assert lesson.number == 2 and lesson.title_text("en") and lesson.title_text("zh_TW")
        assert lesson.title_text("en") != load_lesson(game).title_text("en")


def test_a_lesson_without_a_title_is_still_read_and_a_title_needs_both_languages():
    with open("assets/data/tutorial_xuanwu_gate.json", encoding="utf-8") as f:
        data = json.load(f)
    data.pop("title", None)
    assert parse_lesson(data, "xuanwu_gate").title is None
    data["title"] = {"en": "Only English"}
    with pytest.raises(LessonError, match="title"):
        parse_lesson(data, "xuanwu_gate")


def test_lesson_ids_keep_an_old_learned_entry_as_lesson_one():
    assert lesson_id("elfenland", 1) == "elfenland" and lesson_id("elfenland", 2) == "elfenland:2"
    assert parse_lesson_id("elfenland") == ("elfenland", 1)
    assert parse_lesson_id("elfenland:2") == ("elfenland", 2)
    assert parse_lesson_id("elfenland:x") is None and parse_lesson_id("elfenland:0") is None
    assert parse_lesson_id(7) is None


def test_an_old_settings_file_counts_its_learned_games_as_their_first_lesson(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"learned": ["xuanwu_gate", "elfenland:2", "chess:2", "bogus", 3, "xuanwu_gate"]}),
                    encoding="utf-8")
    s = load_settings(path)
    assert s.learned == ["xuanwu_gate", "elfenland:2"]
    app = make_app()
    app.settings.learned = s.learned
    assert learned(app, "xuanwu_gate", 1) and not learned(app, "xuanwu_gate", 2)
    assert learned(app, "elfenland", 2) and not learned(app, "elfenland", 1)


def test_each_lesson_saves_in_its_own_file_and_is_taken_up_on_its_own():
    app = make_app()
    first, second = lesson_save_path("xuanwu_gate", 1), lesson_save_path("xuanwu_gate", 2)
    assert first != second and first.parent == second.parent
    play_first_move(app, "xuanwu_gate", 2)
    assert lesson_under_way("xuanwu_gate", 2) and not lesson_under_way("xuanwu_gate", 1)
    registry.back_to_menu(app)
    registry.open_lesson(app, "xuanwu_gate", number=2)
    again = app.manager.top
    assert again.coach.lesson.number == 2 and len(again.match.state.actions) > 0
    registry.back_to_menu(app)
    registry.open_lesson(app, "xuanwu_gate")
    assert app.manager.top.coach.lesson.number == 1 and not app.manager.top.match.state.actions


# -- the picker ---------------------------------------------------------------------------------------
def test_the_menu_opens_the_lesson_picker_with_every_lesson_of_every_game():
    from scenes.shell.menu import MainMenuScene
    app = make_app()
    menu = app.manager.push(MainMenuScene(app))
    app.manager.draw(app.screen)
    menu.learn()
    picker = app.manager.top
    assert isinstance(picker, LessonPickerScene)
    shown = [(c.lesson.game, c.lesson.number) for c in picker.cards()]
    assert shown == [(key, n) for key in GAMES for n in lesson_numbers(key)]


def test_the_picker_says_each_lessons_steps_minutes_and_progress():
    app = make_app()
    app.settings.learned.append("xuanwu_gate")
    play_first_move(app, "elfenland", 2)
    registry.back_to_menu(app)
    picker = app.manager.push(LessonPickerScene(app))
    app.manager.draw(app.screen)
    cards = {(c.lesson.game, c.lesson.number): c for c in picker.cards()}
    xuanwu, elf2 = cards[("xuanwu_gate", 1)], cards[("elfenland", 2)]
    assert xuanwu.progress.state == LEARNED and cards[("xuanwu_gate", 2)].progress.state == NEW
    assert elf2.progress.state == UNDER_WAY
    lesson = elf2.lesson
    words = [text for text, *_ in elf2.lines()]
    assert words[0] == app.t("tutorial.lesson_titled", n=2, title=lesson.title_text("en"))
    assert words[1] == app.t("tutorial.lesson_size", steps=len(lesson.steps), minutes=lesson.minutes)
    assert words[2] == app.t("tutorial.progress_at", n=elf2.progress.step, total=len(lesson.steps))
    assert 1 < elf2.progress.step < len(lesson.steps)
    assert [text for text, *_ in xuanwu.lines()][2] == app.t("tutorial.learned")


def test_a_lesson_under_way_shows_the_step_it_is_taken_up_at():
    app = make_app()
    scene = play_first_move(app, "elfenland", 2)
    for _ in range(200):  # the computer player's move, up to the learner's next step
        frame(app, scene)
        if scene.coach.step() is not None:
            break
    scene.match.wait_saved()
    on_screen = scene.coach.step()
    assert on_screen is not None and progress_of(app, scene.coach.lesson).step == on_screen + 1


def test_picking_a_lesson_opens_that_lesson():
    app = make_app()
    picker = app.manager.push(LessonPickerScene(app))
    app.manager.draw(app.screen)
    card = next(c for c in picker.cards() if c.lesson.game == "elfenland" and c.lesson.number == 2)
    gesture(app, type("P", (), {"rect": card.rect, "to": None})())
    assert app.manager.top.coach.lesson.number == 2 and app.manager.top.match.spec.key == "elfenland"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("text_size", [100, 150])
def test_the_picker_fits_every_card_and_word_in_its_box(lang, size, text_size):
    app = make_app(lang, size, text_size)
    app.settings.learned.append("xuanwu_gate")
    picker = app.manager.push(LessonPickerScene(app))
    app.manager.draw(app.screen)
    cards = picker.cards()
    assert app.screen.get_rect().contains(picker.box)
    for card in cards:
        assert picker.box.contains(card.rect)
        assert not card.rect.colliderect(picker.close.rect)
        lines = card.rendered(app.fonts)
        assert sum(s.get_height() for s in lines) <= card.rect.h, f"{card.lesson.game} {card.lesson.number}"
        assert all(s.get_width() <= card.rect.w for s in lines)
    for a in cards:
        assert not any(a is not b and a.rect.colliderect(b.rect) for b in cards)
    title_bottom = picker.box.y + app.px(22) + picker.title.get_height()
    for (key, _), r in zip(picker.rows, picker.names):
        assert not any(r.colliderect(c.rect) for c in cards)
        assert r.y >= title_bottom and all(c.rect.y >= title_bottom for c in cards), "the title clear of the rows"
        lines = picker.name_lines(key, r)
        assert sum(s.get_height() for s in lines) <= r.h, f"{key}'s whole name in its row"
        assert all(s.get_width() <= r.w - picker.emblem_size(r) - app.px(10) for s in lines)


# -- what follows a lesson --------------------------------------------------------------------------
@pytest.mark.parametrize("game", SECOND)
def test_the_first_lessons_summary_offers_the_second_and_the_last_offers_none(game):
    app = make_app()
    done = app.manager.push(LessonDoneScene(app, load_lesson(game, 1)))
    app.manager.draw(app.screen)
    assert done.btn_next.visible and done.next_lesson.number == 2
    assert done.next_line, "the summary says what the next lesson is"
    assert done.btn_next.rect.w > 0 and not done.btn_next.rect.colliderect(done.btn_play.rect)
    last = load_lesson(game, lesson_numbers(game)[-1])
    end = app.manager.push(LessonDoneScene(app, last))
    app.manager.draw(app.screen)
    assert not end.btn_next.visible and end.next_lesson is None
    done.take_next()
    assert app.manager.top.coach.lesson.number == 2 and app.manager.top.match.spec.key == game


def test_the_second_lessons_summary_names_its_number():
    app = make_app()
    done = app.manager.push(LessonDoneScene(app, load_lesson("xuanwu_gate", 2)))
    app.manager.draw(app.screen)
    assert done.title() == app.t("tutorial.done_title_n", game=app.t.name(GAMES["xuanwu_gate"].names), n=2)
    done.again()
    assert app.manager.top.coach.lesson.number == 2


def test_a_real_game_after_a_lesson_offers_hints_as_the_setup_would():
    app = make_app()
    app.manager.push(LessonDoneScene(app, load_lesson("xuanwu_gate"))).play_real()
    assert app.manager.top.match.hints_allowed, "hints on, the setup's default"
    settings_store.remember_table(app.settings, "xuanwu_gate", {"players": 4, "hints": False, "seats": []})
    app.manager.push(LessonDoneScene(app, load_lesson("xuanwu_gate"))).play_real()
    assert not app.manager.top.match.hints_allowed, "hints off, as last chosen at its setup"


def test_a_real_game_after_a_lesson_names_the_learner_as_the_setup_would_and_remembers_no_made_up_name():
    app = make_app()
    app.manager.push(LessonDoneScene(app, load_lesson("xuanwu_gate"))).play_real()
    table = app.manager.top
    assert table.match.seats[LEARNER].name == default_name(app.t, LEARNER)
    remembered = settings_store.remembered_table(app.settings, "xuanwu_gate")["seats"]
    assert remembered[LEARNER]["name"] == "", "an untyped name is remembered blank, as the setup keeps it"
    settings_store.remember_table(app.settings, "xuanwu_gate",
                                  {"players": 4, "seats": [{"name": "梅", "kind": "human"}]})
    app.manager.push(LessonDoneScene(app, load_lesson("xuanwu_gate"))).play_real()
    assert app.manager.top.match.seats[LEARNER].name == "梅", "a typed name is the learner's"


def test_an_off_script_move_is_refused_with_why_the_lessons_move_is_better():
    app = make_app()
    registry.open_lesson(app, "elfenland", number=2, fresh=True)
    scene = app.manager.top
    coach = scene.coach
    while not coach.lesson.steps[coach.step()].do:
        coach.next()
    i = coach.step()
    expected = coach.expected()
    other = next(a for a in scene.match.state.legal_actions(LEARNER) if a != expected)
    assert not scene.act(other)
    head, say, why = coach.words()
    instead = coach.lesson.steps[i].instead["en"]
    assert say == app.t("tutorial.aside_better", why=instead), "why the scripted move is better, first"
    assert why == app.t("tutorial.aside_would", what=" ".join(coach.aside)), "then what the move would have done"
    assert coach.aside and coach.aside != [app.t("tutorial.aside_nothing")]


@pytest.mark.parametrize("game,number", [(g, n) for g in ("xuanwu_gate", "elfenland") for n in (1, 2)])
def test_every_scripted_move_of_xuanwu_and_elfenland_says_why_it_is_the_better_move(game, number):
    lesson = load_lesson(game, number)
    for i, step in enumerate(lesson.steps):
        if step.do:
            assert step.instead and lesson.instead_text(i, "zh_TW") == step.instead["zh_TW"], f"step {i + 1}"


# -- the play-tester's other findings ------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_xuanwus_look_prompt_names_the_button_to_click(lang):
    app = make_app(lang)
    registry.open_lesson(app, "xuanwu_gate", fresh=True)
    scene = app.manager.top
    while not scene.coach.lesson.steps[scene.coach.step()].do:
        scene.coach.next()
    _, what = scene.prompt()
    assert what.endswith(app.t("xw.remember") + ('"' if lang == "en" else "」"))


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("text_size", [100, 150])
def test_a_note_too_long_for_elfenlands_column_never_covers_undo_and_pass(size, text_size):
    """A hint of three long options (the coach's box is the same note) in the narrow column."""
    from game.core.match import Match, Seat
    from scenes.ui import theme
    from scenes.ui.note_box import NoteBox, Para
    from scenes.ui.widgets import Button
    app = make_app(size=size, text_size=text_size)
    match = Match.new(GAMES["elfenland"], [Seat("Ann", "human"), Seat("Bo", "normal")], seed=3, hints_allowed=True)
    registry.show_table(app, match)
    scene = app.manager.top
    app.manager.draw(app.screen)
    long = "Ann places Magic Cloud on the Mountains road Strykhaven – Virst, then travels on (chance to win 54 %). "
    note = NoteBox(app)
    note.layout(scene.coach_area(), "Hint", [Para(long * 3, 17, theme.INK, True), Para(long * 2, 16, theme.INK_SOFT),
                                             Para(long * 2, 16, theme.INK_SOFT), Para(long, 13, theme.INK_SOFT)],
                [Button("Thanks", lambda: None)])
    for button in (scene.prompts.btn_undo, scene.prompts.btn_phase):
        assert not note.rect.colliderect(button.rect), "Undo and Pass stay clear"
    assert note.rect.bottom <= scene.coach_area().bottom and app.screen.get_rect().contains(note.rect)


def test_the_learned_mark_keeps_clear_of_a_long_game_name_on_the_menu():
    """The card drawn without its mark leaves the mark's place blank: no letter of the name under it."""
    from scenes.shell.menu import MainMenuScene
    from scenes.ui import theme
    for size in ((1024, 600), (1280, 720)):
        for lang in ("en", "zh_TW"):
            app = make_app(lang, size)
            menu = app.manager.push(MainMenuScene(app))
            app.settings.learned.append("xuanwu_gate")
            app.manager.draw(app.screen)
            card = next(c for c in menu.tiles if c.spec.key == "xuanwu_gate")
            _, stamp = card.stamp(app.fonts)
            surface = pygame.Surface(app.size)
            card.hover = False
            card._draw_card(surface, app.fonts, stamp)
            # The mark's place, short of the card's rounded corner and border.
            place = pygame.Rect(stamp.x, stamp.y + 3, max(1, stamp.w - 16), stamp.h - 3)
            colours = {tuple(surface.get_at((x, y)))[:3] for x in range(place.x, place.right)
                       for y in range(place.y, place.bottom)}
            assert colours == {tuple(theme.PARCHMENT)[:3]}, f"{lang} {size}: the name runs under the mark"


def test_a_step_without_instead_gives_its_why_as_the_reason_and_without_either_none():
    with open("assets/data/tutorial_xuanwu_gate.json", encoding="utf-8") as f:
        data = json.load(f)
    i = next(k for k, s in enumerate(data["steps"]) if s.get("do") and s.get("why"))
    data["steps"][i].pop("instead")
    lesson = parse_lesson(data, "xuanwu_gate")
    assert lesson.instead_text(i, "en") == data["steps"][i]["why"]["en"]
    data["steps"][i].pop("why")
    assert parse_lesson(data, "xuanwu_gate").instead_text(i, "en") is None


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("text_size", [100, 150])
def test_every_summary_holds_its_rules_and_next_lesson_above_its_buttons(lang, size, text_size):
    app = make_app(lang, size, text_size)
    for game in GAMES:
        for number in lesson_numbers(game):
            done = app.manager.push(LessonDoneScene(app, load_lesson(game, number)))
            app.manager.draw(app.screen)
            buttons = [b for b in (done.btn_menu, done.btn_again, done.btn_next, done.btn_play) if b.visible]
            assert done.text_bottom <= min(b.rect.y for b in buttons), f"{game} {number}"
            assert all(done.box.contains(b.rect) for b in buttons)
            assert not any(a is not b and a.rect.colliderect(b.rect) for a in buttons for b in buttons)
            app.manager.remove(done)


def test_xuanwus_penalty_step_points_at_the_penalty_button():
    app = make_app(size=(1024, 600))
    registry.open_lesson(app, "xuanwu_gate", number=2, fresh=True)
    scene = app.manager.top
    coach = scene.coach
    target = next(i for i, s in enumerate(coach.lesson.steps) if s.rule == "penalty")
    for _ in range(3000):
        frame(app, scene)
        i = coach.step()
        if i == target:
            break
        if i is not None and not coach.lesson.steps[i].do:
            coach.next()
        elif i is not None:
            gesture(app, coach.pointer())
    assert coach.step() == target
    app.manager.draw(app.screen)
    assert coach.pointer().rect == scene.side.btn_penalty.rect and scene.side.btn_penalty.visible
    assert not coach.box.colliderect(scene.side.btn_penalty.rect), "the box leaves the button in sight"


@pytest.mark.parametrize("lang, dont, press", [("en", "don't press it now", "Next"), ("zh_TW", "現在先別按", "下一步")])
def test_xuanwus_penalty_step_shows_the_button_but_says_not_to_press_it(lang, dont, press):
    """The step only wants Next: the pointer at Penalty shows where it is, the words keep hands off it."""
    lesson = load_lesson("xuanwu_gate", 2)
    step = next(s for s in lesson.steps if s.rule == "penalty")
    say, why = step.text(lang)
    assert not step.do and step.point == "side.btn_penalty"
    assert dont in why and press in why


def test_start_over_in_lesson_two_begins_lesson_two_again():
    app = make_app()
    scene = play_first_move(app, "xuanwu_gate", 2)
    scene.coach.btn_restart.on_click()
    dialog = app.manager.top
    dialog._choose(next(action for label, action in dialog.choices if label == app.t("tutorial.restart")))
    again = app.manager.top
    assert again.coach.lesson.number == 2 and not again.match.state.actions and again.coach.step() == 0


def test_the_coach_box_names_a_later_lesson_by_its_number():
    app = make_app()
    registry.open_lesson(app, "elfenland", number=2, fresh=True)
    head, _, _ = app.manager.top.coach.words()
    total = len(app.manager.top.coach.lesson.steps)
    assert head == app.t("tutorial.title_step_n", lesson=2, n=1, total=total)
    registry.open_lesson(app, "elfenland", fresh=True, replace=True)
    head, _, _ = app.manager.top.coach.words()
    assert head == app.t("tutorial.title_step", n=1, total=len(app.manager.top.coach.lesson.steps))


def test_a_move_that_shows_nothing_is_refused_without_a_hollow_sentence():
    app = make_app()
    registry.open_lesson(app, "elfenland", number=2, fresh=True)
    coach = app.manager.top.coach
    while not coach.lesson.steps[coach.step()].do:
        coach.next()
    coach.aside = [app.t("tutorial.aside_nothing")]
    _, say, why = coach.words()
    assert say.startswith(app.t("tutorial.aside_better", why="")[:10]) and why == app.t("tutorial.aside_nothing")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_log_row_lies_partly_under_the_coachs_box(game):
    """The log beside the coach's box shows whole rows only, none cut at the box's edge."""
    app = make_app(text_size=150)
    scene = play_first_move(app, game, 1)
    app.manager.draw(app.screen)
    box = scene.coach.box
    logs = [log for p in scene.panels for log in (getattr(p, "log", None),) if log is not None]
    covered = [log for log in logs if log.rect.colliderect(box)]
    assert covered, "the coach's box lies over a log at this table"
    for log in covered:
        rows = log.row_rects()
        assert rows, "the log still shows rows beside the box"
        for row in rows:
            assert not row.colliderect(box), f"a log row at y={row.y} is under the box {box}"
