"""The Wonderful Island table under SDL's dummy driver: it draws every moment in both languages and
window sizes, and a human can play whole games by clicking what glows and the prompt's buttons."""
from __future__ import annotations

import copy
import functools
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cases import lang_size_cases

from game.core.match import Match, Seat
from game.registry import GAMES
from game.wonderful_island.describe import qty
from scenes.app import App
from scenes.shell.curtain import CurtainScene
from scenes.wonderful_island.demo import PHASES, demo_match, demo_scene
from scenes.wonderful_island.game_over import WonderfulIslandGameOverScene
from scenes.wonderful_island.picker import BUTTON, HAND, MEETING, SEAT, SKILL, SLOT, part_kind
from scenes.wonderful_island.table import WonderfulIslandTableScene
from bot_moves import wait_for_the_thought

WI = GAMES["wonderful_island"]
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def make_app(lang="en", size=(1280, 720), speed="instant") -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = speed
    return app


def click(app, pos, button=1):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))


def drag(app, start, end):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))


def piece_with(panel, test):
    return next(p for p in panel.pieces if test(p))


def button_for(scene, label_starts):
    return next(b for b in scene.prompts.buttons.widgets if b.visible and str(b.label).startswith(label_starts))


def in_hand(scene, cid, picked=None):
    """Where to click a card of the hand: its left edge, which a fanned card to its right never covers."""
    card = piece_with(scene.hand, lambda p: p in scene.hand.cards and p.key[2] == cid
                      and (picked is None or p.selected == picked))
    return card.rect.x + 6, card.rect.centery


def pick_cards(app, scene, cards):
    """A choice of cards: click each, then the button that parts with them."""
    choice = scene.choice()
    for cid in cards:
        click(app, in_hand(scene, cid, picked=False))
    words = app.t("wi.ui.btn.part_" + choice.verb, cards=qty("card", choice.count, app.t))
    click(app, button_for(scene, words).rect.center)


def do(app, scene, action):
    """Play `action` through the screen: the cards, seats, slots and buttons a player would click.
    Returns how many actions that makes: a choice of cards that go one by one (the hand limit's
    discard, the cards a debate costs, the cards paid) is made whole, `action` with as many more of
    its kind as the choice asks."""
    if scene.settlement.visible:  # the last settlement is read first, then put away
        click(app, scene.settlement.rect.center)
        assert not scene.settlement.visible
    if action[0] == "character":
        click(app, piece_with(scene.character, lambda p: p.action == action).rect.center)
        return 1
    if action[0] == "venue":
        click(app, piece_with(scene.venue, lambda p: p.key == ("venue", action[1])).rect.center)
        return 1
    if action[0] == "offer":
        scene.offer.update(votes=action[1], cards=action[2], extra=action[3])
        click(app, button_for(scene, scene.app.t("wi.ui.btn.offer")).rect.center)
        return 1
    k = 1
    char = scene.view["my_character"]
    first = part_kind(action[:1], char)
    if action == ("issue",):  # "No issue": one click
        click(app, button_for(scene, scene.app.t("wi.ui.btn.no_issue")).rect.center)
        return 1
    if first in (BUTTON, SKILL) or action[0] in ("trade", "choose"):
        label = scene.prompts.label(scene.prompts.start(action))
        click(app, button_for(scene, label).rect.center)
        k = len(scene.prompts.start(action))
        if scene.picker is None or scene.picker.prefix != action[:k]:
            return 1  # the button was the whole action
    while k < len(action):
        kind = part_kind(action[:k], char)
        value = action[k]
        choice = scene.choice() if scene.picker is not None and scene.picker.prefix == action[:k] else None
        if choice is not None and choice.each:  # this card, and others to make the count
            others = list(scene.view["hand"])
            others.remove(value)
            pick_cards(app, scene, [value] + others[:choice.count - 1])
            return choice.count
        if choice is not None:
            pick_cards(app, scene, value)
        elif kind == SEAT:
            click(app, scene.seats.plates[value].rect.center)
        elif kind == HAND:
            click(app, in_hand(scene, value))
        elif kind == MEETING:
            click(app, piece_with(scene.hand, lambda p: p in scene.hand.meetings and p.key[2] == value).rect.center)
        elif kind == SLOT:
            click(app, piece_with(scene.venue, lambda p: p.key == ("slot", value)).rect.center)
        else:
            raise AssertionError(f"no way to click {action} at part {k}")
        k += 1
    if scene.picker is not None and scene.picker.prefix == action:  # e.g. ("issue", c) that could go on
        click(app, button_for(scene, scene.app.t("wi.ui.btn.confirm_plain")).rect.center)
    return 1


@functools.cache
def _demo_match(phase: str, n_players: int) -> Match:
    return demo_match(phase, seed=2, n_players=n_players)


def demo_table(app, phase: str, n_players: int) -> WonderfulIslandTableScene:
    """demo_scene(app, phase, seed=2, n_players=...) on a copy of a match played once per test
    process: bots playing eight seats to every moment were nearly all of the time of the test below,
    which draws the same matches in two languages and two window sizes."""
    match = _demo_match(phase, n_players)
    return WonderfulIslandTableScene(app, copy.deepcopy(match, {id(match.spec): match.spec}))


@pytest.mark.parametrize("lang,size", lang_size_cases(SIZES))
def test_the_table_draws_every_moment(lang, size):
    app = make_app(lang, size)
    for phase in PHASES:
        app.manager.stack.clear()
        scene = app.manager.push(demo_table(app, phase, n_players=8 if size[0] > 1100 else 3))
        app.manager.draw(app.screen)
        for panel in scene.panels:
            for piece in panel.pieces:
                assert app.screen.get_rect().contains(piece.rect), (phase, piece.key)
                tip = piece.tooltip()
                assert tip is None or "{" not in tip
        if phase == "over":
            scene.show_game_over()
            app.manager.draw(app.screen)
            assert isinstance(app.manager.top, WonderfulIslandGameOverScene)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_a_human_plays_whole_games_by_clicking(n):
    """Seat 0 is a person choosing at random among the legal actions, always through the screen."""
    app = make_app()
    rng = random.Random(n)
    seats = [Seat("Me", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)]
    match = Match.new(WI, seats, seed=n, options={"start_player": 0})
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    for _ in range(4000):
        if match.state.is_over():
            break
        if scene.can_act():
            before = len(match.state.actions)
            action = rng.choice(match.state.legal_actions(0))
            made = do(app, scene, action)
            assert match.state.actions[before] == (0, action), action
            new = match.state.actions[before:]
            assert len(new) <= made and all(s == 0 and a[0] == action[0] for s, a in new), (action, new)
        else:
            scene.after_events(match.step_bot())
        app.manager.draw(app.screen)
    assert match.state.is_over()


def test_a_targeted_card_waits_for_its_target_and_a_right_click_drops_it():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    legal = scene.legal
    targeted = next((a for a in legal if a[0] == "play" and len(a) > 2), None)
    if targeted is None:
        pytest.skip("no targeted card in this hand")
    card = piece_with(scene.hand, lambda p: p in scene.hand.cards and p.key[2] == targeted[1])
    click(app, card.rect.center)
    assert scene.picker is not None and scene.picker.prefix == targeted[:2]
    assert scene.instruction() != app.t("wi.ui.do.play")
    click(app, (5, 5), button=3)
    assert scene.picker is None


def test_every_card_and_seat_says_what_it_is():
    app = make_app("zh_TW")
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    for piece in list(scene.hand.pieces) + list(scene.seats.pieces) + list(scene.venue.pieces):
        tip = piece.tooltip()
        assert tip and "{" not in tip


def test_two_humans_see_the_curtain_before_their_own_character_choice():
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "normal")]
    match = Match.new(WI, seats, seed=5, options={"start_player": 0})
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert app.manager.top is scene and scene.character.visible
    offered = scene.view["offer"]
    do(app, scene, ("character", offered[0]))
    assert isinstance(app.manager.top, CurtainScene)          # the next human chooses in private
    click(app, (10, 10))
    assert scene.viewer == 1 and scene.view["offer"] == match.state.offers[1]
    assert offered[0] not in {p.key[1] for p in scene.character.pieces}


def test_a_card_placed_on_the_venue_flies_there_and_the_bots_wait():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    venue_card = next((a for a in scene.legal if a[0] == "play" and len(a) == 2 and
                       __import__("game.wonderful_island.data", fromlist=["card"]).card(a[1])["timing"] == "venue"),
                      None)
    if venue_card is None:
        pytest.skip("no venue card in this hand")
    do(app, scene, venue_card)
    slot = scene.venue.slots[-1]
    assert scene.tweens.moving(slot) and scene.holding()
    scene.update(10.0)
    assert not scene.tweens.busy and slot.rect.center == slot.home


def test_bots_only_reach_the_final_reveal(monkeypatch):
    import scenes.app as appmod
    import scenes.match_scene as match_scene
    monkeypatch.setattr(appmod, "FPS", 0)  # the test follows the flow, not the 60 fps cap
    monkeypatch.setattr(match_scene, "GAME_OVER_PAUSE", 0.0)
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal") for i in range(4)]
    match = Match.new(WI, seats, seed=9)
    table = app.manager.push(WonderfulIslandTableScene(app, match))
    for _ in range(20000):
        app.tick()
        wait_for_the_thought(table)
        if isinstance(app.manager.top, WonderfulIslandGameOverScene):
            break
    assert isinstance(app.manager.top, WonderfulIslandGameOverScene)
    app.manager.draw(app.screen)


def test_a_settlement_is_shown_step_by_step_and_the_bots_wait_for_it():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "react", seed=2))
    match = scene.match
    for _ in range(200):
        if scene.settlement.visible:
            break
        seat = match.bot_to_move()
        if seat is None:
            action = match.state.legal_actions(scene.decider)[-1]
            scene.act(action)
        else:
            scene.after_events(match.step_bot())
    assert scene.settlement.visible and scene.settlement.lines and scene.holding()
    actions = len(match.state.actions)
    scene.update(1.0)
    assert len(match.state.actions) == actions          # nobody moves while it is read
    click(app, scene.settlement.rect.center)
    assert not scene.settlement.visible


def test_a_click_on_a_seat_reads_its_character_in_full():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    other = next(p for p in scene.seats.plates if p.action is None)
    click(app, other.rect.center)
    assert scene.zoom.visible and scene.zoom.seat == other.key[1]
    app.manager.draw(app.screen)
    click(app, (5, 5))
    assert not scene.zoom.visible


def play_a_move(app, scene, rng) -> None:
    """One move at the table: the person deciding plays a random legal move through the screen
    (do() puts a settlement away first), else a bot moves."""
    if scene.can_act():
        do(app, scene, rng.choice(scene.match.state.legal_actions(scene.decider)))
    elif scene.match.bot_to_move() is not None:
        scene.after_events(scene.match.step_bot())


@pytest.mark.parametrize("setting", ["holders", "everyone", "never"])
def test_the_reaction_window_asks_humans_as_the_table_setting_says(setting):
    """holders: only a human holding an answer; everyone: every human, holding one or not (so being
    asked says nothing); never: no human, the table passes for them."""
    app = make_app()
    seats = [Seat("Me", "human"), Seat("You", "human")] + [Seat(f"Bot {i}", "normal") for i in range(2, 4)]
    match = Match.new(WI, seats, seed=3, options={"start_player": 2, "reactions": setting})
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    asked = []
    rng = random.Random(1)
    for _ in range(1500):
        st = match.state
        if st.is_over():
            break
        if isinstance(app.manager.top, CurtainScene):
            click(app, (10, 10))
            continue
        if st.phase == "react" and scene.can_act():
            asked.append((scene.decider, any(a[0] == "play" for a in st.legal_actions(scene.decider))))
        play_a_move(app, scene, rng)
    if setting == "never":
        assert asked == []
    elif setting == "holders":
        assert all(holding for _, holding in asked)
    else:
        assert any(not holding for _, holding in asked)  # asked with nothing to play


def test_with_one_person_everyone_asks_them_only_when_they_can_answer():
    """At a table of bots, being asked tells no one anything: the table passes for the person when
    passing is all they can do (no prompt), and asks them when they hold an answer."""
    app = make_app()
    seats = [Seat("Me", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, 4)]
    match = Match.new(WI, seats, seed=3, options={"start_player": 2})
    assert match.state.options["reactions"] == "everyone"
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    asked, passed_for_me = [], 0
    rng = random.Random(1)
    for _ in range(3000):
        st = match.state
        if st.is_over():
            break
        if st.phase == "react" and scene.can_act():
            asked.append(st.legal_actions(0))
        play_a_move(app, scene, rng)
        passed_for_me = sum(1 for seat, a in st.actions if seat == 0 and a == ("pass",))
    assert asked and all(legal != [("pass",)] for legal in asked)
    assert passed_for_me > len(asked)  # passed for at the windows where nothing could be played


def test_a_card_dragged_onto_the_venue_or_a_player_is_played_there():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    on_venue = next((a for a in scene.legal if a[0] == "play" and len(a) == 2), None)
    on_player = next((a for a in scene.legal if a[0] in ("play", "meeting") and len(a) == 3
                      and isinstance(a[2], int) and a[2] != scene.viewer
                      and part_kind(a[:2]) == SEAT), None)
    if on_venue is None or on_player is None:
        pytest.skip("this hand has no card for both")
    card = next(p for p in scene.hand.cards if p.key[2] == on_venue[1] and p.action is not None)
    before = len(scene.match.state.actions)
    drag(app, card.rect.center, (card.rect.centerx, 40))            # onto the top bar: nothing happens
    assert len(scene.match.state.actions) == before and card.rect.center == card.home
    drag(app, card.rect.center, scene.venue.rect.center)
    assert scene.match.state.actions[-1] == (scene.viewer, on_venue)
    if on_player in scene.legal:
        card = next(p for p in scene.hand.cards + scene.hand.meetings
                    if p.key[2] == on_player[1] and p.action is not None)
        drag(app, card.rect.center, scene.seats.plates[on_player[2]].rect.center)
        assert scene.match.state.actions[-1] == (scene.viewer, on_player)


def test_three_humans_and_a_bot_play_to_the_end_passing_the_screen():
    """Hot-seat: the curtain stands between two humans' private views; every decision is made on
    the screen of the one who must make it, or, said aloud at the table, on the public view."""
    app = make_app()
    rng = random.Random(7)
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "human"), Seat("Bot", "normal")]
    match = Match.new(WI, seats, seed=11, options={"reactions": "everyone"})
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    curtains = 0
    for _ in range(6000):
        if match.state.is_over():
            break
        if isinstance(app.manager.top, CurtainScene):
            curtains += 1
            click(app, (10, 10))
            continue
        if scene.can_act():
            assert scene.decider in match.state.to_act() and scene.view["seat"] == scene.viewer
            assert scene.viewer == scene.decider or (
                scene.viewer is None and match.state.decides_openly(scene.decider))
            do(app, scene, rng.choice(match.state.legal_actions(scene.decider)))
        else:
            assert match.bot_to_move() is not None
            scene.after_events(match.step_bot())
    assert match.state.is_over() and curtains > 3


def test_my_cards_gives_the_person_answering_in_the_open_their_own_view():
    """An answer is said aloud on the public view; a voter who wants to look at their cards (or
    faction) first asks for the screen: the curtain, then their own view, for that answer."""
    from hotseat import wi_legislature
    app = make_app()
    match = wi_legislature(lambda m, last: m.state.phase == "answer" and m.state.to_act() == [1]
                           and m.state.cand == 0)
    match.confirm_handoff(0)
    scene = app.manager.push(WonderfulIslandTableScene(app, match))
    app.manager.draw(app.screen)
    assert scene.viewer is None and scene.decider == 1 and scene.hand.look is not None
    click(app, scene.hand.look.rect.center)
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert scene.viewer == 1 and scene.can_act() and scene.hand.look is None
    app.manager.draw(app.screen)


def wi_app_at(lang: str, text_size: int) -> App:
    from scenes.settings_store import Settings
    return App(lang=lang, size=(1280, 720), first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_eight_plates_at_150_percent_show_every_characters_name_whole(lang, monkeypatch):
    """Beside a state chip (Candidate, In hospital) a long character's name steps smaller (never
    below the 100 % size) rather than being cut with '…'."""
    from scenes.wonderful_island import seats as seats_module
    from scenes.wonderful_island.lettering import NARROWEST
    drawn = []
    real = seats_module.line_surface

    def record(fonts, text, size, colour, width, bold=False):
        drawn.append((text, size, width, bold))
        return real(fonts, text, size, colour, width, bold)

    monkeypatch.setattr(seats_module, "line_surface", record)
    app = wi_app_at(lang, 150)
    app.manager.reset(demo_scene(app, "play", seed=2, n_players=8))
    app.manager.draw(app.screen)
    roles = [d for d in drawn if not d[3]]
    assert len({d[0] for d in roles}) == 8, "every plate's character line was painted"
    for text, size, width, _ in roles:
        assert app.fonts.text(text, size).get_width() * NARROWEST <= width, text
        assert size >= app.px(seats_module.ROLE_TEXT) - 1, text


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_results_cards_at_8_seats_and_150_percent_show_each_character_whole(lang, monkeypatch):
    """A camp and a long character's name take two rows on a result card rather than a cut one."""
    from scenes.wonderful_island.lettering import NARROWEST
    said = []
    real = WonderfulIslandGameOverScene.card_words

    def record(self, p, width, height):
        words = real(self, p, width, height)
        said.append((width, words))
        return words

    monkeypatch.setattr(WonderfulIslandGameOverScene, "card_words", record)
    app = wi_app_at(lang, 150)
    app.manager.reset(demo_scene(app, "over", seed=2, n_players=8)).show_game_over()
    app.manager.draw(app.screen)
    assert isinstance(app.manager.top, WonderfulIslandGameOverScene) and len(said) >= 8
    for width, words in said:
        for rows, size, bold in words:
            for row in rows:
                assert not row.endswith("…") and app.fonts.font(size, bold).size(row)[0] * NARROWEST <= width, row
