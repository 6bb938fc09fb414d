"""Setup says what each option does (assets/i18n/*/options_help.json), in both languages, in
letters a first-time player can read, and its values are readable too."""
from __future__ import annotations

import itertools
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.i18n import LANGS
from game.core.paths import resource_path
from game.registry import GAMES
from scenes.app import App
from scenes.registry import playable
from scenes.shell.setup import HELP_SIZE, SetupScene, option_help

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
PLAYABLE = [k for k in GAMES if playable(k)]


def help_file(lang: str) -> dict:
    with open(resource_path("assets", "i18n", lang, "options_help.json"), encoding="utf-8") as f:
        return json.load(f)


def word(value) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def test_the_explanations_are_all_in_options_help_and_only_explanations():
    for lang in LANGS:
        table = help_file(lang)
        assert table and all(key.startswith("help.") for key in table)
        others = {}
        for path in resource_path("assets", "i18n", lang).glob("*.json"):
            if path.name != "options_help.json":
                others.update(json.loads(path.read_text(encoding="utf-8")))
        assert not [key for key in others if key.startswith("help.")], "explanations belong in options_help.json"


@pytest.mark.parametrize("key", list(GAMES))
def test_every_option_of_every_game_has_an_explanation_in_both_languages(key):
    """A new option needs a line in assets/i18n/{en,zh_TW}/options_help.json: help.<game>.<option>."""
    for lang in LANGS:
        table = help_file(lang)
        for name in GAMES[key].options:
            assert table.get(f"help.{key}.{name}", "").strip(), (lang, key, name)


def test_every_value_explanation_is_for_a_value_that_exists():
    known = {f"help.{k}.{name}.{word(v)}" for k, spec in GAMES.items()
             for name, values in spec.options.items() for v in values}
    options = {f"help.{k}.{name}" for k, spec in GAMES.items() for name in spec.options}
    for lang in LANGS:
        table_rows = {"help.players", "help.hints.on", "help.hints.off"}
        stale = [key for key in help_file(lang) if key not in known | options | table_rows]
        assert stale == [], (lang, stale)


def make_app(lang: str, size=(1280, 720)) -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.tick()
    return app


def all_rows(setup: SetupScene):
    """Every option row the setup can show (a hidden one is shown by choosing what it waits for)."""
    from scenes.shell.setup import SHOWN_WHEN
    for (game, name), (other, value) in SHOWN_WHEN.items():
        if game == setup.game:
            setup.option_steppers[other].set_value(value)
    setup.layout(*setup.app.size)
    return setup.option_rows()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", PLAYABLE)
def test_setup_explains_each_option_and_its_value_in_readable_letters(lang, key):
    """At 1280x720 each row has a line under it on what the option (or its value) does, at
    >= 13 px and whole on the panel; every value's label is drawn at >= 16 px."""
    app = make_app(lang)
    setup = app.manager.reset(SetupScene(app, key))
    fonts, size = app.fonts, app.px(HELP_SIZE)
    assert size >= 13
    room = setup.left.w - app.px(40)
    rows = all_rows(setup)
    assert len(rows) == 1 + len(GAMES[key].options)
    for label_key, stepper in rows:
        name_w = fonts.text(app.t(label_key), app.px(18)).get_width()
        assert name_w * 15 / 18 <= stepper.rect.x - setup.left.x - app.px(30), (lang, label_key)  # >= 15 px
        for value in stepper.values:
            stepper.set_value(value)
            line = setup.row_help(stepper)
            assert line and not line.startswith("help."), (lang, label_key, value)
            assert fonts.text(line, size).get_width() <= room, (lang, label_key, value, line)
            assert stepper.label_size(fonts) >= 16, (lang, label_key, value, stepper.label_of(value))
    for name, values in GAMES[key].options.items():  # the value's own words, where it has them
        for value in values:
            own = f"help.{key}.{name}.{word(value)}"
            expected = app.t(own) if app.t(own) != own else app.t(f"help.{key}.{name}")
            assert option_help(app.t, key, name, value) == expected


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", PLAYABLE)
def test_setup_rows_and_their_explanations_stay_apart_inside_the_panel(size, key):
    app = make_app("zh_TW", size)
    setup = app.manager.reset(SetupScene(app, key))
    setup.players.set_value(GAMES[key].max_players)
    setup._players_changed(setup.players.value)
    rows = all_rows(setup)
    line_h = app.fonts.text("玩家 Ag", app.px(HELP_SIZE)).get_height()
    blocks = []
    for _key, stepper in rows:
        block = stepper.rect.union(pygame.Rect(setup.left.x + app.px(20), stepper.rect.bottom + app.px(1),
                                               setup.left.w - app.px(40), line_h))
        assert setup.left.contains(block), (block, setup.left)
        blocks.append(block)
    for a, b in itertools.combinations(blocks, 2):
        assert not a.colliderect(b), (a, b)
    widgets = [w for w in setup.group.widgets if w.visible]
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), (a.rect, b.rect)
    app.tick()
