"""The votes are turned over before everyone's eyes (rules 2(2): 所有玩家同時將其選擇的卡牌翻面), and
a battle ends a deal before them. At a screen shared by two or more people that moment shows the
public view: no one's "(you)", memory aid or own log lines; the person whose turn comes next takes
the screen by pressing their name, behind their own hand-off screen."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.shell.curtain import CurtainScene
from scenes.xuanwu_gate.table import XuanwuTableScene
from test_xuanwu_rules import fight, finish_layout, layout_turn, look_all, phase, to_vote, vote

SPEC = GAMES["xuanwu_gate"]


# -- the rules: when the table watches together ------------------------------------------------
def test_a_vote_that_starts_another_round_is_watched_together_until_the_rounds_first_move():
    state = SPEC.new_game(5, 7, {"start_player": 0})
    to_vote(state)
    assert not state.watched_together()          # the vote itself is secret
    vote(state)                                   # everyone waits: turned over, another round
    assert phase(state) == "layout" and state.watched_together()
    state.apply(state.to_act()[0], ("peek", 0))  # the first move of the new round
    assert not state.watched_together()


def test_the_first_deal_and_the_layout_are_not_watched_together():
    state = SPEC.new_game(5, 7, {"start_player": 0})
    assert phase(state) == "look" and not state.watched_together()
    look_all(state)
    assert not state.watched_together()
    layout_turn(state)
    assert not state.watched_together()
    finish_layout(state)
    assert not state.watched_together()


def test_a_battle_that_starts_another_deal_is_watched_together_until_someone_looks():
    state = SPEC.new_game(5, 7, {"start_player": 0, "variant": "scoring", "target": 10})
    fight(state)
    assert phase(state) == "look" and state.view(None)["deal"] == 2 and state.watched_together()
    state.apply(state.to_act()[0], ("look",))
    assert not state.watched_together()


# -- the table: the public view, then each person's own behind their hand-off screen -----------
def two_people_after_a_vote(seed: int = 7) -> tuple[App, XuanwuTableScene]:
    """Ann (seat 0) and Ben (seat 1) with three bots, memory aid on; everyone has just voted Wait
    and round 2 begins with Ben (the start player passes clockwise from Ann)."""
    seats = [Seat("Ann", "human"), Seat("Ben", "human")] + [Seat(f"Bot{i}", "normal") for i in range(2, 5)]
    match = Match.new(SPEC, seats, seed=seed, options={"start_player": 0, "memory_aid": True})
    bots = {s: SPEC.bots["normal"](s, seed) for s in range(2, 5)}
    while match.state.view(None)["phase"] != "vote":
        seat = match.state.to_act()[0]
        action = bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)) if seat in bots \
            else (("look",) if match.state.phase == "look" else ("keep",) if match.state.peeked is not None
                  else ("peek", 0))
        match.confirm_handoff(seat) if seat not in bots else None
        match.act(seat, action)
    for seat in list(match.state.to_act()):
        if seat not in bots:
            match.confirm_handoff(seat)
        match.act(seat, ("vote", "wait"))
    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    table = app.manager.push(XuanwuTableScene(app, match))
    app.manager.draw(app.screen)
    return app, table


def test_after_the_votes_are_turned_over_the_screen_shows_the_public_view_and_the_banner():
    app, table = two_people_after_a_vote()
    assert table.match.state.active() == 1 and table.together()
    assert table.viewer is None and not isinstance(app.manager.top, CurtainScene)
    assert table.reveal_shown()                                   # the votes stay in sight meanwhile
    assert table.side.aid.lines == []                             # no one's memory aid
    assert not any("(you)" in line for line in table.log_lines())
    assert table.prompt()[1] == app.t("xw.prompt.together")


def test_the_person_whose_turn_comes_presses_their_name_and_gets_their_hand_off_screen():
    app, table = two_people_after_a_vote()
    buttons = table.prompts.buttons.widgets
    assert [b.label() for b in buttons] == [app.t("xw.take_screen", name="Ben")]
    assert table.prompts.frame.collidelist([r for s in range(5) for r in table.board.seat_rects(s)]) == -1
    pos = buttons[0].rect.center
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    curtain = app.manager.top
    assert isinstance(curtain, CurtainScene) and "Ben" in curtain.name
    curtain.on_ready()
    app.manager.remove(curtain)
    assert table.viewer == 1 and table.can_act() and not table.together()


def test_enter_takes_the_screen_for_the_first_person_named():
    app, table = two_people_after_a_vote()
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert isinstance(app.manager.top, CurtainScene)


def test_after_a_battle_of_the_scoring_variant_each_person_takes_the_screen_to_look():
    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Cleo", "human")] + \
        [Seat(f"Bot{i}", "normal") for i in range(3, 5)]
    match = Match.new(SPEC, seats, seed=7, options={"start_player": 0, "variant": "scoring", "target": 10})
    while match.state.view(None)["deal"] == 1:
        seat = match.state.to_act()[0]
        match.confirm_handoff(seat) if seat < 3 else None
        st = match.state
        match.act(seat, ("look",) if st.phase == "look" else ("vote", "battle") if st.phase == "vote"
                  else ("keep",) if st.peeked is not None else ("peek", 0))
    app = App(lang="zh_TW", size=(1024, 600), first_scene=False)
    table = app.manager.push(XuanwuTableScene(app, match))
    app.manager.draw(app.screen)
    assert table.together() and table.viewer is None and table.view["own_card"] is None
    names = [b.label() for b in table.prompts.buttons.widgets]   # clockwise from the new start player
    assert table.view["start_player"] == 1
    assert names == [app.t("xw.take_screen", name=n) for n in ("Ben", "Cleo", "Ann")]
