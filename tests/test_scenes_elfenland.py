"""The Elfenland table, rules overlay and results under SDL's dummy driver."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.registry import GAMES  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.registry import TABLES, playable  # noqa: E402
from scenes.rules_help import RulesHelpScene  # noqa: E402
from scenes.elfenland.demo import PHASES, demo_match  # noqa: E402
from scenes.elfenland.game_over import ElfenlandGameOverScene  # noqa: E402
from scenes.elfenland.table import ElfenlandTableScene  # noqa: E402

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
    x, y = scene.bv.to_screen(*scene.bv.counter_at(route))
    return round(x), round(y)


def test_elfenland_is_registered_and_playable():
    assert TABLES["elfenland"] == ("scenes.elfenland.table", "ElfenlandTableScene")
    assert playable("elfenland")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_draws_in_every_phase(lang, size):
    app = make_app(lang, size)
    screen = app.screen.get_rect()
    for phase in PHASES:
        scene = scene_at(app, phase)
        app.manager.draw(app.screen)
        assert scene.layer.get_size() == size
        for r in (scene.bv.rect, scene.strip, scene.col, scene.players_rect, scene.log.rect):
            assert screen.contains(r)
        for tg in scene.targets:
            assert scene.strip.contains(tg.rect)
        for b in scene.buttons.widgets:
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
    kind, routes = next(iter(scene.legal_place.items()))
    route = min(routes)
    src = next(tg for tg in scene.targets if tg.kind == "mine" and tg.value[0] == kind)
    dst = route_screen_point(scene, route)
    mouse(app, pygame.MOUSEBUTTONDOWN, src.rect.center)
    mouse(app, pygame.MOUSEMOTION, (src.rect.centerx + 20, src.rect.centery - 20), rel=(20, -20))
    assert scene.drag is not None and route in scene.glowing_routes()
    mouse(app, pygame.MOUSEMOTION, dst, rel=(1, 1))
    mouse(app, pygame.MOUSEBUTTONUP, dst)
    assert scene.view["counters"].get(str(route)) == kind


def test_clicking_a_counter_then_a_road_places_it():
    app = make_app()
    scene = scene_at(app, "plan")
    kind, routes = sorted(scene.legal_place.items())[-1]
    route = max(routes)
    src = next(tg for tg in scene.targets if tg.kind == "mine" and tg.value[0] == kind)
    click(app, src.rect.center)
    assert scene.selected == ("counter", kind)
    assert scene.glowing_routes() == routes
    click(app, route_screen_point(scene, route))
    assert scene.view["counters"].get(str(route)) == kind


def test_clicking_a_reachable_town_moves_the_boot_and_pays():
    app = make_app()
    scene = scene_at(app, "move")
    me = scene.viewer
    before = scene.view["players"][me]
    hand = list(scene.view["hand"])
    town, routes = next(iter(scene.reach.items()))
    t = scene.bv.board.towns[town]
    pos = tuple(round(c) for c in scene.bv.to_screen(t.x, t.y))
    cheapest = sorted((a for r in routes for a in scene.legal_move[r]),
                      key=lambda a: (len(a[2]), len(set(a[2])), a[2]))[0]
    click(app, pos)
    if scene.chooser is not None:  # several ways to pay: the cheapest comes first
        assert scene.chooser.choices[0].value == cheapest
        scene.chooser.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    after = scene.view["players"][me]
    assert after["boot"] == town
    assert after["cards"] == before["cards"] - len(cheapest[2])
    left = list(hand)
    for c in cheapest[2]:
        left.remove(c)
    assert sorted(scene.view["hand"]) == sorted(left)


def test_an_illegal_click_does_nothing_but_a_notice():
    app = make_app()
    scene = scene_at(app, "move")
    here = scene.view["players"][scene.viewer]["boot"]
    far = next(t for t in scene.bv.board.towns.values() if t.id not in scene.reach and t.id != here)
    before = len(scene.match.state.actions)
    click(app, tuple(round(c) for c in scene.bv.to_screen(far.x, far.y)))
    assert len(scene.match.state.actions) == before
    assert scene.message == app.t("error.illegal")
    # And in the plan phase, dropping a counter off any glowing road places nothing.
    scene = scene_at(app, "plan")
    before = len(scene.match.state.actions)
    src = next(tg for tg in scene.targets if tg.kind == "mine")
    mouse(app, pygame.MOUSEBUTTONDOWN, src.rect.center)
    mouse(app, pygame.MOUSEMOTION, scene.bv.rect.topleft, rel=(-50, -50))
    mouse(app, pygame.MOUSEBUTTONUP, (scene.bv.rect.x + 3, scene.bv.rect.y + 3))
    assert len(scene.match.state.actions) == before
    assert scene.message


def test_zoom_and_pan_keep_the_board_inside_the_window():
    app = make_app()
    scene = scene_at(app, "plan")
    bv = scene.bv

    def inside():
        zw, zh = bv.zoomed_size()
        vw, vh = bv.rect.size
        if zw >= vw:
            assert 0 <= bv.ox <= zw - vw
        if zh >= vh:
            assert 0 <= bv.oy <= zh - vh
        assert bv.visible_map_rect().w == min(zw, vw) and bv.visible_map_rect().h == min(zh, vh)

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
    app.manager.push(ElfenlandTableScene(app, match))
    for _ in range(5000):
        app.tick()
        if isinstance(app.manager.top, ElfenlandGameOverScene):
            break
    assert isinstance(app.manager.top, ElfenlandGameOverScene)
    assert match.state.is_over()


def test_a_boot_walks_its_road_when_bots_are_not_instant():
    app = make_app(speed="fast")
    scene = scene_at(app, "move")
    town, routes = next(iter(scene.reach.items()))
    action = scene.legal_move[routes[0]][0]
    assert scene.act(action)
    assert scene.anims and scene.anims[0].key == ("boot", scene.viewer)
    scene.update(5.0)
    assert not scene.anims


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
