"""The European Union table, rules overlay and results under SDL's dummy driver."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cases import lang_size_cases

from game.core.match import Match, Seat
from game.european_union import data as cards
from game.registry import GAMES
from scenes.app import App
from scenes.shell.curtain import CurtainScene
from scenes.european_union.demo import PHASES, demo_match, demo_scene
from bot_moves import update_until_the_bot_moves, wait_for_the_thought
from scenes.european_union.game_over import EuropeanUnionGameOverScene
from scenes.european_union.table import EuropeanUnionTableScene
from scenes.registry import TABLES, playable
from scenes.shell.rules_help import RulesHelpScene

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
    for panel in scene.panels:
        if not panel.visible or not hasattr(panel, "buttons"):
            continue
        for w in panel.buttons.widgets:
            text = w.label() if callable(w.label) else w.label
            if text == label and w.visible:
                return w
    raise AssertionError(f"no button {label!r}")


def pieces(scene):
    return [p for panel in scene.panels if panel.visible for p in panel.pieces]


def choices(scene):
    """The pieces the viewer may click now (each glows and carries its action)."""
    return {p.action: p for p in pieces(scene) if p.action is not None and p.glowing}


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
        scene.scoring.lines = 99
    return scene


def test_european_union_is_registered_and_playable():
    assert TABLES["european_union"] == ("scenes.european_union.table", "EuropeanUnionTableScene")
    assert playable("european_union")


@pytest.mark.parametrize("lang,size", lang_size_cases(SIZES))
def test_the_table_draws_in_every_phase(lang, size, matches):
    app = make_app(lang, size)
    screen = app.screen.get_rect()
    for phase in DRAWN_PHASES:
        app.manager.stack.clear()
        scene = app.manager.push(scene_for(app, matches[phase], phase))
        app.manager.draw(app.screen)
        assert scene.felt.layer.get_size() == size
        for s in range(scene.n):
            assert screen.contains(scene.seats.plate_rect(s))
        for piece in pieces(scene):
            assert screen.contains(piece.rect), (phase, piece.key)
        for panel in scene.panels:
            for w in getattr(panel, "buttons", None).widgets if hasattr(panel, "buttons") else []:
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
    assert scene.bids.value == 6
    button(scene, f"All ({have})").on_click()
    button(scene, "+5").on_click()
    assert scene.bids.value == have  # never above one's own influence
    button(scene, "−5").on_click()
    bid = scene.bids.value
    click(app, button(scene, f"Bid {bid}").rect.center)
    last_bids = scene.view["last_bids"]
    assert scene.view["my_bid"] == bid or (last_bids and last_bids["0"] == bid)
    assert scene.match.state.actions[-1] == (0, ("bid", bid)) or ("bid", bid) in \
        [a for s, a in scene.match.state.actions if s == 0]


def test_the_vote_cards_become_votes():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "vote", seed=4))
    rects = {action: piece.rect for action, piece in choices(scene).items()}
    assert set(rects) == {("vote", "yes"), ("vote", "no")}
    n_before = len(scene.match.state.actions)
    click(app, rects[("vote", "no")].center)
    assert scene.match.state.actions[n_before] == (0, ("vote", "no"))
    assert scene.view["my_vote"] == "no" or scene.view["last_votes"]["0"] == "no"


def test_the_chair_keeps_five_bills_by_clicking_them():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    drawn = list(scene.view["drawn_bills"])
    bills = scene.bills
    assert len(drawn) == 7 and all(bills.pieces.by_key(("bill", b)).glowing for b in drawn)
    rest = {b: bills.pieces.by_key(("bill", b)).rect.center for b in drawn}
    for bill in drawn[:6]:
        click(app, bills.pieces.by_key(("bill", bill)).rect.center)
        scene.update(1.0)
    assert bills.selected == drawn[:5]  # the sixth is refused with a notice
    assert scene.message == app.t("eu.ui.keep.full")
    for b in drawn:  # nothing moves: the kept ones wear their frame, nothing glows once five are kept
        piece = bills.pieces.by_key(("bill", b))
        assert piece.rect.center == rest[b] and not piece.glowing
    click(app, bills.pieces.by_key(("bill", drawn[0])).rect.center)  # put one back ...
    scene.update(1.0)
    assert bills.selected == drawn[1:5] and not bills.keep_button.enabled
    assert [b for b in drawn if bills.pieces.by_key(("bill", b)).glowing] == [drawn[0]] + drawn[5:]
    click(app, bills.pieces.by_key(("bill", drawn[5])).rect.center)  # ... and take another
    assert bills.keep_button.enabled
    n_before = len(scene.match.state.actions)
    click(app, bills.keep_button.rect.center)  # the button's click comes back as one action
    assert scene.match.state.actions[n_before] == (0, ("keep_bills", tuple(sorted(drawn[1:6]))))
    assert sorted(scene.view["agenda"]) == sorted(drawn[1:6])


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES + [(1920, 1080)])
def test_the_kept_bills_stand_out_and_nothing_covers_the_heading(lang, size):
    """The chair's row: the heading stays clear of every bill and its "you +n" badge; a kept bill
    is framed in green with its tab, and once five are kept the two others are veiled."""
    from scenes.european_union import cards as art
    app = make_app(lang, size)
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    bills, px = scene.bills, app.px
    drawn = list(scene.view["drawn_bills"])
    for bill in drawn[:5]:
        click(app, bills.pieces.by_key(("bill", bill)).rect.center)
    app.manager.draw(app.screen)
    heading = bills.heading_rect()
    for piece in bills.pieces:
        assert heading.bottom <= piece.draw_rect().y - px(10)   # the badge sits px(10) above a bill
    shot = app.screen
    kept = bills.pieces.by_key(("bill", drawn[0])).rect
    left = bills.pieces.by_key(("bill", drawn[6])).rect
    assert shot.get_at((kept.x - 2, kept.centery))[:3] == art.VOTE_RGB["yes"]   # the green frame
    assert shot.get_at((left.x - 2, left.centery))[:3] != art.VOTE_RGB["yes"]
    assert bills.keep_button.rect.bottom <= scene.seats.rect.y


def test_the_chairs_minute_runs_out_and_the_first_bills_are_kept():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    drawn = list(scene.view["drawn_bills"])
    assert scene.view["keep_seconds"] == 60 and scene.keep_clock == 60.0
    app.manager.draw(app.screen)   # the clock beside the keep button
    click(app, scene.bills.pieces.by_key(("bill", drawn[6])).rect.center)
    click(app, scene.bills.pieces.by_key(("bill", drawn[3])).rect.center)
    scene.update(30.0)
    assert scene.view["phase"] == "keep" and scene.keep_clock == 30.0
    scene.update(29.9)
    assert scene.view["phase"] == "keep"
    scene.update(0.2)
    assert scene.view["phase"] != "keep"
    assert sorted(scene.view["agenda"]) == sorted([drawn[6], drawn[3]] + drawn[:3])   # chosen, then the first
    assert scene.message == app.t("eu.ui.keep.timeout")


def test_without_the_time_limit_the_chair_takes_all_the_time_needed():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "keep", seed=4, options={"keep_limit": "none"}))
    assert scene.keep_clock is None
    scene.update(600.0)
    assert scene.view["phase"] == "keep"


def test_the_countdown_calls_the_vote_for_the_chair():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    assert scene.can_act() and scene.countdown == 180.0
    button(scene, "Call the vote")
    scene.update(100.0)
    assert scene.view["phase"] == "discuss"
    scene.update(100.0)
    assert scene.view["phase"] == "vote"


@pytest.mark.parametrize("phase, clock", [("discuss", "countdown"), ("keep", "keep_clock")])
def test_a_game_taken_up_again_goes_on_with_the_time_that_was_left(tmp_path, phase, clock):
    from scenes.shell.table_menu import TableMenuScene
    app = make_app()
    match = demo_match(phase, seed=4)
    match.autosave_path = tmp_path / "saves" / "eu.json"
    match.autosave()
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    full = getattr(scene, clock)
    scene.update(47.0)
    assert getattr(scene, clock) == full - 47.0
    app.manager.push(TableMenuScene(app, "european_union"))   # the player opens the menu and leaves
    app.manager.close()
    resumed = Match.load(GAMES, match.autosave_path, autosave_path=match.autosave_path)
    assert resumed.state.record() == match.state.record()
    again = app.manager.push(EuropeanUnionTableScene(app, resumed))
    assert getattr(again, clock) == full - 47.0
    # The next position's clock starts afresh: an action forgets the saved time.
    resumed.clocks = {"discussion": 5.0, "keep": 5.0}
    again.act(("call_vote",) if phase == "discuss" else ("keep_bills", again.bills.auto_keep()))
    assert resumed.clocks == {} and again.countdown == 180.0


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
    shown = [scene.prompt(), scene.title()] + [p.tooltip() for p in pieces(scene)]
    assert not any(f"Influence {x}" in " ".join(shown) for x in secret)
    state.influence = None  # any read of the full state's influence would now fail
    try:  # every panel anew (the Give button too: the table's list of gifts names no amount)
        for panel in scene.panels:
            panel.refresh()
        scene.felt.stale = True
        app.manager.draw(app.screen)
    finally:
        state.influence = real


def test_give_influence_hands_only_ones_own():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    assert scene.column.btn_give.visible and scene.column.btn_give.enabled
    assert scene.gift_recipients() == [1, 2, 3, 4]
    click(app, scene.column.btn_give.rect.center)
    give = scene.give
    assert give.visible and scene.modal_panel() is give and scene.holding()
    assert give.top_amount() == min(20, scene.view["my_influence"])   # from the viewer's own view
    app.manager.draw(app.screen)
    give.pick(2)
    give.step(+1)
    before = scene.view["my_influence"]
    n_before = len(scene.match.state.actions)
    click(app, give.ok.rect.center)  # the dialog's answer comes back once: the table opens it, the giver says how much
    assert not give.visible and not scene.holding()
    assert scene.view["my_influence"] == before - 2
    assert scene.match.state.actions[n_before:] == [(None, ("give", 0, 2)), (0, ("gift", 2))]


def test_a_bid_in_the_hand_cannot_be_given():
    app = make_app()
    match = Match.new(EU, [Seat("甲", "human"), Seat("乙", "normal"), Seat("丙", "normal")], seed=5,
                      options={"start_player": 0})
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    have = scene.view["my_influence"]
    assert scene.act(("bid", have - 3)) and scene.view["phase"] == "bid"   # the bots have not bid yet
    assert scene.free_influence() == 3
    scene.open_give()
    assert scene.give.visible and scene.give.top_amount() == 3
    scene.give.step(+5)
    assert scene.give.amount == 3


def test_the_give_dialog_offers_what_the_engine_says_may_be_given(monkeypatch):
    """The dialog works out no rule: its top amount is the viewer's view's may_give, whatever it is."""
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    scene.open_give()
    assert scene.give.top_amount() == scene.view["may_give"] == min(20, scene.view["my_free_influence"])
    monkeypatch.setitem(scene.view, "may_give", 4)
    assert scene.give.top_amount() == 4 and scene.can_give()
    scene.give.step(+5)
    assert scene.give.amount == 4
    monkeypatch.setitem(scene.view, "may_give", 0)
    assert not scene.can_give()


def test_undoing_a_gift_asks_for_the_amount_again():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss", seed=4))
    before = scene.view["my_influence"]
    scene.make_gift(3, 4)
    assert scene.view["my_influence"] == before - 4 and not scene.give.visible and scene.can_undo()
    click(app, button(scene, "Undo").rect.center)
    assert scene.view["giving"] == {"from_seat": 0, "to_seat": 3} and scene.view["my_influence"] == before
    give = scene.give
    assert give.visible and give.fixed and give.recipients == [3]
    assert scene.prompt() == f"Say how much influence you give {scene.name(3)}"
    app.manager.draw(app.screen)
    click(app, button(scene, "Give nothing").rect.center)   # gives nothing after all
    assert not give.visible and scene.view["giving"] is None and scene.view["my_influence"] == before
    assert scene.match.state.actions[-1] == (0, ("gift", 0))


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
    assert scene.bids.buttons.widgets  # the bid entry is theirs now


def test_the_next_human_never_sees_the_amount_the_last_one_dialled():
    """Hot-seat: the bid entry starts from 0 for each player, not from the previous player's secret bid."""
    app = make_app()
    seats = [Seat("甲", "human"), Seat("乙", "human"), Seat("丙", "normal")]
    match = Match.new(EU, seats, seed=5, options={"start_player": 0})
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    click(app, (10, 10))
    scene.bids.set_value(3)
    click(app, button(scene, "Bid 3").rect.center)
    assert match.state.view(0)["my_bid"] == 3
    click(app, (10, 10))  # the curtain, then the second human's screen
    assert scene.viewer == 1 and scene.bids.value == 0


def test_bots_only_reach_the_game_over_scene(monkeypatch):
    import scenes.app as appmod
    import scenes.match_scene as match_scene
    monkeypatch.setattr(appmod, "FPS", 0)  # the test follows the flow, not the 60 fps cap
    monkeypatch.setattr(match_scene, "GAME_OVER_PAUSE", 0.0)
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal" if i % 2 else "easy") for i in range(4)]
    match = Match.new(EU, seats, seed=9)
    table = app.manager.push(EuropeanUnionTableScene(app, match))
    for _ in range(20000):
        app.tick()
        wait_for_the_thought(table)
        if isinstance(app.manager.top, EuropeanUnionGameOverScene):
            break
    assert isinstance(app.manager.top, EuropeanUnionGameOverScene)
    assert match.state.is_over()


def test_hint_leaves_the_top_bar_at_the_final_scoring_where_nothing_is_left_to_decide():
    app = make_app()
    match = demo_match("scoring", seed=4)
    match.hints_allowed = True
    scene = app.manager.push(scene_for(app, match, "scoring"))
    app.manager.draw(app.screen)
    assert scene.top_bar.btn_hint is not None and scene.top_bar.btn_hint.visible   # a round scoring: the game goes on
    over = demo_match("over", seed=4)
    over.hints_allowed = True
    app.manager.pop()
    scene = app.manager.push(scene_for(app, over, "scoring"))
    assert scene.scoring_open
    app.manager.draw(app.screen)
    assert scene.top_bar.btn_hint is not None and not scene.top_bar.btn_hint.visible


def test_play_again_starts_a_new_table_with_the_same_seats(matches):
    app = make_app()
    match = matches["over"]
    over = app.manager.push(EuropeanUnionGameOverScene(app, match))
    over.play_again()
    table = app.manager.top
    assert isinstance(table, EuropeanUnionTableScene)
    assert [s.name for s in table.match.seats] == [s.name for s in match.seats]


# -- the table's pieces --------------------------------------------------------------------------
def move(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_piece_on_the_table_says_what_it_is(lang, matches):
    app = make_app(lang)
    kinds = set()
    for phase in DRAWN_PHASES:
        app.manager.stack.clear()
        scene = app.manager.push(scene_for(app, matches[phase], phase))
        scene.rebuild()
        for piece in pieces(scene):
            tip = piece.tooltip()
            assert tip and "{" not in tip and "eu.tip" not in tip, (phase, piece.key, tip)
            kinds.add(piece.key[0])
    # bills, member states up for bidding and held, MEP seats, parties, markers, the chair, votes
    assert {"bill", "card", "state", "mep", "party", "track", "chair", "vote"} <= kinds


def test_the_notes_say_what_a_bill_a_state_and_a_party_do():
    from game.european_union import data as cards
    app = make_app()
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    d = cards.load()
    bill = scene.view["drawn_bills"][0]
    tip = scene.bills.pieces.by_key(("bill", bill)).tooltip()
    b = d["bill_by_id"][bill]
    assert tip.startswith(app.t.name(b["name"]))
    assert "Council: " in tip and "Stars: " in tip and "★" in tip
    assert app.t.name(d["policy_by_id"][b["border"]]["name"]) + " track moves" in tip
    assert "your party gets" in tip and "Click to keep" in tip
    state = next(p for p in scene.seats.pieces if p.key[0] == "state")
    st = d["state_by_id"][state.key[1]]
    assert f"Voting power {st['power']}" in state.tooltip() and f"+{st['influence']} influence" in state.tooltip()
    party = scene.seats.pieces.by_key(("party", 0)).tooltip()
    assert all(word in party for word in ("Stars: ", "Ability: ", "End bonus"))
    # The note comes under a resting mouse, and the hovered seat's party card makes way for it.
    band = scene.seats.pieces.by_key(("party", 0))
    move(app, band.rect.center)
    assert scene.seats.hover_seat == 0 and scene.tip is None
    scene.update(0.6)
    assert scene.tip == party


def test_a_taken_state_flies_to_its_taker_and_the_bots_wait_for_it():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "draft", seed=4))
    scene.close_reveal()  # the demo keeps the revealed bids up
    (action, card_piece), *_ = choices(scene).items()
    card = action[1]
    start = scene.auction.card_centre(card)
    click(app, card_piece.rect.center)
    chip = scene.seats.pieces.by_key(("state", card))
    assert chip is not None and scene.tweens.moving(chip) and scene.holding()
    assert chip.rect.center == start and chip.rect.h > scene.app.px(40)   # the whole card, where it lay
    actions = len(scene.match.state.actions)
    scene.update(0.2)
    assert len(scene.match.state.actions) == actions and chip.rect.center != start   # on its way; bots wait
    scene.update(0.5)
    assert not scene.tweens.moving(chip) and chip.rect.center == chip.home
    assert chip.rect.h == scene.app.px(18)   # landed as a chip on the plate
    update_until_the_bot_moves(scene, app.settings.bot_delay)
    assert len(scene.match.state.actions) > actions   # then the bots go on


def test_the_chairs_bills_are_dealt_face_down_and_turn_over():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "draft", seed=4))
    scene.close_reveal()
    for _ in range(200):
        if scene.view["phase"] != "draft":
            break
        if scene.can_act():
            click(app, next(iter(choices(scene).values())).rect.center)
        else:
            update_until_the_bot_moves(scene, 10.0)
    assert scene.view["phase"] == "keep"
    dealt = [p for p in scene.bills.pieces if p.key[0] == "bill"]
    assert len(dealt) == 7 and all(not p.face_up and scene.tweens.moving(p) for p in dealt)
    assert dealt[0].rect.center == scene.tracks.deck_point()   # from the Commission's pile
    scene.tweens.finish()
    assert all(p.face_up and p.rect.center == p.home for p in dealt)


def test_the_kept_bills_move_to_the_agenda_and_the_others_fade():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "keep", seed=4))
    drawn = list(scene.view["drawn_bills"])
    for bill in drawn[:5]:
        click(app, scene.bills.pieces.by_key(("bill", bill)).rect.center)
    scene.tweens.finish()
    click(app, scene.bills.keep_button.rect.center)
    agenda = [p for p in scene.bills.pieces if p.key[0] == "bill"]
    gone = [p for p in scene.bills.pieces if p.key[0] == "gone"]
    assert {p.key[1] for p in agenda} == set(drawn[:5]) and all(scene.tweens.moving(p) for p in agenda)
    assert {p.key[1] for p in gone} == set(drawn[5:])
    scene.update(5.0)
    assert not [p for p in scene.bills.pieces if p.key[0] == "gone"]
    assert all(p.rect.center == p.home for p in scene.bills.pieces)


def test_the_secret_votes_turn_over_when_revealed():
    app = make_app(speed="normal")
    scene = app.manager.push(demo_scene(app, "vote", seed=4))
    click(app, choices(scene)[("vote", "yes")].rect.center)   # the last vote: all are shown at once
    assert scene.votes_shown()
    votes = [p for p in scene.seats.pieces if p.key[0] == "vote"]
    assert len(votes) == scene.n and all(not p.face_up and scene.tweens.moving(p) for p in votes)
    assert all(p.current() is p.back for p in votes)   # their backs first
    scene.update(0.3)
    assert votes[0].face_up and not votes[-1].face_up   # one after another
    scene.tweens.finish()
    assert all(p.face_up and p.current() is p.face for p in votes)
    assert all(p.face_up for p in scene.result.pieces)
    click(app, scene.result.rect.center)   # a click puts the result away
    assert not scene.votes_shown() and not scene.result.visible


def test_a_click_goes_to_one_panel_and_comes_back_as_one_intent():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "vote", seed=4))
    piece = choices(scene)[("vote", "no")]
    assert scene.panel_at(piece.rect.center) is scene.vote
    answer = scene.vote.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=piece.rect.center))
    assert answer.action == ("vote", "no")
    assert scene.panel_at(scene.seats.plate_rect(0).center) is scene.seats
    assert scene.panel_at(scene.tracks.rect.center) is scene.tracks


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES + [(1920, 1080)])
def test_the_policy_names_and_ending_titles_fit_on_the_track(lang, size, matches):
    """Every policy's name on the board (its short form, as on the bills) whole at the board's size
    (no "Environmental Protecti…"), and the longest ending title beside it."""
    from game.european_union import data as cards
    from game.european_union.describe import policy_short
    app = make_app(lang, size)
    scene = app.manager.push(scene_for(app, matches["keep"], "keep"))
    px, fonts, t = app.px, app.fonts, app.t
    for pol in cards.POLICIES:
        assert fonts.text(policy_short(pol, t), px(13), (0, 0, 0), True).get_width() <= scene.tracks.name_room()
    _, end_w = scene.tracks.ending_column()
    widest = max(fonts.text(t.name(e["title"]), px(13), (0, 0, 0)).get_width() for e in cards.load()["endings"])
    assert widest <= end_w


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_bill_cards_text_is_readable_at_1280x720(lang, matches):
    """Every bill card, as wide as on the chair's row of seven and on the agenda, writes nothing
    smaller than 11 px; the note under the mouse still has the card's whole text."""
    from game.european_union import data as cards
    from scenes.european_union import bill_card as bc
    from scenes.european_union import cards as art
    app = make_app(lang, (1280, 720))
    keep = scene_for(app, matches["keep"], "keep")
    agenda = scene_for(app, matches["discuss"], "discuss")
    for scene in (keep, agenda):
        scene.layout(*app.size)
    sizes_on_table = {keep.bills.keep_rects()[0][1].size, agenda.bills.agenda_rects()[0][1].size}
    assert min(w for w, _ in sizes_on_table) >= 110
    sizes = []
    real = app.fonts.text

    def text(s, size, *a, **k):
        sizes.append(size)
        return real(s, size, *a, **k)

    app.fonts.text = text
    try:
        for w, h in sizes_on_table:
            for b in cards.load()["bills"]:
                art._cache.pop(("bill", b["id"], w, h, app.t.lang), None)
                bc.bill_card(app.fonts, app.t, b["id"], w, h)
    finally:
        app.fonts.text = real
    assert sizes and min(sizes) >= 11
    bill = keep.view["drawn_bills"][0]
    tip = keep.bills.pieces.by_key(("bill", bill)).tooltip()
    assert app.t.name(cards.load()["bill_by_id"][bill]["flavour"]) in tip


def test_one_name_for_each_policy_everywhere():
    """A policy's short name is a whole word of its track's name, never an abbreviation ("Environ.")
    nor other words (no "Welfare" on a card for "Social Security" on the track); in Chinese the
    name itself."""
    from game.core.i18n import Translator
    from game.european_union import data as cards
    from game.european_union.describe import policy_name, policy_short
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        for pol in cards.POLICIES:
            full, short = policy_name(pol, t), policy_short(pol, t)
            assert "." not in short and "…" not in short
            if lang == "en":
                assert any(word.startswith(short) for word in full.split()), (full, short)
            else:
                assert short == full


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_board_and_the_bills_call_a_policy_by_the_same_name(lang, matches, monkeypatch):
    """The tracks board's labels and a bill card's star rows write the same short name."""
    from game.european_union import data as cards
    from game.european_union.describe import policy_short
    from scenes.european_union import bill_card as bc
    app = make_app(lang)
    scene = app.manager.push(scene_for(app, matches["keep"], "keep"))
    written = []
    real = app.fonts.text
    monkeypatch.setattr(app.fonts, "text", lambda s, *a, **k: written.append(s) or real(s, *a, **k))
    scene.tracks.paint(app.screen.copy())
    on_board = set(written)
    written.clear()
    for b in cards.load()["bills"]:
        bc.bill_card(app.fonts, app.t, b["id"], 119, 171)   # a width no other test paints: drawn anew
    on_bills = set(written)
    for pol in cards.POLICIES:
        assert policy_short(pol, app.t) in on_board and policy_short(pol, app.t) in on_bills


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_scoring_explains_its_marks(lang, matches):
    """The result column's letters (C / P, 理 / 議) and its marks have a legend on the card."""
    app = make_app(lang)
    scene = app.manager.push(scene_for(app, matches["scoring"], "scoring"))
    t = app.t
    items = dict(scene.scoring.legend_items())
    assert items["council"].startswith(t("eu.ui.scoring.short_council"))
    assert items["parliament"].startswith(t("eu.ui.scoring.short_parliament"))
    assert {"passed", "rejected", "none"} <= set(items)
    assert all(words and "eu.ui" not in words for words in items.values())
    drawn = []
    real = scene.scoring._legend
    scene.scoring._legend = lambda surf, cy: (drawn.append(cy), real(surf, cy))
    scene.scoring.picture = scene.scoring.cache = None
    app.manager.draw(app.screen)
    assert drawn
    scene.view["variant"] = "intro"   # no Parliament: no P, no "not voted"
    assert set(dict(scene.scoring.legend_items())) == {"council", "passed", "rejected"}


def test_a_bot_chair_gives_the_people_at_the_table_their_discussion():
    """A bot in the chair does not call the vote at once: it waits until the person at the table
    says "ready to vote", or until the rulebook's three minutes are up."""
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss_bot", seed=4))
    chair = scene.view["chair"]
    assert chair in scene.match.bots and scene.bot_chair_listens() and scene.holding()
    assert scene.prompt() == f"Discussion: {scene.name(chair)}, the chair, calls the vote when you are ready"
    for _ in range(170):
        scene.update(1.0)
    assert scene.view["phase"] == "discuss" and scene.countdown == 10.0   # the clock runs while it waits
    click(app, button(scene, "Ready to vote").rect.center)
    assert scene.ready == {0} and not scene.holding()
    update_until_the_bot_moves(scene, 0.1)
    assert scene.view["phase"] == "vote"


def test_when_time_is_up_the_bot_chair_calls_the_vote():
    app = make_app()
    scene = app.manager.push(demo_scene(app, "discuss_bot", seed=4))
    scene.update(179.0)
    assert scene.view["phase"] == "discuss"
    scene.update(1.0)
    update_until_the_bot_moves(scene, 0.1)
    assert scene.view["phase"] == "vote"


def test_a_bot_chair_among_bots_calls_the_vote_at_once():
    match = demo_match("discuss_bot", seed=4, humans=0)
    app = make_app()
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    assert not scene.bot_chair_listens() and not scene.holding()
    update_until_the_bot_moves(scene, 0.1)
    assert scene.view["phase"] == "vote"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_party_ruling_is_shown_with_the_party_cards(lang):
    from scenes.shell.rules_help import Heading, Para
    app = make_app(lang)
    app.manager.push(RulesHelpScene(app, "european_union"))
    rules = app.manager.top
    page = next(p for p in rules.pages if p.title == app.t("eu.rules.page.parties"))
    texts = [b.text for b in page.blocks if isinstance(b, (Heading, Para))]
    assert app.t("eu.rules.h.party_ruling") in texts and app.t("eu.rules.party_ruling") in texts
    # it names the two changed numbers in the player's language
    assert "2" in app.t("eu.rules.party_ruling")
    rules.go(rules.pages.index(page))
    app.manager.draw(app.screen)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_six_or_seven_player_ruling_is_shown_after_the_party_ruling(lang):
    from scenes.shell.rules_help import Heading, Para
    app = make_app(lang)
    rules = app.manager.push(RulesHelpScene(app, "european_union"))
    page = next(p for p in rules.pages if p.title == app.t("eu.rules.page.parties"))
    texts = [b.text for b in page.blocks if isinstance(b, (Heading, Para))]
    clause = app.t("eu.rules.party_ruling_large")
    assert texts.index(app.t("eu.rules.h.party_ruling_large")) == texts.index(app.t("eu.rules.party_ruling")) + 1
    assert clause in texts
    # the three changed amounts, read from the data file the game plays by, are the ones it names
    d = cards.load()["party_by_id"]
    assert f"{d['red']['ability']['amount_by_players']['6']}" in clause and f"{d['cyan']['ability']['amount']}" in clause
    assert f"{-d['white']['track_bonus']['integration'][1]}" in clause
