"""CI: the real app, headless, plays one bots-only game of every playable game to its end.

The app opens as a player's would (scenes.app.App: the window on SDL's dummy driver, the main menu
first), each game's table is put on top of the menu with normal bots in every seat, and the app's
own frame loop (App.tick: events, update, draw, flip) runs until the game is over and its results
are on screen. Any error the app catches (its "unexpected error" dialog) fails the run. It says which
pygame it ran on; with --expect pygame-ce (or pygame) it fails on the other one, so .ci/run proves
that the pygame-ce environment (what Python 3.14 installs, requirements.txt) really ran pygame-ce.

    SDL_VIDEODRIVER=dummy .venv/bin/python .ci/headless_game.py [--expect pygame-ce] [GAME ...]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.shell.dialog import MessageScene
from scenes.shell.menu import MainMenuScene
from scenes.registry import playable, show_table

FRAMES = 20_000  # a frame per bot move at the least; the longest of these games has about 2,000 moves


def flavour() -> str:
    return "pygame-ce" if getattr(pygame, "IS_CE", False) else "pygame"


def play(app: App, key: str) -> str:
    """One bots-only game of `key` through the app's frames; a line saying how it ended."""
    spec = GAMES[key]
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(spec.min_players)]
    match = Match.new(spec, seats, seed=1)
    assert show_table(app, match), f"{key}: no table"
    table = app.manager.top
    start = time.perf_counter()
    for frame in range(FRAMES):
        top = app.manager.top
        if isinstance(top, MessageScene) and top.is_error:
            raise SystemExit(f"{key}: the app showed an error (see the log in SIFANG_DATA_DIR)")
        if match.state.is_over() and top is not table:  # the results are on screen
            break
        app.tick()
    else:
        raise SystemExit(f"{key}: not over after {FRAMES} frames")
    app.manager.reset(MainMenuScene(app))  # back to the main menu for the next game
    return (f"{key}: {len(match.state.record()['actions'])} actions, {frame} frames, over ({type(top).__name__}), "
            f"winners {match.state.winners()}, {time.perf_counter() - start:.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game keys (default: every playable game)")
    parser.add_argument("--expect", choices=("pygame", "pygame-ce"), help="fail unless this pygame is imported")
    args = parser.parse_args(argv)
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    print(f"{flavour()} {pygame.version.ver} (SDL {sdl}), Python {sys.version.split()[0]}")
    if args.expect and flavour() != args.expect:
        raise SystemExit(f"expected {args.expect}, imported {flavour()}")
    app = App(lang="en", size=(1280, 720))
    app.settings.bot_speed = "instant"
    for key in args.games or [k for k in GAMES if playable(k)]:
        print(play(app, key), flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
