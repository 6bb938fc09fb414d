"""The whole app as a user drives it, under SDL's dummy driver: main menu -> setup ->
a bots-only Xuanwu game -> game over -> play again / back to the menu."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.registry import TABLES, playable
from scenes.settings_store import save_book
from scenes.shell.game_over import GameOverScene
from scenes.shell.menu import MainMenuScene
from scenes.shell.setup import SetupScene
from scenes.xuanwu_gate.table import XuanwuTableScene


def click(app: App, rect: pygame.Rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.tick()


def tick_until(app: App, done, limit: int = 5000) -> None:
    for _ in range(limit):
        if done():
            return
        app.tick()
    raise AssertionError("the app never got there")




def test_menu_to_setup_to_a_bots_only_game_to_game_over(app):
    menu = app.manager.top
    assert isinstance(menu, MainMenuScene)
    app.tick()
    click(app, menu.buttons["new"].rect)
    setup = app.manager.top
    assert isinstance(setup, SetupScene)
    # Every seat at the table becomes a computer opponent (the first seat starts as the human; a
    # setup remembered from an earlier table may hold a person on another computer).
    for i in range(setup.n):
        while setup.kinds[i].value in ("human", "remote"):
            right = pygame.Rect(setup.kinds[i].rect.right - 4, setup.kinds[i].rect.centery, 1, 1)
            click(app, right)
    assert all(setup.kinds[i].value != "human" for i in range(setup.n))
    click(app, setup.start_button.rect)
    table = app.manager.top
    assert isinstance(table, XuanwuTableScene)
    assert table.match.humans == []
    tick_until(app, lambda: isinstance(app.manager.top, GameOverScene))
    over = app.manager.top
    assert over.match.state.is_over()
    assert over.match.state.winners() == over.view["winners"]
    # Play again: a new table with the same seats, then back to the menu from its game over.
    play_again = [w for w in over.group.widgets if w.hotkey == pygame.K_RETURN][0]
    click(app, play_again.rect)
    again = app.manager.top
    assert isinstance(again, XuanwuTableScene) and again.match is not over.match
    assert [s.kind for s in again.match.seats] == [s.kind for s in over.match.seats]
    tick_until(app, lambda: isinstance(app.manager.top, GameOverScene))
    menu_button = [w for w in app.manager.top.group.widgets if w.hotkey == pygame.K_ESCAPE][0]
    click(app, menu_button.rect)
    assert isinstance(app.manager.top, MainMenuScene)


def test_quit_from_the_menu_ends_the_loop(app):
    app.tick()
    click(app, app.manager.top.buttons["quit"].rect)
    assert app.running is False


@pytest.mark.parametrize("key", [k for k in GAMES if playable(k)])
def test_continue_resumes_the_autosaved_game_of_every_playable_game(app, key):
    """Leave a game half-way (it autosaves after every action), then Continue from the menu."""
    spec = GAMES[key]
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(1, spec.min_players)]
    match = Match.new(spec, seats, seed=11, autosave_path=save_book().new_autosave_path(key))
    for _ in range(6):
        if not match.step_bot():
            break
    played = len(match.state.actions)
    menu = app.manager.top
    menu.enter()  # the menu re-reads the autosave whenever it is shown
    app.tick()
    click(app, menu.buttons["continue"].rect)
    table = app.manager.top
    assert type(table).__name__ == TABLES[key][1]
    assert len(table.match.state.actions) == played
    assert table.match.state.view(0) == match.state.view(0)


def test_the_curtain_recaps_only_public_events_since_the_last_hand_off(app):
    """Players who were away see what happened in public (a vote reveal), never a private event."""
    from scenes.shell.curtain import CurtainScene
    from scenes.xuanwu_gate.table import XuanwuTableScene as Table
    spec = GAMES["xuanwu_gate"]
    seats = [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")]
    match = Match.new(spec, seats, seed=5, options={"memory_aid": True})
    table = Table(app, match)
    table.describe = staticmethod(lambda e, t, names: repr(e))  # the recap shows the events themselves
    app.manager.reset(table)
    curtain = app.manager.top
    assert isinstance(curtain, CurtainScene)
    assert curtain.summary and all("'seats': None" in line for line in curtain.summary)
    # Private events exist (each seat's own card, kept by the memory aid), yet none was recapped.
    assert any(e.get("seats") is not None for e in match.events)
    curtain.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    table.draw(app.screen)  # Ann sees the table: everything so far is no news to her next time
    assert table.public_summary(match.shown_to) == []
