"""A table played from the keyboard: Tab moves a visible focus among what can be used now, Enter
uses it through the same click a mouse makes, the mouse takes over again when it moves."""
from __future__ import annotations

import pygame

from game.core.match import Match, Seat
from game.registry import GAMES
from keyplay import key, play_by_keys, table
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.shell.curtain import CurtainScene


def tab_to_a_move(app, scene) -> bool:
    """Tab until the focus is on something that makes a move (a piece that carries one, or a button
    that makes one), as a person reading the table would; False if nothing does."""
    for _ in range(len(scene.key_focus.targets()) + 1):
        key(app, pygame.K_TAB)
        kind = scene.key_focus.key[0] if scene.key_focus.key else None
        if kind == "piece" or (kind == "button" and focused_button(scene) is not None
                               and getattr(focused_button(scene), "action", None) is not None):
            return True
    return False


def focused_button(scene):
    wanted = scene.key_focus.key
    for panel in scene.panels:
        for b in getattr(getattr(panel, "buttons", None), "widgets", ()):
            if wanted and wanted[0] == "button" and tuple(b.rect.topleft) == wanted[2]:
                return b
    return None


def xuanwu(seed: int = 2):
    return table("xuanwu_gate", seed)


def test_tab_moves_a_visible_focus_and_enter_uses_it():
    app, scene, match = xuanwu()
    assert scene.key_focus.current() is None
    key(app, pygame.K_TAB)
    first = scene.key_focus.current()
    assert first is not None
    app.manager.draw(app.screen)  # the ring is drawn
    targets = scene.key_focus.targets()
    for _ in range(len(targets)):
        key(app, pygame.K_TAB)
    assert scene.key_focus.current() == first, "Tab goes round"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.key_focus.current() == targets[-1][1], "Shift+Tab goes back"
    before = len(match.state.actions)
    assert tab_to_a_move(app, scene)
    key(app, pygame.K_RETURN)
    assert len(match.state.actions) == before + 1 and match.state.actions[-1][0] == 0


def test_the_mouse_takes_over_again():
    app, scene, match = xuanwu()
    key(app, pygame.K_TAB)
    app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.key_focus.current() is None
    before = len(match.state.actions)
    key(app, pygame.K_SPACE)
    assert len(match.state.actions) == before, "Space uses nothing without a focus"


def test_a_xuanwu_game_played_by_keys_alone_reaches_its_end():
    """Ann's every move is made through the keyboard's focus (tests/keyplay.py's person, as for the
    other three games in tests/test_key_play.py)."""
    match, _ = play_by_keys("xuanwu_gate", seed=5)
    assert match.state.is_over()
    assert any(seat == 0 for seat, _ in match.state.actions)


def test_the_arrows_move_the_focus_to_the_nearest_target_that_way():
    app, scene, match = xuanwu()
    key(app, pygame.K_TAB)
    start = scene.key_focus.current()
    below = [r for _, r in scene.key_focus.targets() if r.centery > start.centery]
    key(app, pygame.K_DOWN)
    down = scene.key_focus.current()
    assert down.centery > start.centery and down in below
    key(app, pygame.K_UP)
    assert scene.key_focus.current().centery < down.centery
    assert not match.state.actions, "moving the focus makes no move"


def test_the_arrows_keep_their_meaning_while_no_focus_shows():
    """At the Elfenland table the arrows pan the map when the focus is not on screen."""
    app, scene, match = table("elfenland", 2)
    key(app, pygame.K_PLUS)   # zoomed in, the map has room to pan
    bv = scene.board.bv
    where = (bv.ox, bv.oy)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert (bv.ox, bv.oy) != where and scene.key_focus.current() is None


def test_esc_hides_the_focus_first_then_opens_the_menu():
    app, scene, match = xuanwu()
    key(app, pygame.K_TAB)
    key(app, pygame.K_ESCAPE)
    assert scene.key_focus.current() is None and app.manager.top is scene
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is not scene, "the table's menu, as Esc always opened"


def test_the_next_person_at_the_screen_starts_without_the_last_ones_focus():
    """Hot seat: Ann moves by keys, Ben takes the screen with Enter on the curtain; the focus Ann left
    is not on his screen (it would point at what Ann was looking at)."""
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    match = Match.new(GAMES["xuanwu_gate"], [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")], seed=4)
    registry.show_table(app, match)
    key(app, pygame.K_RETURN)   # Ann is ready at the first curtain
    scene = app.manager.top
    app.manager.draw(app.screen)
    for _ in range(200):
        if app.manager.top is not scene:
            break
        scene.update(0.05)
        if scene.thought is not None:
            scene.thought.wait(5)
        if scene.can_act() and not scene.holding() and tab_to_a_move(app, scene):
            key(app, pygame.K_RETURN)
        app.manager.draw(app.screen)
    assert isinstance(app.manager.top, CurtainScene), "the curtain came between Ann and Ben"
    key(app, pygame.K_RETURN)   # Ben is ready
    assert app.manager.top is scene and match.shown_to == 1
    assert not scene.key_focus.shown


def test_the_focused_piece_s_note_shows_as_a_resting_mouse_s_would():
    """A keyboard player reads what a piece is: the focus resting on it shows its note after the
    same delay, and a move of the focus takes the note away first."""
    from scenes.ui.tooltip import DELAY
    app, scene, match = xuanwu()
    for _ in range(len(scene.key_focus.targets()) + 1):
        key(app, pygame.K_TAB)
        if scene.key_focus.key and scene.key_focus.key[0] == "piece":
            break
    assert scene.key_focus.key[0] == "piece"
    rect = scene.key_focus.current()
    scene.update(DELAY + 0.05)
    assert scene.tip and scene.tip == scene.tooltip_at(rect.center)
    key(app, pygame.K_TAB)
    assert scene.tip is None
