"""The seats the table waits on are marked on their plates, at every screen: an hourglass and the word
"Deciding" (scenes/ui/deciding.py), for people and bots; in a decision everyone makes at once each seat
still to decide is marked and a seat that has decided loses the mark; the mark says who, never what;
a seat whose decider the view keeps secret is not marked; an away person's plate says away instead."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes import table_scene as table_module
from scenes.app import App
from scenes.european_union import seats as eu_seats
from scenes.registry import table_scene
from test_net_sending import SEAT, frame, seat_table


def spy_marks(monkeypatch) -> list[tuple]:
    """Every deciding tag drawn: (where, words) — over a plate by the table, or by European Union's
    plates at their status tag's place."""
    drawn: list[tuple] = []
    real, real_at, real_span = table_module.draw_deciding, eu_seats.draw_deciding_at, table_module.draw_deciding_at

    def on_plate(surface, plate, words, *args, **kw):
        drawn.append((plate.copy(), words))
        return real(surface, plate, words, *args, **kw)

    def at_place(surface, corner, point, words, *args, **kw):
        drawn.append((point, words))
        return real_at(surface, corner, point, words, *args, **kw)
    def in_span(surface, corner, point, words, *args, **kw):
        drawn.append((point, words))
        return real_span(surface, corner, point, words, *args, **kw)
    monkeypatch.setattr(table_module, "draw_deciding", on_plate)
    monkeypatch.setattr(table_module, "draw_deciding_at", in_span)
    monkeypatch.setattr(eu_seats, "draw_deciding_at", at_place)
    return drawn


def marked_seats(scene, drawn: list[tuple]) -> set[int]:
    """The seats whose plate holds a tag drawn."""
    found = set()
    for where, _ in drawn:
        for s in range(scene.n):
            plate = scene.seat_plate(s)
            if plate is not None and (plate == where if hasattr(where, "w") else plate.collidepoint(where)):
                found.add(s)
    return found


def played_until(game: str, wanted, lang: str = "en", seed: int = 3, people: int = 1):
    """A table of `game` (seat 0 a person, the others bots unless `people` says more), played at
    random until `wanted(view)` holds for the public state; the scene on screen."""
    spec = GAMES[game]
    n = min(4, spec.max_players)
    seats = [Seat(f"P{i}") if i < people else Seat(f"Bot {i}", "normal") for i in range(n)]
    match = Match.new(spec, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        state = match.state
        if wanted(state) or state.is_over():
            break
        seat = state.to_act()[0]
        match.act(seat, rng.choice(state.legal_actions(seat)))
    assert wanted(match.state)
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    scene = app.manager.push(table_scene(app, match))
    for seat in match.humans:
        if match.handoff_needed() == seat:
            match.confirm_handoff(seat)
    scene.refresh()
    return app, scene, match


def draw(app, scene) -> None:
    scene.dirty = True
    app.manager.draw(app.screen)


def everyone_votes(state) -> bool:
    return state.phase == "vote" and len(state.to_act()) == state.n_players


@pytest.mark.parametrize("game", list(GAMES))
def test_the_seat_the_table_waits_on_is_marked_on_its_plate(game, monkeypatch):
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until(game, lambda st: st.to_act() and st.view(None).get("phase") != "character"
                                     and bool(st.view(0).get("to_act")))
    draw(app, scene)
    assert marked_seats(scene, drawn) == set(scene.view["to_act"]), "every seat waited on, and no other"
    assert all(words == app.t("table.deciding") or words in (app.t("eu.ui.tag.bidding"), app.t("eu.ui.tag.voting"))
               for _, words in drawn)


def test_in_a_secret_vote_every_seat_still_to_vote_is_marked_and_a_seat_that_voted_is_not(monkeypatch):
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until("xuanwu_gate", everyone_votes)
    draw(app, scene)
    assert marked_seats(scene, drawn) == set(range(scene.n))
    voter = match.state.to_act()[-1]
    match.act(voter, match.state.legal_actions(voter)[0])
    scene.refresh()
    drawn.clear()
    draw(app, scene)
    assert marked_seats(scene, drawn) == set(range(scene.n)) - {voter}


def test_the_mark_says_who_decides_never_what(monkeypatch):
    """Two seats still to vote and one that has: the tags of the two are the same word; the one who
    voted has none, whatever it voted."""
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until("xuanwu_gate", everyone_votes)
    voter = match.state.to_act()[0]
    match.act(voter, match.state.legal_actions(voter)[-1])
    scene.refresh()
    draw(app, scene)
    assert {words for _, words in drawn} == {app.t("table.deciding")}


def test_european_unions_secret_bids_mark_every_party_still_to_bid(monkeypatch):
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until("european_union", lambda st: st.phase == "bid" and len(st.to_act()) >= 2)
    draw(app, scene)
    assert marked_seats(scene, drawn) == set(match.state.to_act())
    assert {words for _, words in drawn} == {app.t("eu.ui.tag.bidding")}


def test_no_mark_shows_a_decider_the_view_keeps_secret(monkeypatch):
    """The Wonderful Island's reaction window keeps who may answer out of the views."""
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until("wonderful_island", lambda st: st.view(None).get("phase") != "character"
                                     and bool(st.to_act()))
    scene.view = dict(scene.view, to_act=[])   # as the reaction window's views say
    draw(app, scene)
    assert drawn == []


def test_the_word_is_in_the_screens_language(monkeypatch):
    drawn = spy_marks(monkeypatch)
    app, scene, match = played_until("xuanwu_gate", everyone_votes, lang="zh_TW")
    draw(app, scene)
    assert drawn and {words for _, words in drawn} == {"決定中"}


def test_a_remote_seat_marks_the_seats_the_host_waits_on(monkeypatch):
    drawn = spy_marks(monkeypatch)
    host, app, scene = seat_table("xuanwu_gate")
    draw(app, scene)
    waited = set(host.remote.state.view(SEAT)["to_act"])
    assert SEAT in waited and marked_seats(scene, drawn) == waited - set(scene.away_seats())


def test_an_away_persons_plate_says_away_not_deciding(monkeypatch):
    drawn = spy_marks(monkeypatch)
    host, app, scene = seat_table("xuanwu_gate")
    other = next(s for s in range(scene.n) if s != SEAT)
    host.table.holds[other].connected = False
    host.send_state()
    frame(app)
    draw(app, scene)
    assert other in scene.away_seats() and other not in marked_seats(scene, drawn)
