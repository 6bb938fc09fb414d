"""Issue 13: the first menu frame comes quickly. The game window starts pygame without setuptools'
pkg_resources (that import alone took as long as the rest of a start), and pygame still finds its
own data files."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PROBE = """
import sys, types
stub = types.ModuleType("scenes.app")
def run(*args):
    import pygame, pygame.pkgdata
    with pygame.pkgdata.getResource("pygame_icon.bmp") as icon:
        found = len(icon.read()) > 0
    print("pkg_resources", "loaded" if sys.modules.get("pkg_resources") is not None else "skipped", found)
    return 0
stub.run = run
sys.modules["scenes.app"] = stub  # the window itself is not opened: only what main.py does first
import main
sys.exit(main.main([]))
"""


def test_the_game_window_starts_pygame_without_pkg_resources_and_pygame_finds_its_files():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["pkg_resources", "skipped", "True"]
