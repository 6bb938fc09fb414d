"""The Elfenland table, rules overlay and results under SDL's dummy driver."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cases import lang_size_cases

from game.core.match import Match, Seat
from game.elfenland.rules import data as elf_data
from game.registry import GAMES
from scenes.app import App
from scenes.registry import TABLES, playable
from scenes.shell.rules_help import RulesHelpScene
from scenes.elfenland import tips
from scenes.elfenland.demo import PHASES, demo_match
from scenes.elfenland.game_over import ElfenlandGameOverScene
from scenes.elfenland.table import ElfenlandTableScene
from scenes.shell.curtain import CurtainScene
from bot_moves import update_until_the_bot_moves, wait_for_the_thought

ELF = GAMES["elfenland"]
SIZES = [(1280, 720), (1920, 1080), (1024, 600)]
_MATCHES: dict = {}


def make_app(lang="en", size=(1280, 720), speed="instant") -> App:
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = speed
    return app


def match_at(phase: str, **kw) -> Match:
    """A fresh copy of a demo match (replayed from its record, cached per phase)."""
    key = (phase, tuple(sorted(kw.items())))
    if key not in _MATCHES:
        _MATCHES[key] = demo_match(phase, seed=2, **kw)
    m = _MATCHES[key]
    return Match.from_save(GAMES, m.to_save())


def scene_at(app, phase: str, **kw) -> ElfenlandTableScene:
    app.manager.stack.clear()
    return app.manager.push(ElfenlandTableScene(app, match_at(phase, **kw)))


def mouse(app, kind, pos, button=1, rel=(0, 0)):
    if kind == pygame.MOUSEMOTION:
        ev = pygame.event.Event(kind, pos=pos, rel=rel, buttons=(1, 0, 0))
    else:
        ev = pygame.event.Event(kind, pos=pos, button=button)
    app.manager.handle(ev)


def click(app, pos):
    mouse(app, pygame.MOUSEBUTTONDOWN, pos)
    mouse(app, pygame.MOUSEBUTTONUP, pos)


def route_screen_point(scene, route):
    bv = scene.board.bv
    x, y = bv.to_screen(*bv.counter_at(route))
    return round(x), round(y)


def town_screen_point(scene, town):
    bv = scene.board.bv
    t = bv.board.towns[town]
    return tuple(round(c) for c in bv.to_screen(t.x, t.y))


def my_counter(scene, kind):
    """Your piece of this transport in the "your counters" panel."""
    return next(p for p in scene.counters.pieces if p.kind == ("counter", kind))


def test_elfenland_is_registered_and_playable():
    assert TABLES["elfenland"] == ("scenes.elfenland.table", "ElfenlandTableScene")
    assert playable("elfenland")


@pytest.mark.parametrize("lang,size", lang_size_cases(SIZES))
def test_the_table_draws_in_every_phase(lang, size):
    app = make_app(lang, size)
    screen = app.screen.get_rect()
    for phase in PHASES:
        scene = scene_at(app, phase)
        app.manager.draw(app.screen)
        assert scene.board.layer.get_size() == size
        for panel in scene.panels:
            if panel not in (scene.transport, scene.chooser):
                assert screen.contains(panel.rect), type(panel).__name__
        for panel in (scene.supply, scene.counters, scene.cards):
            assert scene.strip.contains(panel.rect)
            for piece in panel.pieces:
                assert panel.rect.contains(piece.rect)
        for piece in scene.seats.pieces:
            assert scene.seats.rect.contains(piece.rect)
        for group in (scene.top_bar.buttons, scene.prompts.buttons, scene.board.zoom_buttons):
            for b in group.widgets:
                assert screen.contains(b.rect)
        if phase == "over":
            scene.show_game_over()
            app.manager.draw(app.screen)
            assert isinstance(app.manager.top, ElfenlandGameOverScene)
    app.manager.push(RulesHelpScene(app, "elfenland"))
    for page in range(3):
        app.manager.top.go(page)
        app.manager.draw(app.screen)


def test_dragging_a_counter_onto_a_glowing_road_places_it():
    app = make_app()
    scene = scene_at(app, "plan")
    kind, routes = next(iter(scene.legal.place.items()))
    route = min(routes)
    src = my_counter(scene, kind)
    start = src.rect.center
    dst = route_screen_point(scene, route)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, (start[0] + 20, start[1] - 20), rel=(20, -20))
    assert scene.counters.drag.dragging and src.rect.center == (start[0] + 20, start[1] - 20)  # in the hand
    assert scene.board.drag_routes == routes and route in scene.board.glowing_routes()
    mouse(app, pygame.MOUSEMOTION, dst, rel=(1, 1))            # over the map: the drag keeps the mouse
    assert scene.board.hover_route == route
    mouse(app, pygame.MOUSEBUTTONUP, dst)
    assert scene.view["counters"].get(str(route)) == kind


def test_a_counter_placed_is_taken_back_after_the_bots_have_placed_theirs():
    """The bots place theirs at once; their face-up counters show nothing hidden, so Undo still takes
    the person's counter back, with theirs (a bot's secret counter turned face up would end it)."""
    app = make_app()
    for seed in range(2, 12):
        app.manager.stack.clear()
        scene = app.manager.push(ElfenlandTableScene(app, demo_match("plan", seed=seed)))
        kind = next((k for k in scene.legal.place if k in scene.view["players"][0]["counters"]), None)
        if kind is None:
            continue
        before, n = (scene.view["counters"], scene.view["players"][0]["counters"]), len(scene.match.events)
        scene.act(("place", min(scene.legal.place[kind]), kind))
        for _ in range(20):
            update_until_the_bot_moves(scene, 0.05)
            if scene.match.bot_to_move() is None:
                break
        assert scene.match.state.actions[-1][0] != 0  # the bots have moved since
        revealed = any(e.get("reveal") for e in scene.match.events[n:])
        assert scene.can_undo() == scene.prompts.btn_undo.enabled == (not revealed)
        if not revealed:
            scene.undo()
            assert (scene.view["counters"], scene.view["players"][0]["counters"]) == before
            assert 0 in scene.view["to_act"]
            return
    pytest.fail("the bots revealed a counter in every game tried")


def test_a_counter_dropped_off_its_roads_is_not_played():
    app = make_app()
    scene = scene_at(app, "plan")
    kind, routes = next(iter(scene.legal.place.items()))
    before = len(scene.match.state.actions)
    # On a road it may not go on (another free road, or one taken): nothing is played.
    glowing = set(routes)
    # A land road it may not go on, whose spot is not also within reach of a road it may go on.
    other = next(r.id for r in scene.board.bv.board.routes if r.id not in glowing and r.kind not in ("river", "lake")
                 and scene.board.drop_route(route_screen_point(scene, r.id), glowing) is None)
    src = my_counter(scene, kind)
    home = src.rect.center
    dst = route_screen_point(scene, other)
    mouse(app, pygame.MOUSEBUTTONDOWN, home)
    mouse(app, pygame.MOUSEMOTION, dst, rel=(5, 5))
    mouse(app, pygame.MOUSEBUTTONUP, dst)
    assert len(scene.match.state.actions) == before
    assert scene.message == app.t("elf.ui.notice.drop_on_glow")
    assert src.rect.center == home and not scene.counters.drag.active   # back in your counters
    assert scene.board.drag_routes is None
    # Off the map (on the log column): it just goes back.
    scene.message = None
    mouse(app, pygame.MOUSEBUTTONDOWN, home)
    mouse(app, pygame.MOUSEMOTION, scene.log_column.rect.center, rel=(400, -200))
    mouse(app, pygame.MOUSEBUTTONUP, scene.log_column.rect.center)
    assert len(scene.match.state.actions) == before and scene.message is None


def test_clicking_a_counter_then_a_road_places_it():
    app = make_app()
    scene = scene_at(app, "plan")
    kind, routes = sorted(scene.legal.place.items())[-1]
    route = max(routes)
    src = my_counter(scene, kind)
    click(app, src.rect.center)
    assert scene.selected == ("counter", kind) and src.selected
    assert scene.board.glowing_routes() == routes
    click(app, route_screen_point(scene, route))
    assert scene.view["counters"].get(str(route)) == kind
    assert scene.selected is None


def test_esc_puts_a_picked_counter_back_before_it_asks_for_the_menu():
    app = make_app()
    scene = scene_at(app, "plan")
    kind = next(iter(scene.legal.place))
    click(app, my_counter(scene, kind).rect.center)
    assert scene.selected == ("counter", kind)
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.selected is None and app.manager.top is scene


def test_clicking_a_reachable_town_moves_the_boot_and_pays():
    app = make_app()
    scene = scene_at(app, "move")
    me = scene.viewer
    before = scene.view["players"][me]
    hand = list(scene.view["hand"])
    town, routes = next(iter(scene.legal.reach.items()))
    cheapest = scene.legal.payments(routes)[0]
    click(app, town_screen_point(scene, town))
    if scene.chooser.visible:  # several ways to pay: the cheapest comes first
        assert scene.chooser.chooser.choices[0].value == cheapest
        app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert not scene.chooser.visible
    after = scene.view["players"][me]
    assert after["boot"] == town
    assert after["cards"] == before["cards"] - len(cheapest[2])
    left = list(hand)
    for c in cheapest[2]:
        left.remove(c)
    assert sorted(scene.view["hand"]) == sorted(left)


def test_a_payment_is_picked_with_a_click_in_the_chooser():
    app = make_app()
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandTableScene(app, demo_match("move", seed=1)))  # a town with two ways to pay
    town, routes = next((t, r) for t, r in scene.legal.reach.items() if len(scene.legal.payments(r)) > 1)
    payments = scene.legal.payments(routes)
    click(app, town_screen_point(scene, town))
    assert scene.chooser.visible
    before = len(scene.match.state.actions)
    click(app, (10, 10))                      # outside: the chooser closes, nothing is played
    assert not scene.chooser.visible and len(scene.match.state.actions) == before
    click(app, town_screen_point(scene, town))
    click(app, scene.chooser.chooser.row_rect(len(payments) - 1).center)
    assert scene.match.state.actions[-1][1] == payments[-1]


def test_a_click_on_the_map_is_answered_by_the_map_alone(monkeypatch):
    app = make_app()
    scene = scene_at(app, "move")
    asked = []
    for panel in scene.panels:
        monkeypatch.setattr(panel, "handle", (lambda f, p: lambda e: (asked.append(p), f(e))[1])(panel.handle, panel))
    town = next(iter(scene.legal.reach))
    click(app, town_screen_point(scene, town))
    assert set(asked[:2]) == {scene.board}    # down and up: the one panel, one intent back


def test_an_illegal_click_does_nothing_but_a_notice():
    app = make_app()
    scene = scene_at(app, "move")
    here = scene.view["players"][scene.viewer]["boot"]
    far = next(t for t in scene.board.bv.board.towns.values() if t.id not in scene.legal.reach and t.id != here)
    before = len(scene.match.state.actions)
    click(app, town_screen_point(scene, far.id))
    assert len(scene.match.state.actions) == before
    assert scene.message == app.t("error.illegal")
    # A counter of the supply outside the draw stage: a notice too.
    scene.message = None
    click(app, next(iter(scene.supply.pieces)).rect.center)
    assert len(scene.match.state.actions) == before and scene.message == app.t("error.illegal")


def test_zoom_and_pan_keep_the_board_inside_the_window():
    app = make_app()
    scene = scene_at(app, "plan")
    bv = scene.board.bv

    def inside():
        zw, zh = bv.zoomed_size()
        vw, vh = bv.rect.size
        if zw >= vw:
            assert 0 <= bv.ox <= zw - vw
        if zh >= vh:
            assert 0 <= bv.oy <= zh - vh
        assert bv.visible_map_rect().w == min(zw, vw) and bv.visible_map_rect().h == min(zh, vh)
        # every piece on the map stands where the map now puts it
        for p in scene.board.pieces:
            if p.kind == "counter":
                assert p.rect.center == route_screen_point(scene, p.key[1])

    inside()
    for _ in range(8):
        app.manager.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        scene.zoom(1, bv.rect.topleft)
        inside()
    assert bv.scale > bv.fit
    for rel in [(5000, 5000), (-9000, -9000), (300, -200)]:
        mouse(app, pygame.MOUSEBUTTONDOWN, bv.rect.center, button=3)
        mouse(app, pygame.MOUSEMOTION, (bv.rect.centerx + 10, bv.rect.centery + 10), rel=rel)
        mouse(app, pygame.MOUSEBUTTONUP, bv.rect.center, button=3)
        inside()
    # A left drag on the map pans too, and is no click.
    before = len(scene.match.state.actions)
    mouse(app, pygame.MOUSEBUTTONDOWN, bv.rect.center)
    mouse(app, pygame.MOUSEMOTION, (bv.rect.centerx + 40, bv.rect.centery), rel=(40, 0))
    mouse(app, pygame.MOUSEBUTTONUP, (bv.rect.centerx + 40, bv.rect.centery))
    assert len(scene.match.state.actions) == before and not scene.board.holding_mouse()
    inside()
    for key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_MINUS, pygame.K_RIGHT):
        app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        inside()
    app.manager.draw(app.screen)
    scene.zoom(-99)
    assert bv.scale == pytest.approx(bv.fit)
    inside()


def test_bots_only_reach_the_game_over_scene(monkeypatch):
    import scenes.app as appmod
    import scenes.match_scene as match_scene
    monkeypatch.setattr(appmod, "FPS", 0)  # the test follows the flow, not the 60 fps cap
    monkeypatch.setattr(match_scene, "GAME_OVER_PAUSE", 0.0)
    app = make_app()
    seats = [Seat(f"Bot {i}", "normal" if "normal" in ELF.bots and i % 2 else "easy") for i in range(3)]
    match = Match.new(ELF, seats, seed=11, options={"rounds": 3})
    table = app.manager.push(ElfenlandTableScene(app, match))
    for _ in range(5000):
        app.tick()
        wait_for_the_thought(table)
        if isinstance(app.manager.top, ElfenlandGameOverScene):
            break
    assert isinstance(app.manager.top, ElfenlandGameOverScene)
    assert match.state.is_over()


def test_a_boot_walks_its_road_when_bots_are_not_instant():
    app = make_app(speed="fast")
    scene = scene_at(app, "move")
    town, routes = next(iter(scene.legal.reach.items()))
    action = scene.legal.move[routes[0]][0]
    assert scene.act(action)
    boot = scene.board.pieces.by_key(("boot", scene.viewer))
    assert scene.tweens.moving(boot) and scene.holding()
    assert boot.rect.center != boot.home          # on its way, not yet in the new town
    scene.update(5.0)
    assert not scene.tweens.busy and boot.rect.center == boot.home


class Forbidden:
    """Stands in for the state's hidden fields: any use fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the scene read match.state internals ({name})")

    def __getitem__(self, key):
        raise AssertionError("the scene read match.state internals")

    def __iter__(self):
        raise AssertionError("the scene read match.state internals")


def test_the_scene_draws_only_its_view_and_legal_actions(monkeypatch):
    app = make_app()
    for phase in ("plan", "move"):
        scene = scene_at(app, phase)
        state = scene.match.state
        for field in ("hands", "secret", "up", "pile", "deck", "board_counters", "board_obstacles", "boots",
                      "visited", "face_up", "destinations"):
            monkeypatch.setattr(state, field, Forbidden())
        scene.on_view()
        scene.zoom(1)
        app.manager.draw(app.screen)
        for panel in scene.panels:   # the tooltips too come from the view alone
            for piece in panel.pieces:
                piece.tooltip()
        assert scene.view["seat"] == scene.viewer
        monkeypatch.undo()


def test_play_again_starts_a_new_table_with_the_same_seats():
    app = make_app()
    match = match_at("over")
    over = app.manager.push(ElfenlandGameOverScene(app, match))
    app.manager.draw(app.screen)
    over.play_again()
    table = app.manager.top
    assert isinstance(table, ElfenlandTableScene)
    assert [s.name for s in table.match.seats] == [s.name for s in match.seats]


# -- pieces, tooltips and motions --------------------------------------------------------------------
def all_pieces(scene):
    return [p for panel in scene.panels for p in panel.pieces]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_piece_says_what_it_is_and_what_it_does(lang):
    app = make_app(lang)
    for phase in PHASES:
        scene = scene_at(app, phase)
        kinds = set()
        for panel in scene.panels:
            for piece in panel.pieces:
                tip = piece.tooltip()
                assert tip and "{" not in tip and "elf.tip" not in tip, (phase, piece.key, tip)
                assert len(tip.split("\n")) >= 2 or piece.key[0] == "seat_secret", (piece.key, tip)
                kinds.add(piece.key[0])
        assert {"boot", "town", "seat"} <= kinds
        if phase in ("plan", "move"):  # counters on the map and in every hand, the supply, your cards
            assert {"counter", "seat_counter", "slot", "pile", "card"} <= kinds
        if phase == "plan":
            assert "mine" in kinds
    # A resting mouse over a counter on the map shows its note.
    scene = scene_at(app, "plan")
    counter = next(p for p in scene.board.pieces if p.kind == "counter")
    mouse(app, pygame.MOUSEMOTION, counter.rect.center)
    scene.update(1.0)
    assert scene.tip == counter.tooltip() and app.t("elf.tip.road_counter", kind="")[:2] in scene.tip
    app.manager.draw(app.screen)


def test_a_glowing_road_is_named_by_the_one_tooltip_and_the_transport_table_stays_clear():
    from game.elfenland.describe import route_name
    app = make_app()
    scene = scene_at(app, "plan")
    route = min(r for routes in scene.legal.place.values() for r in routes)
    point = route_screen_point(scene, route)
    assert scene.board.pieces.at(point) is None
    mouse(app, pygame.MOUSEMOTION, point)
    assert scene.board.hover_route == route and scene.tip is None   # no note before the mouse rests
    scene.update(1.0)
    assert scene.tip == route_name(route, app.t)
    scene.update(0.1)
    assert scene.tip == route_name(route, app.t)   # the same road's note, not dropped and made again
    # The transport table opened over the map (the T key): the road's note is kept off it.
    scene.transport.toggle()
    assert scene.tip_avoids(scene.board) == [scene.transport.rect]
    app.manager.draw(app.screen)
    mouse(app, pygame.MOUSEMOTION, (point[0] + 400, point[1] + 400))
    assert scene.tip is None


def test_taking_a_counter_flies_it_to_you_and_the_bots_wait_for_it():
    app = make_app(speed="normal")
    scene = scene_at(app, "draw")
    slot = min(scene.legal.take)
    kind = scene.view["face_up"][slot]
    start = scene.supply.pieces.by_key(("slot", slot)).rect.center
    actions = len(scene.match.state.actions)
    click(app, start)
    assert len(scene.match.state.actions) == actions + 1
    taken = [p for p in scene.counters.pieces if p.kind == ("counter", kind) and scene.tweens.moving(p)]
    assert taken and taken[0].rect.center != taken[0].home        # on its way from the supply
    assert scene.holding()
    for _ in range(5):                                            # a bot is next, but it waits
        scene.update(0.05)
    assert len(scene.match.state.actions) == actions + 1
    scene.tweens.update(5.0)
    assert not scene.tweens.busy and taken[0].rect.center == taken[0].home
    update_until_the_bot_moves(scene, app.settings.bot_delay + 0.01)  # landed: then the bot plays
    assert len(scene.match.state.actions) > actions + 1


def test_a_counter_from_the_pile_turns_over_as_it_lands():
    app = make_app(speed="normal")
    scene = scene_at(app, "draw")
    click(app, scene.supply.pieces.by_key(("pile",)).rect.center)
    drawn = next(e for e in reversed(scene.match.events) if e["type"] == "take_pile")
    piece = scene.counters.find(("counter", drawn["counter"]), "face_up")
    assert scene.tweens.moving(piece) and not piece.face_up          # still face down, as in the pile
    scene.tweens.update(0.5)                                          # landed: now it turns over
    assert 0.0 < piece.flip < 1.0 and scene.holding()
    scene.tweens.update(0.5)
    assert piece.face_up and piece.flip == 0.0 and not scene.tweens.busy
    assert piece.current() is piece.face


def test_a_secret_counter_placed_on_a_road_turns_face_up():
    app = make_app(speed="normal")
    scene = scene_at(app, "plan")
    secret = scene.view["secret_counters"]
    kind = next(k for k in secret if k in scene.legal.place and k not in scene.view["players"][scene.viewer]["counters"])
    route = min(scene.legal.place[kind])
    assert scene.act(("place", route, kind))
    piece = scene.board.pieces.by_key(("counter", route))
    assert scene.tweens.moving(piece) and not piece.face_up and scene.holding()
    app.manager.draw(app.screen)                                     # drawn in flight, face down
    scene.tweens.finish()
    assert piece.face_up and piece.rect.center == route_screen_point(scene, route)


def test_a_returned_card_leaves_the_hand():
    app = make_app(speed="normal")
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandTableScene(app, demo_match("finish", seed=6)))  # 8 cards: 4 go back
    assert scene.legal.discard
    card = sorted(scene.legal.discard)[0]
    click(app, scene.cards.pieces.by_key(("card", card)).rect.center)
    ghosts = [p for p in scene.cards.pieces if not p.hit]
    assert ghosts and all(scene.tweens.moving(g) for g in ghosts)
    app.manager.draw(app.screen)
    scene.update(5.0)
    assert not [p for p in scene.cards.pieces if not p.hit]          # gone once it has flown


def test_your_returned_card_is_one_line_in_the_log():
    app = make_app()
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandTableScene(app, demo_match("finish", seed=26)))
    card = sorted(scene.legal.discard)[0]
    before = len(scene.log_lines())
    click(app, scene.cards.pieces.by_key(("card", card)).rect.center)
    me = scene.name(scene.viewer)
    new = [ln for ln in scene.log_lines()[before:] if ln.startswith(me)]
    assert new == [app.t("elf.log.discard", name=me, card=app.t.name(elf_data()["transports"][card]))]
    assert app.t("elf.log.discarded", name=me) not in scene.log_lines()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_cards_still_to_return_are_counted_in_words(lang):
    app = make_app(lang)
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandTableScene(app, demo_match("finish", seed=26)))  # 8 cards: 4 go back
    said = []
    while scene.view["players"][scene.viewer]["discard_left"]:
        said.append(scene.prompt()[1])
        scene.act(("discard", sorted(scene.legal.discard)[0]))
    assert len(said) == 4 and all("(s)" not in s and "{" not in s for s in said)
    assert said[-1].startswith(app.t("elf.ui.prompt.discard_one", n=1))
    assert said[0].startswith(app.t("elf.ui.prompt.discard", n=4))
    if lang == "en":
        assert said[-1].startswith("Return one more travel card:") and said[0].startswith("Return 4 more travel cards:")
    assert "(s)" not in tips.pile(1, app.t, False) and "1 counters" not in tips.pile(1, app.t, False)


def test_dealt_cards_fly_into_the_hand():
    app = make_app(speed="normal")
    scene = scene_at(app, "finish")
    for _ in range(50):                                               # finish the round: a new deal
        if scene.view["phase"] != "finish":
            break
        if scene.can_act():
            scene.act(sorted(scene.match.state.legal_actions(scene.viewer))[0])
        else:
            scene.after_events(scene.match.step_bot())
    dealt = [e for e in scene.match.events if e["type"] == "cards_dealt" and e["seat"] == scene.viewer]
    assert dealt
    flying = [p for p in scene.cards.pieces if not p.hit]
    assert flying and scene.holding()
    scene.tweens.finish()
    assert not [p for p in scene.cards.pieces if not p.hit]



def test_no_note_shows_while_a_counter_is_carried():
    app = make_app()
    scene = scene_at(app, "plan")
    src = my_counter(scene, next(iter(scene.legal.place)))
    counter = next(p for p in scene.board.pieces if p.kind == "counter")
    mouse(app, pygame.MOUSEBUTTONDOWN, src.rect.center)
    mouse(app, pygame.MOUSEMOTION, counter.rect.center, rel=(50, -50))
    scene.update(1.0)
    assert scene.counters.holding_mouse() and scene.tip is None
    mouse(app, pygame.MOUSEBUTTONUP, scene.log_column.rect.center)


# -- the rules in words say what the engine does ----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_rules_pages_end_the_game_as_the_engine_does(lang):
    """All 20 markers end the game when that round's moving is over (not at once); the town-card
    variant's tie-break and its all-20 exception are written down."""
    from scenes.elfenland.rules_pages import pages
    from scenes.shell.rules_help import Para
    app = make_app(lang)
    words = "\n".join(b.text for page in pages(app) for b in page.blocks if isinstance(b, Para))
    end, variant = app.t("elf.rules.end"), app.t("elf.rules.variant")
    assert end in words and variant in words
    if lang == "en":
        assert "at once when" not in end and "when a round's moving is over" in end and "all 20" in end
        assert "shorter distance, then to more travel cards" in variant and "all 20 town markers still wins" in variant
    else:
        assert "立即結束" not in end and "移動階段結束時" in end and "全部 20 個城鎮標記" in end
        assert "距離較短者獲勝，再平手則比手上旅行卡張數" in variant and "仍然獲勝" in variant


def test_the_docs_end_the_game_as_the_engine_does():
    from pathlib import Path
    notes = (Path(__file__).resolve().parents[1] / "docs" / "elfenland.md").read_text("utf-8")
    section = notes.split("## How to play", 1)[1].split("\n## ", 1)[0]
    flat = " ".join(section.split())
    assert "ends the game at once" not in flat
    assert "when a round's moving ends" in flat and "shorter distance, then more cards" in flat


def test_the_results_say_all_twenty_markers_won():
    m = demo_match("move", seed=2, options={"variant": "destination"})
    st = m.state
    st.visited[1] = list(st.T.marker_towns)
    st._legal = {}
    while not st.is_over():
        seat = st.to_act()[0]
        m.act(seat, ("end_move",))
    app = make_app()
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandGameOverScene(app, m))
    assert scene.winners() == [1]
    assert scene.reason() == app.t("elf.over.reason_all", names=m.seats[1].name)
    app.manager.draw(app.screen)


# -- the towns still to visit --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_towns_still_to_visit_are_clearly_seen(size):
    """Each seat's marker still on a town is a dot of at least 10 px across (plus its rim) at every
    window size; five or six seats' dots stay apart, off the plaque and inside the town's room."""
    import math
    from scenes.elfenland.board_view import MARKER_RIM
    from scenes.ui import theme
    app = make_app("en", size)
    scene = scene_at(app, "draw")
    app.manager.draw(app.screen)
    bv = scene.board.bv
    n = scene.view["n_players"]
    dot, _ = bv.marker_dots(n)
    assert 2 * dot >= 10 and 2 * (dot + MARKER_RIM) >= 14
    for seats in range(2, 7):
        d, ring = bv.marker_dots(seats)
        assert d >= 4
        assert ring - d - MARKER_RIM >= bv.town_radius(False) - 0.5            # off the plaque
        assert ring + d + MARKER_RIM <= bv.marker_room(False) + 1               # names keep out of it
        spots = [p for _, p in bv.marker_spots("Feodor", range(seats), seats)]
        gaps = [math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]]
        assert min(gaps) >= 2 * (d + MARKER_RIM) - 0.5                          # apart
    # On screen: every dot of a town in view is painted in its seat's colour, all across.
    seen = 0
    for town, seats in scene.view["town_markers"].items():
        for s, (x, y) in bv.marker_spots(town, seats, n):
            centre = (round(x) + bv.rect.x, round(y) + bv.rect.y)
            if not bv.rect.inflate(-4 * dot, -4 * dot).collidepoint(centre):
                continue
            if any(p.rect.collidepoint(centre) for p in scene.board.pieces if p.kind in ("boot", "counter")):
                continue
            for dx in (-(dot - 2), 0, dot - 2):
                assert app.screen.get_at((centre[0] + dx, centre[1]))[:3] == theme.seat_colour(s), (town, s)
            seen += 1
    assert seen >= 40


# -- the star on a counter's back ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_star_on_face_down_counters_is_explained(lang):
    """The pile and every face-down counter in the players' rows say what the star is; the rules'
    components page has a legend of the table's symbols, the star first."""
    from scenes.elfenland.rules_pages import pages
    from scenes.shell.rules_help import Heading, Picture
    app = make_app(lang)
    scene = scene_at(app, "plan")
    star = app.t("elf.tip.star")
    assert star.startswith("★") and star != "elf.tip.star"
    backs = [p for p in scene.seats.pieces if p.key[0] == "seat_secret"] + [scene.supply.pieces.by_key(("pile",))]
    assert len(backs) >= 2 and all(star in p.tooltip().split("\n") for p in backs)
    components = pages(app)[2].blocks
    i = next(i for i, b in enumerate(components) if isinstance(b, Heading) and b.text == app.t("elf.rules.h.legend"))
    legend = components[i + 1]
    assert isinstance(legend, Picture) and legend.render(app.px(900)).get_height() > app.px(100)
    name = "star of Elvenhold" if lang == "en" else "精靈堡之星"
    assert name in star and name in app.t("elf.rules.legend.star")


def _open_pick(app) -> ElfenlandTableScene:
    """Two people and a bot: the table at a person's second counter pick, on the public view."""
    match = Match.new(GAMES["elfenland"], [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")], seed=1,
                      options={"start_player": 0})
    scene = app.manager.push(ElfenlandTableScene(app, match))
    for _ in range(200):
        if match.state.phase == "draw" and scene.viewer is None and scene.can_act():
            return scene
        if isinstance(app.manager.top, CurtainScene):
            click(app, (10, 10))
        elif match.bot_to_move() is not None:
            scene.after_events(match.step_bot())
        else:
            scene.act(match.state.legal_actions(scene.decider)[0])
    raise AssertionError("no counter pick in the open")


def test_a_later_counter_pick_is_taken_on_the_public_view_with_a_click():
    app = make_app()
    scene = _open_pick(app)
    app.manager.draw(app.screen)
    person, before = scene.decider, len(scene.match.state.actions)
    assert scene.view["hand"] is None or scene.view["hand"] == []  # nobody's cards on the screen
    assert scene.prompt()[1].startswith(scene.name(person) + ": ")
    pile = next(p for p in scene.supply.pieces if p.action == ("take_pile",))
    click(app, pile.rect.center)
    assert scene.match.state.actions[before:] == [(person, ("take_pile",))]


def test_my_cards_passes_the_screen_to_the_person_picking_in_the_open():
    app = make_app()
    scene = _open_pick(app)
    app.manager.draw(app.screen)
    person = scene.decider
    assert scene.prompts.btn_look.visible and not scene.prompts.btn_undo.visible
    click(app, scene.prompts.btn_look.rect.center)
    assert isinstance(app.manager.top, CurtainScene)
    click(app, (10, 10))
    assert scene.viewer == person and scene.can_act() and scene.view["hand"]
    assert not scene.prompts.btn_look.visible


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_transport_table_button_keeps_its_words_at_the_text_size(lang, text_size):
    """Its name is longer than Rules and Menu: the button widens with the words rather than shrink them."""
    from scenes.settings_store import Settings
    from scenes.elfenland.demo import demo_scene
    app = App(lang=lang, size=(1024, 600), first_scene=False, settings=Settings(lang=lang, text_size=text_size))
    scene = app.manager.reset(demo_scene(app, "draw", seed=2))
    app.manager.draw(app.screen)
    button, fonts = scene.top_bar.btn_table, app.fonts
    words = fonts.text(app.t("elf.ui.transport_table"), fonts.read(button.size), (0, 0, 0))
    assert words.get_width() <= button.rect.w - 12   # Button.draw shrinks the words past this
    assert not button.rect.colliderect(scene.top_bar.btn_rules.rect)


def test_the_results_rank_a_tie_by_the_rules_tie_breaks():
    """Equal scores in the destination variant: the shorter distance first, then more cards, in the
    table and the winners' column alike (not in seat order)."""
    m = demo_match("move", seed=2, options={"variant": "destination"})
    st = m.state
    st.visited[1] = list(st.T.marker_towns)
    st._legal = {}
    while not st.is_over():
        m.act(st.to_act()[0], ("end_move",))
    app = make_app()
    app.manager.stack.clear()
    scene = app.manager.push(ElfenlandGameOverScene(app, m))
    n = len(m.seats)
    # Every seat but the winner (seat 1) ties at 10, seat s standing s roads from its destination.
    scene.result = dict(scene.result, markers=[10 + d for d in range(n)], scores=[10] * n,
                        distances=list(range(n)), cards=[3] * n, winners=[1])
    scene.result["markers"][1], scene.result["scores"][1] = 20, 20
    order = scene.order()
    assert order == [1] + [s for s in range(n) if s != 1]   # the nearest first
    scene.result["distances"] = [n - s for s in range(n)]   # now the last seat is the nearest
    scene.result["markers"] = [10 + n - s for s in range(n)]
    assert scene.order() == [1] + [s for s in reversed(range(n)) if s != 1]
    app.manager.draw(app.screen)


def test_the_basic_game_s_results_rank_a_tie_by_more_cards():
    from game.elfenland.state import standing
    result = {"markers": [7, 7, 7], "scores": [7, 7, 7], "cards": [1, 4, 2], "distances": None}
    assert sorted(range(3), key=lambda s: standing(result, s, 20), reverse=True) == [1, 2, 0]


@pytest.mark.parametrize("text_size", [100, 125])
def test_a_glowing_cards_count_badge_lies_over_its_glow(text_size):
    """In the finish phase your cards glow (each may be returned): the "×n" badge under each is drawn
    after the glow, so its lower edge is the badge's own ink, not washed over."""
    from scenes.settings_store import Settings
    from scenes.elfenland.demo import demo_scene
    from scenes.ui import theme
    app = App(lang="zh_TW", size=(1024, 600), first_scene=False, settings=Settings(lang="zh_TW", text_size=text_size))
    scene = app.manager.reset(demo_scene(app, "finish", seed=5))   # six cards to return from
    app.manager.draw(app.screen)
    cards, px = scene.cards, app.px
    glowing = [p for p in cards.pieces.sprites() if p.hit and p.glowing]
    assert glowing
    for p in glowing:
        right, bottom = p.rect.right + px(3), p.rect.bottom + px(2) + cards.tx(16) - px(16)
        assert tuple(app.screen.get_at((right - px(6), bottom - 1)))[:3] == theme.INK


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_lakes_name_stays_whole_inside_the_map_at_fit(lang, text_size, size):
    """A lake at the map's edge (Mare Nebulae) has its name moved inward, a step smaller where a
    town stands there: none is cut at the edge, none lies over a town."""
    from scenes.settings_store import Settings
    from scenes.elfenland.demo import demo_scene
    app = App(lang=lang, size=size, first_scene=False, settings=Settings(lang=lang, text_size=text_size))
    scene = app.manager.reset(demo_scene(app, "draw", seed=1))
    app.manager.draw(app.screen)
    bv = scene.board.bv
    drawn = pygame.Rect(bv.to_screen(0, 0), (bv.map_w * bv.scale, bv.map_h * bv.scale)).clip(bv.rect)
    x, y = bv.to_screen(0, 0)
    towns = [pygame.Rect(t.x * bv.scale - app.px(16), t.y * bv.scale - app.px(16), app.px(32), app.px(32))
             for t in bv.board.towns.values()]
    for lid, box in bv.layout().lakes.items():
        assert drawn.contains(box.move(round(x), round(y))), lid
        assert box.collidelist(towns) == -1, lid
