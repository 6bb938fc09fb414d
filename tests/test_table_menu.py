"""The menu of a game in progress (scenes/shell/table_menu.py), from the table and from the hand-off
curtain, and a language switched in Settings mid-game showing on the table at once."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.i18n import Translator
from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.shell.curtain import CurtainScene
from scenes.match_scene import MatchScene
from scenes.shell.menu import MainMenuScene
from scenes.shell.rules_help import RulesHelpScene
from scenes.shell.settings_scene import SettingsScene
from scenes.shell.table_menu import TableMenuScene
from scenes.xuanwu_gate.table import XuanwuTableScene


def make_app(lang="en", size=(1280, 720)) -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = "instant"
    return app


def press(app: App, key: int) -> None:
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def click(app: App, rect: pygame.Rect) -> None:
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))


def settle(app: App) -> None:
    for _ in range(3):
        app.request_redraw()
        app.tick()


def two_humans_at_the_curtain(app: App, lang_match=None):
    """A Xuanwu table for two humans and a bot, its first curtain up (nobody's view shown yet)."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")]
    match = Match.new(GAMES["xuanwu_gate"], seats, seed=5, options={"start_player": 0})
    table = app.manager.reset(XuanwuTableScene(app, match))
    curtain = app.manager.top
    assert isinstance(curtain, CurtainScene)
    return match, table, curtain


def drawn(app: App) -> list:
    return app.manager.visible()


# -- the curtain's menu ------------------------------------------------------------------
def test_esc_on_the_curtain_opens_the_menu_without_showing_the_next_view():
    app = make_app()
    match, table, curtain = two_humans_at_the_curtain(app)
    before = (match.shown_to, table.viewer)
    press(app, pygame.K_ESCAPE)
    menu = app.manager.top
    assert isinstance(menu, TableMenuScene)
    assert drawn(app) == [curtain, menu]  # the curtain is opaque: the table is not even drawn
    settle(app)
    assert (match.shown_to, table.viewer) == before  # the screen was not handed over
    press(app, pygame.K_ESCAPE)  # Esc again: back to the curtain, still nobody's view
    assert app.manager.top is curtain and (match.shown_to, table.viewer) == before
    click(app, curtain.menu_button.rect)  # the curtain's Menu button opens it too (not "ready")
    assert isinstance(app.manager.top, TableMenuScene) and match.shown_to == before[0]


def test_the_curtains_menu_reads_the_rules_and_leaves_for_the_main_menu():
    app = make_app()
    match, table, curtain = two_humans_at_the_curtain(app)
    press(app, pygame.K_ESCAPE)
    menu = app.manager.top
    click(app, menu.rules_button.rect)
    rules = app.manager.top
    assert isinstance(rules, RulesHelpScene) and rules.key == "xuanwu_gate"
    assert table not in drawn(app)
    press(app, pygame.K_ESCAPE)
    assert app.manager.top is menu
    click(app, menu.leave_button.rect)
    assert isinstance(app.manager.top, MainMenuScene) and len(app.manager.stack) == 1
    assert match.shown_to is None  # nobody's private view was ever on the screen


def test_the_curtain_speaks_the_language_chosen_in_its_menu():
    app = make_app("zh_TW")
    match, table, curtain = two_humans_at_the_curtain(app)
    zh = list(curtain.summary)
    press(app, pygame.K_ESCAPE)
    click(app, app.manager.top.settings_button.rect)
    settings = app.manager.top
    assert isinstance(settings, SettingsScene)
    assert table not in drawn(app)
    click(app, settings.lang_buttons["en"].rect)
    click(app, settings.back_button.rect)
    menu = app.manager.top
    assert isinstance(menu, TableMenuScene) and menu.resume_button.label() == "Keep playing"
    press(app, pygame.K_ESCAPE)
    assert app.manager.top is curtain
    t = Translator("en")
    names = [s.name for s in match.seats]
    english = [line for line in (table.describe(e, t, names) for e in match.events
                                 if e.get("seats") is None and not e.get("transient")) if line]
    assert curtain.summary == english[-len(curtain.summary):] and curtain.summary != zh
    settle(app)
    click(app, pygame.Rect(10, 10, 1, 1))  # ready: the table comes, in English
    assert app.manager.top is table and match.shown_to == 0
    assert table.top_bar.btn_menu.label() == "Menu"


# -- the table's menu ------------------------------------------------------------------------
def test_the_tables_menu_button_and_esc_open_the_menu():
    from scenes.xuanwu_gate.demo import demo_scene
    app = make_app()
    table = app.manager.reset(demo_scene(app, "peek", seed=4))
    settle(app)
    click(app, table.top_bar.btn_menu.rect)
    menu = app.manager.top
    assert isinstance(menu, TableMenuScene) and drawn(app) == [table, menu]
    click(app, menu.resume_button.rect)
    assert app.manager.top is table
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TableMenuScene)
    click(app, app.manager.top.leave_button.rect)
    assert isinstance(app.manager.top, MainMenuScene)


def demo(key: str):
    if key == "xuanwu_gate":
        from scenes.xuanwu_gate.demo import demo_scene
        return lambda app: demo_scene(app, "peek", seed=4)
    if key == "elfenland":
        from scenes.elfenland.demo import demo_scene
        return lambda app: demo_scene(app, "plan", seed=1)
    if key == "european_union":
        from scenes.european_union.demo import demo_scene
        return lambda app: demo_scene(app, "bid", seed=4)
    from scenes.wonderful_island.demo import demo_scene
    return lambda app: demo_scene(app, "play", seed=2, n_players=3)


@pytest.mark.parametrize("key", list(GAMES))
def test_a_language_switched_in_settings_mid_game_changes_the_table_at_once(key):
    """Menu -> Settings -> the other language -> back: the table (its words, its log, its cached
    pictures) is exactly what a table opened in that language shows."""
    build = demo(key)
    app = make_app("en", (1024, 600))
    table = app.manager.reset(build(app))
    settle(app)
    english = app.screen.copy()
    click(app, table.top_bar.btn_menu.rect)
    click(app, app.manager.top.settings_button.rect)
    settings = app.manager.top
    assert isinstance(settings, SettingsScene)
    click(app, settings.lang_buttons["zh_TW"].rect)
    click(app, settings.back_button.rect)
    press(app, pygame.K_ESCAPE)  # close the menu
    assert app.manager.top is table and isinstance(table, MatchScene)
    settle(app)
    switched = app.screen.copy()
    assert table.log_lines() and all(not line.isascii() for line in table.log_lines()[-3:])
    app.manager.reset(build(app))  # the same moment, opened in Chinese from the start
    settle(app)
    fresh = app.screen.copy()
    assert pygame.image.tobytes(switched, "RGB") != pygame.image.tobytes(english, "RGB")
    assert pygame.image.tobytes(switched, "RGB") == pygame.image.tobytes(fresh, "RGB")
