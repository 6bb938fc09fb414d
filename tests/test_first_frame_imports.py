"""The main menu's first frame waits only for what it shows: a fresh start imports no game's engine
or bots, no match (its saving, journal writer and hashing), no process pool, no network and no
sound card library before the menu is drawn; each comes when first used (docs/performance.md,
Start-up). Checked in a fresh interpreter, as a player's start is."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_FRAME = """
import json, runpy, sys
sys.argv = ["main.py", "--version"]   # main.py's own start, up to where the window would open
try:
    runpy.run_path("main.py", run_name="__main__")
except SystemExit:
    pass
from scenes.app import App
app = App(lang="en", size=(1280, 720))
app.manager.draw(app.screen)
print(json.dumps(sorted(sys.modules)))
"""
LATER = ("game.core.match", "game.core.autosave", "game.core.tutorial", "multiprocessing",
         "concurrent.futures.process", "game.net", "ssl", "ecdsa", "zeroconf", "websockets",
         "ctypes", "scenes.ui.audio_out", "scenes.coach")
# The menu's Continue reads the seats kept at tables on the network: a stdlib-only module
SMALL = {"game.net", "game.net.kept_seats"}


def test_the_menus_first_frame_imports_no_engine_bot_match_pool_network_or_sound_library(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIFANG_DATA_DIR=str(tmp_path),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.stdout.startswith("Sifang Table "), "main.py ran as a player starts it"
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    early = sorted(m for m in loaded - SMALL if m in LATER or m.startswith(tuple(f"{p}." for p in LATER)))
    engines = sorted(m for m in loaded if m.startswith("game.") and not m.startswith("game.core.")
                     and m.rsplit(".", 1)[-1] in ("state", "bots", "hard"))
    assert early == [] and engines == []
    assert "scenes.shell.menu" in loaded, "the menu itself was drawn"
