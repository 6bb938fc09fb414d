"""The memory aid's card beside the log (the memory aid variant): as tall as the cards a person has
seen need, up to most of the column, its rows wrapped at the text size (never shrunk), and what
still does not fit is a scroll of the wheel away."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.settings_store import Settings
from scenes.xuanwu_gate.side import MOST_AID
from scenes.xuanwu_gate.table import XuanwuTableScene

XW = GAMES["xuanwu_gate"]


def seen_five_cards(n: int = 7) -> Match:
    """Seat 0 (the person) has seen its own card and peeked in four rounds; everyone waits."""
    seats = [Seat("Ann", "human")] + [Seat(f"Bot{i}", "normal") for i in range(1, n)]
    match = Match.new(XW, seats, seed=3, options={"memory_aid": True, "start_player": 0})
    bots = {i: XW.bots["normal"](i, 3) for i in range(n)}
    while match.state.round < 5:
        st = match.state
        s = st.to_act()[0]
        if st.phase == "vote":
            action = ("vote", "wait")
        elif s == 0 and st.phase == "layout":
            action = ("peek", st.round % 2) if st.peeked is None else ("keep",)
        else:
            action = bots[s].choose(st.view(s), st.legal_actions(s))
        match.act(s, action)
    return match


def table_at(lang: str, size: tuple[int, int], text_size: int) -> XuanwuTableScene:
    app = App(lang=lang, size=size, first_scene=False,
              settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))
    scene = app.manager.push(XuanwuTableScene(app, seen_five_cards()))
    app.manager.draw(app.screen)
    return scene


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_at_150_percent_the_memory_aid_grows_and_every_seen_card_can_be_read_whole(lang, size):
    scene = table_at(lang, size, 150)
    side, aid = scene.side, scene.side.aid
    rows = side.memory_rows()
    assert len(rows) == 5
    assert side.notes_rect.h > scene.app.px(150)                                   # taller than the design's card
    assert side.notes_rect.h <= (side.buttons_y - side.column.y) * MOST_AID + 1    # the log keeps the rest
    assert aid.size == scene.app.tx(14)                                            # at the text size
    assert aid.lines == rows                                                       # every row, whole (wrapped)
    shown = set()
    for up in range(aid._max_scroll() + 1):                                        # the wheel reaches them all
        aid.scroll_to(up)
        end = len(aid.rows) - aid.scroll
        shown |= set(range(max(0, end - aid._visible_rows()), end))
    assert shown == set(range(len(aid.rows)))


def test_at_100_percent_the_memory_aid_keeps_the_designs_card_and_shows_every_row():
    scene = table_at("en", (1280, 720), 100)
    assert scene.side.notes_rect.h >= scene.app.px(150)
    assert scene.side.aid._max_scroll() == 0


def test_the_wheel_over_the_memory_aid_scrolls_it(monkeypatch):
    scene = table_at("en", (1024, 600), 150)
    aid = scene.side.aid
    assert aid._max_scroll() > 0
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: aid.rect.center)   # the mouse rests on the card
    scene.app.manager.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert aid.scroll > 0
