"""The name field (scenes/ui/widgets.py TextInput) edits as in any form: caret keys, Home/End,
select-all then typing replaces, a held Backspace repeats, and Chinese through an input method
(the composition shows while composing and is inserted when committed)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.app import App
from scenes.shell.setup import SetupScene
from scenes.ui.widgets import TextInput

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


@pytest.fixture
def app():
    app = App(lang="en", size=(1280, 720), first_scene=False)
    yield app


@pytest.fixture
def field(app):
    f = TextInput("Alice", max_len=16, rect=(100, 100, 300, 40), size=19)
    f.set_focus(True)
    yield f
    f.set_focus(False)


def key(f: TextInput, k: int, mod: int = 0) -> bool:
    return f.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def type_text(f: TextInput, text: str) -> None:
    f.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def compose(f: TextInput, text: str) -> None:
    f.handle(pygame.event.Event(pygame.TEXTEDITING, text=text, start=len(text), length=0))


def picture(app: App, f: TextInput) -> bytes:
    surface = pygame.Surface((500, 200))
    f.draw(surface, app.fonts)
    return pygame.image.tobytes(surface, "RGB")


def test_the_caret_moves_with_the_arrows_home_and_end(field):
    assert field.cursor == 5  # a field starts with the caret after its text
    key(field, pygame.K_LEFT)
    key(field, pygame.K_LEFT)
    type_text(field, "x")
    assert field.text == "Alixce" and field.cursor == 4
    key(field, pygame.K_HOME)
    type_text(field, "<")
    key(field, pygame.K_END)
    type_text(field, ">")
    assert field.text == "<Alixce>"
    key(field, pygame.K_RIGHT)  # already at the end
    key(field, pygame.K_HOME)
    key(field, pygame.K_LEFT)  # already at the start
    key(field, pygame.K_DELETE)
    assert field.text == "Alixce>" and field.cursor == 0


def test_select_all_then_typing_replaces(field):
    changes = []
    field.on_change = changes.append
    assert key(field, pygame.K_a, CTRL)
    assert field.selection() == (0, 5)
    type_text(field, "王小明")
    assert field.text == "王小明" and field.cursor == 3 and field.selection() is None
    key(field, pygame.K_a, CTRL)
    key(field, pygame.K_BACKSPACE)
    assert field.text == "" and changes[-1] == ""


def test_shift_selects_and_ctrl_jumps_words(field):
    field.text = "Lin Chih-hao"
    key(field, pygame.K_LEFT, CTRL)
    assert field.cursor == 4
    key(field, pygame.K_LEFT, SHIFT)
    key(field, pygame.K_LEFT, SHIFT | CTRL)
    assert field.selection() == (0, 4)
    type_text(field, "Wang ")
    assert field.text == "Wang Chih-hao"
    key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "Chih-hao" and field.cursor == 0


def test_typing_stops_at_the_longest_name(field):
    key(field, pygame.K_HOME)
    type_text(field, "0123456789ABCDEF")
    assert field.text == "0123456789A" + "Alice" and len(field.text) == 16 and field.cursor == 11


def test_a_held_backspace_repeats_while_the_field_has_the_focus(app, field):
    """pygame sends a held key again and again once key repeat is on: on while a field has the
    focus (the keys are the field's), off again after, where keys are hotkeys."""
    assert pygame.key.get_repeat() == TextInput.REPEAT
    for _ in range(3):  # what a held key sends
        key(field, pygame.K_BACKSPACE)
    assert field.text == "Al"
    field.set_focus(False)
    assert pygame.key.get_repeat() == (0, 0)
    other = TextInput("x", rect=(100, 200, 300, 40))
    other.set_focus(True)
    field.set_focus(False)  # an unfocused field leaves the repeat of the focused one alone
    assert pygame.key.get_repeat() == TextInput.REPEAT
    other.set_focus(False)


def test_an_input_method_shows_its_composition_and_inserts_what_it_commits(app, field):
    key(field, pygame.K_HOME)
    plain = picture(app, field)
    compose(field, "ㄨㄤˊ")
    assert field.composing == "ㄨㄤˊ" and field.text == "Alice"
    assert picture(app, field) != plain  # the composition is on the screen while composing
    assert key(field, pygame.K_BACKSPACE)  # the IME's own keys do not edit the name
    assert key(field, pygame.K_LEFT)
    assert field.text == "Alice" and field.cursor == 0
    compose(field, "")  # the IME clears its composition...
    compose(field, "王")
    type_text(field, "王")  # ...and commits: inserted at the caret
    assert field.text == "王Alice" and field.composing == "" and field.cursor == 1
    assert picture(app, field) != plain


def test_a_click_puts_the_caret_where_it_lands(app, field):
    picture(app, field)  # the caret positions come from the drawing
    x0 = field.rect.x + 6
    field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x0 + 1, field.rect.centery)))
    assert field.focus and field.cursor == 0
    field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(field.rect.right - 5, field.rect.centery)))
    assert field.cursor == 5


def test_a_long_name_scrolls_to_keep_the_caret_in_sight(app):
    f = TextInput("", max_len=16, rect=(0, 0, 120, 40), size=19)
    f.set_focus(True)
    type_text(f, "陳美玲林志豪王小明")
    picture(app, f)
    assert f._scroll > 0
    key(f, pygame.K_HOME)
    picture(app, f)
    assert f._scroll == 0
    f.set_focus(False)


# -- in the setup screen --------------------------------------------------------------------------
def post_key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.tick()


def post(app: App, kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))
    app.tick()


def test_setup_names_edit_in_place_and_tab_selects_the_next_name(app):
    setup = app.manager.reset(SetupScene(app, "xuanwu_gate"))
    app.tick()
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=setup.names[0].rect.center)
    assert setup.names[0].focus
    post_key(app, pygame.K_HOME)
    post(app, pygame.TEXTINPUT, text="Dr ")
    assert setup.names[0].text == "Dr Player 1"
    post_key(app, pygame.K_TAB)
    assert setup.names[1].focus and setup.names[1].selection() == (0, len("Player 2"))
    post(app, pygame.TEXTINPUT, text="Bea")
    assert setup.names[1].text == "Bea" and setup.seat_name(1) == "Bea"
    # Enter while an input method composes is the IME's (it commits), not "done with the name".
    post(app, pygame.TEXTEDITING, text="ㄅ", start=1, length=0)
    post_key(app, pygame.K_RETURN)
    assert setup.names[1].focus and app.manager.top is setup
    post(app, pygame.TEXTEDITING, text="", start=0, length=0)
    post(app, pygame.TEXTINPUT, text="本")
    assert setup.names[1].text == "Bea本"
    post_key(app, pygame.K_RETURN)
    assert not setup.names[1].focus and pygame.key.get_repeat() == (0, 0)
