"""Hints: the strongest bot's suggestion from a seat's view alone, at any table that allows them,
counted in the save; never a word of what the seat may not know."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.hints import HintJob, make_hint, seat_views, remembers
from game.core.match import Match, Seat
from game.registry import GAMES
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings

GAMES_WITH_HINTS = list(GAMES)
# The longest of them run with the slow tests (.ci/run runs those too).
SLOW_ONES = [pytest.param(g, marks=pytest.mark.slow) if g in ("wonderful_island", "european_union") else g
             for g in GAMES]


def played(game: str, seed: int = 5, hints: bool = True, choice: int = 3) -> Match:
    """A match some way in (the person's `choice`-th real choice), seat 0 a person to move."""
    spec = GAMES[game]
    for s in range(seed, seed + 50):
        match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "easy")
                                           for i in range(min(spec.min_players, spec.max_players - 1))],
                          seed=s, hints_allowed=hints)
        rng = random.Random(s)
        mine = 0
        while not match.state.is_over():
            to_act = match.state.to_act()
            if 0 in to_act and len(match.state.legal_actions(0)) > 1:
                mine += 1
                if mine == choice:
                    return match
            seat = 0 if 0 in to_act else to_act[0]
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
    raise AssertionError("no deal reached a third choice")


@pytest.mark.parametrize("game", GAMES_WITH_HINTS)
def test_a_hint_is_a_legal_move_for_the_seat_to_move(game):
    match = played(game)
    job = HintJob(match, 0)
    assert job.wait(30) and job.error is None
    legal = match.state.legal_actions(0)
    assert all(o.action in legal for o in job.hint.options)
    assert job.hint.best.wins is None or 0.0 <= job.hint.best.wins <= 1.0


def dealt(state) -> dict:
    """Everything a state holds but its generators and its list of moves: where every card is."""
    return {k: repr(v) for k, v in vars(state).items() if "rng" not in k and k not in ("actions", "setup_events")}


@pytest.mark.parametrize("game", SLOW_ONES)
def test_a_hint_reads_nothing_the_seat_cannot_see(game):
    """Another deal that shows the seat the very same views (every card it cannot see dealt again,
    as the search's own sampler deals them) gets the very same hint."""
    import copy
    from game.core.hints import hint_level
    spec = GAMES[game]
    for choice in range(3, 12):  # a moment with something hidden from the seat
        match = played(game, choice=choice)
        record = match.state.record()
        views = seat_views(spec, record, 0, remembers(spec))
        legal = match.state.legal_actions(0)
        at = len(record["actions"])
        sampler = spec.bots[hint_level(spec)](0, "another deal")
        for view in views[:-1]:
            sampler.observe(view)
        sampler.choose(copy.deepcopy(views[-1]), list(legal))  # a search bot prepares its sampler as it decides
        other = sampler.sample_world(views[-1], 0, random.Random(99))
        if dealt(other) != dealt(match.state):
            break
    assert other.view(0) == views[-1], "the other deal shows the seat the same"
    assert dealt(other) != dealt(match.state), "and differs in what the seat cannot see"
    first = make_hint(spec, 0, views, legal, at)
    again = make_hint(spec, 0, views[:-1] + [other.view(0)], other.legal_actions(0), at)
    assert again.options == first.options
    # The job on the worker asks from the record through the seat's views only: the same hint.
    job = HintJob(match, 0)
    assert job.wait(30) and job.hint.options == first.options


def test_a_hint_is_shown_counted_and_saved(tmp_path):
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    match = played("xuanwu_gate")
    match.autosave_path = tmp_path / "saves" / "xuanwu_gate-test.json"
    match.autosave()
    registry.show_table(app, match)
    scene = app.manager.top
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.hints.open
    if scene.hints.job is not None:
        scene.hints.job.wait(30)
    scene.update(0.0)
    app.manager.draw(app.screen)
    assert scene.hints.hint is not None and match.hints_taken[0] == 1
    assert scene.hints.note.texts() and scene.guide(scene.hints.hint.best.action) is not None
    match.wait_saved()
    again = Match.load(GAMES, match.autosave_path)
    assert again.hints_allowed and again.hints_taken[0] == 1
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not scene.hints.open


def test_no_hint_where_the_table_does_not_allow_them():
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    match = played("xuanwu_gate", hints=False)
    registry.show_table(app, match)
    scene = app.manager.top
    app.manager.draw(app.screen)
    assert scene.top_bar.btn_hint is None
    scene.hints.ask()
    assert not scene.hints.open and scene.message == app.t("hint.not_allowed")


def test_no_hint_for_a_decision_taken_in_the_open_on_the_shared_screen():
    """At a hot-seat table a person may answer on the public view (decides_openly): a hint there
    would show everyone at the screen what that person's own cards suggest."""
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    match = played("xuanwu_gate")
    registry.show_table(app, match)
    scene = app.manager.top if hasattr(app.manager.top, "hints") else app.manager.stack[-2]
    scene.viewer, scene.decider = None, 0   # the public view on screen, seat 0 deciding in the open
    scene.hints.ask()
    assert not scene.hints.open and scene.message == app.t("hint.not_in_the_open")


def test_a_hints_box_over_the_log_leaves_no_log_row_partly_under_it():
    """The hint's note stands where a lesson's coach does, over the log: the log shows whole rows."""
    app = App(lang="en", size=(1280, 720), first_scene=False,
              settings=Settings(lang="en", bot_speed="instant", text_size=150))
    registry.show_table(app, played("xuanwu_gate"))
    scene = app.manager.top
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    if scene.hints.job is not None:
        scene.hints.job.wait(30)
    scene.update(0.0)
    app.manager.draw(app.screen)
    box, log = scene.hints.note.rect, scene.side.log
    assert scene.hints.hint is not None and log.rect.colliderect(box)
    assert log.row_rects(), "the log still shows rows beside the box"
    for row in log.row_rects():
        assert not row.colliderect(box), row
