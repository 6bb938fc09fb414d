"""Text size (issue 35): a setting of 100, 125 or 150 % makes what a person reads larger, laid out
again around the larger words rather than scaled as a picture; remembered, explained where it is
chosen, and nothing changes while it stays at 100 %."""
from __future__ import annotations

import json

import pygame
import pytest

from scenes.app import App
from scenes.settings_store import Settings, load_settings, settings_path


def make_app(lang="en", size=(1024, 600), text_size=100):
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.manager.handle(pygame.event.Event(kind, pos=pos, button=1))


@pytest.mark.parametrize("kept, read", [(150, 150), (125, 125), (133, 100), ("big", 100), (True, 100), (None, 100)])
def test_the_text_size_is_remembered_and_a_strange_value_is_the_standard_one(tmp_path, monkeypatch, kept, read):
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"text_size": kept}), encoding="utf-8")
    assert load_settings().text_size == read


def test_read_text_grows_with_the_setting_and_lengths_do_not():
    app = make_app(text_size=150)
    assert app.tx(20) == round(app.px(20) * 1.5)
    assert app.fonts.read(app.px(20)) == app.tx(20)
    app.set_text_size(100)
    assert app.tx(20) == app.px(20) and app.fonts.read(17) == 17


def test_choosing_a_size_in_settings_lays_out_the_table_under_it_again(tmp_path, monkeypatch):
    """Settings opened from a table's menu: the table's log takes the larger words at once, and the
    choice is saved."""
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    from scenes.xuanwu_gate.demo import demo_scene
    from scenes.shell.settings_scene import SettingsScene
    app = make_app()
    table = app.manager.reset(demo_scene(app, "peek", seed=4))
    app.manager.draw(app.screen)
    log = table.side.log
    before = log.size
    scene = app.manager.push(SettingsScene(app))
    click(app, scene.tabs["screen"].rect.center)
    click(app, scene.size_buttons[150].rect.center)
    assert app.settings.text_size == 150 and scene.size_buttons[150].selected
    assert load_settings().text_size == 150
    assert log.size == round(before * 1.5) or abs(log.size - before * 1.5) <= 1


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("percent", [100, 150])
def test_settings_rows_stay_inside_their_panel_at_the_smallest_window(lang, percent):
    """Each page's rows, their controls and their notes, within the panel and over Back, at
    1024x600: 150 % is laid out again (the notes wrap), never drawn past the panel."""
    from scenes.shell.settings_scene import SettingsScene
    app = make_app(lang, text_size=percent)
    scene = app.manager.reset(SettingsScene(app))
    for page in ("play", "screen"):
        scene.show_page(page)
        app.manager.draw(app.screen)
        fonts = app.fonts
        note_h = fonts.line_height(fonts.read(app.px(15)))
        for label, first, notes, y in scene.rows:
            bottom = y + sum(len(lines) for lines, _ in notes) * note_h
            assert scene.panel.contains(first), (page, label)
            assert bottom <= scene.panel.bottom, (page, label, bottom, scene.panel.bottom)
        for w in scene.pages[page]:
            assert scene.panel.contains(w.rect), (page, w)
        assert scene.back_button.rect.top >= scene.panel.bottom
        assert app.screen.get_rect().contains(scene.back_button.rect)


def test_the_other_page_hides_its_controls_from_clicks_and_tab():
    from scenes.shell.settings_scene import SettingsScene
    app = make_app()
    scene = app.manager.reset(SettingsScene(app))
    assert all(not w.visible for w in scene.pages["screen"])
    scene.show_page("screen")
    assert all(w.visible for w in scene.pages["screen"]) and all(not w.visible for w in scene.pages["play"])



@pytest.mark.parametrize("game", ["xuanwu_gate", "elfenland", "european_union", "wonderful_island"])
def test_setup_rows_and_their_lines_never_overlap_at_150_percent(game):
    """Each option row's line fits under it before the next row; where there are too many rows for
    that (The Wonderful Island's eight), the rows close up and one line at the panel's foot says
    what the row under the mouse does."""
    from scenes.shell.setup import SetupScene
    app = make_app("zh_TW", text_size=150)
    scene = app.manager.reset(SetupScene(app, game))
    app.manager.draw(app.screen)
    steppers = [s for _k, s in scene.option_rows()]
    line = app.fonts.line_height(app.fonts.read(app.px(15)))
    for a, b in zip(steppers, steppers[1:]):
        assert a.rect.bottom + (line if scene.help_under else 0) <= b.rect.top + 2, (a.rect, b.rect)
    assert steppers[-1].rect.bottom + line <= scene.left.bottom
    assert scene.help_under or game == "wonderful_island"
