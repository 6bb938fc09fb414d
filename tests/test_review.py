"""The review of a finished game: each of a person's decisions weighed from what they could see
then, the same game always reviewed the same, the biggest drops found, kept beside the game and
gone with it."""
from __future__ import annotations

import json
import time

import pytest

from game.core import save_writer
from game.core.match import Match, Seat
from game.core.playouts import bots_at
from game.core.review import (REVIEW_EFFORT, REVIEW_VERSION, Decision, Review, ReviewRefused, fingerprint, grade_of,
                               read_review, review, review_from_json)
from game.core.saves import SaveBook
from game.registry import GAMES
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings


def finished(game: str = "xuanwu_gate", seed: int = 7, blunder: bool = False, path=None) -> Match:
    """A game of normal bots, seat 0 a person's, played to its end. With `blunder`, the first time
    the search (as the review makes it, from the views Ann had) sees a likely win for her (60 % or
    more) that one of her moves would throw away (15 points less or more), she makes that move."""
    from game.core.hints import remembers, search_from, seat_views
    spec = GAMES[game]
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)],
                      seed=seed, autosave_path=path)
    me = spec.bots["normal"](0, "ann")
    planted = None
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        if seat != 0:
            match.step_bot()
            continue
        legal = match.state.legal_actions(0)
        action = me.choose(match.state.view(0), legal)
        if blunder and planted is None and len(legal) > 1:
            views = seat_views(spec, match.state.record(), 0, remembers(spec))
            _, _, arms = search_from(spec, 0, views, legal, len(match.state.actions), effort=REVIEW_EFFORT)
            if len(arms) > 1:
                best = max(m for _, m in arms.values())
                worst = min(arms, key=lambda a: arms[a][1])
                if best >= 0.6 and best - arms[worst][1] >= 0.15:
                    action = worst
                    planted = (len(match.state.actions), worst, best - arms[worst][1])
        match.act(0, action)
    match.planted = planted
    return match


@pytest.mark.slow  # a whole game reviewed (or two): with the slow tests
def test_the_same_game_gets_the_same_review(monkeypatch):
    from game.core import playouts
    monkeypatch.setitem(playouts.MOST_WORLDS, "xuanwu_gate", 32)  # the same either way; fewer is quicker
    record = finished().state.record()
    a = review(GAMES["xuanwu_gate"], record, 0).to_json()
    b = review(GAMES["xuanwu_gate"], record, 0).to_json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["decisions"]


def test_a_planted_blunder_is_among_the_drops_with_its_loss_played_out():
    """Ann throws away a likely win: the review lists that decision, with the loss the moves'
    playouts give (game/core/playouts.py), not the search's own difference. Seed 30: the search
    sees such a win for her and a move that throws 15 points or more of it away, and the playouts
    agree. (Seed 39's plant plays out as good as the others once a camp's win counts whole.)"""
    match = finished(seed=30, blunder=True)
    at, action, _ = match.planted
    drops = review(GAMES["xuanwu_gate"], match.state.record(), 0, only={at}).drops()
    mine = [d for d in drops if d.at == at]
    assert mine and mine[0].played == action and mine[0].played_out > 0
    assert mine[0].loss == pytest.approx(mine[0].best_wins - mine[0].played_wins)


@pytest.mark.slow  # a whole game reviewed (or two): with the slow tests
def test_a_kept_review_of_another_game_or_seat_is_not_used():
    record = finished().state.record()
    kept = review(GAMES["xuanwu_gate"], record, 0).to_json()
    assert review_from_json(kept, record, 0) is not None
    other = finished(seed=8).state.record()
    assert review_from_json(kept, other, 0) is None, "another game"
    assert review_from_json(kept, record, 1) is None, "another seat"
    assert review_from_json({"version": REVIEW_VERSION, "fingerprint": fingerprint(record), "seat": 0,
                             "game": "xuanwu_gate", "decisions": [{"at": "x"}]}, record, 0) is None, "broken"
    assert review_from_json("not even a dict", record, 0) is None


def test_deleting_a_finished_game_deletes_its_reviews(tmp_path):
    book = SaveBook(tmp_path)
    match = finished(path=book.new_autosave_path("xuanwu_gate"))
    match.wait_saved()
    path = book.history()[0].path
    kept = book.review_path(path, 0)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text("{}", encoding="utf-8")
    assert [h.path for h in book.history()] == [path], "a review is never listed as a game"
    book.delete(path)
    assert not kept.exists()


def _a_finished_game_in_the_history(tmp_path, monkeypatch):
    """An app whose data folder is tmp_path, with one finished Xuanwu game in its History: the app,
    the save book, and the game's header."""
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    book = SaveBook(tmp_path)
    match = finished(seed=9, path=book.new_autosave_path("xuanwu_gate"))
    match.wait_saved()
    header = book.history()[0]
    return app, book, header


def test_the_review_runs_beside_the_window_and_is_kept_and_opens_the_replay_there(tmp_path, monkeypatch):
    app, book, header = _a_finished_game_in_the_history(tmp_path, monkeypatch)
    registry.open_review(app, book.load_record(header.path), header.path)
    scene = app.manager.top
    end = time.monotonic() + 180   # a whole game's review, its losses played out, on a busy machine
    while scene.proc is not None and time.monotonic() < end:
        t0 = time.thread_time()   # this thread's CPU: the frames' own cost, whatever the machine does beside
        app.manager.update(0.05)
        app.manager.draw(app.screen)
        arrived = time.thread_time() - t0
        time.sleep(0.01)
    assert scene.review is not None and scene.problem is None
    frames = [arrived]
    for _ in range(len(scene.stages) + 1):   # the chart's frame, the words' frames, one as it stays
        t0 = time.thread_time()
        app.manager.update(0.05)
        app.manager.draw(app.screen)
        frames.append(time.thread_time() - t0)
    # The frame the review arrives in and the ones after stay within a frame at 30 per second: the
    # file is written on the writer thread, the chart drawn in a frame of its own and kept.
    assert max(frames) < 0.033, frames
    assert not scene.stages and scene.chart.picture is not None
    save_writer.wait_idle()
    assert book.review_path(header.path, 0).exists(), "kept beside the game"
    drops = scene.review.drops()
    assert drops
    scene.open_moment(drops[0])
    table = app.manager.top
    assert len(table.match.state.actions) == drops[0].at and table.match.watcher == 0
    assert table.hints.hint is not None and table.hints.pinned
    assert table.decider == 0, "the seat's choices are offered at the moment"
    assert table.guide(drops[0].best) is not None and table.guide(drops[0].played) is not None, \
        "both moves are pointed at on the table"
    app.manager.draw(app.screen)
    table.step_forward()
    assert app.manager.top.match.decider() is None, "past the moment, nobody decides in a replay"
    # Opened again: the kept review, at once.
    registry.open_review(app, book.load_record(header.path), header.path)
    assert app.manager.top.review is not None and app.manager.top.proc is None


def test_cancel_stops_the_review():
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en"))
    record = finished(game="european_union").to_save()
    registry.open_review(app, record, None)
    scene = app.manager.top
    proc = scene.proc
    assert proc is not None
    app.manager.draw(app.screen)
    scene.back()
    proc.join(5)
    assert not proc.is_alive() and app.manager.top is not scene


@pytest.mark.slow  # a whole game reviewed (or two): with the slow tests
def test_a_review_reads_nothing_the_seat_could_not_see():
    """Each decision is weighed from the seat's views alone: another deal that shows the seat the
    very same views (the search's own sampler deals every card it cannot see again) is weighed the same."""
    import copy
    import random
    from game.core.hints import hint_level, remembers, seat_views
    from game.core.review import _judge
    spec = GAMES["elfenland"]
    match = finished(game="elfenland", seed=3)
    record = match.state.record()
    for at in (i for i, (s, _) in enumerate(match.state.actions) if s == 0 and i > 30):
        cut = dict(record, actions=record["actions"][:at])
        views = seat_views(spec, cut, 0, remembers(spec))
        state = spec.replay(cut)
        legal = state.legal_actions(0)
        played = match.state.actions[at][1]
        bots = bots_at(spec, record, at)   # the table's bots then: the same on any deal Ann could face
        first = _judge(spec, 0, views, legal, played, at, None, bots)
        if first is not None:  # a decision the search weighs
            break
    sampler = spec.bots[hint_level(spec)](0, "another deal")
    sampler.choose(copy.deepcopy(views[-1]), list(legal))
    other = sampler.sample_world(views[-1], 0, random.Random(5))
    assert other.view(0) == views[-1] and other.view_all() != state.view_all()
    assert _judge(spec, 0, views[:-1] + [other.view(0)], other.legal_actions(0), played, at, None, bots) == first


def test_a_kept_review_whose_decision_lies_past_the_game_is_refused_logged_and_made_again(tmp_path, monkeypatch,
                                                                                          caplog):
    """A hand-edited kept review that points at a move the game never had: the review window does
    not fall over on it (it once opened "unexpected error"); it says why in the log and makes the
    review again."""
    app, book, header = _a_finished_game_in_the_history(tmp_path, monkeypatch)
    record = book.load_record(header.path)
    n = len(record["actions"])
    mine = next(i for i, (seat, _) in enumerate(record["actions"]) if seat == 0)
    move = record["actions"][mine][1]
    decision = {"at": mine, "round": None, "played": move, "best": move, "played_wins": 0.5, "best_wins": 0.5,
                "best_events": []}
    kept = {"version": REVIEW_VERSION, "game": "xuanwu_gate", "seat": 0, "fingerprint": fingerprint(record),
            "decisions": [decision], "skipped": 0, "seconds": 1.0}
    assert review_from_json(kept, record, 0) is not None, "as made, it is used"
    for edit, why in (({"at": n + 40}, "outside the game"), ({"at": -1}, "outside the game"),
                      ({"best_wins": float("nan")}, "not chances"), ({"best_wins": 7}, "not chances")):
        with pytest.raises(ReviewRefused, match=why):
            read_review(dict(kept, decisions=[dict(decision, **edit)]), record, 0)
    path = book.review_path(header.path, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dict(kept, decisions=[dict(decision, at=n + 40)])), encoding="utf-8")
    with caplog.at_level("WARNING", logger="sifang"):
        registry.open_review(app, record, header.path)
    scene = app.manager.top
    try:
        assert scene.review is None and scene.proc is not None, "made again, in the background"
        assert any("outside the game" in r.getMessage() for r in caplog.records)
        app.manager.draw(app.screen)
    finally:
        scene._stop()


def test_a_loss_is_classed_by_the_chance_it_cost_as_lichess_classes_a_chess_move():
    """5 points of the chance to win or more: an inaccuracy; 10: a mistake; 15: a blunder."""
    assert [grade_of(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.149, 0.15, 0.8)] == \
        [None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_the_review_counts_each_class_and_lists_only_classed_losses():
    move, other = ("vote", "wait"), ("vote", "battle")
    ds = [Decision(i, None, move, other, played, best) for i, (played, best) in
          enumerate(((0.5, 0.52), (0.4, 0.47), (0.3, 0.42), (0.1, 0.6), (0.2, 0.2)))]
    ds.append(Decision(9, None, move, move, 0.5, 0.5))
    r = Review("xuanwu_gate", 0, "x", ds)
    assert r.counts() == {"inaccuracy": 1, "mistake": 1, "blunder": 1}
    assert [d.at for d in r.drops()] == [3, 2, 1]


def test_a_decision_the_bot_leaves_to_its_rule_of_thumb_is_weighed_too():
    """Elfenland's hard bot plans by search and moves by its rule of thumb: a review weighs a move
    on the road all the same (it once skipped every one, and the blunders among them)."""
    from game.core.hints import remembers, seat_views
    from game.core.review import _judge
    spec = GAMES["elfenland"]
    match = finished(game="elfenland", seed=3)
    record = match.state.record()
    for at, (seat, played) in enumerate(match.state.actions):
        if seat != 0 or played[0] != "move":
            continue
        state = spec.replay(dict(record, actions=record["actions"][:at]))
        legal = state.legal_actions(0)
        if len(legal) > 1:
            break
    views = seat_views(spec, dict(record, actions=record["actions"][:at]), 0, remembers(spec))
    decision = _judge(spec, 0, views, legal, played, at, None, bots_at(spec, record, at))
    assert decision is not None and 0.0 <= decision.played_wins <= 1.0 and decision.played == played


def test_the_review_keeps_the_result_and_what_each_move_played_did():
    match = finished(seed=11)
    record = match.state.record()
    r = review(GAMES["xuanwu_gate"], record, 0, only={next(i for i, (s, _) in enumerate(match.state.actions)
                                                           if s == 0 and i > 10)})
    assert r.result == (1.0 if 0 in match.state.winners() else 0.0)
    assert len(r.decisions) == 1 and r.decisions[0].played_events, "the words of the move played"
    again = read_review(r.to_json(), record, 0)
    assert again.result == r.result and again.decisions[0].played_events == r.decisions[0].played_events


def test_a_win_shared_by_a_camp_is_a_win_on_the_reviews_scale():
    """Xuanwu is won by a camp: each of its members wins, as the end screen and the hint's chance to
    win count it. The review's result and what a move played out won are on that scale (1 for a
    win), never a third of a win for each of three winners: a won game at 33 % on a 0-100 % chart."""
    from game.core.playouts import play_out
    from game.core.review import result_of
    spec = GAMES["xuanwu_gate"]
    for seed in range(1, 40):
        match = finished(seed=seed)
        winners = set(match.state.winners())
        actor, last = match.state.actions[-1]
        if len(winners) >= 2 and actor in winners:
            break
    else:
        pytest.fail("no game of these seeds ended with a camp of two or more winners")
    record = match.state.record()
    assert all(result_of(match.state, s) == 1.0 for s in winners)
    assert all(result_of(match.state, s) == 0.0 for s in range(match.state.n_players) if s not in winners)
    before = spec.replay(dict(record, actions=record["actions"][:-1]))
    assert play_out(before, bots_at(spec, record, len(record["actions"]) - 1), actor, last, "camp") == 1.0


def test_the_reviews_help_gives_each_class_its_bound_in_both_languages():
    from scenes.coach.rules_pages import ReviewHelpScene, class_rows, pages
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang))
        words = " ".join(getattr(b, "text", "") for b in pages(app)[0].blocks)
        assert "lichess" in words
        rows = class_rows(app.t)
        assert [r[1] for r in rows] == ["?!", "?", "??"]
        assert [r[2] for r in rows] == [app.t("review.help_bound", n=n) for n in (5, 10, 15)]
        assert all("{" not in cell for r in rows for cell in r), "every word translated"
        help_scene = ReviewHelpScene(app)
        app.manager.push(help_scene)
        app.manager.draw(app.screen)
        assert help_scene.heading() == app.t("review.help_title")
        # The overlay shows the review's own page, not a game's rules (there is no game "coach")
        assert [p.title for p in help_scene.pages] == [app.t("review.help_tab")]
        assert "lichess" in " ".join(getattr(b, "text", "") for b in help_scene.pages[0].blocks)


def test_a_blunder_in_a_decision_left_to_the_rule_of_thumb_is_found(monkeypatch):
    """Elfenland's moves are its bot's rule of thumb, never searched in play: Ann ending her first
    journey on the spot, with four ways to travel in hand, is classed all the same."""
    from game.core import playouts
    monkeypatch.setitem(playouts.MOST_WORLDS, "elfenland", 64)  # classed at 64 worlds; 160 only sizes it finer
    match = finished(game="elfenland", seed=3)
    record = match.state.record()
    at = next(i for i, (s, a) in enumerate(match.state.actions) if s == 0 and a[0] == "move")
    planted = dict(record, actions=record["actions"][:at] + [[0, ["end_move"]]])
    (d,) = review(GAMES["elfenland"], planted, 0, only={at}).decisions
    assert d.played == ("end_move",) and d.best != d.played
    assert d.grade in ("mistake", "blunder"), d.loss


@pytest.mark.parametrize("game", ["xuanwu_gate", "elfenland"])
def test_the_review_calls_its_numbers_a_chance_only_where_the_coach_trusts_them(game):
    """docs/coach.md: a game whose calibration did not hold on unseen seeds shows the search's score,
    and its review says so under the chart, as its hint does."""
    from game.core.hints import trusted
    from scenes.coach.review import ReviewScene
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en"))
    scene = ReviewScene(app, {"game": game, "n_players": 3, "seats": []})
    assert scene.trusted is trusted(game)
    legend = app.t("review.legend" if trusted(game) else "review.legend_score")
    assert ("your estimated chance to win" in legend) is trusted(game)
    assert app.t("review.legend_score") != app.t("review.legend")
    for key in ("review.legend", "review.no_drops", "review.drop_head", "review.moment_head"):
        assert scene.said(key) == (key if trusted(game) else f"{key}_score")


def test_a_loss_played_out_is_said_in_points_of_the_chance_to_win_in_any_game():
    """A decision whose moves were played out (its figures are shares of the win in normal bots'
    playouts) is said as a chance even where the search's own score is not trusted."""
    from scenes.coach.review import ReviewScene
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en"))
    scene = ReviewScene(app, {"game": "wonderful_island", "n_players": 3, "seats": []})
    scene.trusted = False
    searched = Decision(3, None, ("end",), ("pass",), 0.2, 0.5)
    played_out = Decision(3, None, ("end",), ("pass",), 0.2, 0.5, played_out=48)
    assert scene.said("review.drop_head", searched) == "review.drop_head_score"
    assert scene.said("review.drop_head", played_out) == "review.drop_head"
    assert scene.said("review.moment_head", played_out) == "review.moment_head"


def test_the_listed_moves_are_said_to_the_reviewed_person_in_the_second_person():
    """The review is the person's own: "played: Swap the left centre card with Bo's card", as their
    hint says it, not "Ann swaps ..." (the log's "you" twins, assets/i18n/*/advice.json)."""
    from scenes.coach.review import ReviewScene
    swap = {"type": "swap", "seat": 0, "slot": 0, "target": 3, "seats": None}
    better = {"type": "swap", "seat": 0, "slot": 0, "target": 1, "seats": None}
    d = Decision(12, None, ("swap", 3), ("swap", 1), 0.2, 0.4, (better,), (swap,), played_out=40)
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang))
        seats = [{"name": n, "kind": None} for n in ("Ann", "Bo", "Cy", "Di")]
        scene = ReviewScene(app, {"game": "xuanwu_gate", "n_players": 4, "seats": seats})
        scene.seat = 0
        played, best = scene.drop_lines(0, d)
        assert app.t("xw.you.swap", slot=app.t("xw.slot.left"), target="Di") in played
        assert app.t("xw.you.swap", slot=app.t("xw.slot.left"), target="Bo") in best
        assert "Ann" not in played + best


def test_a_moment_on_the_table_says_a_move_on_the_reviewed_seat_on_yourself_as_its_list_does():
    """The Wonderful Island, Ann's card played on herself: the review's list says "Play Acquittal
    Upheld on yourself", and the note pinned on the table at that moment says it the same way, not
    "on Ann" (seen in a real window)."""
    from scenes.coach.review import ReviewScene
    match = finished("wonderful_island", seed=22)
    record = match.to_save()
    at = next(i for i, (s, _) in enumerate(match.state.actions) if s == 0 and i > 20)
    on_me = {"type": "play", "seat": 0, "card": "acquittal", "args": [0], "seats": None}
    trade = {"type": "trade", "seat": 0, "cards": ["acquittal", "crash", "crisis_pr"], "seats": None}
    d = Decision(at, None, ("play", "acquittal", 0), ("trade", ("acquittal", "crash", "crisis_pr")), 0.4, 0.7,
                 (trade,), (on_me,), played_out=40)
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang))
        scene = ReviewScene(app, record)
        scene._stop()
        scene.seat, scene.review = 0, Review("wonderful_island", 0, fingerprint(record), [d])
        app.manager.push(scene)
        listed, _ = scene.drop_lines(0, d)
        scene.open_moment(d)
        hints = app.manager.top.hints
        noted = hints.words(hints.hint.options[-1])
        yourself = app.t("hint.yourself")
        assert yourself in listed and yourself in noted, (listed, noted)
        assert "Ann" not in noted


AHEAD = """
import sys, time
sys.path[:0] = [{root!r}, {tests!r}]
from scenes.app import App
from scenes import registry
from scenes.settings_store import Settings
from test_review import finished
from game.core.saves import SaveBook
from pathlib import Path
book = SaveBook(Path({data!r}))
finished(seed=9, path=book.new_autosave_path("xuanwu_gate")).wait_saved()
app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en"))
assert registry.REVIEW_MODULE not in sys.modules, "nothing imported it yet"
registry.push(app, "history")
t0 = time.thread_time()
app.manager.top.enter()
spent = time.thread_time() - t0
registry._review_ahead[0].join(60)
assert registry.REVIEW_MODULE in sys.modules, "imported on its own thread"
assert registry.review_ahead() is None, "once"
print(round(spent * 1000, 1))
"""


def test_the_review_is_imported_ahead_where_its_button_is_shown_not_in_the_frame_of_the_press(tmp_path):
    """History (and the end screen) import the review's module on a thread of their own: its first
    import costs 35-50 ms of CPU, a frame over 33 ms in the press's frame (seen in a real window)."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    code = AHEAD.format(root=str(root), tests=str(root / "tests"), data=str(tmp_path))
    env = dict(__import__("os").environ, SIFANG_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]


def test_historys_words_under_its_title_name_the_review_its_rows_offer():
    """Each History row has a Review button beside Watch again and Delete; the line under the
    title says so, in both languages (it named watching and deleting only)."""
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang))
        assert app.t("review.button").casefold() in app.t("saves.history_hint").casefold()


def test_the_counts_of_each_class_wrap_at_a_large_text_size_rather_than_shrink_and_stay_above_the_list():
    """At 1024x600 and 150 % text the line of counts (with the decisions not weighed) was shrunk to
    the smallest size on one line: it takes two lines at its own size, the chart gives up the room,
    and the list of losses still starts below it."""
    from scenes.coach.review import ReviewScene
    record = finished("wonderful_island", seed=22).to_save()
    decisions = [Decision(20 + k, None, ("end",), ("end",), 0.5, 0.5 + 0.06 * k, (), ()) for k in range(4)]
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1024, 600), first_scene=False, settings=Settings(lang=lang, text_size=150))
        scene = ReviewScene(app, record)
        scene._stop()
        scene.seat = 0
        scene.review = Review("wonderful_island", 0, fingerprint(record), decisions, skipped=4, result=0.0)
        scene._shown()
        scene.layout(*app.size)
        fonts, tx, px, r = app.fonts, app.tx, app.px, scene.chart_rect()
        rows = scene.count_rows(r.w)
        assert rows and all(fonts.text(row, tx(16), (0, 0, 0), True).get_width() <= r.w for row in rows), rows
        legend = scene.legend_rows(r.w)
        bottom = (r.bottom + px(4) + (len(legend) - 1) * fonts.line_height(tx(14)) + tx(20)
                  + len(rows) * fonts.line_height(tx(16), True))
        top, _, _ = scene.drops_place()
        assert bottom <= scene.at(60, top - 26 * app.text_scale).y + px(4), "the list's heading starts under the counts"


def test_a_kept_review_opens_its_font_faces_a_frame_at_a_time_before_it_is_drawn(tmp_path, monkeypatch):
    """A kept review is read at once, but its chart and words are drawn only after the faces they
    need are opened, one a frame, as while a review is worked out: all at once they made the frame
    of the press cost 59 ms (The Wonderful Island, Traditional Chinese, in a real window)."""
    import pygame
    from game.core.actions import to_action
    app, book, header = _a_finished_game_in_the_history(tmp_path, monkeypatch)
    record = book.load_record(header.path)
    mine = [at for at, (s, _) in enumerate(record["actions"]) if s == 0][:4]
    decisions = [Decision(at, None, to_action(record["actions"][at][1]), ("peek", 1), 0.5, 0.5 + 0.06 * k, (), ())
                 for k, at in enumerate(mine)]
    kept = Review("xuanwu_gate", 0, fingerprint(record), decisions, result=1.0)
    path = book.review_path(header.path, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept.to_json()), encoding="utf-8")
    opened, real = [], pygame.font.Font
    monkeypatch.setattr(pygame.font, "Font", lambda *a: opened.append(a[1:]) or real(*a))
    per_frame = []
    registry.open_review(app, record, header.path)
    scene = app.manager.top
    app.manager.draw(app.screen)
    per_frame.append(len(opened))
    assert scene.review is not None and scene.proc is None, "the kept review, read at once"
    for _ in range(40):
        opened.clear()
        app.manager.update(0.016)
        app.manager.draw(app.screen)
        per_frame.append(len(opened))
    assert scene.chart is not None and scene.chart.picture is not None and not scene.stages, "shown in the end"
    # The press opens the scene's own faces (its title, its buttons, the progress line); every frame
    # after it two at most (it was 6, then 3 in the frame that drew the chart). Two: the faces kept
    # (scenes/ui/text.py: FONT_FACES_BYTES, about 8) are fewer than the review's, so a face opened
    # ahead may be dropped again before its words are drawn.
    assert per_frame[0] <= 4 and max(per_frame[1:]) <= 2, per_frame


def test_a_numbered_loss_at_zero_is_drawn_whole_inside_the_chart():
    """A blunder that left no chance sits on the 0 % line: its numbered seal was cut in half by the
    edge of the chart's picture (seen in both languages in a real window)."""
    import pygame
    from scenes.coach.review_chart import SEAL, ReviewChart
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en"))
    d = Decision(3, None, ("vote", "battle"), ("vote", "wait"), 0.0, 0.6, (), ())
    chart = ReviewChart(app, Review("xuanwu_gate", 0, "x", [d], result=0.0))
    for size in ((1280, 720), (1024, 600)):
        app.resize(*size)
        chart.place(pygame.Rect(app.px(60), app.px(88), app.px(1160), app.px(160)), [d])
        assert chart.y_of(0.0) + app.px(SEAL) < chart.rect.bottom
        pic = chart.build()
        assert chart.y_of(0.0) - chart.rect.y + app.px(SEAL) < pic.get_height(), "its lower edge in the picture"


def test_historys_review_reads_the_record_beside_the_frames_and_opens_when_it_is_in(tmp_path, monkeypatch):
    """The record is replayed to be checked (25-30 ms of CPU for an Elfenland game): read on a
    thread of its own, not in the frame of the press (it made that frame 48 ms in a real window)."""
    import threading
    from scenes.coach.review import ReviewScene
    app, book, header = _a_finished_game_in_the_history(tmp_path, monkeypatch)
    where, real = [], SaveBook.load_record
    monkeypatch.setattr(SaveBook, "load_record", lambda self, path: where.append(threading.current_thread()) or
                        time.sleep(0.05) or real(self, path))
    registry.push(app, "history")
    history = app.manager.top
    history.review(history.headers[0])
    assert app.manager.top is history and history.animating(), "the press returns at once, frames go on"
    end = time.monotonic() + 30
    while not isinstance(app.manager.top, ReviewScene) and time.monotonic() < end:
        app.manager.update(0.016)
        time.sleep(0.005)
    assert isinstance(app.manager.top, ReviewScene) and where and where[0] is not threading.main_thread()
    assert not history.animating()


def test_a_damaged_record_in_history_is_told_when_its_review_is_asked_for(tmp_path, monkeypatch):
    from scenes.shell.dialog import MessageScene
    app, book, header = _a_finished_game_in_the_history(tmp_path, monkeypatch)
    registry.push(app, "history")
    history = app.manager.top
    header.path.write_text("{ not a save", encoding="utf-8")   # spoiled after the list was read
    history.review(history.headers[0])
    end = time.monotonic() + 30
    while app.manager.top is history and time.monotonic() < end:
        app.manager.update(0.016)
        time.sleep(0.005)
    assert isinstance(app.manager.top, MessageScene) and app.manager.top.is_error


def test_each_listed_loss_is_first_drawn_in_a_frame_of_its_own():
    """The words of the five listed losses were all drawn in one frame: 41 ms for an Elfenland game
    in Traditional Chinese (long lines fitted to their room). The chart, the summary and each row
    now have a frame each before the screen shows them all from what was drawn."""
    from scenes.coach.review import ReviewScene
    record = finished("wonderful_island", seed=22).to_save()
    mine = [at for at, (s, _) in enumerate(record["actions"]) if s == 0][:5]
    decisions = [Decision(at, None, tuple(record["actions"][at][1]), ("end",), 0.3, 0.3 + 0.06 * (k + 1), (), ())
                 for k, at in enumerate(mine)]
    app = App(lang="zh_TW", size=(1280, 720), first_scene=False, settings=Settings(lang="zh_TW"))
    scene = ReviewScene(app, record)
    scene._stop()
    scene.seat, scene.review = 0, Review("wonderful_island", 0, fingerprint(record), decisions, result=0.0)
    scene._shown()
    app.manager.push(scene)
    scene.layout(*app.size)
    listed = len(scene.review.drops()[:scene.drops_place()[2]])   # as many as the room holds
    assert listed >= 4 and len(scene.stages) == 2 + listed
    app.manager.draw(app.screen)   # the frame before: "drawing the review", its title and buttons
    renders = []
    for _ in range(len(scene.stages)):
        before = app.fonts.renders
        app.manager.update(0.016)
        renders.append(app.fonts.renders - before)
    before = app.fonts.renders
    app.manager.draw(app.screen)
    assert app.fonts.renders == before, "the screen shows what the stages drew, nothing drawn anew"
    assert max(renders[2:]) <= 2 * 3, renders   # a row: its two lines (and a smaller size tried for each)
