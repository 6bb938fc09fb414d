"""The table's sounds: short effects for what happens (assets/data/sounds.json ties each game's
public events to them), the "your turn" call, volume and mute from the settings.

A sound never tells a secret: only public events make one (a private event, heard by everyone at
a hot-seat table, would say that something secret happened), chosen by the event's kind alone,
except where the data names a field of a public event (a bill passed or failed, once public).

The mixer opens once the window is up, unless there is no sound to be had (SDL's dummy audio
driver, as in the tests and --selfplay, or a mixer that fails to open): then the game runs silent,
with one line in the log. The files load on a thread of their own; a sound asked for before it is
loaded is skipped. `output` is what finally plays a sound: tests put a recorder there.
"""
from __future__ import annotations

import json
import logging
import os
import threading
from typing import Callable, Optional

import pygame
import pygame.mixer  # named, so that the build keeps the mixer (build.spec leaves out what no code imports)

from game.core.paths import resource_path

log = logging.getLogger("sifang")

CALL = "your_turn"
QUIET = {"button": 0.5}      # a sound's share of the volume (the menu's buttons are quiet)
MOST_AT_ONCE = 2             # sounds for one action, at most (one move, one or two sounds)


def _table() -> dict:
    with open(resource_path("assets", "data", "sounds.json"), encoding="utf-8") as f:
        return json.load(f)


class Sounds:
    def __init__(self, settings) -> None:
        self.settings = settings
        self.data = _table()
        self.names: list[str] = list(self.data["sounds"])
        self.loaded: dict[str, object] = {}
        self.opened = False
        self.output: Callable[[str, float], None] = self._play

    # -- the mixer -----------------------------------------------------------------------------
    def open(self) -> None:
        """Open the mixer and start loading the sounds (once; silent for good if it cannot)."""
        if self.opened:
            return
        self.opened = True
        if os.environ.get("SDL_AUDIODRIVER") == "dummy":
            log.info("sound: SDL's dummy audio driver, the game runs silent")
            return
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except (pygame.error, NotImplementedError, AttributeError) as exc:
            log.warning("sound: no mixer (%s); the game runs silent", exc)
            return
        threading.Thread(target=self._load, name="sound-load", daemon=True).start()

    def _load(self) -> None:
        for name in self.names:
            path = resource_path("assets", "sounds", f"{name}.wav")
            try:
                self.loaded[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                log.warning("sound %s skipped: %s", name, exc)

    def _play(self, name: str, volume: float) -> None:
        sound = self.loaded.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error as exc:  # a device gone meanwhile: silence, never a crash
            log.warning("sound %s not played: %s", name, exc)

    # -- what plays -----------------------------------------------------------------------------
    def play(self, name: str) -> None:
        """An effect, or the call, as the settings allow."""
        s = self.settings
        if s.muted or s.volume <= 0 or name not in self.names:
            return
        if (name == CALL and not s.turn_call) or (name != CALL and not s.effects):
            return
        self.output(name, s.volume / 100 * QUIET.get(name, 1.0))

    def for_events(self, game: str, events: list[dict]) -> list[str]:
        """The sounds of one action's events (public ones only), in order, each once, at most two."""
        table = self.data["events"].get(game, {})
        chosen: list[str] = []
        for event in events:
            if event.get("seats") is not None:
                continue  # a private event makes no sound
            rule = table.get(event.get("type"))
            name = rule
            if isinstance(rule, dict):  # {"field": ..., "values": {"true": sound, ...}}
                name = rule["values"].get(json.dumps(event.get(rule["field"])), rule.get("else"))
            if name and name not in chosen:
                chosen.append(name)
        return chosen[:MOST_AT_ONCE]

    def events(self, game: str, events: list[dict]) -> None:
        for name in self.for_events(game, events):
            self.play(name)

    def toggle_mute(self) -> bool:
        """M at a table: mute or unmute; True if now muted."""
        self.settings.muted = not self.settings.muted
        return self.settings.muted


def results_sound(winners: list[int], people: list[int]) -> Optional[str]:
    """The results' sound for the people at the screen: a win, a shared win, or a loss."""
    if not people:
        return "round_end"
    won = [s for s in winners if s in people]
    if not won:
        return "loss"
    return "shared_win" if len(winners) > 1 else "win"
