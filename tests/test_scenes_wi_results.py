"""The Wonderful Island: what happened, and why — every settlement on screen with its arithmetic, and
results that name the ending and who met which condition."""
from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from scenes.app import App
from scenes.demo import demo_seats, play_until
from scenes.wonderful_island.game_over import WonderfulIslandGameOverScene
from scenes.wonderful_island.table import WonderfulIslandTableScene

WI = GAMES["wonderful_island"]


@pytest.fixture
def app():
    app = App(lang="en", size=(1024, 600), first_scene=False)
    app.settings.bot_speed = "instant"
    yield app
    pygame.display.quit()


def _match(reached, humans=1):
    return play_until(WI, demo_seats(5, humans, lambda i: "normal"), 1, 300, {"start_player": 0}, reached)


def test_a_candidate_jailed_at_the_settlement_sees_that_settlement(app):
    """Rules 2(2): jailed by the venue's cards, the venue and assist effects are not counted; the
    screen still shows the settlement, and the venue's last-settlement line is this one."""
    match = _match(lambda m, last: any(e["type"] == "settled" and e.get("jailed") for e in last))
    table = app.manager.push(WonderfulIslandTableScene(app, match))
    table._show_settlement()
    assert table.settlement.visible
    assert "jail" in table.settlement.result
    assert table.view["last_settlement"]["seat"] == next(
        e for e in reversed(match.events) if e["type"] == "settled")["seat"]


def test_the_settlement_result_is_its_arithmetic(app):
    match = _match(lambda m, last: any(e["type"] == "settled" and e["venue"] == "rally" for e in last))
    table = app.manager.push(WonderfulIslandTableScene(app, match))
    table._show_settlement()
    assert "+3 from the venue" in table.settlement.result and "=" in table.settlement.result


def test_the_results_wait_for_the_settlement_that_ended_the_game(app):
    match = _match(lambda m, last: m.state.is_over() and any(e["type"] == "settled" for e in last))
    table = app.manager.push(WonderfulIslandTableScene(app, match))
    table.on_events([e for e in match.events if e["type"] == "settled"][-1:])
    assert table.settlement.visible
    assert any(b.label() == app.t("wi.ui.btn.results") for b in table.settlement.buttons.widgets)
    for _ in range(10):
        table.update(1.0)
    assert app.manager.top is table  # still reading the settlement
    table.settlement.close()
    for _ in range(10):
        table.update(1.0)
    assert isinstance(app.manager.top, WonderfulIslandGameOverScene)


@pytest.mark.parametrize("end,words", [
    ({"method": "elected", "camp": "blue", "elected": [0]}, "Blue camp elected"),
    ({"method": "politician", "hijack": [1], "elected": [0]}, "An election stolen"),
    ({"method": "politician"}, "A Politician wins"),
    ({"method": "forced", "reason": "rounds", "rule": "C"}, "The rounds ran out"),
    ({"method": "forced", "reason": "pool", "rule": "B"}, "The vote pool ran out"),
    ({"method": "all_jailed", "last": 2}, "The last one out of jail"),
])
def test_the_results_title_names_the_ending(app, end, words):
    match = _match(lambda m, last: m.state.is_over())
    scene = WonderfulIslandGameOverScene(app, match)
    scene.view["end"] = dict(end, winners=[])
    assert scene.title().startswith(words)


def test_the_results_say_who_met_which_condition_and_show_the_final_moves(app):
    match = _match(lambda m, last: m.state.is_over() and m.state.end["method"] == "politician"
                   and not m.state.end.get("hijack"))
    scene = app.manager.push(WonderfulIslandGameOverScene(app, match))
    from game.wonderful_island import data
    winner = match.state.winners()[0]
    condition = data.win_text(data.character(match.state.chars[winner])["win"], "en", match.state.table["mark"])
    assert condition in scene.reason() and match.seats[winner].name in scene.reason()
    lines = scene.final_lines()
    assert lines and not any("in secret" in line for line in lines)
    app.manager.draw(app.screen)
