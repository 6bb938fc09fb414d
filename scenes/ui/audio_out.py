"""The sound card, through SDL's own audio queue: the SDL library pygame has loaded is asked (with
ctypes) to open the system's default output, and sounds are queued on it as 16-bit samples.

Why not pygame.mixer: SDL_mixer comes with the audio codec libraries pygame's wheel links it to
(FluidSynth, Vorbis, FLAC, MP3, Opus, and with them glib and libstdc++: 12.5 MB of a 66 MB build)
for a few short WAV files the standard library reads. Why not pygame._sdl2.audio's AudioDevice:
its callback runs Python on SDL's audio thread while that thread holds SDL's device lock, so
pausing or closing the device from Python (pygame.quit does) can deadlock on the GIL; and pygame
2.6's AudioDevice cannot open the system's default output (it must be given a device's name).
SDL's queue runs no Python on the audio thread, and ctypes lets go of the GIL in every call.

Sounds that overlap are mixed here: what is still queued is taken back and queued again with the
new sound added to it.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys
from array import array
from pathlib import Path
from typing import Optional

SDL_INIT_AUDIO = 0x10
AUDIO_S16LSB = 0x8010


class AudioTrouble(Exception):
    """No sound to be had: no SDL library found, no audio driver, no device."""


class _AudioSpec(ctypes.Structure):
    _fields_ = [("freq", ctypes.c_int), ("format", ctypes.c_uint16), ("channels", ctypes.c_uint8),
                ("silence", ctypes.c_uint8), ("samples", ctypes.c_uint16), ("padding", ctypes.c_uint16),
                ("size", ctypes.c_uint32), ("callback", ctypes.c_void_p), ("userdata", ctypes.c_void_p)]


def _loaded_paths() -> list[str]:
    """The files of the libraries this process has loaded (Linux and macOS; empty elsewhere)."""
    maps = Path("/proc/self/maps")
    if maps.exists():
        return [line.split(None, 5)[5].strip() for line in maps.read_text().splitlines()
                if len(line.split(None, 5)) == 6]
    if sys.platform == "darwin":
        libc = ctypes.CDLL(None)
        libc._dyld_get_image_name.restype = ctypes.c_char_p
        return [libc._dyld_get_image_name(i).decode("utf-8", "replace")
                for i in range(libc._dyld_image_count())]
    return []


def _is_sdl2(path: str) -> bool:
    """SDL2 itself, not SDL2_image, SDL2_ttf or SDL2_mixer (libSDL2-2.0.so.0, the wheels' renamed
    libSDL2-2-1667c208.0.so..., libSDL2-2.0.0.dylib)."""
    name = Path(path).name
    return name.startswith("libSDL2-2") or name.startswith("libSDL2.")


def find_sdl() -> ctypes.CDLL:
    """The SDL2 library pygame uses (imported first, so that it is loaded)."""
    import pygame  # noqa: F401 - loads SDL2, which is then found among the loaded libraries

    if sys.platform == "win32":
        try:
            return ctypes.CDLL("SDL2.dll")   # already loaded by pygame: Windows hands back that one
        except OSError as exc:
            raise AudioTrouble(f"SDL2.dll: {exc}") from None
    found = next((p for p in _loaded_paths() if _is_sdl2(p)), None) or ctypes.util.find_library("SDL2")
    if not found:
        raise AudioTrouble("pygame's SDL2 library was not found among the loaded libraries")
    return ctypes.CDLL(found)


def _declare(sdl: ctypes.CDLL) -> ctypes.CDLL:
    u32, i32 = ctypes.c_uint32, ctypes.c_int
    for name, restype, argtypes in (
            ("SDL_InitSubSystem", i32, [u32]),
            ("SDL_GetError", ctypes.c_char_p, []),
            ("SDL_GetCurrentAudioDriver", ctypes.c_char_p, []),
            ("SDL_OpenAudioDevice", u32, [ctypes.c_char_p, i32, ctypes.POINTER(_AudioSpec),
                                          ctypes.POINTER(_AudioSpec), i32]),
            ("SDL_PauseAudioDevice", None, [u32, i32]),
            ("SDL_QueueAudio", i32, [u32, ctypes.c_void_p, u32]),
            ("SDL_GetQueuedAudioSize", u32, [u32]),
            ("SDL_ClearQueuedAudio", None, [u32]),
            ("SDL_CloseAudioDevice", None, [u32])):
        fn = getattr(sdl, name)
        fn.restype, fn.argtypes = restype, argtypes
    return sdl


def mix(a: array, b: array) -> array:
    """Two runs of 16-bit samples played together, as long as the longer, clipped to 16 bits."""
    if len(a) < len(b):
        a, b = b, a
    out = array("h", a)
    head = [x + y for x, y in zip(a, b)]
    out[:len(head)] = array("h", [32767 if s > 32767 else -32768 if s < -32768 else s for s in head])
    return out


class Output:
    """The default output device, mono 16-bit at `rate` (SDL converts to what the card wants)."""

    def __init__(self, rate: int, sdl: Optional[ctypes.CDLL] = None) -> None:
        self.sdl = _declare(sdl or find_sdl())
        if self.sdl.SDL_InitSubSystem(SDL_INIT_AUDIO) != 0:
            raise AudioTrouble(self._error())
        want = _AudioSpec(freq=rate, format=AUDIO_S16LSB, channels=1, samples=1024)
        self.device = self.sdl.SDL_OpenAudioDevice(None, 0, ctypes.byref(want), None, 0)
        if not self.device:
            raise AudioTrouble(self._error())
        self.driver = (self.sdl.SDL_GetCurrentAudioDriver() or b"?").decode("ascii", "replace")
        self.queued = array("h")   # what was queued last, ending where the queue ends
        self.sdl.SDL_PauseAudioDevice(self.device, 0)

    def _error(self) -> str:
        return (self.sdl.SDL_GetError() or b"").decode("utf-8", "replace") or "SDL audio failed"

    def play(self, samples: array) -> None:
        """Play `samples` now, over whatever is still playing."""
        if not self.device:
            return
        pending = self.sdl.SDL_GetQueuedAudioSize(self.device) // 2
        stream = mix(self.queued[max(0, len(self.queued) - pending):], samples) if pending else samples
        # The card went on playing while the mix was made: what it took meanwhile is not queued again.
        taken = pending - min(pending, self.sdl.SDL_GetQueuedAudioSize(self.device) // 2)
        stream = stream[taken:]
        self.sdl.SDL_ClearQueuedAudio(self.device)
        data = array("h", stream)
        if sys.byteorder == "big":
            data.byteswap()   # the device takes little-endian samples
        if self.sdl.SDL_QueueAudio(self.device, data.buffer_info()[0], len(data) * 2) != 0:
            raise AudioTrouble(self._error())
        self.queued = data if sys.byteorder == "little" else stream

    def close(self) -> None:
        if self.device:
            self.sdl.SDL_CloseAudioDevice(self.device)
            self.device = 0
