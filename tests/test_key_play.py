"""Every table played without the mouse: a whole game of Elfenland, European Union and The
Wonderful Island with the person at the screen using Tab, the arrows, Enter, Space and a chooser's
1-9 keys only (tests/keyplay.py), easy bots in the other seats, to the game's end; and Elfenland's
counter picked up by keys, put on a road the focus offers, or put back with Esc."""
from __future__ import annotations

import random

import pygame

from keyplay import deciding, focus_on, key, person_moves, play_by_keys, table


def moves_of_the_person(match) -> set:
    return {action[0] for seat, action in match.state.actions if seat == 0}


def test_an_elfenland_game_played_by_keys_alone_reaches_its_end():
    match, _ = play_by_keys("elfenland", seed=3)
    assert match.state.is_over()
    assert {"take", "place", "move"} <= moves_of_the_person(match), "counters taken, placed, and a journey"


def test_a_european_union_game_played_by_keys_alone_reaches_its_end():
    match, _ = play_by_keys("european_union", seed=2)
    assert match.state.is_over()
    assert {"bid", "take", "vote"} <= moves_of_the_person(match), "a bid, a country taken, a vote"


def test_a_wonderful_island_game_played_by_keys_alone_reaches_its_end():
    match, _ = play_by_keys("wonderful_island", seed=3)
    assert match.state.is_over()
    assert {"character", "venue", "play"} <= moves_of_the_person(match), "a character, a venue, a card played"


def elfenland_planning(seed: int = 3):
    """An Elfenland table at the person's first turn of planning routes, reached by keys."""
    app, scene, match = table("elfenland", seed)
    rng = random.Random(seed)
    for _ in range(3000):
        scene.update(0.05)
        if scene.thought is not None:
            scene.thought.wait(5)
        if deciding(scene, match):
            if scene.view["phase"] == "plan" and scene.legal.place:
                return app, scene, match
            person_moves(app, scene, rng)
        app.manager.draw(app.screen)
    raise AssertionError("no planning turn came")


def focus_on_a_counter(app, scene):
    """Tab to the first of the person's counters that may go on a road."""
    pieces = {repr(p.key): p for p in scene.counters.pieces}
    counter = next(t for t in scene.key_focus.found()
                   if t[2] is scene.counters and scene.legal.routes_for(pieces[t[0][2]].kind))
    assert focus_on(app, scene, counter[0], random.Random(0))
    return counter


def test_elfenland_a_counter_picked_up_by_keys_goes_on_a_road_the_focus_offers():
    app, scene, match = elfenland_planning()
    focus_on_a_counter(app, scene)
    key(app, pygame.K_SPACE)
    held = scene.selected
    assert held is not None, "Space picked the counter up"
    roads = scene.legal.routes_for(held)
    offered = [k for k, _ in scene.key_focus.targets() if k[0] == "road"]
    assert {k[2] for k in offered} == set(roads), "the focus offers the roads it may go on, and only those"
    assert scene.key_focus.key[0] == "road", "the focus went to the first of them"
    key(app, pygame.K_TAB)
    while scene.key_focus.key[0] != "road":  # the held counter comes round too (to put it back)
        key(app, pygame.K_TAB)
    road = scene.key_focus.key[2]
    before = len(match.state.actions)
    key(app, pygame.K_SPACE)
    assert match.state.actions[before] == (0, ("place", road, held[1]))


def test_elfenland_esc_puts_a_counter_picked_up_by_keys_back_then_hides_the_focus():
    app, scene, match = elfenland_planning()
    counter = focus_on_a_counter(app, scene)
    key(app, pygame.K_SPACE)
    assert scene.selected is not None
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None, "Esc put it back"
    assert scene.key_focus.current_target()[0] == counter[0], "and the focus is on it again"
    key(app, pygame.K_ESCAPE)
    assert scene.key_focus.current() is None and app.manager.top is scene, "then Esc hides the focus"
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is not scene, "and then Esc opens the table's menu, as before"


def test_elfenland_the_focus_stays_among_the_counters_to_take_after_one_is_taken():
    """Enter takes the counter in focus; when Ann's next draw comes the focus is still there, on a
    counter to take, so Enter, Enter, Enter draws one after another."""
    app, scene, match = table("elfenland", 3)
    while not deciding(scene, match):
        scene.update(0.05)
    assert scene.view["phase"] == "draw"
    slot = next(t for t in scene.key_focus.found() if t[2] is scene.supply)
    assert focus_on(app, scene, slot[0], random.Random(0))
    key(app, pygame.K_RETURN)
    assert match.state.actions[-1][0] == 0
    for _ in range(200):
        if deciding(scene, match):
            break
        scene.update(0.05)
        if scene.thought is not None:
            scene.thought.wait(5)
    assert scene.view["phase"] == "draw" and deciding(scene, match)
    assert scene.key_focus.current_target()[2] is scene.supply
    before = len(match.state.actions)
    key(app, pygame.K_RETURN)
    assert len(match.state.actions) == before + 1 and match.state.actions[-1][1][0] in ("take", "take_pile")
