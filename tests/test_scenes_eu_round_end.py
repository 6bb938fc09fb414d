"""The end of a round at the European Union table: the round's last vote is read before its scoring."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.registry import GAMES
from scenes.demo import demo_seats, play_until
from scenes.european_union.table import EuropeanUnionTableScene
from test_scenes_european_union import choices, click, make_app


def last_vote_of_round_one():
    """An intro match (the Council only) at round 1's last bill, every seat but Ann's voted."""
    def reached(match, last) -> bool:
        v = match.state.view(0)
        return v["round"] == 1 and v["phase"] == "vote" and 0 in v["to_act"] and \
            v["current_bill"] == v["agenda"][-1] and all(p["has_voted"] for p in v["players"] if p["seat"])
    return play_until(GAMES["european_union"], demo_seats(3, 1, lambda i: "normal"), 4, 50,
                      {"variant": "intro", "start_player": 0}, reached,
                      pick=lambda to_act: next((x for x in to_act if x != 0), to_act[0]))


def test_the_rounds_last_vote_shows_its_result_before_the_round_scoring():
    app = make_app(speed="normal")
    scene = app.manager.push(EuropeanUnionTableScene(app, last_vote_of_round_one()))
    click(app, choices(scene)[("vote", "yes")].rect.center)
    assert scene.view["round"] == 2   # the round is scored already
    assert scene.votes_shown() and scene.result.visible and not scene.scoring_open
    scene.tweens.finish()
    click(app, scene.result.rect.center)   # the table has read the result and puts it away
    assert not scene.votes_shown() and scene.scoring_open and scene.scoring.round == 1


def test_the_round_scoring_comes_when_the_last_votes_time_is_up():
    app = make_app(speed="normal")
    scene = app.manager.push(EuropeanUnionTableScene(app, last_vote_of_round_one()))
    click(app, choices(scene)[("vote", "no")].rect.center)
    scene.tweens.finish()
    scene.update(scene.reveal_clock + 0.1)
    assert scene.scoring_open and scene.scoring.round == 1


def test_the_next_rounds_cards_are_dealt_once_the_scoring_is_put_away():
    app = make_app(speed="normal")
    scene = app.manager.push(EuropeanUnionTableScene(app, last_vote_of_round_one()))
    click(app, choices(scene)[("vote", "yes")].rect.center)
    assert scene.deal_after_scoring and not any(scene.tweens.moving(p) for p in scene.auction.pieces)
    scene.tweens.finish()
    click(app, scene.result.rect.center)
    scene.close_scoring()
    assert not scene.scoring_open and any(scene.tweens.moving(p) for p in scene.auction.pieces)


def test_the_results_wait_until_the_people_have_read_the_last_vote_and_the_final_scoring(monkeypatch):
    import scenes.match_scene as match_scene
    from scenes.european_union.game_over import EuropeanUnionGameOverScene

    def reached(match, last) -> bool:
        v = match.state.view(0)
        return v["round"] == 3 and v["phase"] == "vote" and 0 in v["to_act"] and \
            v["current_bill"] == v["agenda"][-1] and all(p["has_voted"] for p in v["players"] if p["seat"])
    match = play_until(GAMES["european_union"], demo_seats(3, 1, lambda i: "normal"), 4, 50,
                       {"variant": "intro", "start_player": 0}, reached,
                       pick=lambda to_act: next((x for x in to_act if x != 0), to_act[0]))
    monkeypatch.setattr(match_scene, "GAME_OVER_PAUSE", 0.5)
    app = make_app(speed="normal")
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    click(app, choices(scene)[("vote", "yes")].rect.center)
    assert match.state.is_over()
    scene.tweens.finish()
    scene.update(1.0)
    assert app.manager.top is scene and scene.votes_shown()   # the last vote, read
    click(app, scene.result.rect.center)
    scene.update(1.0)
    assert app.manager.top is scene and scene.scoring_open and scene.scoring.round == 3   # the final scoring
    scene.close_scoring()
    scene.update(0.3)
    scene.update(0.3)
    assert isinstance(app.manager.top, EuropeanUnionGameOverScene)
