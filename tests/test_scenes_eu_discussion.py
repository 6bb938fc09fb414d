"""European Union's discussion of a bill at a screen shared by several people: the whole table
watches it on the public view; each person sees their own view (their stars on the bill, their
influence, a gift) only on asking, behind their own hand-off screen, and only there says they are
ready (or, in the chair, calls the vote)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from bot_moves import update_until_the_bot_moves
from hotseat import Recorder, check_public, own_view_marks
from scenes.european_union.demo import demo_match
from scenes.european_union.table import EuropeanUnionTableScene
from scenes.shell.curtain import CurtainScene
from test_scenes_european_union import button, click, make_app


def table(app, phase: str = "discuss_bot", humans: int = 2, last: int = 1) -> EuropeanUnionTableScene:
    """The discussion on the table, person `last` having held the screen before it (their vote)."""
    match = demo_match(phase, seed=4, humans=humans)
    match.confirm_handoff(last)
    return app.manager.push(EuropeanUnionTableScene(app, match))


def recorded_table(monkeypatch, lang: str = "en"):
    """The app, the table (as table() makes it) and a recorder of all it draws, for own_marks."""
    app = make_app(lang)
    recorder = Recorder()
    recorder.install(monkeypatch)
    return app, table(app), recorder


def own_marks(app, scene, recorder) -> list:
    """What a frame drew that belongs to one seat's own view (hotseat.own_view_marks)."""
    recorder.clear()
    app.manager.draw(app.screen)
    return check_public(recorder, own_view_marks(app.t, "european_union", [s.name for s in scene.match.seats]),
                        "the discussion")


def look(app, scene, seat: int) -> None:
    """The person presses their name on the shared screen and passes their hand-off screen."""
    click(app, button(scene, app.t("eu.ui.discuss.look_ready", name=scene.name(seat))).rect.center)
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert app.manager.top is scene and scene.viewer == seat


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_table_watches_the_discussion_on_the_public_view(monkeypatch, lang):
    """The play-test: no "(you)", no influence behind anyone's screen, no one's stars column and no
    "you +n" badges on the bills, whoever held the screen before."""
    app, scene, recorder = recorded_table(monkeypatch, lang)
    assert scene.viewer is None and scene.view == scene.match.state.view(None)
    assert not own_marks(app, scene, recorder)


def test_a_person_sees_their_own_view_behind_their_own_hand_off_screen(monkeypatch):
    app, scene, recorder = recorded_table(monkeypatch)
    look(app, scene, 0)
    assert own_marks(app, scene, recorder), "her name marked as hers, her influence, her stars"
    assert button(scene, "Ready to vote") and button(scene, "Back to the table")


def test_no_one_says_another_is_ready_on_the_shared_screen():
    app = make_app()
    scene = table(app)
    scene.say_ready(0)
    assert scene.ready == set()
    look(app, scene, 0)
    scene.say_ready(1)          # Ann's view: Ben's word is not hers to give
    assert scene.ready == set()
    click(app, button(scene, "Ready to vote").rect.center)
    assert scene.ready == {0} and scene.viewer is None   # said, and back to the table
    assert button(scene, f"✓ {scene.name(0)}: look")


def test_back_at_the_table_nothing_of_the_persons_own_view_stays(monkeypatch):
    """Her tooltip and her gift dialog were made for her eyes: gone with her view."""
    app, scene, recorder = recorded_table(monkeypatch)
    look(app, scene, 0)
    bill = next(p for p in scene.bills.pieces if p.tooltip())
    app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=bill.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    scene.update(1.0)
    assert scene.tip is not None
    scene.open_give()
    assert scene.give.visible
    scene.back_to_watched_moment()
    assert scene.viewer is None and scene.tip is None and not scene.give.visible
    scene.update(1.0)
    assert scene.tip is None   # a note comes again only once the mouse moves, from the public view
    assert not own_marks(app, scene, recorder)
    assert scene.match.shown_to is None   # her view comes back only behind her hand-off screen


def test_the_bot_chair_calls_the_vote_once_each_person_said_ready_in_their_own_view():
    app = make_app()
    scene = table(app, humans=3)
    assert scene.view["chair"] in scene.match.bots
    for seat in (0, 2, 1):
        assert scene.view["phase"] == "discuss" and scene.holding()
        look(app, scene, seat)
        click(app, button(scene, "Ready to vote").rect.center)
        scene.update(1.0)
    update_until_the_bot_moves(scene, 0.1)
    assert scene.view["phase"] == "vote"


def test_a_person_in_the_chair_calls_the_vote_only_in_their_own_view():
    app = make_app()
    scene = table(app, "discuss")
    assert scene.view["chair"] == 0 and not scene.can_act()
    with pytest.raises(AssertionError):
        button(scene, "Call the vote")
    click(app, button(scene, app.t("eu.ui.discuss.look_chair", name=scene.name(0))).rect.center)
    click(app, (10, 10))                                 # her hand-off screen
    click(app, button(scene, "Call the vote").rect.center)
    assert scene.view["phase"] == "vote" and scene.viewer == 0   # she votes first, no hand-off
    assert app.manager.top is scene


def test_the_countdown_calls_the_vote_for_a_person_in_the_chair_on_the_shared_screen():
    app = make_app()
    scene = table(app, "discuss")
    scene.update(179.0)
    assert scene.view["phase"] == "discuss"
    scene.update(1.0)
    assert scene.view["phase"] == "vote"


def test_with_one_person_the_discussion_is_their_own_view():
    app = make_app()
    scene = table(app, humans=1, last=0)
    assert scene.viewer == 0 and button(scene, "Ready to vote")


def test_enter_takes_a_person_back_to_the_table_where_they_have_nothing_else_to_say():
    """A person in their own view while a person chairs: Back to the table is their only button,
    and the one Enter presses (no Enter that does nothing)."""
    app = make_app()
    scene = table(app, "discuss")
    assert scene.view["chair"] == 0
    click(app, button(scene, app.t("eu.ui.discuss.look", name=scene.name(1))).rect.center)
    click(app, (10, 10))                                 # his hand-off screen
    assert scene.viewer == 1 and scene.key_focus.enter_button() is button(scene, "Back to the table")
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.viewer is None and scene.view["phase"] == "discuss"


def test_every_partys_colour_in_the_give_dialog_shows_on_its_parchment():
    """The white party's bar too: each bar beside a seat letter has an outline."""
    from scenes.ui import theme
    app = make_app()
    match = demo_match("discuss", seed=4, humans=1, n_players=7)
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    assert "white" in [scene.party(s) for s in scene.gift_recipients()]
    scene.open_give()
    app.manager.draw(app.screen)
    for _, b in scene.give.seat_buttons:
        edge = (b.rect.x + app.px(6), b.rect.centery)
        assert tuple(app.screen.get_at(edge))[:3] == theme.INK_SOFT
