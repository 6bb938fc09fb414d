"""Saved games and History (issue 11), through the real scenes under SDL's dummy driver.

Every unfinished game is listed (game, players with person or bot, round, last played), newest
first, paged when long, to resume or delete (after a confirmation); finished games are in History
(game, date, players, winners), each can be watched again; the menu's Continue says what it
resumes. Lists are read from the files' headers, never by replaying.
"""
from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.saves import SaveBook
from game.registry import GAMES
from scenes import settings_store
from scenes.app import App
from scenes.shell.dialog import MessageScene
from scenes.match_scene import MatchScene
from scenes.shell.menu import MainMenuScene
from scenes.shell.replay import ReplayTable
from scenes.shell.save_lists import PER_PAGE, HistoryScene, SavedGamesScene

NAMES = ["王小明", "Alice", "陳美玲", "Bob", "林志豪"]
DAY = 86400.0


@pytest.fixture
def book(tmp_path, monkeypatch) -> SaveBook:
    book = SaveBook(tmp_path)
    monkeypatch.setattr(settings_store, "save_book", lambda: SaveBook(tmp_path))
    return book




def make_save(book: SaveBook, key: str, age_days: float, finished: bool = False, moves: int = 6,
              seed: int = 1) -> Match:
    """A game with a person in seat 0 and bots, `moves` actions in (or to its end), last played
    `age_days` ago (its header says so)."""
    spec = GAMES[key]
    seats = [Seat(NAMES[i], "human" if i == 0 else "normal") for i in range(spec.min_players)]
    match = Match.new(spec, seats, seed=seed, autosave_path=book.new_autosave_path(key))
    rng = random.Random(seed)
    while not match.state.is_over() and (finished or len(match.state.actions) < moves):
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    assert match.state.is_over() == finished, "pick fewer moves: this game ended already"
    match.autosave()  # written whole, no journal: the header edited below is the one the lists show
    path = match.autosave_path
    data = json.loads(path.read_text("utf-8"))
    data["header"]["updated"] = time.time() - age_days * DAY
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return match


def click(app: App, rect: pygame.Rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.tick()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.tick()


def open_list(app: App, cls):
    scene = app.manager.push(cls(app))
    app.tick()
    return scene


def choice(app: App, label: str) -> pygame.Rect:
    dialog = app.manager.top
    assert isinstance(dialog, MessageScene)
    return next(b for b in dialog.group.widgets if b.label == label).rect


# -- Saved games ------------------------------------------------------------------------------------
def test_saved_games_lists_every_unfinished_game_newest_first(app, book):
    older = make_save(book, "elfenland", 3)
    newest = make_save(book, "xuanwu_gate", 0.01)
    middle = make_save(book, "european_union", 1)
    make_save(book, "xuanwu_gate", 2, finished=True)  # finished: History's, not here
    scene = open_list(app, SavedGamesScene)
    assert [h.path for h, *_ in scene.rows] == [newest.autosave_path, middle.autosave_path, older.autosave_path]


def test_each_row_names_the_game_its_players_person_or_bot_the_round_and_when(app, book):
    make_save(book, "xuanwu_gate", 1.0, moves=10)
    scene = open_list(app, SavedGamesScene)
    header = scene.rows[0][0]
    t = app.t
    from scenes.shell.save_words import round_words, seats_words, when_words
    words = seats_words(t, header)
    assert "王小明 (person)" in words and "Alice (Bot · Normal)" in words
    assert round_words(t, header) == f"deal {header.round}"
    assert when_words(t, header.updated).startswith("yesterday")
    assert when_words(t, time.time() - 5 * DAY).count("-") == 2   # an older one by its date


def test_a_long_list_is_paged(app, book):
    for i in range(PER_PAGE * 2 + 1):
        make_save(book, "xuanwu_gate", i / 10, moves=2, seed=i)
    scene = open_list(app, SavedGamesScene)
    assert scene.pages == 3 and len(scene.rows) == PER_PAGE
    first_page = [h.path for h, *_ in scene.rows]
    assert not scene.prev_button.enabled and scene.next_button.visible
    click(app, scene.next_button.rect)
    assert scene.page == 1 and [h.path for h, *_ in scene.rows] != first_page
    key(app, pygame.K_PAGEDOWN)
    assert scene.page == 2 and len(scene.rows) == 1 and not scene.next_button.enabled
    key(app, pygame.K_PAGEUP)
    assert scene.page == 1
    everything = [h.path for h in scene.headers]
    assert everything == [h.path for h in book.unfinished()]  # newest first across the pages


def test_delete_asks_first_and_cancel_keeps_the_game(app, book):
    match = make_save(book, "elfenland", 1)
    scene = open_list(app, SavedGamesScene)
    click(app, scene.rows[0][2].rect)
    assert isinstance(app.manager.top, MessageScene)
    click(app, choice(app, app.t("common.cancel")))
    assert app.manager.top is scene and match.autosave_path.exists() and len(scene.rows) == 1


def test_enter_on_the_delete_question_answers_cancel_the_highlighted_safe_choice(app, book):
    match = make_save(book, "elfenland", 1)
    scene = open_list(app, SavedGamesScene)
    click(app, scene.rows[0][2].rect)
    dialog = app.manager.top
    styles = {b.label: (b.style, b.hotkey) for b in dialog.group.widgets}
    assert styles[app.t("common.cancel")] == ("primary", pygame.K_RETURN)
    assert styles[app.t("saves.delete")] == ("danger", None)
    key(app, pygame.K_RETURN)
    assert app.manager.top is scene and match.autosave_path.exists() and len(scene.rows) == 1
    click(app, scene.rows[0][2].rect)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene and match.autosave_path.exists()


def test_delete_confirmed_removes_that_game_only(app, book):
    keep = make_save(book, "elfenland", 2)
    gone = make_save(book, "xuanwu_gate", 1)
    scene = open_list(app, SavedGamesScene)
    assert scene.rows[0][0].path == gone.autosave_path
    click(app, scene.rows[0][2].rect)
    click(app, choice(app, app.t("saves.delete")))
    assert not gone.autosave_path.exists() and keep.autosave_path.exists()
    assert [h.path for h, *_ in scene.rows] == [keep.autosave_path]


def test_resume_loads_that_game_and_saves_on_to_its_file(app, book):
    make_save(book, "elfenland", 0.1)
    chosen = make_save(book, "xuanwu_gate", 1, moves=9)
    scene = open_list(app, SavedGamesScene)
    click(app, scene.rows[1][1].rect)
    table = app.manager.top
    assert isinstance(table, MatchScene)
    saved = chosen.state.record()
    resumed = table.match.state.record()   # the bots may have moved on since: it goes on from there
    assert resumed["seed"] == saved["seed"] and resumed["actions"][:len(saved["actions"])] == saved["actions"]
    assert table.match.autosave_path == chosen.autosave_path


def test_a_game_that_cannot_be_loaded_gives_a_message_and_stays_listed(app, book):
    match = make_save(book, "xuanwu_gate", 1)
    data = json.loads(match.autosave_path.read_text("utf-8"))
    data["record"]["actions"][2] = ["not", "a", "move"]
    match.autosave_path.write_text(json.dumps(data), encoding="utf-8")
    scene = open_list(app, SavedGamesScene)
    click(app, scene.rows[0][1].rect)
    top = app.manager.top
    assert isinstance(top, MessageScene) and top.is_error and top.title == app.t("saves.resume_failed")
    click(app, top.group.widgets[0].rect)
    assert app.manager.top is scene and match.autosave_path.exists()


def test_a_broken_file_is_left_out_and_said_under_the_list(app, book):
    make_save(book, "elfenland", 1)
    (book.saves_dir / "xuanwu_gate-20260101-000000-abcdef.json").write_text("{ not json", encoding="utf-8")
    scene = open_list(app, SavedGamesScene)
    assert len(scene.rows) == 1 and len(scene.problems) == 1
    app.manager.draw(app.screen)  # the note under the list is drawn without trouble


def test_the_lists_read_headers_only_and_never_replay(app, book, monkeypatch):
    make_save(book, "elfenland", 1)
    make_save(book, "xuanwu_gate", 1, finished=True)

    def no_replay(*args, **kw):
        raise AssertionError("a list replayed a game")
    for spec in GAMES.values():
        monkeypatch.setattr(spec, "replay", no_replay)
    assert len(open_list(app, SavedGamesScene).rows) == 1
    assert len(open_list(app, HistoryScene).rows) == 1


# -- History ------------------------------------------------------------------------------------------
def test_history_lists_finished_games_with_their_winners_newest_first(app, book):
    old = make_save(book, "xuanwu_gate", 4, finished=True, seed=2)
    new = make_save(book, "european_union", 0.5, finished=True, seed=3)
    make_save(book, "elfenland", 0.1)  # unfinished: not history
    scene = open_list(app, HistoryScene)
    assert [h.path for h, *_ in scene.rows] == [new.autosave_path, old.autosave_path]
    header = scene.rows[0][0]
    assert header.winners == new.state.winners()
    from scenes.shell.save_words import winners_words
    assert all(NAMES[w] in winners_words(app.t, header) for w in header.winners)


def test_watch_again_from_history_replays_that_game_from_its_first_move(app, book):
    match = make_save(book, "xuanwu_gate", 1, finished=True, seed=4)
    scene = open_list(app, HistoryScene)
    click(app, scene.rows[0][1].rect)
    replay = app.manager.top
    assert isinstance(replay, ReplayTable) and replay.match.position == 0
    assert replay.match.length == len(match.state.actions)
    assert replay.match.state.record()["seed"] == match.state.seed
    click(app, replay.bar.btn_close.rect)
    assert app.manager.top is scene


def test_delete_from_history_asks_first(app, book):
    match = make_save(book, "xuanwu_gate", 1, finished=True)
    scene = open_list(app, HistoryScene)
    click(app, scene.rows[0][2].rect)
    click(app, choice(app, app.t("saves.delete")))
    assert not match.autosave_path.exists() and scene.rows == [] and not scene.headers


# -- the menu -------------------------------------------------------------------------------------------
def test_continue_names_the_game_the_players_and_the_round_it_resumes(app, book):
    make_save(book, "elfenland", 2)
    newest = make_save(book, "xuanwu_gate", 0.1, moves=10)
    menu = app.manager.top
    menu.enter()
    game, rest = menu.continue_caption()
    assert game == "The Xuanwu Gate Incident"
    header = book.newest_unfinished()
    assert NAMES[0] in rest and f"deal {header.round}" in rest
    click(app, menu.buttons["continue"].rect)
    saved = newest.state.record()
    assert app.manager.top.match.state.record()["actions"][:len(saved["actions"])] == saved["actions"]
    assert app.manager.top.match.autosave_path == newest.autosave_path


def test_continue_says_there_is_nothing_to_resume(app, book):
    menu = app.manager.top
    menu.enter()
    assert not menu.buttons["continue"].enabled and menu.continue_caption() is None


def test_the_menu_opens_saved_games_and_history(app, book):
    menu = app.manager.top
    click(app, menu.buttons["saved"].rect)
    assert isinstance(app.manager.top, SavedGamesScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, MainMenuScene)
    click(app, menu.buttons["history"].rect)
    assert isinstance(app.manager.top, HistoryScene)


@pytest.mark.parametrize("lang", ["zh_TW", "en"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_rows_and_their_buttons_fit_the_window_at_every_size_in_both_languages(book, lang, size):
    app = App(lang=lang, size=size)
    try:
        make_save(book, "wonderful_island", 1, moves=30)
        make_save(book, "european_union", 2, finished=True)
        for cls in (SavedGamesScene, HistoryScene):
            scene = open_list(app, cls)
            assert scene.rows
            for header, open_button, delete_button, review_button in scene.rows:
                assert open_button.rect.right < delete_button.rect.x
                assert scene.frame.contains(delete_button.rect)
                if review_button is not None:  # History's rows: Review, left of Watch
                    assert review_button.rect.right < open_button.rect.x
            assert scene.frame.contains(scene.back_button.rect)
            app.manager.draw(app.screen)
    finally:
        pygame.display.quit()
