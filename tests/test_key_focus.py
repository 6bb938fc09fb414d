"""A table played from the keyboard: Tab moves a visible focus among what can be used now, Enter
uses it through the same click a mouse makes, the mouse takes over again when it moves."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from keyplay import key, play_by_keys, table
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.shell.curtain import CurtainScene
from scenes.ui.key_focus import PIECES, group_of
from scenes.ui.top_bar import TopBar
from scenes.xuanwu_gate.demo import demo_scene


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


# -- where Tab starts, and what Enter means -------------------------------------------------------

def first_decision(game: str, seed: int = 3):
    """A table at the person's first decision, reached by keys (tests/keyplay.py's person)."""
    import random
    from keyplay import deciding, person_moves
    app, scene, match = table(game, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        scene.update(0.05)
        if scene.thought is not None:
            scene.thought.wait(5)
        if deciding(scene, match) and scene.key_focus.found():
            return app, scene, match, rng
        if deciding(scene, match):
            person_moves(app, scene, rng)
        app.manager.draw(app.screen)
    raise AssertionError("no decision of the person's came")


@pytest.mark.parametrize("game", list(GAMES))
def test_tab_goes_first_to_what_the_prompt_asks_then_its_buttons_then_hint_rules_menu(game):
    app, scene, match, _ = first_decision(game)
    found = scene.key_focus.found()
    groups = [group_of(k[0], k[2], panel) for k, _, panel in found]
    assert groups == sorted(groups), "pieces, then the prompt's buttons, then the furniture"
    bar = [i for i, t in enumerate(found) if isinstance(t[2], TopBar)]
    if scene.modal_panel() is None:   # (an overlay open over the table has the focus to itself)
        assert bar and bar == list(range(len(found) - len(bar), len(found))), \
            "the top bar's Hint, Rules and Menu come last"
    key(app, pygame.K_TAB)
    assert scene.key_focus.key == found[0][0]
    assert not isinstance(found[0][2], TopBar), "the first Tab lands on something of the prompt's"


def xuanwu_after_a_peek():
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    app.manager.draw(app.screen)
    return app, scene, scene.match


def tab_to(app, scene, wanted) -> None:
    """Tab until the focus is on the first target `wanted(key, panel)` accepts."""
    for _ in range(len(scene.key_focus.found()) + 1):
        key(app, pygame.K_TAB)
        target = scene.key_focus.current_target()
        if wanted(target[0], target[2]):
            return
    raise AssertionError("Tab never came to it")


def on_own_card(scene):
    own = repr(next(p for p in scene.board.seat_pieces if p.action == ("swap_own",)).key)
    return lambda k, panel: panel is scene.board and k[0] == "piece" and k[2] == own


def test_xuanwu_after_a_peek_enter_puts_the_card_back_though_the_focus_is_on_your_own_card():
    app, scene, match = xuanwu_after_a_peek()
    tab_to(app, scene, on_own_card(scene))
    key(app, pygame.K_RETURN)
    assert match.state.actions[-1] == (scene.viewer, ("keep",)), "Enter is Put it back, the prompt's button"
    assert scene.swap_pick is None


def test_xuanwu_after_a_peek_space_uses_the_card_in_focus():
    app, scene, match = xuanwu_after_a_peek()
    before = len(match.state.actions)
    tab_to(app, scene, on_own_card(scene))
    key(app, pygame.K_SPACE)
    assert scene.swap_pick == ("swap_own",) and len(match.state.actions) == before, "a swap is chosen, not made"


def test_enter_on_a_focused_button_presses_that_button_not_the_highlighted_one():
    """The swap's Cancel in focus: Enter cancels (it never swaps behind the person's back)."""
    app, scene, match = xuanwu_after_a_peek()
    before = len(match.state.actions)
    scene.pick_swap(("swap_own",))
    app.manager.draw(app.screen)
    cancel = app.t("xw.swap.cancel")
    tab_to(app, scene, lambda k, panel: k[0] == "button" and panel is scene.prompts
           and any(tuple(b.rect.topleft) == k[2] and b.label() == cancel for b in panel.buttons.widgets))
    key(app, pygame.K_RETURN)
    assert scene.swap_pick is None and len(match.state.actions) == before


# (European Union's chair keeping bills is the one prompt there with pieces beside a highlighted
# button: the test after this one.)
@pytest.mark.parametrize("game", ["xuanwu_gate", "elfenland", "wonderful_island"])
def test_at_every_table_enter_is_the_prompt_s_highlighted_button_even_with_a_piece_in_focus(game):
    """Played by keys until a prompt has a highlighted button while a piece can take the focus:
    Enter then presses that button (the keypad's Enter too), never the piece."""
    from keyplay import deciding, person_moves
    for enter in (pygame.K_RETURN, pygame.K_KP_ENTER):
        app, scene, match, rng = first_decision(game)
        for _ in range(3000):
            focus = scene.key_focus
            pieces = [t for t in focus.found() if group_of(t[0][0], t[0][2], t[2]) == PIECES]
            if deciding(scene, match) and pieces and focus.enter_button() is not None:
                break
            scene.update(0.05)
            if scene.thought is not None:
                scene.thought.wait(5)
            if deciding(scene, match):
                person_moves(app, scene, rng)
            app.manager.draw(app.screen)
        else:
            raise AssertionError("no prompt with a highlighted button came")
        tab_to(app, scene, lambda k, panel: k == pieces[0][0])
        button, pressed = focus.enter_button(), []
        press = button.on_click
        button.on_click = lambda: (pressed.append(True), press())
        key(app, enter)
        assert pressed == [True], f"{game}: Enter did not press the prompt's highlighted button"


def test_european_union_the_chair_chooses_bills_with_space_and_enter_keeps_them():
    from scenes.european_union.demo import demo_scene as eu_demo
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    scene = app.manager.push(eu_demo(app, "keep", seed=4))
    app.manager.draw(app.screen)
    bills = scene.bills
    drawn = list(scene.view["drawn_bills"])
    for bill in drawn[:5]:
        tab_to(app, scene, lambda k, panel: panel is bills and k[2] == repr(("bill", bill)))
        key(app, pygame.K_SPACE)
    assert bills.selected == drawn[:5] and bills.keep_button.enabled
    before = len(scene.match.state.actions)
    tab_to(app, scene, lambda k, panel: panel is bills and k[2] == repr(("bill", drawn[0])))
    key(app, pygame.K_RETURN)
    assert scene.match.state.actions[before] == (0, ("keep_bills", tuple(sorted(drawn[:5])))), \
        "Enter is Keep, not a click on the bill in focus (which would put it back)"


def test_the_focus_ring_has_dark_and_light_on_every_background():
    """On the felt, on parchment and on a card's gold glow the ring shows both a dark band and light
    dashes, so it stands out whatever it lies on."""
    from scenes.ui import theme
    from scenes.ui.key_focus import ring
    for ground in (theme.TABLE, theme.PARCHMENT, theme.GOLD_LIGHT, theme.INK):
        surface = pygame.Surface((200, 200))
        surface.fill(ground)
        ring(surface, pygame.Rect(50, 50, 100, 100), lambda v: v)
        colours = {tuple(surface.get_at((x, 48)))[:3] for x in range(50, 150)}   # along the band's middle
        assert tuple(theme.INK) in colours and tuple(theme.WHITE) in colours, ground
