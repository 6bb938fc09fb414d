"""The Wonderful Island rules help under SDL's dummy driver: opened from the menu's rules picker, in both
languages, every page drawn and every table inside the panel."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.wonderful_island import data
from scenes.app import App
from scenes.shell.menu import GamePickerScene, MainMenuScene
from scenes.shell.rules_help import Heading, Para, Picture, RulesHelpScene
from scenes.wonderful_island.rules_pages import pages

SIZES = [(1024, 600), (1280, 720)]


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def key(app, k):
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def open_rules(lang: str, size) -> tuple[App, RulesHelpScene]:
    """Menu, Rules, the Wonderful Island card: the way a player gets there before its table exists."""
    app = App(lang=lang, size=size, first_scene=False)
    app.manager.reset(MainMenuScene(app))
    app.manager.draw(app.screen)
    click(app, app.manager.top.buttons["rules"].rect.center)
    picker = app.manager.top
    assert isinstance(picker, GamePickerScene)
    app.manager.draw(app.screen)
    card = next(c for c in picker.cards if c.spec.key == "wonderful_island")
    click(app, card.rect.center)
    rules = app.manager.top
    assert isinstance(rules, RulesHelpScene) and rules.key == "wonderful_island"
    return app, rules


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES)
def test_every_page_opens_and_draws(lang, size):
    app, rules = open_rules(lang, size)
    assert len(rules.pages) == 7
    assert len({p.title for p in rules.pages}) == 7
    screen = app.screen.get_rect()
    for b in rules.tabs + [rules.prev, rules.next, rules.close_btn]:
        assert rules.box.contains(b.rect) and screen.contains(b.rect)
    seen = []
    for page in range(len(rules.pages)):
        assert rules.page == page
        app.manager.draw(app.screen)
        assert rules.content is not None and rules.content.get_width() <= rules.view_rect.w
        seen.append(rules.content.get_height())
        while rules.scroll < rules.max_scroll():   # scroll to the bottom of the page
            key(app, pygame.K_PAGEDOWN)
            app.manager.draw(app.screen)
        key(app, pygame.K_RIGHT)
    assert rules.page == len(rules.pages) - 1 and not rules.next.enabled
    assert all(h > 100 for h in seen)
    click(app, rules.close_btn.rect.center)
    assert isinstance(app.manager.top, MainMenuScene)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_words_are_filled_and_the_tables_fit(lang):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    width = 900
    for page in pages(app):
        for block in page.blocks:
            if isinstance(block, (Heading, Para)):
                assert block.text.strip() and "{" not in block.text and "wi.rules" not in block.text, block
            else:
                assert isinstance(block, Picture)
                assert block.render(width).get_width() <= width


def test_the_rules_use_the_data_names_in_both_languages():
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False)
        text = "\n".join(b.text for p in pages(app) for b in p.blocks if isinstance(b, Para))
        for cid in ("sand_table", "acquittal", "death_grip", "shooting", "fake_poll", "discord", "paparazzi"):
            assert app.t.name(data.card(cid)["name"]) in text, (lang, cid)
        assert app.t.name(data.load()["about"]) in text and app.t.name(data.load()["tables_note"]) in text
