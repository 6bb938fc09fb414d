"""The sound effects in assets/sounds/ (made by tools/make_sounds.py, docs/sounds.md): every one the
game names is there as 16-bit mono 22 050 Hz WAV, short, never clipping, without DC, and as loud
as the others (the button's click quieter on purpose); the folder stays small. Read with the
standard library only (wave, struct, math)."""
from __future__ import annotations

import importlib.util
import math
import struct
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "assets" / "sounds"
RATE = 22050
NAMES = ("card_deal", "card_draw", "card_play", "card_flip", "card_discard", "counter_place",
         "token_place", "boot_step", "dice_roll", "reveal", "gavel_pass", "gavel_fail", "coins",
         "jail", "hospital", "round_end", "win", "loss", "shared_win", "button", "your_turn")


def read(name: str) -> tuple[tuple[int, int, int, str], list[float]]:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getcomptype())
        data = w.readframes(w.getnframes())
    return fmt, [v / 32768 for v in struct.unpack(f"<{len(data) // 2}h", data)] if fmt[1] == 2 else []


def active_rms_db(x: list[float]) -> float:
    """RMS in dBFS of the 10 ms blocks within 20 dB of the loudest block (the active part)."""
    n = RATE // 100
    blocks = [sum(v * v for v in x[i:i + n]) / len(x[i:i + n]) for i in range(0, len(x), n)]
    live = [b for b in blocks if b >= max(blocks) * 0.01]
    return 10 * math.log10(sum(live) / len(live))


@pytest.fixture(scope="module")
def sounds() -> dict[str, tuple[tuple, list[float]]]:
    missing = [n for n in NAMES if not (SOUNDS / f"{n}.wav").is_file()]
    assert not missing, missing
    return {n: read(n) for n in NAMES}


def test_every_sound_is_16_bit_mono_22050_hz_and_short(sounds):
    for name, (fmt, x) in sounds.items():
        assert fmt == (1, 2, RATE, "NONE"), (name, fmt)
        assert 0.05 <= len(x) / RATE <= 1.5, (name, len(x) / RATE)


def test_no_sound_clips_or_carries_dc(sounds):
    for name, (_, x) in sounds.items():
        peak = max(abs(v) for v in x)
        assert 20 * math.log10(peak) < -1.0, (name, peak)
        assert abs(sum(x) / len(x)) < 0.005, name
        assert max(abs(x[0]), abs(x[-1])) < 0.01, f"{name} does not start and end at silence"


def test_the_effects_are_equally_loud_and_the_button_quieter(sounds):
    rms = {name: active_rms_db(x) for name, (_, x) in sounds.items()}
    effects = sorted(v for n, v in rms.items() if n != "button")
    median = effects[len(effects) // 2]
    assert {n: round(v - median, 2) for n, v in rms.items() if n != "button" and abs(v - median) > 3} == {}
    assert rms["button"] <= median - 6, (rms["button"], median)


def test_the_folder_is_small():
    assert sum(p.stat().st_size for p in SOUNDS.iterdir() if p.is_file()) < 1_000_000


@pytest.mark.slow
def test_the_files_are_what_the_script_makes():
    """tools/make_sounds.py, run again, makes these very files (a sample may differ by one step of
    16 bits, should another platform's maths round a last digit differently)."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    for name in NAMES:
        data = make.wav_bytes(make.synthesise(name))
        on_disk = (SOUNDS / f"{name}.wav").read_bytes()
        assert len(data) == len(on_disk) and data[:44] == on_disk[:44], name
        made = struct.unpack(f"<{(len(data) - 44) // 2}h", data[44:])
        kept = struct.unpack(f"<{(len(on_disk) - 44) // 2}h", on_disk[44:])
        assert max(abs(a - b) for a, b in zip(made, kept)) <= 1, name
