"""A thinking bot never freezes the window: its decision runs beside the drawing loop
(game/core/thinking.py, scenes/match_scene.py), the table goes on drawing and answering keys,
its seat shows that it is thinking, and its move lands once it is done."""
from __future__ import annotations

import copy
import os
import random
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.bots import Bot
from game.core.match import Match, Seat
from game.core.thinking import Thought
from game.registry import GAMES
from scenes.app import App
from scenes.registry import table_scene
from scenes.shell.table_menu import TableMenuScene
from scenes.ui.thinking import bubble_rect

FRAMES = 12     # frames the window draws while the slow bot thinks, before the test lets it decide
GIVE_UP = 30.0  # seconds after which a slow bot decides anyway (only if the window stopped drawing)


RELEASES: list[threading.Event] = []   # every table's; set after each test, so no bot thinks on


@pytest.fixture(autouse=True)
def _release_the_bots():
    yield
    while RELEASES:
        RELEASES.pop().set()


class SlowBot(Bot):
    """The game's normal bot, after busy thinking (it holds the interpreter as a search does) until
    the test releases it: the tests wait on events (frames drawn, a release), never on the clock, so
    a loaded machine only makes them slower."""

    level = "slow"

    def __init__(self, inner: Bot, release: threading.Event) -> None:
        super().__init__(inner.seat, 0)
        self.inner, self.release, self.cancel = inner, release, None

    def __deepcopy__(self, memo) -> "SlowBot":
        """A copy thinks as this one does, on the same release (a thought decides on a copy)."""
        other = SlowBot(copy.deepcopy(self.inner, memo), self.release)
        other.cancel = self.cancel
        return other

    def choose(self, view, legal):
        end = time.perf_counter() + GIVE_UP
        while not self.release.is_set() and time.perf_counter() < end:
            if self.cancel is not None and self.cancel.is_set():
                break
            sum(i * i for i in range(300))
        return self.inner.choose(view, legal)


def table(game: str, n: int | None = None, seed: int = 5):
    """A table of `game`: seat 0 a person, the others slow bots (thinking until `match.release` is
    set); played on until a bot is to move and the person is not."""
    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    spec = GAMES[game]
    n = n or min(3, spec.max_players)
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)], seed=seed)
    match.release = threading.Event()
    RELEASES.append(match.release)
    for s in list(match.bots):
        match.bots[s] = SlowBot(match.bots[s], match.release)
    rng = random.Random(seed)
    # The person acts first wherever they may (their own choices leave the table free to see), and
    # The Wonderful Island's choice of characters (a window over the plates) is played through.
    while match.bot_to_move() is None or 0 in match.state.to_act() or match.state.view(0)["phase"] == "character":
        if 0 in match.state.to_act():
            match.act(0, rng.choice(match.state.legal_actions(0)))
        else:
            seat = match.bot_to_move()
            match.act(seat, match.bots[seat].inner.choose(match.state.view(seat), match.state.legal_actions(seat)))
    scene = app.manager.push(table_scene(app, match))
    return app, scene, match


def run_frames(app, until, limit: float = 60.0, on_frame=None) -> list[float]:
    """Ticks of the app's own loop until `until()` holds (`on_frame(n)` after the n-th); the seconds
    each took. The limit only ends a test that would otherwise hang."""
    frames, end = [], time.perf_counter() + limit
    while not until() and time.perf_counter() < end:
        t0 = time.perf_counter()
        app.tick()
        frames.append(time.perf_counter() - t0)
        if on_frame is not None:
            on_frame(len(frames))
    return frames


def test_the_window_keeps_drawing_while_a_bot_thinks_and_its_move_lands():
    app, scene, match = table("xuanwu_gate")
    seat = match.bot_to_move()
    expected = copy.deepcopy(match.bots[seat]).choose(match.state.view(seat), match.state.legal_actions(seat))
    before = len(match.state.actions)
    drawn_while_thinking = []

    def let_it_decide(n: int) -> None:
        if n == FRAMES:   # the window drew these frames while the bot was still thinking
            drawn_while_thinking.append(len(match.state.actions) == before and scene.thinking_seat() == seat)
            match.release.set()
    frames = run_frames(app, lambda: len(match.state.actions) > before, on_frame=let_it_decide)
    assert drawn_while_thinking == [True], "frames went on while it thought"
    assert len(match.state.actions) == before + 1, "the move landed"
    assert match.state.actions[before] == (seat, expected), "the same move as deciding in place"
    assert statistics.median(frames) < 0.05


@pytest.mark.parametrize("game,level", [("xuanwu_gate", "normal"), ("xuanwu_gate", "easy"), ("elfenland", "normal"),
                                        ("european_union", "normal"), ("wonderful_island", "normal")])
def test_every_bot_level_thinks_beside_the_frames_and_plays_the_game_it_plays_without_threads(game, level,
                                                                                              monkeypatch):
    spec = GAMES[game]
    seats = [Seat(f"Bot {i}", level) for i in range(4)]
    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    match = Match.new(spec, seats, seed=3)
    app.manager.push(table_scene(app, match))
    where = []
    bot_class = type(match.bots[0])
    choose = bot_class.choose
    monkeypatch.setattr(bot_class, "choose", lambda bot, view, legal: where.append(
        threading.current_thread() is threading.main_thread()) or choose(bot, view, legal))
    run_frames(app, lambda: len(match.state.actions) >= 20, limit=60.0)
    played = list(match.state.actions)
    assert len(played) >= 20 and where and not any(where), "no decision was made in a frame"
    alone = Match.new(spec, seats, seed=3)
    while len(alone.state.actions) < len(played):
        alone.step_bot()
    assert alone.state.actions == played, "the same game, move for move"


def test_esc_opens_the_menu_while_a_bot_thinks_and_the_game_goes_on_after():
    app, scene, match = table("xuanwu_gate")
    before = len(match.state.actions)
    run_frames(app, lambda: scene.thinking_seat() is not None)
    assert scene.thinking_seat() is not None
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.tick()   # the bot is still thinking (never released yet): the frame did not wait for it
    assert isinstance(app.manager.top, TableMenuScene)
    assert scene.thought is None, "the thought stops while the table is covered"
    assert len(match.state.actions) == before
    app.manager.top.close()
    match.release.set()
    run_frames(app, lambda: len(match.state.actions) > before)
    assert len(match.state.actions) == before + 1


def test_a_thought_that_comes_too_late_is_dropped():
    app, scene, match = table("xuanwu_gate")
    seat = match.bot_to_move()
    thought = Thought(match, seat)
    match.state = match.spec.replay(match.state.record())   # what an undo does: a new state
    match.release.set()
    assert thought.wait(GIVE_UP)
    assert thought.stale and thought.land() == []
    assert len(match.state.actions) == thought.at


def test_a_cancelled_thought_stops_and_leaves_the_bot_as_it_was():
    app, scene, match = table("xuanwu_gate")
    seat = match.bot_to_move()
    bot = match.bots[seat]
    thought = Thought(match, seat)
    thought.cancel()
    # never released: only the cancel can end its thinking before GIVE_UP
    assert thought.wait(GIVE_UP / 2)
    assert thought.land() == [] and match.bots[seat] is bot


def test_a_language_switch_drops_the_thought():
    app, scene, match = table("xuanwu_gate")
    run_frames(app, lambda: scene.thinking_seat() is not None)
    app.set_lang("zh_TW")
    scene.language_changed()
    assert scene.thought is None


@pytest.mark.parametrize("game", list(GAMES))
def test_the_thinking_seat_shows_its_mark_on_its_plate(game):
    """Its plate's "deciding" tag shows the running dots in place of the hourglass (European Union's
    plates, which paint their own tag, the dots' bubble at the corner)."""
    app, scene, match = table(game)
    run_frames(app, lambda: scene.thinking_seat() is not None)
    seat = scene.thinking_seat()
    assert seat is not None
    plate = scene.seat_plate(seat)
    assert app.screen.get_rect().contains(plate)
    mark = bubble_rect(plate, app.px, scene.thinking_corner)
    assert plate.contains(mark)
    scene.dirty = True
    app.manager.draw(app.screen)
    with_mark = pygame.Surface.copy(app.screen.subsurface(plate))
    scene.stop_thinking()
    scene.dirty = True
    app.manager.draw(app.screen)
    without = app.screen.subsurface(plate)
    changed = sum(1 for x in range(plate.w) for y in range(plate.h) if with_mark.get_at((x, y)) != without.get_at((x, y)))
    assert changed > app.px(12) * app.px(12) // 4, "the dots are drawn where the thought's mark goes"


def test_no_mark_shows_a_seat_the_view_keeps_secret():
    """The Wonderful Island's reaction window keeps who may answer out of the views: a thinking
    bot there shows no mark, which would tell the table it holds an answer."""
    app, scene, match = table("wonderful_island", n=3)
    run_frames(app, lambda: scene.thinking_seat() is not None)
    seat = scene.thinking_seat()
    assert seat is not None
    scene.view = dict(scene.view, to_act=[])  # as the reaction window's views say
    assert scene.thinking_seat() is None
