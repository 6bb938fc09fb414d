"""Elfenland watched again with "All hidden cards" (issue 11: the public view by default, every
hidden card as an explicit choice).

What Elfenland hides is each player's travel cards, their secret counters and, in the destination
variant, their town card. view_all adds exactly these to the public view; the table then shows
every hand face up on its player's row after an eye mark, the secret counters face up with their
eye, each destination flagged, every event in the log, and the private moves on the screen too.
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.core.match import Match
from game.core.replay import ALL_EYES
from game.elfenland.describe import town_name
from game.registry import GAMES
from scenes.app import App
from scenes.elfenland import sprites as art
from conftest import random_game, random_states
from test_replay import watch

SPEC = GAMES["elfenland"]
HIDDEN = ("hand", "secret_kinds", "destination")


def played(n: int, seed: int, options: dict) -> Match:
    """A whole game by random legal moves (seat 0 a person, the others bots)."""
    return random_game(SPEC, n, seed, options)


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(json.dumps(played(6, 8, {"variant": "destination"}).to_save()))


@pytest.fixture
def bot_speed() -> str:
    return "normal"  # the replay's own pace, as a player sees it


def each_state(options: dict, seed: int = 4, n: int = 4):
    """The state after every action of a random game."""
    return random_states(SPEC, n, seed, options)


def all_eyes_at(app: App, data: dict, phase: str):
    """The replay with every hidden card shown, at the first action of `phase` in round 2."""
    scene = watch(app, data)
    match = scene.match
    match.seek(0)
    while not (match.state.round == 2 and match.state.phase == phase):
        match.forward()
    scene.seek(match.position)
    app.manager.top.watch_as(ALL_EYES)
    app.tick()
    return app.manager.top


@pytest.mark.parametrize("variant", ["basic", "destination"])
def test_all_hidden_cards_shows_each_players_travel_cards_secret_counters_and_destination(variant):
    for state in each_state({"variant": variant}):
        v = state.view_all()
        for p in v["players"]:
            s = p["seat"]
            assert p["hand"] == state.hand_list(s) and len(p["hand"]) == p["cards"]
            assert sorted(p["secret_kinds"]) == sorted(state.secret[s])
            assert len(p["secret_kinds"]) == p["secret_counters"]
            assert p["destination"] == (state.destinations[s] if variant == "destination" else None)
        assert v["all_seen"] is True


def test_the_public_view_and_each_seats_view_stay_as_they_were():
    for state in each_state({"variant": "destination"}, seed=9, n=3):
        before = [state.view(x) for x in (None, 0, 1, 2)]
        v = state.view_all()
        assert [state.view(x) for x in (None, 0, 1, 2)] == before, "view_all changes nothing"
        public = before[0]
        assert {k: x for k, x in v.items() if k != "all_seen"} == {
            **public, "players": [{**p, **{h: q[h] for h in HIDDEN}} for p, q in zip(public["players"], v["players"])]}
        assert all(not set(HIDDEN) & set(p) for p in public["players"]), "the public view names nothing hidden"


def test_the_players_rows_show_every_hand_face_up_after_the_hidden_mark(app, data):
    scene = all_eyes_at(app, data, "plan")
    v, seats, px = scene.view, scene.seats, app.px
    assert any(p["hand"] for p in v["players"])
    for p in v["players"]:
        s = p["seat"]
        cards = sorted((x for x in seats.pieces.sprites() if x.key[:2] == ("seat_card", s)), key=lambda x: x.key[2])
        assert [x.what for x in cards] == [("card", k) for k in p["hand"]]
        assert all(x.face is art.travel_card(k, px(14)) for x, k in zip(cards, p["hand"]))
        row = seats.row(s)
        assert all(row.contains(x.rect) for x in cards), "a hand stays on its own row"
        for x in cards:  # the tip says the cards were hidden and names the destination
            tip = x.tooltip()
            assert "hidden" in tip.lower() and town_name(p["destination"], app.t) in tip


def test_a_secret_counter_is_face_up_with_its_eye_mark(app, data):
    scene = all_eyes_at(app, data, "draw")
    mini = app.px(16)
    secrets = [(p["seat"], k) for p in scene.view["players"] for k in p["secret_kinds"]]
    assert secrets, "each player drew a secret counter at the round's start"
    for s, k in secrets:
        piece = scene.seats.find(s, None)
        shown = pygame.image.tobytes(piece.face, "RGBA")
        assert shown == pygame.image.tobytes(art.counter_tile(k, mini, True), "RGBA")
        assert shown != pygame.image.tobytes(art.counter_back(mini), "RGBA")


def test_the_public_view_still_shows_backs_and_no_hands(app, data):
    all_eyes_at(app, data, "draw").watch_as(None)
    scene = app.manager.top
    mini = app.px(16)
    assert not [x for x in scene.seats.pieces.sprites() if x.key[0] == "seat_card"]
    backs = [x for x in scene.seats.pieces.sprites() if x.key[0] == "seat_secret"]
    assert backs and all(x.face is art.counter_back(mini) for x in backs)


def test_each_destination_is_flagged_on_the_map_in_its_players_colour(app, data):
    from scenes.ui import theme
    scene = all_eyes_at(app, data, "move")
    bv = scene.board.bv
    surf = pygame.Surface(bv.rect.size, pygame.SRCALPHA)
    scene.board._paint_markers(surf, surf.get_rect())
    seen = 0
    for p in scene.view["players"]:
        town = bv.board.towns[p["destination"]]
        cx, cy = bv.local(town.x, town.y)
        flag = (round(cx + bv.town_radius(town.capital) * 0.9 + app.px(4)), round(cy - app.px(20)))
        if surf.get_rect().collidepoint(flag):  # the map at its first zoom shows nearly every town
            assert tuple(surf.get_at(flag))[:3] == tuple(theme.seat_colour(p["seat"]))[:3], p["destination"]
            seen += 1
    assert seen >= 4


def test_the_log_names_the_cards_each_player_is_dealt(app, data):
    scene = all_eyes_at(app, data, "draw")
    names = [s.name for s in scene.match.seats]
    lines = scene.log_lines()
    dealt = [e for e in scene.match.events if e["type"] == "cards_dealt" and e["cards"]]
    assert {e["seat"] for e in dealt} == set(range(len(names)))
    for e in dealt:
        assert scene.describe(e, app.t, names) in lines


def test_a_card_another_player_pays_leaves_their_row(app, data):
    """With every hidden card shown, paying for a road sends the cards from the payer's row; the
    public view shows no such cards to move."""
    at = next(i for i, (_, action) in enumerate(data["actions"]) if action[0] == "move")
    for eyes, ghosts in ((ALL_EYES, True), (None, False)):
        scene = watch(app, data)
        scene.seek(at)
        app.manager.top.watch_as(eyes)
        scene = app.manager.top
        scene.step_forward()
        flying = [x for x in scene.cards.pieces.sprites() if x.key[0] == "ghost"]
        assert bool(flying) == ghosts, f"cards leaving a row, watched with eyes {eyes!r}"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_six_players_rows_with_every_hidden_card_fit_above_the_log(data, size, lang):
    app = App(lang=lang, size=size)
    try:
        scene = all_eyes_at(app, data, "plan")
        seats = scene.seats
        rows = [seats.row(s) for s in range(6)]
        assert all(seats.rect.contains(r) for r in rows)
        assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:])), "rows do not overlap"
        assert seats.rect.bottom < scene.log_column.rect.top
        assert scene.log_column.rect.h >= app.px(90), "the log keeps room for a few lines"
        for x in seats.pieces.sprites():
            assert rows[x.key[1]].contains(x.rect), x.key
    finally:
        pygame.display.quit()
