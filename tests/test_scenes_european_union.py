"""The European Union table, rules overlay and results under SDL's dummy driver."""
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
from scenes.european_union.demo import PHASES, demo_match, demo_scene  # noqa: E402
from scenes.european_union.game_over import EuropeanUnionGameOverScene  # noqa: E402
from scenes.european_union.give import GiveScene  # noqa: E402
from scenes.european_union.table import EuropeanUnionTableScene  # noqa: E402
from scenes.registry import TABLES, playable  # noqa: E402
from scenes.rules_help import RulesHelpScene  # noqa: E402

EU = GAMES["european_union"]
SIZES = [(1024, 600), (1280, 720)]
DRAWN_PHASES = [p for p in PHASES if p != "order"]  # a tie the chair orders needs a lucky seed


def make_app(lang="en", size=(1280, 720), speed="instant") -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = speed
    return app


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def button(scene, label):
    for group in (scene.action_buttons, scene.buttons):
        for w in group.widgets:
            text = w.label() if callable(w.label) else w.label
            if text == label and w.visible:
                return w
    raise AssertionError(f"no button {label!r}")


@pytest.fixture(scope="module")
def matches():
    """One demo match per phase, played once for the module (the scenes are built per test)."""
    return {p: demo_match(p, seed=4) for p in DRAWN_PHASES}


def scene_for(app, match, phase):
    scene = EuropeanUnionTableScene(app, match)
    if phase == "reveal":
        scene.reveal_kind, scene.reveal_clock = "votes", 3600.0
    elif phase == "scoring":
        scene.open_scoring(max(h["round"] for h in match.state.view(0)["history"]))
        scene.scoring_lines = 99
    return scene


def test_european_union_is_registered_and_playable():
    assert TABLES["european_union"] == ("scenes.european_union.table", "EuropeanUnionTableScene")
    assert playable("european_union")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_draws_in_every_phase(lang, size, matches):
    app = make_app(lang, size)
    screen = app.screen.get_rect()
    for phase in DRAWN_PHASES:
        app.manager.stack.clear()
        scene = app.manager.push(scene_for(app, matches[phase], phase))
        app.manager.draw(app.screen)
        assert scene.layer.get_size() == size
        for s in range(scene.n):
            assert screen.contains(scene.plate_rect(s))
        for tg in scene.targets:
            assert screen.contains(tg.rect), (phase, tg.key)
        for w in scene.action_buttons.widgets + scene.buttons.widgets:
            assert screen.contains(w.rect), phase
        if phase == "over":
            scene.show_game_over()
            app.manager.draw(app.screen)
            assert isinstance(app.manager.top, EuropeanUnionGameOverScene)
    app.manager.push(RulesHelpScene(app, "european_union"))
    rules = app.manager.top
    for page in range(len(rules.pages)):
        rules.go(page)
        app.manager.draw(app.screen)


def test_a_bid_entered_with_the_widgets_becomes_the_bid():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "bid", seed=4))
    have = scene.view["my_influence"]
    assert have >= 7 and scene.view["my_bid"] is None
    button(scene, "+5").on_click()
    button(scene, "+1").on_click()
    button(scene, "+1").on_click()
    button(scene, "−1").on_click()
    assert scene.bid_value == 6
    button(scene, f"All ({have})").on_click()
    button(scene, "+5").on_click()
    assert scene.bid_value == have  # never above one's own influence
    button(scene, "−5").on_click()
    bid = scene.bid_value
    click(app, button(scene, f"Bid {bid}").rect.center)
    last_bids = scene.view["last_bids"]
    assert scene.view["my_bid"] == bid or (last_bids and last_bids["0"] == bid)
    assert scene.match.state.actions[-1] == (0, ("bid", bid)) or ("bid", bid) in \
        [a for s, a in scene.match.state.actions if s == 0]


def test_the_vote_cards_become_votes():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "vote", seed=4))
    rects = {tg.key: tg.rect for tg in scene.targets}
    assert set(rects) == {"yes", "no"}
    n_before = len(scene.match.state.actions)
    click(app, rects["no"].center)
    assert scene.match.state.actions[n_before] == (0, ("vote", "no"))
    assert scene.view["my_vote"] == "no" or scene.view["last_votes"]["0"] == "no"


def test_the_chair_keeps_five_bills_by_clicking_them():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    drawn = list(scene.view["drawn_bills"])
    assert len(drawn) == 7 and len(scene.targets) == 7
    for bill in drawn[:6]:
        tg = next(t for t in scene.targets if t.key == bill)
        click(app, tg.rect.center)
    assert scene.keep_sel == drawn[:5]  # the sixth is refused with a notice
    assert scene.message
    assert scene.keep_button.enabled
    scene.keep_button.on_click()
    assert sorted(scene.view["agenda"]) == sorted(drawn[:5])


def test_the_countdown_calls_the_vote_for_the_chair():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    assert scene.can_act() and scene.countdown == 180.0
    button(scene, "Call the vote")
    scene.update(100.0)
    assert scene.view["phase"] == "discuss"
    scene.update(100.0)
    assert scene.view["phase"] == "vote"


def test_others_influence_never_reaches_the_scene():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "draft", seed=4))
    v = scene.view
    assert v["seat"] == 0 and v["players"][0]["influence"] == v["my_influence"]
    assert all(p["influence"] is None for p in v["players"][1:])
    # The hidden amounts are never read while drawing: break them and draw again.
    state = scene.match.state
    real = list(state.influence)
    scene.on_view()
    app.manager.draw(app.screen)
    secret = {str(x) for x in real[1:]} - {str(real[0])}
    shown = [scene.prompt(), scene._title()]
    assert not any(f"Influence {x}" in " ".join(shown) for x in secret)
    state.influence = None  # any read of the full state's influence would now fail
    try:
        scene._build_layer()
        app.manager.draw(app.screen)
    finally:
        state.influence = real


def test_give_influence_hands_only_ones_own():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    assert scene.btn_give.visible and scene.btn_give.enabled
    gifts = scene.my_gifts()
    assert gifts and all(a[1] == 0 for a in gifts)
    scene.open_give()
    give = app.manager.top
    assert isinstance(give, GiveScene)
    app.manager.draw(app.screen)
    give.pick(2)
    give.step(+1)
    before = scene.view["my_influence"]
    give.confirm()
    assert scene.view["my_influence"] == before - 2
    assert scene.match.state.actions[-1] == (None, ("give", 0, 2, 2))


def test_two_humans_bid_behind_the_curtain():
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "normal")]
    match = Match.new(EU, seats, seed=5, options={"start_player": 0})
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert app.manager.top is scene and scene.viewer == 0
    scene.act(("bid", 3))
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert app.manager.top is scene and scene.viewer == 1
    assert scene.view["seat"] == 1 and scene.view["my_bid"] is None  # the next human sees nothing of the bid
    assert scene.view["players"][0]["influence"] is None and scene.view["players"][0]["has_bid"]
    assert scene.action_buttons.widgets  # the bid entry is theirs now


def test_the_next_human_never_sees_the_amount_the_last_one_dialled():
    """Hot-seat: the bid entry starts from 0 for each player, not from the previous player's secret bid."""
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "normal")]
    match = Match.new(EU, seats, seed=5, options={"start_player": 0})
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    click(app, (10, 10))
    scene.set_bid(3)
    scene.confirm_bid()
    assert match.state.view(0)["my_bid"] == 3
    click(app, (10, 10))  # the curtain, then the second human's screen
    assert scene.viewer == 1 and scene.bid_value == 0


def test_bots_only_reach_the_game_over_scene():
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal" if i % 2 else "easy") for i in range(4)]
    match = Match.new(EU, seats, seed=9)
    app.manager.push(EuropeanUnionTableScene(app, match))
    for _ in range(20000):
        app.tick()
        if isinstance(app.manager.top, EuropeanUnionGameOverScene):
            break
    assert isinstance(app.manager.top, EuropeanUnionGameOverScene)
    assert match.state.is_over()


def test_play_again_starts_a_new_table_with_the_same_seats(matches):
    app = make_app()
    match = matches["over"]
    over = app.manager.push(EuropeanUnionGameOverScene(app, match))
    over.play_again()
    table = app.manager.top
    assert isinstance(table, EuropeanUnionTableScene)
    assert [s.name for s in table.match.seats] == [s.name for s in match.seats]
