"""Watching a game again (issue 11): the game's own table, read-only, stepped from its record.

Forward and back land on the state a fresh replay of that prefix gives; the jump list goes to
a round's (or deal's) first action; autoplay advances by itself; the public view is the default
and shows nothing hidden (the hidden-information watchers of test_contract); a seat's eyes are an
explicit choice; nothing can be played; the game's results offer "Watch again". All through the
real scenes under SDL's dummy driver.
"""
from __future__ import annotations

import json
import random

import pygame
import pytest

from game.core.errors import IllegalAction
from game.core.match import Match, Seat
from game.core.replay import ALL_EYES, SNAPSHOT_EVERY, ReplayMatch, shows_all
from game.registry import GAMES
from scenes.app import App
from scenes.shell.game_over import GameOverScene
from scenes.shell.menu import MainMenuScene
from scenes.registry import show_table
from scenes.shell.replay import ReplayMenuScene, ReplayTable, open_replay
from conftest import random_game
from test_contract import WATCHERS

KEYS = list(GAMES)


def finished_save(key: str, seed: int = 5) -> dict:
    """A whole game: one person (seat 0) and bots, played by random legal moves."""
    spec = GAMES[key]
    options = {"variant": "scoring"} if key == "xuanwu_gate" else {}
    return json.loads(json.dumps(random_game(spec, min(spec.min_players + 1, spec.max_players), seed, options).to_save()))


@pytest.fixture(scope="module")
def saves() -> dict:
    return {key: finished_save(key) for key in KEYS}


@pytest.fixture
def bot_speed() -> str:
    return "normal"  # the replay's own pace, as a player sees it


def watch(app: App, data: dict) -> ReplayTable:
    assert open_replay(app, data)
    app.tick()
    return app.manager.top


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.tick()


def click(app: App, rect: pygame.Rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.tick()


def prefix_state(data: dict, n: int):
    """A fresh replay of the record's first n actions."""
    return GAMES[data["game"]].replay({**data, "actions": data["actions"][:n]})


def same_state(a, b) -> bool:
    dump = lambda s: json.dumps([s.record()] + [s.view(x) for x in [None, *range(s.n_players)]],  # noqa: E731
                                sort_keys=True)
    return dump(a) == dump(b)


@pytest.mark.parametrize("game", KEYS)
def test_a_replay_opens_on_the_games_own_table_at_its_first_action_in_the_public_view(app, saves, game):
    from scenes.registry import TABLES
    import importlib
    scene = watch(app, saves[game])
    module, name = TABLES[game]
    assert isinstance(scene, getattr(importlib.import_module(module), name))
    assert scene.match.position == 0 and scene.match.length == len(saves[game]["actions"])
    assert scene.viewer is None and scene.view == scene.match.state.view(None)
    assert [s.name for s in scene.match.seats] == [s["name"] for s in saves[game]["seats"]]


@pytest.mark.parametrize("game", KEYS)
def test_forward_lands_on_the_state_of_a_fresh_replay_of_that_prefix(app, saves, game):
    data = saves[game]
    watch(app, data)
    for n in range(1, 31):
        click(app, app.manager.top.bar.btn_forward.rect)
        assert app.manager.top.match.position == n
    assert same_state(app.manager.top.match.state, prefix_state(data, 30))


@pytest.mark.parametrize("game", KEYS)
def test_back_lands_on_the_state_of_a_fresh_replay_of_that_prefix(app, saves, game):
    data = saves[game]
    scene = watch(app, data)
    scene.seek(SNAPSHOT_EVERY * 2 + 3)
    for _ in range(5):
        click(app, app.manager.top.bar.btn_back.rect)
    scene = app.manager.top
    assert scene.match.position == SNAPSHOT_EVERY * 2 - 2
    assert same_state(scene.match.state, prefix_state(data, SNAPSHOT_EVERY * 2 - 2))
    assert scene.view == prefix_state(data, SNAPSHOT_EVERY * 2 - 2).view(None)
    # The log holds exactly the events of that prefix, as the table would show them live.
    live = Match.from_save(GAMES, {**data, "actions": data["actions"][:SNAPSHOT_EVERY * 2 - 2]})
    assert scene.match.events == live.events


def test_a_step_forward_plays_its_events_on_the_table_as_live_play_does(app, saves):
    """A Xuanwu swap slides the two cards, and the log gains the swap's line."""
    data = saves["xuanwu_gate"]
    at = next(i for i, (_, action) in enumerate(data["actions"]) if action[0] in ("swap", "swap_own"))
    scene = watch(app, data)
    scene.seek(at)
    scene = app.manager.top
    lines_before = scene.log_lines()
    click(app, scene.bar.btn_forward.rect)
    assert scene.tweens.busy, "the swapped cards slide"
    swap = next(e for e in scene.match.per_action[at] if e["type"] == "swap")
    words = scene.describe(swap, app.t, [s.name for s in scene.match.seats])
    assert scene.log_lines()[len(lines_before):].count(words) == 1


def test_stepping_back_rebuilds_from_the_nearest_snapshot_not_from_the_start(app, saves, monkeypatch):
    data = saves["elfenland"]
    scene = watch(app, data)
    applied = []
    state_cls = type(scene.match.state)
    original = state_cls.apply
    monkeypatch.setattr(state_cls, "apply", lambda self, seat, action: applied.append(1) or original(self, seat, action))
    scene.match.seek(scene.match.length - 1)
    assert len(applied) < SNAPSHOT_EVERY


@pytest.mark.parametrize("game", KEYS)
def test_jumping_to_a_round_stands_at_its_first_action(app, saves, game):
    data = saves[game]
    scene = watch(app, data)
    marks = scene.bar.jump_marks()
    assert len(marks) >= 2, "a whole game has more than one round or deal"
    target = marks[-1]
    click(app, scene.bar.btn_jump.rect)
    chooser = app.manager.top.bar.chooser
    assert chooser is not None
    row = [c.value for c in chooser.choices].index(target.position)
    click(app, chooser.row_rect(row))
    scene = app.manager.top
    assert scene.bar.chooser is None and scene.match.position == target.position
    view = scene.match.state.view(None)
    assert (view.get("deal"), view.get("round")) == (target.deal, target.round)
    before = prefix_state(data, target.position - 1).view(None)
    assert (before.get("deal"), before.get("round")) != (target.deal, target.round)


def test_page_down_and_page_up_go_by_rounds_home_and_end_to_the_ends(app, saves):
    scene = watch(app, saves["european_union"])
    second = scene.match.marks[1].position
    key(app, pygame.K_PAGEDOWN)
    assert app.manager.top.match.position == second
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_PAGEUP)
    assert app.manager.top.match.position == second
    key(app, pygame.K_END)
    assert app.manager.top.match.at_end()
    key(app, pygame.K_HOME)
    assert app.manager.top.match.position == 0


@pytest.mark.parametrize("speed,steps", [(1.0, 3), (4.0, 12)])
def test_autoplay_advances_by_itself_at_the_chosen_speed(app, saves, speed, steps):
    app.settings.bot_speed = "instant"  # no slides: only the replay's own pace counts
    scene = watch(app, saves["wonderful_island"])
    scene.bar.speed.set_value(speed)
    scene.set_speed(speed)
    key(app, pygame.K_SPACE)
    assert app.manager.top.playing
    for _ in range(int(3.05 / 0.05)):   # three seconds of frames
        app.manager.update(0.05)
    reached = app.manager.top.match.position
    assert steps - 1 <= reached <= steps + 1
    key(app, pygame.K_SPACE)
    app.manager.update(2.0)
    assert not app.manager.top.playing and app.manager.top.match.position == reached


def test_autoplay_stops_at_the_end(app, saves):
    app.settings.bot_speed = "instant"
    scene = watch(app, saves["xuanwu_gate"])
    scene.seek(scene.match.length - 2)
    app.manager.top.toggle_play()
    for _ in range(200):
        app.manager.update(0.1)
    assert app.manager.top.match.at_end() and not app.manager.top.playing
    assert isinstance(app.manager.top, ReplayTable), "the replay stays on its table at the end"


@pytest.mark.parametrize("game", KEYS)
def test_the_public_view_shows_no_hidden_card_at_any_step(app, saves, game):
    data = saves[game]
    scene = watch(app, data)
    watcher = WATCHERS[game](prefix_state(data, 0))
    for _ in range(scene.match.length):
        scene = app.manager.top
        events = scene.match.forward()
        scene.after_events(events)
        watcher.observe(events)
        assert scene.viewer is None and scene.view == scene.match.state.view(None)
        watcher.check(scene.match.state, None)


@pytest.mark.parametrize("game", KEYS)
def test_a_seats_eyes_are_an_explicit_choice_and_show_that_seats_view(app, saves, game):
    scene = watch(app, saves[game])
    scene.seek(20)
    scene = app.manager.top
    assert scene.bar.eyes.value is None
    right = pygame.Rect(scene.bar.eyes.rect.right - 6, scene.bar.eyes.rect.centery, 1, 1)
    click(app, right)
    scene = app.manager.top
    assert scene.match.watcher == 0 and scene.viewer == 0
    assert scene.view == scene.match.state.view(0) and scene.match.position == 20
    assert not scene.can_act(), "watching through a seat's eyes plays nothing for it"


ALL_KEYS = [k for k in KEYS if shows_all(GAMES[k].new_game(GAMES[k].min_players, 1, {}))]


@pytest.mark.parametrize("game", ALL_KEYS)
def test_all_hidden_cards_is_an_explicit_choice_that_shows_view_all_and_every_event(app, saves, game):
    scene = watch(app, saves[game])
    scene.seek(30)
    scene = app.manager.top
    assert scene.bar.eyes.values[-1] == ALL_EYES and scene.bar.eyes.value is None
    public_lines = list(scene.log_lines())
    scene.watch_as(ALL_EYES)
    scene = app.manager.top
    assert scene.viewer is None and scene.match.all_eyes
    assert scene.view == scene.match.state.view_all() and scene.view["all_seen"] is True
    assert scene.bar.eyes_label(ALL_EYES) == app.t("replay.eyes.all")
    assert all(scene.in_log(e) for e in scene.match.events if not e.get("transient"))
    assert len(scene.log_lines()) >= len(public_lines)
    assert not scene.can_act(), "seeing every card plays nothing for anyone"
    scene.watch_as(None)
    assert app.manager.top.view == app.manager.top.match.state.view(None), "back to the public view"


@pytest.mark.parametrize("game", ALL_KEYS)
def test_all_hidden_cards_never_reaches_a_game_in_play(game):
    spec = GAMES[game]
    match = Match.new(spec, [Seat(f"P{i}", "human") for i in range(spec.min_players)], seed=3)
    assert match.view_of(None) == match.state.view(None)
    assert "all_seen" not in match.view_of(None) and "all_seen" not in match.view_of(0)


def test_xuanwu_all_hidden_cards_shows_every_seat_and_centre_card_and_each_vote():
    state = GAMES["xuanwu_gate"].new_game(4, 2, {})
    rng = random.Random(2)
    while state.phase != "vote" or not state.votes:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    v = state.view_all()
    assert v["seat_cards"] == list(state.cards) and v["centre_cards"] == list(state.centre)
    assert {p["seat"]: p["vote"] for p in v["players"] if p["vote"]} == state.votes
    assert state.view(None)["seat_cards"] == [None] * 4, "the public view still shows backs"


@pytest.mark.parametrize("game", KEYS)
def test_nothing_can_be_played_on_a_replay(app, saves, game):
    scene = watch(app, saves[game])
    scene.watch_as(scene.match.state.to_act()[0])
    scene = app.manager.top
    before = scene.match.state.record()
    seat = scene.match.state.to_act()[0]
    legal = scene.match.state.legal_actions(seat)
    assert not scene.act(legal[0])
    assert scene.message == app.t("replay.no_play")
    with pytest.raises(IllegalAction):
        scene.match.act(seat, legal[0])
    assert scene.match.state.record() == before and scene.match.position == 0


def test_the_bars_controls_say_what_they_do_and_their_keys_when_the_mouse_rests(app, saves):
    scene = watch(app, saves["elfenland"])
    for widget, name in ((scene.bar.btn_back, "back"), (scene.bar.btn_play, "play"), (scene.bar.eyes, "eyes")):
        assert scene.tooltip_at(widget.rect.center) == app.t(f"replay.tip.{name}")
    assert scene.tooltip_at(scene.bar.track.center) == app.t("replay.tip.track")
    assert app.t("replay.tip.back").splitlines()[1].endswith(("(Left arrow).", "（左方向鍵）。"))


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_replay_never_calls_the_people_who_played_computer_players(saves, lang):
    """The tables' words for a screen nobody plays from are true of a replay too."""
    app = App(lang=lang, size=(1280, 720))
    try:
        scene = watch(app, saves["xuanwu_gate"])
        scene.seek(5)
        _, doing = app.manager.top.prompt()
        watching = [doing] + [app.t(k) for k in ("wi.ui.watching", "wi.ui.do.watch", "elf.ui.prompt.watch",
                                                  "elf.ui.notice.watching")]
        for words in watching:
            assert not any(w in words.lower() for w in ("bot", "computer", "電腦")), words
    finally:
        pygame.display.quit()


def test_esc_opens_the_games_menu_and_close_goes_back_where_it_came_from(app, saves):
    watch(app, saves["xuanwu_gate"])
    key(app, pygame.K_ESCAPE)
    menu = app.manager.top
    assert isinstance(menu, ReplayMenuScene)
    click(app, menu.resume_button.rect)
    assert isinstance(app.manager.top, ReplayTable)
    key(app, pygame.K_ESCAPE)
    click(app, app.manager.top.leave_button.rect)
    assert isinstance(app.manager.top, MainMenuScene)


def test_a_damaged_record_gives_a_message_and_nothing_opens(app, saves):
    data = json.loads(json.dumps(saves["xuanwu_gate"]))
    data["actions"][3] = ["nonsense"]
    assert not open_replay(app, data)
    from scenes.shell.dialog import MessageScene
    top = app.manager.top
    assert isinstance(top, MessageScene) and top.is_error
    assert top.title == app.t("replay.failed_title")


@pytest.mark.parametrize("game", KEYS)
def test_watch_again_from_the_results_replays_the_game_just_played(app, game):
    spec = GAMES[game]
    seats = [Seat(f"P{i + 1}", "easy") for i in range(spec.min_players)]
    match = Match.new(spec, seats, seed=2)
    while not match.state.is_over():
        match.step_bot()
    show_table(app, match)
    app.manager.top.show_game_over()
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    click(app, over.watch_button.rect)
    replay = app.manager.top
    assert isinstance(replay, ReplayTable) and replay.match.position == 0
    assert replay.match.state.record()["seed"] == match.state.seed
    assert replay.match.length == len(match.state.actions)
    click(app, replay.bar.btn_close.rect)
    assert app.manager.top is over


def test_a_replay_reads_every_save_format_the_book_writes(saves):
    from game.core import saves as book
    data = saves["elfenland"]
    match = Match.from_save(GAMES, data)
    wrapped = book.wrap(match.header(), data)
    assert ReplayMatch.from_record(GAMES, wrapped).length == len(data["actions"])
    assert ReplayMatch.from_record(GAMES, data).length == len(data["actions"])


@pytest.mark.parametrize("game", KEYS)
def test_a_states_round_mark_is_what_its_public_view_says(game):
    """The replay marks rounds from state.round_mark(), which must agree with view(None) at every step."""
    from conftest import random_states
    from game.core.replay import round_key
    spec = GAMES[game]
    options = {"variant": "scoring"} if game == "xuanwu_gate" else {}
    for state in random_states(spec, min(spec.min_players + 1, spec.max_players), 3, options):
        assert state.round_mark() == round_key(state.view(None))


def test_watching_again_costs_what_loading_costs(saves, monkeypatch):
    """One pass over the record, as loading does: every action applied once (plus the few from the
    last snapshot the first seek needs), and no view built for it, since a view can grow with the
    game (a record at the cap took 10-17 s to open where loading it took 0.25 s)."""
    from game.core.state import GameState
    data = saves["xuanwu_gate"]
    spec = GAMES["xuanwu_gate"]
    state_class = type(spec.new_game(spec.min_players, 1, {}))
    counts = {"apply": 0, "view": 0}
    apply, view = state_class.apply, state_class.view

    def counted_apply(self, *args, **kw):
        counts["apply"] += 1
        return apply(self, *args, **kw)

    def counted_view(self, *args, **kw):
        counts["view"] += 1
        return view(self, *args, **kw)
    monkeypatch.setattr(state_class, "apply", counted_apply)
    monkeypatch.setattr(state_class, "view", counted_view)
    match = ReplayMatch.from_record(GAMES, data)
    assert counts["apply"] == len(data["actions"]) and counts["view"] == 0
    assert match.length == len(data["actions"]) and isinstance(match.state, GameState)
