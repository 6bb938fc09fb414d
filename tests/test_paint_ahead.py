"""Pictures a table will show are painted before their first showing, a slice at a time in frames
with nothing new to draw (scenes/ui/ahead.py), so that the frame that first shows them costs what
any other does: European Union's seven new bills, a round's member states, the round scoring."""
from __future__ import annotations

import time

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.european_union import bill_card
from scenes.european_union import cards as art
from scenes.registry import table_scene
from scenes.ui.ahead import PaintAhead


def eu_table(lang: str = "en"):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(1, 7)]
    match = Match.new(GAMES["european_union"], seats, seed=2)
    scene = app.manager.push(table_scene(app, match))
    return app, scene


def quiet_frames(scene, limit: int = 2000) -> int:
    """Updates with nothing new to draw until nothing is left to paint ahead; how many it took."""
    for k in range(limit):
        scene.dirty = False
        scene.update(0.0)
        if not scene.ahead:
            return k + 1
    return limit


def test_painting_ahead_stops_at_its_budget_and_paints_at_least_one_picture():
    ahead = PaintAhead()
    painted = []
    ahead.replace([lambda i=i: (time.sleep(0.002), painted.append(i)) for i in range(10)])
    assert ahead.run(0.003) in (1, 2) and len(ahead) == 10 - len(painted)
    assert ahead.run(0.0) == 1, "a slice paints one picture even with no time to spare"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_bill_of_the_deck_is_painted_before_the_chair_draws(lang, monkeypatch):
    app, scene = eu_table(lang)
    assert quiet_frames(scene) < 2000
    painted = []
    base = art._card_base
    monkeypatch.setattr(art, "_card_base", lambda *a, **kw: painted.append(a) or base(*a, **kw))
    n = art.cards.load()["bills_drawn"]
    w, h = scene.bills.keep_width(n), scene.bills.keep_height(n)
    for bill in art.cards.load()["bills"]:
        bill_card.bill_card(app.fonts, app.t, bill["id"], w, h)
    assert painted == [], "the draw's frame finds every bill painted"


def test_nothing_is_painted_ahead_in_a_frame_with_something_new_to_draw():
    app, scene = eu_table()
    scene.update(0.0)
    waiting = len(scene.ahead)
    assert waiting > 0
    scene.dirty = True
    scene.update(0.0)
    assert len(scene.ahead) == waiting
