"""The Xuanwu Gate table, rules overlay and reveal under SDL's dummy driver."""
from __future__ import annotations

import copy
import functools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cases import lang_size_cases

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.shell.curtain import CurtainScene
from scenes.shell.rules_help import RulesHelpScene
from scenes.xuanwu_gate import demo as xuanwu_demo
from scenes.xuanwu_gate.demo import PHASES, demo_scene
from scenes.xuanwu_gate.game_over import XuanwuGameOverScene
from scenes.xuanwu_gate.table import XuanwuTableScene
from bot_moves import wait_for_the_thought

XW = GAMES["xuanwu_gate"]
SIZES = [(1024, 600), (1280, 720), (2560, 1440)]


@functools.cache
def _played(*args, **kw) -> Match:
    return _play_demo(*args, **kw)


_play_demo = xuanwu_demo.demo_match


def demo_match(*args, **kw) -> Match:
    """scenes.xuanwu_gate.demo.demo_match, each match played once per test process and handed out
    as a copy: bots playing to the same moments again for every language and window size were
    most of this module's time."""
    match = _played(*args, **kw)
    return copy.deepcopy(match, {id(match.spec): match.spec})


@pytest.fixture(autouse=True)
def _demo_matches_played_once(monkeypatch):
    monkeypatch.setattr(xuanwu_demo, "demo_match", demo_match)  # demo_scene's too


def make_app(lang="en", size=(1280, 720), speed="instant") -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = speed
    return app


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def glowing(scene):
    """The pieces the viewer may click now (each glows and carries its action)."""
    return [p for panel in scene.panels for p in panel.pieces if p.action is not None and p.glowing]


@pytest.mark.parametrize("lang,size", lang_size_cases(SIZES))
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


def test_bots_only_reach_the_game_over_scene(monkeypatch):
    import scenes.app as appmod
    import scenes.match_scene as match_scene
    monkeypatch.setattr(appmod, "FPS", 0)  # the test follows the flow, not the 60 fps cap
    monkeypatch.setattr(match_scene, "GAME_OVER_PAUSE", 0.0)
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal" if i % 2 else "easy") for i in range(5)]
    match = Match.new(XW, seats, seed=9, options={"variant": "scoring", "target": 5})
    table = app.manager.push(XuanwuTableScene(app, match))
    for _ in range(5000):
        app.tick()
        wait_for_the_thought(table)
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
    question = app.manager.top
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.manager.top is scene and not scene.view["players"][2]["eliminated"]   # Enter is Cancel
    scene.confirm_penalty(2)
    assert question.choices[question.default][0] == app.t("table.cancel") and question.danger == 1
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


# -- a swap takes two clicks -----------------------------------------------------------------
def prompt_button(scene, label):
    return next(b for b in scene.prompts.buttons.widgets
                if b.visible and (b.label() if callable(b.label) else b.label) == label)


def test_a_swap_takes_two_clicks_the_card_then_the_confirmation():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    state = scene.match.state
    before = len(state.actions)
    target = next(p for p in scene.board.seat_pieces if p.action and p.action[0] == "swap")
    click(app, target.rect.center)              # the first click only chooses the card
    assert len(state.actions) == before and scene.view["peeking_slot"] is not None
    assert scene.swap_pick == target.action and target.selected
    assert scene.prompt()[1] == app.t("xw.prompt.confirm_swap", slot=app.t("xw.slot.left" if scene.view[
        "peeking_slot"] == 0 else "xw.slot.right"), card=app.t("xw.swap.theirs", name=scene.name(target.action[1])))
    click(app, prompt_button(scene, app.t("xw.swap.cancel")).rect.center)    # a misclick is taken back
    assert len(state.actions) == before and scene.swap_pick is None and not target.selected
    other = [p for p in scene.board.seat_pieces if p.action and p.action != target.action][0]
    click(app, target.rect.center)
    click(app, other.rect.center)               # choosing another card changes the choice
    assert scene.swap_pick == other.action and other.selected and not target.selected
    assert len(state.actions) == before
    click(app, prompt_button(scene, app.t("xw.swap.confirm")).rect.center)
    assert len(state.actions) == before + 1 and state.actions[-1][1] == other.action
    assert scene.swap_pick is None


def test_escape_cancels_a_chosen_swap_and_enter_confirms_it():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "peek", seed=3))
    before = len(scene.match.state.actions)
    scene.pick_swap(("swap_own",))
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.swap_pick is None and app.manager.top is scene and len(scene.match.state.actions) == before
    scene.pick_swap(("swap_own",))
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.match.state.actions[-1][1] == ("swap_own",)


def own_card_swapped_match():
    """Three seats, the human (0) last to lay out: seat 1 swaps a centre card with seat 0's card,
    seat 2 one with seat 1's; seat 0 peeks."""
    seats = [Seat("甲", "human"), Seat("乙", "normal"), Seat("丙", "normal")]
    match = Match.new(XW, seats, seed=5, options={"start_player": 1})
    for s in list(match.state.to_act()):
        match.act(s, ("look",))
    match.act(1, ("peek", 0))
    match.act(1, ("swap", 0))
    match.act(2, ("peek", 1))
    match.act(2, ("swap", 1))
    match.act(0, ("peek", 0))
    return match


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_swap_with_yours_is_not_offered_once_your_card_was_swapped(lang):
    match = own_card_swapped_match()
    assert ("swap_own",) not in match.state.legal_actions(0)          # the engine
    assert ("swap", 2) in match.state.legal_actions(0) and ("swap", 1) not in match.state.legal_actions(0)
    app = make_app(lang)
    scene = app.manager.push(XuanwuTableScene(app, match))
    own, swapped, free = (scene.board.seat_pieces[s] for s in (0, 1, 2))
    assert own.action is None and not own.glowing                       # the screen
    assert swapped.action is None and free.action == ("swap", 2) and free.glowing
    assert scene.prompt()[1] == app.t("xw.prompt.swap_not_own")
    click(app, own.rect.center)
    assert scene.swap_pick is None and scene.message == app.t("error.illegal")
    scene.pick_swap(("swap_own",))                                      # not even through the back door
    assert scene.swap_pick is None


# -- the lifted card's caption ---------------------------------------------------------------------
LAYOUT_SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def seat_areas(scene):
    return [r for s in range(scene.n) for r in scene.board.seat_rects(s)]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_the_peek_caption_never_overlaps_a_seat(lang, size):
    app = make_app(lang, size)
    for n in range(XW.min_players, XW.max_players + 1):
        app.manager.stack.clear()
        scene = app.manager.push(demo_scene(app, "peek", seed=4, n_players=n))
        swaps = [a for a in scene.legal() if a[0] in ("swap", "swap_own")]
        for pick in [None] + swaps[:1]:   # "you peek at ..." and, a card chosen, "swap it with ...?"
            if pick is not None:
                scene.pick_swap(pick)
            cap = scene.prompts.caption_rect
            assert cap is not None and scene.board.rect.contains(cap), (n, pick)
            assert cap.collidelist(seat_areas(scene)) == -1, (n, size, lang, pick)
            # and the lifted card and its buttons keep clear of the seats too
            for r in (scene.prompts.card_rect, scene.prompts.button_row):
                assert r.collidelist(seat_areas(scene)) == -1, (n, size, lang, pick)
            app.manager.draw(app.screen)


# -- the battle, on the table and at the game's end --------------------------------------------------
@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_at_the_battle_the_revealed_votes_leave_the_cards_in_sight(size):
    app = make_app("en", size)
    for n in (3, 7):
        app.manager.stack.clear()
        scene = app.manager.push(demo_scene(app, "over", seed=4, n_players=n))
        assert scene.reveal_shown() and scene.view["last_votes"]
        chip = app.fonts.text(app.t("xw.vote.battle"), app.px(13), (0, 0, 0), bold=True)
        for seat in map(int, scene.view["last_votes"]):
            card = scene.board.seat_pieces[seat].rect
            r = scene.board.vote_chip_rect(seat, chip)
            assert not r.colliderect(card)                             # the reward symbols stay in sight
            assert scene.board.seat_rects(seat)[1].contains(r)         # on the seat's own plate
        app.manager.draw(app.screen)


THUMB_WIDTHS = [46, 58, 70, 87, 98]   # seat cards at 1024x600 .. 1920x1080, centre cards, the game over's


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_small_card_keeps_its_rule_clear_of_the_win_word_and_its_name_whole(lang):
    from game.xuanwu_gate import data
    from scenes.xuanwu_gate import cards as art
    app = make_app(lang)
    for w in THUMB_WIDTHS:
        for c in data.load()["characters"]:
            plan = art.thumbnail_plan(app.fonts, app.t, c["id"], w)
            assert plan["label_rect"].bottom < plan["rule_y"] < plan["name_rect"].y, (w, c["id"])
            assert plan["name_rect"].bottom <= plan["reward_top"], (w, c["id"])
            assert plan["inner"].contains(plan["name_rect"]), (w, c["id"])   # nothing cut at the sides
            name = app.t.name(c["name"])
            joined = (" " if " " in name else "").join(plan["lines"])
            assert joined == name, (w, c["id"], plan["lines"])


LONG_NAMES = ["王小明王小明王小明王小明王小明王小", "Bartholomew Jone", "WWWWWWWWWWWWWWWW", "Alexandria Smith",
              "林志豪", "Christopher Robi", "張雅婷"]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_the_game_over_names_every_player_in_full(lang, size):
    from scenes.xuanwu_gate.game_over import wrap_fit
    app = make_app(lang, size)
    match = demo_match("over", seed=4, n_players=7)
    for seat, name in zip(match.seats, LONG_NAMES):
        seat.name = name
    over = app.manager.push(XuanwuGameOverScene(app, match))
    app.manager.draw(app.screen)
    rect, gap = over.reveal_rect, app.px(10)
    face_w = min(app.px(128), (rect.w - 6 * gap) // 7)
    width = face_w + gap - app.px(2) - app.px(26)   # as paint_reveal gives each name beside its badge
    for name in LONG_NAMES:
        lines = wrap_fit(app.fonts, name, app.px(15), (255, 255, 255), width, 3, app.px(11), bold=True)
        assert all(line.get_width() <= width for line in lines)
        assert len(lines) <= 3
    # the same helper never cuts a name it can fit, and keeps every letter of one it breaks
    assert [s.get_width() > 0 for s in wrap_fit(app.fonts, "WWWWWWWWWWWWWWWW", 15, (0, 0, 0), 60, 4, 11)]


def test_the_memory_aid_says_where_a_seen_card_went():
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "normal"), Seat("丙", "normal"), Seat("丁", "normal")]
    match = Match.new(XW, seats, seed=5, options={"start_player": 0, "memory_aid": True})
    for s in list(match.state.to_act()):
        match.act(s, ("look",))
    own = match.state.cards[0]
    match.act(0, ("peek", 1))
    seen = match.state.centre[1]
    match.act(0, ("keep",))
    match.act(1, ("peek", 1))
    match.act(1, ("swap", 3))        # what seat 0 saw in the centre goes to 丁
    match.act(2, ("peek", 0))
    match.act(2, ("swap", 0))        # seat 0's own card goes to the left of the centre
    scene = app.manager.push(XuanwuTableScene(app, match))
    t = app.t
    from game.xuanwu_gate.describe import card_name
    rows = scene.side.memory_rows()
    assert rows == [t("xw.memory.row", card=card_name(own, t), where=t("xw.memory.where.left"),
                      seen=t("xw.memory.seen.own")),
                    t("xw.memory.row", card=card_name(seen, t), where=t("xw.memory.where.seat", name="丁"),
                      seen=t("xw.memory.seen.centre", round=1))]
    app.manager.draw(app.screen)
