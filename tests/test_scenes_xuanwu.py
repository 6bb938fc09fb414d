"""The Xuanwu Gate table, rules overlay and reveal under SDL's dummy driver."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.registry import GAMES  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.curtain import CurtainScene  # noqa: E402
from scenes.rules_help import RulesHelpScene  # noqa: E402
from scenes.xuanwu_gate.demo import PHASES, demo_match, demo_scene  # noqa: E402
from scenes.xuanwu_gate.game_over import XuanwuGameOverScene  # noqa: E402
from scenes.xuanwu_gate.table import XuanwuTableScene  # noqa: E402

XW = GAMES["xuanwu_gate"]
SIZES = [(1024, 600), (1280, 720), (2560, 1440)]


def make_app(lang="en", size=(1280, 720), speed="instant") -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = speed
    return app


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def glowing(scene):
    """The pieces the viewer may click now (each glows and carries its action)."""
    return [p for panel in scene.panels for p in panel.pieces if p.action is not None and p.glowing]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_draws_in_every_phase(lang, size):
    app = make_app(lang, size)
    for phase in PHASES:
        app.manager.stack.clear()
        scene = app.manager.push(demo_scene(app, phase, seed=3))
        app.manager.draw(app.screen)
        assert scene.board.layer.get_size() == size
        # Everything the table places stays inside the window.
        for s in range(scene.n):
            slot, plate = scene.board.seat_rects(s)
            assert app.screen.get_rect().contains(plate) and app.screen.get_rect().contains(slot)
        if phase == "over":
            scene.show_game_over()
            app.manager.draw(app.screen)
            assert isinstance(app.manager.top, XuanwuGameOverScene)
        app.manager.push(RulesHelpScene(app, "xuanwu_gate"))
        app.manager.draw(app.screen)
        app.manager.pop()


def test_clicking_a_glowing_centre_card_peeks():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "layout", seed=3))
    assert scene.view["peeking_slot"] is None
    targets = {tg.action: tg.rect for tg in glowing(scene)}
    assert set(targets) == {("peek", 0), ("peek", 1)}  # only the centre cards glow
    click(app, targets[("peek", 1)].center)
    assert scene.view["peeking_slot"] == 1 and scene.view["peeked_card"]
    assert ("keep",) in {tg.action for tg in glowing(scene)}


def test_an_illegal_click_only_gives_a_notice():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "layout", seed=3))
    before = len(scene.match.state.actions)
    other = scene.board.seat_pieces[2].rect.center  # another player's card before peeking
    click(app, other)
    assert len(scene.match.state.actions) == before
    assert scene.message == app.t("error.illegal")


def test_two_humans_get_the_curtain_before_the_second_look():
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "normal")]
    match = Match.new(XW, seats, seed=5, options={"start_player": 0})
    scene = app.manager.push(XuanwuTableScene(app, match))
    assert isinstance(app.manager.top, CurtainScene)  # even the first human's card waits for them
    click(app, (10, 10))
    assert app.manager.top is scene and scene.viewer == 0
    assert scene.view["own_card"]
    scene.act(("look",))
    assert isinstance(app.manager.top, CurtainScene)
    assert scene.view["own_card"] is None  # the screen under the curtain shows nobody's card


class SpyDict(dict):
    """Records which keys of the full state's view a scene might read (it must read none)."""


def test_the_scene_draws_only_its_view(monkeypatch):
    app = make_app()
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    viewer = scene.viewer
    own = scene.view["peeked_card"]
    assert own
    # The state's hidden cards are never read while drawing: break them and draw again.
    state = scene.match.state
    monkeypatch.setattr(state, "cards", None)
    monkeypatch.setattr(state, "centre", None)
    scene.on_view()
    app.manager.draw(app.screen)
    # And the view it draws holds no other seat's card.
    assert all(c is None for c in scene.view["seat_cards"])
    assert scene.view["seat"] == viewer


def test_the_vote_cards_become_votes():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "vote", seed=3))
    rects = {tg.action: tg.rect for tg in glowing(scene)}
    assert set(rects) == {("vote", "battle"), ("vote", "wait")}
    click(app, rects[("vote", "wait")].center)
    assert scene.match.state.view(0)["my_vote"] == "wait" or scene.view["last_votes"]


def test_bots_only_reach_the_game_over_scene():
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal" if i % 2 else "easy") for i in range(5)]
    match = Match.new(XW, seats, seed=9, options={"variant": "scoring", "target": 5})
    app.manager.push(XuanwuTableScene(app, match))
    for _ in range(5000):
        app.tick()
        if isinstance(app.manager.top, XuanwuGameOverScene):
            break
    assert isinstance(app.manager.top, XuanwuGameOverScene)
    assert match.state.is_over()


def test_play_again_starts_a_new_table_with_the_same_seats():
    app = make_app()
    match = demo_match("over", seed=3)
    over = app.manager.push(XuanwuGameOverScene(app, match))
    over.play_again()
    table = app.manager.top
    assert isinstance(table, XuanwuTableScene)
    assert [s.name for s in table.match.seats] == [s.name for s in match.seats]
    assert table.match.state.record()["options"] == match.state.record()["options"]


def test_the_penalty_marks_a_player_out():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "vote", seed=3))
    scene.confirm_penalty(2)
    app.manager.top.choices[-1][1]()  # the confirmation's "mark out" button
    assert scene.view["players"][2]["eliminated"]


def test_every_card_on_the_table_says_what_it_is():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    for panel in scene.panels:
        for piece in panel.pieces:
            tip = piece.tooltip()
            assert tip and "{" not in tip
    lifted = next(iter(scene.prompts.pieces))
    assert app.t("xw.tip.peeked") in lifted.tooltip()   # the lifted card is named, face and all


def test_a_swap_slides_both_cards_and_the_bots_wait_for_it():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    slot = scene.view["peeking_slot"]
    swapped = next(a for a in scene.match.state.legal_actions(scene.viewer) if a[0] == "swap")
    scene.act(swapped)
    centre, seat = scene.board.centre_pieces[slot], scene.board.seat_pieces[swapped[1]]
    assert scene.tweens.moving(centre) and scene.tweens.moving(seat) and scene.holding()
    scene.update(10.0)
    assert not scene.tweens.busy and seat.rect.center == seat.home


def test_the_cards_turn_over_when_the_battle_reveals_them():
    app = make_app(speed="normal")
    match = demo_match("vote", seed=3)
    scene = app.manager.push(XuanwuTableScene(app, match))
    for _ in range(200):
        if match.state.is_over():
            break
        if scene.can_act():
            scene.act(("vote", "battle"))
        else:
            match.step_bot()
            scene.refresh()
    assert match.state.is_over()
    flipping = [p for p in scene.board.seat_pieces if scene.tweens.moving(p)]
    assert flipping and all(not p.face_up for p in flipping)   # still showing their backs
    scene.tweens.finish()
    assert all(p.face_up for p in scene.board.seat_pieces)
