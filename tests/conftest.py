"""Shared test setup: headless SDL, and a throwaway user data folder for the whole session.

The environment is set at import time, before any test module (or pygame)
is imported, so nothing ever opens a window, plays a sound or writes to the
real user folder. Scene tests rely on this too.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# Each test process has its own folder: every pytest-xdist worker ("gw0", "gw1", ...) imports this
# file itself, so no two workers share settings, saves or logs.
_DATA_DIR = Path(tempfile.mkdtemp(prefix=f"sifang-test-data-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-"))
os.environ["SIFANG_DATA_DIR"] = str(_DATA_DIR)

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


@pytest.fixture(scope="session", autouse=True)
def sifang_data_dir():
    """The user data folder every test writes to (settings, saves, logs); removed at the end."""
    os.environ["SIFANG_DATA_DIR"] = str(_DATA_DIR)
    _DATA_DIR.mkdir(parents=True, exist_ok=True)
    yield _DATA_DIR
    shutil.rmtree(_DATA_DIR, ignore_errors=True)


@pytest.fixture(autouse=True)
def _no_first_table_offer(request, monkeypatch):
    """A person's first table of a game offers its guided game first (scenes/tutorial/lesson.py):
    a dialog every test that starts a game from the setup would meet. Only the tests marked
    `lesson_offer` see it."""
    if "lesson_offer" not in request.keywords:
        from scenes import registry
        monkeypatch.setattr(registry, "offer_lesson", lambda app, game, play_now: False)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture
def bot_speed() -> str:
    """How fast the `app` fixture's bots move; a test module may override it (replays: "normal")."""
    return "instant"


@pytest.fixture
def app(bot_speed):
    """The real app at 1280x720 in English on SDL's dummy driver, its main menu on top, with the
    settings a first start has (never what an earlier test left in the shared data folder: a
    remembered setup, a text size)."""
    import pygame
    from scenes.app import App
    from scenes.settings_store import Settings
    app = App(lang="en", size=(1280, 720), settings=Settings(lang="en"))
    app.settings.bot_speed = bot_speed
    yield app
    pygame.display.quit()


def random_game(spec, n: int, seed: int, options: dict | None = None, human_first: bool = True):
    """A whole match of `spec` played by random legal moves: seat 0 a person (unless not
    human_first), the others easy bots."""
    import random
    from game.core.match import Match, Seat
    seats = [Seat(f"P{i + 1}", "human" if i == 0 and human_first else "easy") for i in range(n)]
    match = Match.new(spec, seats, seed=seed, options=options or {})
    rng = random.Random(seed)
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    return match


def random_states(spec, n: int, seed: int, options: dict | None = None):
    """The state of a random game of `spec` after every action, the start included (one state,
    moved on in place: read it before asking for the next)."""
    import random
    state = spec.new_game(n, seed, options or {})
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


def check_every_line(events: list, describe, names: list, lang: str, key_prefix: str) -> None:
    """Each event of a game's log reads as a line in `lang`: not empty, no raw translation key
    (`key_prefix`, e.g. "xw.") and no unfilled field."""
    from game.core.i18n import Translator
    t = Translator(lang)
    for e in events:
        line = describe(e, t, names)
        assert isinstance(line, str) and line.strip(), e
        assert key_prefix not in line and "{" not in line, (e, line)


# The fifth game's files (tests/test_fifth_game.py copies them into a copy of the repository): not
# tests of this one.
collect_ignore = ["fifth_game"]
