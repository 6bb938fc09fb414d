"""Setup and settings offer easy / normal / hard, with one line each on how they play."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.i18n import LANGS
from game.core.paths import resource_path
from game.registry import GAMES
from scenes import settings_store
from scenes.app import App
from scenes.registry import playable
from scenes.shell.settings_scene import SettingsScene
from scenes.settings_store import BOT_LEVELS
from scenes.shell.setup import HELP_SIZE, SetupScene, level_line

PLAYABLE = [k for k in GAMES if playable(k)]


def levels_file(lang: str) -> dict:
    with open(resource_path("assets", "i18n", lang, "bot_levels.json"), encoding="utf-8") as f:
        return json.load(f)


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def test_every_level_has_its_line_and_name_in_both_languages():
    for lang in LANGS:
        table = levels_file(lang)
        for level in BOT_LEVELS:
            assert table.get(f"level.line.{level}", "").strip(), (lang, level)
            assert table.get(f"settings.level.{level}", "").strip(), (lang, level)
    levels = {lv for spec in GAMES.values() for lv in spec.bots}
    assert levels <= set(BOT_LEVELS), "a game's level the settings do not offer"


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_seats_offer_the_levels_of_the_game(key):
    """A person here, the game's bot levels, then a person at another computer (the network's)."""
    app = App(lang="en", size=(1280, 720), first_scene=False)
    setup = app.manager.push(SetupScene(app, key))
    assert setup.kinds[1].values == ["human", *GAMES[key].bots, "remote"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", PLAYABLE)
def test_setup_says_in_one_line_how_each_level_of_the_game_plays(key, lang):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    setup = app.manager.push(SetupScene(app, key))
    setup.players.set_value(GAMES[key].max_players)
    setup.layout(*app.size)
    app.manager.draw(app.screen)
    font_px = app.px(HELP_SIZE)
    last_seat = setup.names[setup.n - 1].rect
    for level in GAMES[key].bots:
        line = level_line(app.t, level)
        assert line == levels_file(lang)[f"level.line.{level}"]
        # Readable at full size: the line fits the seats panel without shrinking.
        assert app.fonts.text(line, font_px, (0, 0, 0)).get_width() <= setup.right.w - app.px(40), line
    top_line = setup.right.bottom - app.px(12 + 20 * len(GAMES[key].bots))
    assert last_seat.bottom <= top_line, "the lines keep clear of the seats at the largest table"


def test_choosing_hard_in_settings_makes_the_next_tables_bots_hard(tmp_path, monkeypatch):
    # Its own settings file: the session's is shared by every other test's App.
    monkeypatch.setattr(settings_store, "settings_path", lambda: tmp_path / "settings.json")
    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.last_setup = {"game": "wonderful_island", "players": 4,
                               "seats": [{"name": "", "kind": "human"}, {"name": "", "kind": "normal"},
                                         {"name": "", "kind": "easy"}, {"name": "", "kind": "human"}]}
    scene = app.manager.push(SettingsScene(app))
    app.manager.draw(app.screen)
    click(app, scene.level_buttons["hard"].rect.center)
    assert app.settings.bot_level == "hard" and scene.level_buttons["hard"].selected
    saved = json.loads(settings_store.settings_path().read_text(encoding="utf-8"))
    assert saved["bot_level"] == "hard"
    assert [s["kind"] for s in app.settings.last_setup["seats"]] == ["human", "hard", "hard", "human"]
    assert settings_store.load_settings().bot_level == "hard"
    setup = SetupScene(app, "wonderful_island")
    assert [setup.kinds[i].value for i in range(4)] == ["human", "hard", "hard", "human"]
    without = next((k for k in PLAYABLE if "hard" not in GAMES[k].bots), None)
    if without is not None:  # a game without hard seats its strongest level instead
        setup.select_game(without)
        assert setup.kinds[1].value == list(GAMES[without].bots)[-1]


def test_a_damaged_level_in_the_settings_file_falls_back_to_normal(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bot_level": "genius"}), encoding="utf-8")
    assert settings_store.load_settings(path).bot_level == "normal"
