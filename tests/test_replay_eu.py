"""European Union watched again with "All hidden cards" (issue 11: the public view by default, every
hidden card as an explicit choice).

What European Union keeps behind each party's screen is its influence, and, until they are
revealed all at once, its bid in an auction and its vote on a bill. view_all adds exactly these to
the public view; the table then shows every party's influence, each secret bid and vote on the
party's plate (and the bids on the side card), each with the "hidden at this moment" mark that
says, when the mouse rests on it, that only that party knew it then.
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.core.match import Match
from game.core.replay import ALL_EYES
from game.registry import GAMES
from scenes.app import App
from scenes.european_union import secret
from scenes.european_union.bids import BidsPanel
from conftest import random_game, random_states
from test_replay import watch

SPEC = GAMES["european_union"]


def played(n: int, seed: int) -> Match:
    """A whole game by random legal moves (seat 0 a person, the others bots)."""
    return random_game(SPEC, n, seed)


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(json.dumps(played(7, 3).to_save()))


def app_at(size: tuple[int, int], lang: str = "en") -> App:
    app = App(lang=lang, size=size)
    app.settings.bot_speed = "normal"
    return app


@pytest.fixture
def app():
    app = app_at((1280, 720))
    yield app
    pygame.display.quit()


def each_state(seed: int = 4, n: int = 5):
    """The state after every action of a random game."""
    return random_states(SPEC, n, seed)


def first_position(data: dict, phase: str, kind: str) -> int:
    """The first action of the record after which some, not all, parties have made their secret
    bid (kind "bid") or vote (kind "vote") in this phase."""
    state = SPEC.new_game(len(data["seats"]), data["seed"], data.get("options", {}))
    for i, (seat, action) in enumerate(data["actions"]):
        held = state.bids if kind == "bid" else state.votes
        if state.phase == phase and 0 < len(held) < state.n_players:
            return i
        state.apply(seat, tuple(tuple(a) if isinstance(a, list) else a for a in action))
    raise AssertionError(f"no {phase} with some {kind}s made in this record")


def all_eyes_at(app: App, data: dict, position: int):
    scene = watch(app, data)
    scene.seek(position)
    app.manager.top.watch_as(ALL_EYES)
    app.tick()
    return app.manager.top


# -- the view ------------------------------------------------------------------------------------
def test_all_hidden_cards_shows_every_partys_influence_behind_its_screen():
    for state in each_state():
        v = state.view_all()
        assert [p["influence"] for p in v["players"]] == list(state.influence)
        assert v["all_seen"] is True


def test_all_hidden_cards_shows_each_bid_made_in_secret_until_the_bids_are_revealed():
    seen = False
    for state in each_state():
        v = state.view_all()
        assert {p["seat"]: p["bid"] for p in v["players"] if p["bid"] is not None} == state.bids
        seen = seen or (state.phase == "bid" and 0 < len(state.bids) < state.n_players)
    assert seen, "the game had an auction with some bids made"


def test_all_hidden_cards_shows_each_vote_cast_in_secret_until_the_votes_are_revealed():
    seen = False
    for state in each_state():
        v = state.view_all()
        assert {p["seat"]: p["vote"] for p in v["players"] if p["vote"] is not None} == state.votes
        seen = seen or (state.phase == "vote" and 0 < len(state.votes) < state.n_players)
    assert seen, "the game had a vote with some votes cast"


def test_all_hidden_cards_is_the_public_view_plus_only_the_hidden_things():
    hidden = {"influence", "bid", "vote"}
    for state in each_state(seed=6, n=3):
        public, v = state.view(None), state.view_all()
        assert {k: x for k, x in v.items() if k not in ("players", "all_seen")} == \
            {k: x for k, x in public.items() if k != "players"}
        for p, q in zip(v["players"], public["players"]):
            assert {k: x for k, x in p.items() if k not in hidden} == {k: x for k, x in q.items() if k != "influence"}


def test_the_public_and_each_seats_view_are_unchanged_by_all_hidden_cards():
    for state in each_state(seed=5, n=4):
        before = [state.view(s) for s in [None, *range(state.n_players)]]
        state.view_all()
        after = [state.view(s) for s in [None, *range(state.n_players)]]
        assert after == before
        assert all(p["influence"] is None for p in before[0]["players"]) or state.is_over()
        assert "all_seen" not in before[0] and all("bid" not in p for p in before[0]["players"])


# -- the table -----------------------------------------------------------------------------------
def marks(scene) -> dict:
    return {p.key[1:]: p for p in scene.seats.pieces if p.key[0] == "secret"}


def test_each_partys_plate_shows_its_influence_with_the_hidden_mark(app, data):
    scene = all_eyes_at(app, data, first_position(data, "vote", "vote"))
    assert [p["influence"] for p in scene.view["players"]] == list(scene.match.state.influence)
    for s in range(scene.n):
        mark = marks(scene)[(s, "influence")]
        assert scene.tooltip_at(mark.rect.center) == secret.tip(app.t, scene.name(s))


def test_a_secret_vote_shows_on_its_plate_with_the_hidden_mark_and_says_so_when_the_mouse_rests(app, data):
    scene = all_eyes_at(app, data, first_position(data, "vote", "vote"))
    votes = scene.match.state.votes
    assert votes and len(votes) < scene.n
    for s in range(scene.n):
        text, _ = scene.seats._status(s)
        if s in votes:
            assert text == app.t("eu.ui.vote_word." + votes[s])
            mark = marks(scene)[(s, "status")]
            assert scene.tooltip_at(mark.rect.center) == secret.tip(app.t, scene.name(s))
        else:
            assert text == app.t("eu.ui.tag.voting") and (s, "status") not in marks(scene)


def test_a_secret_bid_shows_its_amount_on_the_plate_and_the_side_card(app, data, monkeypatch):
    lines = []
    real = BidsPanel._seat_line

    def spy(self, layer, s, y, right, colour, bold=False, hidden=False):
        lines.append((s, right, hidden))
        return real(self, layer, s, y, right, colour, bold, hidden)
    monkeypatch.setattr(BidsPanel, "_seat_line", spy)
    scene = all_eyes_at(app, data, first_position(data, "bid", "bid"))
    scene.felt.stale = True
    app.request_redraw()
    app.tick()
    bids = scene.match.state.bids
    assert bids and len(bids) < scene.n
    said = {s: (right, hidden) for s, right, hidden in lines}
    for s in range(scene.n):
        if s in bids:
            assert said[s] == (app.t("eu.ui.bids.row", bid=bids[s]), True)
            assert scene.seats._status(s)[0] == app.t("eu.ui.tag.bid_amount", n=bids[s])
            assert (s, "status") in marks(scene)
        else:
            assert said[s] == (app.t("eu.ui.bid.thinking"), False)


def test_the_public_view_of_a_replay_shows_no_hidden_mark_and_no_secret(app, data):
    scene = watch(app, data)
    scene.seek(first_position(data, "vote", "vote"))
    scene = app.manager.top
    assert not marks(scene)
    assert all(scene.seats._status(s)[0] in (app.t("eu.ui.tag.voted"), app.t("eu.ui.tag.voting"))
               for s in range(scene.n))


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_hidden_marks_stay_on_their_plates_clear_of_the_numbers_and_the_power_chip(data, size, lang):
    app = app_at(size, lang)
    try:
        for phase, kind in (("vote", "vote"), ("bid", "bid")):
            scene = all_eyes_at(app, data, first_position(data, phase, kind))
            seats, px = scene.seats, app.px
            for s in range(scene.n):
                plate = seats.plate_rect(s)
                _, at = seats._influence_text(s, plate)
                power = app.fonts.text(app.t("eu.ui.power_chip", n=scene.power(s)), px(13), (0, 0, 0), True)
                chip = pygame.Rect(0, 0, power.get_width() + px(10), px(20))
                chip.topright = (plate.right - px(8), at.centery - px(10))
                for (seat, what), mark in marks(scene).items():
                    if seat != s:
                        continue
                    assert plate.contains(mark.rect), (s, what)
                    assert not mark.rect.colliderect(chip) and not mark.rect.colliderect(at), (s, what)
                assert at.right <= chip.x, "the influence stays clear of the power chip"
                status = seats._status_chip(s, plate)
                if status and (s, "status") in marks(scene):
                    assert not marks(scene)[(s, "status")].rect.colliderect(status[1])
    finally:
        pygame.display.quit()
