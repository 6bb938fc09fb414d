"""The table's sounds: short effects for what happens (assets/data/sounds.json ties each game's
public events to them), the "your turn" call, volume and mute from the settings.

A sound never tells a secret: only public events make one (a private event, heard by everyone at
a hot-seat table, would say that something secret happened), chosen by the event's kind alone,
except where the data names a field of a public event (a bill passed or failed, once public).

Once the window is up, a thread of the sounds' own opens the sound card (audio_out.py: SDL's
audio queue, without pygame's mixer), reads the WAV files with the standard library's `wave`, then
plays what it is asked to (mixing overlapping sounds costs the drawing thread nothing); a sound
asked for before it is loaded is skipped. Where there is no sound to be had (SDL's dummy audio
driver, as in the tests and --selfplay, or no device) the game runs silent, with one line in the
log. `output` is what finally plays a sound: tests put a recorder there.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import sys
import threading
import wave
from array import array
from typing import TYPE_CHECKING, Callable, Optional

from game.core.paths import resource_path

if TYPE_CHECKING:
    from .audio_out import Output

log = logging.getLogger("sifang")

CALL = "your_turn"
QUIET = {"button": 0.5}      # a sound's share of the volume (the menu's buttons are quiet)
MOST_AT_ONCE = 2             # sounds for one action, at most (one move, one or two sounds)
RATE = 22050                 # the sounds' format (tools/make_sounds.py): 16-bit mono at 22,050 Hz
STOP = None


def read_wav(path) -> array:
    """A sound file's samples; a file in another format than the sounds' is refused (ValueError)."""
    with wave.open(str(path), "rb") as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, RATE):
            raise ValueError(f"not 16-bit mono at {RATE} Hz")
        samples = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()   # WAV holds little-endian samples
    return samples


def louder(samples: array, volume: float) -> array:
    """The samples at `volume` (0-1)."""
    return array("h", [int(s * volume) for s in samples])


def _table() -> dict:
    with open(resource_path("assets", "data", "sounds.json"), encoding="utf-8") as f:
        return json.load(f)


class Sounds:
    def __init__(self, settings) -> None:
        self.settings = settings
        self.data = _table()
        self.names: list[str] = list(self.data["sounds"])
        self.loaded: dict[str, array] = {}
        self.opened = False
        self.output: Callable[[str, float], None] = self._play
        self.device: Optional["Output"] = None
        self._asked: queue.SimpleQueue = queue.SimpleQueue()
        self._at_volume: dict[tuple[str, float], array] = {}
        self._thread: Optional[threading.Thread] = None

    # -- the sound card ------------------------------------------------------------------------
    def open(self) -> None:
        """Start the sound thread, which opens the sound card and loads the sounds (once; silent for
        good if it cannot). The drawing thread waits for none of it."""
        if self.opened:
            return
        self.opened = True
        if os.environ.get("SDL_AUDIODRIVER") == "dummy":
            log.info("sound: SDL's dummy audio driver, the game runs silent")
            return
        self._thread = threading.Thread(target=self._run, name="sound", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop playing and let the sound card go (pygame.quit also does, at the end)."""
        if self._thread is not None:
            self._asked.put(STOP)
            self._thread.join(timeout=5)
            self._thread = None
        if self.device is not None:
            self.device.close()
            self.device = None

    def _load(self) -> None:
        for name in self.names:
            path = resource_path("assets", "sounds", f"{name}.wav")
            try:
                self.loaded[name] = read_wav(path)
            except (wave.Error, EOFError, ValueError, OSError) as exc:
                log.warning("sound %s skipped: %s", name, exc)

    def _run(self) -> None:
        """The sound thread: open the sound card, load the files, then play what is asked, in order."""
        from .audio_out import AudioTrouble, Output   # ctypes and SDL's audio: off the first frame's path

        try:
            self.device = Output(RATE)
        except (AudioTrouble, OSError, AttributeError) as exc:
            log.warning("sound: no sound card (%s); the game runs silent", exc)
            return
        log.info("sound: SDL's %s audio driver", self.device.driver)
        self._load()
        while (asked := self._asked.get()) is not STOP:
            name, volume = asked
            try:
                self.device.play(self._samples(name, volume))
            except AudioTrouble as exc:  # a device gone meanwhile: silence, never a crash
                log.warning("sound %s not played: %s", name, exc)

    def _samples(self, name: str, volume: float) -> array:
        key = (name, round(volume, 3))
        if key not in self._at_volume:
            self._at_volume[key] = louder(self.loaded[name], volume)
        return self._at_volume[key]

    def _play(self, name: str, volume: float) -> None:
        if name in self.loaded and self.device is not None:
            self._asked.put((name, volume))

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
