"""What the sounds cost the window: opening the sound card and loading every sound (on their own
thread, as the app does), and playing one (what a frame pays), with SDL's "disk" audio driver, which
writes the sound to a file as a sound card would play it, so no device is needed.

    python tools/bench_sound.py [--plays 200]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_AUDIODRIVER"] = "disk"
os.environ["SDL_DISKAUDIOFILE"] = os.path.join(tempfile.mkdtemp(prefix="sifang-sound-"), "out.raw")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from scenes.settings_store import Settings
from scenes.ui.sound import Sounds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plays", type=int, default=200)
    args = ap.parse_args(argv)
    pygame.display.init()
    sounds = Sounds(Settings())
    t0 = time.perf_counter()
    sounds.open()
    opened = time.perf_counter() - t0
    while len(sounds.loaded) < len(sounds.names) and time.perf_counter() - t0 < 10:
        time.sleep(0.001)
    loaded = time.perf_counter() - t0
    costs = []
    for i in range(args.plays):
        name = sounds.names[i % len(sounds.names)]
        c0 = time.perf_counter()
        sounds.play(name)
        costs.append((time.perf_counter() - c0) * 1000)
        time.sleep(0.005)
    print(f"the drawing thread's share of opening: {opened * 1000:.2f} ms (once, before the first frame); "
          f"the sound card open and {len(sounds.loaded)} of {len(sounds.names)} sounds loaded "
          f"{loaded * 1000:.0f} ms after (on the sounds' own thread)")
    print(f"a sound played: median {statistics.median(costs):.3f} ms, max {max(costs):.3f} ms "
          f"over {len(costs)} plays (goal: nothing a frame notices, well under 1 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
