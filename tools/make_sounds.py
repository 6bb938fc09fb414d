"""Synthesise the game's sound effects: assets/sounds/<name>.wav, made here, nothing downloaded.

    .venv/bin/python tools/make_sounds.py                      # (re)write assets/sounds/*.wav, print the table
    .venv/bin/python tools/make_sounds.py --check              # synthesise, compare with the files, write nothing
    .venv/bin/python tools/make_sounds.py --spectrograms docs/sounds   # also draw a spectrogram PNG of each

Pure standard library for the sounds (wave, struct, math, random with fixed seeds): the same script
gives the same bytes on every run. One family of sound, a board game's table: wood, paper, felt, a
few small bells. Each recipe below is built from a handful of parts:

- noise through one-pole and biquad filters under an envelope (paper, felt, cards sliding; a swept
  band-pass for a card's whoosh);
- struck modes: damped sines at a wood block's or a bar's or a bell's partial ratios, higher modes
  dying faster, a short contact ramp for how hard the mallet is (knocks, counters, dice, bells);
- a mix at given times.

Then every sound is finished the same way (finish()): short raised-cosine fades at both ends, the
DC taken out, the loudness set (RMS over the sound's active part, see loudness()) to one target for
all effects and 10 dB under it for `button`, the peaks kept at or under -3 dBFS by a smooth
look-ahead limiter where a knock's transient would go over, then 16-bit rounding. The script checks
every file (format, duration, peak, DC, loudness against the others, silent ends) and exits 1 if one
fails. Spectrograms (--spectrograms) are drawn with pygame from a short-time FFT written here.
docs/sounds.md has the table and the pictures.
"""
from __future__ import annotations

import argparse
import cmath
import io
import math
import os
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
SR = 22050
CEILING_DB = -3.0          # no peak above this
TARGET_RMS_DB = -18.0      # every effect's loudness (RMS of the active part)
BUTTON_UNDER_DB = 10.0     # the button click sits this far under the others
FADE_IN_S = 0.0015
FADE_OUT_S = 0.020         # or a tenth of the sound, if longer

NAMES = ("card_deal", "card_draw", "card_play", "card_flip", "card_discard", "counter_place",
         "token_place", "boot_step", "dice_roll", "reveal", "gavel_pass", "gavel_fail", "coins",
         "jail", "hospital", "round_end", "win", "loss", "shared_win", "button", "your_turn")


# -- building blocks ------------------------------------------------------------------------------

def zeros(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * SR))


def add(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Mix src into dst starting at `at` seconds (dst grows if needed)."""
    start = int(round(at * SR))
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += gain * v
    return dst


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * SR)))]


def lowpass1(x: list[float], fc: float) -> list[float]:
    a = math.exp(-2 * math.pi * fc / SR)
    y, out = 0.0, []
    for v in x:
        y = (1 - a) * v + a * y
        out.append(y)
    return out


def highpass1(x: list[float], fc: float) -> list[float]:
    """One-pole high-pass (a DC blocker at low fc)."""
    a = math.exp(-2 * math.pi * fc / SR)
    y, prev, out = 0.0, 0.0, []
    for v in x:
        y = a * (y + v - prev)
        prev = v
        out.append(y)
    return out


def biquad_coefs(kind: str, f0: float, q: float) -> tuple[float, ...]:
    """RBJ cookbook coefficients (b0, b1, b2, a1, a2), normalised by a0."""
    w = 2 * math.pi * min(f0, SR * 0.45) / SR
    cw, alpha = math.cos(w), math.sin(w) / (2 * q)
    if kind == "lp":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
    elif kind == "hp":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
    elif kind == "bp":  # 0 dB at the centre
        b = (alpha, 0.0, -alpha)
    else:
        raise ValueError(kind)
    a0 = 1 + alpha
    return (b[0] / a0, b[1] / a0, b[2] / a0, -2 * cw / a0, (1 - alpha) / a0)


def biquad(x: list[float], kind: str, f0: float, q: float = 0.707) -> list[float]:
    b0, b1, b2, a1, a2 = biquad_coefs(kind, f0, q)
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def sweep_bandpass(x: list[float], f_from: float, f_to: float, q: float) -> list[float]:
    """A band-pass whose centre glides exponentially from f_from to f_to over x (a card's whoosh)."""
    n = len(x)
    x1 = x2 = y1 = y2 = 0.0
    out = []
    coefs = biquad_coefs("bp", f_from, q)
    for i, v in enumerate(x):
        if i % 16 == 0:
            coefs = biquad_coefs("bp", f_from * (f_to / f_from) ** (i / max(1, n - 1)), q)
        b0, b1, b2, a1, a2 = coefs
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def envelope(x: list[float], points: list[tuple[float, float]]) -> list[float]:
    """x times a piecewise-linear envelope through (seconds, level) points (held after the last)."""
    out, k = [], 0
    for i, v in enumerate(x):
        t = i / SR
        while k + 1 < len(points) and t > points[k + 1][0]:
            k += 1
        if k + 1 >= len(points):
            g = points[-1][1]
        else:
            (t0, g0), (t1, g1) = points[k], points[k + 1]
            g = g0 if t < t0 else g0 + (g1 - g0) * (t - t0) / max(1e-9, t1 - t0)
        out.append(v * g)
    return out


def tail(x: list[float], seconds: float = 0.03) -> list[float]:
    """A raised-cosine fade over x's last `seconds` (at most a third of it), so that a part cut
    short in a mix never ends in a step (a click)."""
    n = min(int(seconds * SR), len(x) // 3)
    for i in range(n):
        x[len(x) - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n)
    return x


def decay(x: list[float], tau: float, attack: float = 0.0) -> list[float]:
    """x times a raised-cosine attack of `attack` seconds and then exp(-t/tau); its end faded by
    tail(), as every struck or decaying part is."""
    out = []
    na = int(attack * SR)
    for i, v in enumerate(x):
        g = math.exp(-i / SR / tau)
        if i < na:
            g *= 0.5 - 0.5 * math.cos(math.pi * i / na)
        out.append(v * g)
    return tail(out)


def ring(freq: float, tau: float, seconds: float, amp: float = 1.0) -> list[float]:
    """amp * exp(-t/tau) * sin(2 pi f t), by the damped-oscillator recursion (starts at 0)."""
    n = int(round(seconds * SR))
    if freq >= SR * 0.48 or n < 2:
        return [0.0] * n
    w, r = 2 * math.pi * freq / SR, math.exp(-1.0 / (tau * SR))
    c1, c2 = 2 * r * math.cos(w), -r * r
    out = [0.0, amp * r * math.sin(w)]
    for _ in range(n - 2):
        out.append(c1 * out[-1] + c2 * out[-2])
    return out


def struck(freq: float, modes: list[tuple[float, float, float]], seconds: float,
           contact: float = 0.0005, amp: float = 1.0) -> list[float]:
    """Partials (ratio, amplitude, decay tau) of a struck body at `freq`; `contact` is the mallet's
    contact time (a longer ramp is a softer mallet: fewer high partials in the attack)."""
    out = [0.0] * int(round(seconds * SR))
    for ratio, a, tau in modes:
        add(out, ring(freq * ratio, tau, seconds, a * amp))
    return decay(out, 1e9, contact)


WOOD = [(1.0, 1.0, 1.0), (2.42, 0.55, 0.55), (3.87, 0.32, 0.35), (5.61, 0.16, 0.22)]
BAR = [(1.0, 1.0, 1.0), (3.93, 0.22, 0.28), (9.24, 0.06, 0.10)]          # a marimba's bar
BELL = [(1.0, 1.0, 1.0), (2.0, 0.32, 0.6), (3.0, 0.12, 0.4), (5.4, 0.05, 0.15), (6.8, 0.05, 0.06)]


def scaled(modes, tau: float):
    return [(r, a, t * tau) for r, a, t in modes]


def knock(freq: float, tau: float, rng: random.Random, hard: float = 0.7, seconds: float = 0.0,
          crack: float = 0.35) -> list[float]:
    """A wood knock: the block's modes plus a short band-passed contact noise."""
    seconds = seconds or min(0.6, tau * 7)
    body = struck(freq, scaled(WOOD, tau), seconds, contact=0.0003 + (1 - hard) * 0.003)
    tick = decay(biquad(noise(0.012, rng), "bp", min(4000.0, freq * 3.2), 0.9), 0.0018 + (1 - hard) * 0.003)
    return add(body, tick, 0.0, crack)


def thud(seconds: float, fc: float, tau: float, rng: random.Random) -> list[float]:
    """Something landing on felt: low-passed noise, fast decay."""
    x = noise(seconds, rng)
    x = biquad(biquad(x, "lp", fc, 0.7), "lp", fc, 0.7)
    return decay(x, tau, 0.002)


def whoosh(seconds: float, f_from: float, f_to: float, rng: random.Random, peak_at: float = 0.5,
           q: float = 1.2) -> list[float]:
    """Paper through air or along felt: swept band-passed noise, swelling then fading."""
    x = sweep_bandpass(sweep_bandpass(noise(seconds, rng), f_from, f_to, q), f_from, f_to, q)
    x = [v * 1.6 for v in x]                       # two band-passes in a row: steeper skirts
    p = seconds * peak_at
    return envelope(x, [(0.0, 0.0), (p, 1.0), (seconds, 0.0)])


def tone(freq: float, harmonics: list[tuple[int, float]], seconds: float, tau: float,
         attack: float) -> list[float]:
    """A plain soft tone (harmonic partials) under an attack and an exponential decay."""
    out = [0.0] * int(round(seconds * SR))
    for h, a in harmonics:
        w = 2 * math.pi * freq * h / SR
        for i in range(len(out)):
            out[i] += a * math.sin(w * i)
    return decay(out, tau, attack)


def note(name: str) -> float:
    """Equal-tempered frequency of a note name like 'C5', 'F#4'."""
    steps = {"C": -9, "C#": -8, "D": -7, "D#": -6, "E": -5, "F": -4, "F#": -3, "G": -2, "G#": -1,
             "A": 0, "A#": 1, "B": 2}
    return 440.0 * 2 ** ((steps[name[:-1]] + 12 * (int(name[-1]) - 4)) / 12)


# -- the recipes ----------------------------------------------------------------------------------

def card_land(rng: random.Random, bright: float = 1.0) -> list[float]:
    """A card's edge meeting the felt: a little paper slap over a soft thud."""
    slap = decay(biquad(noise(0.03, rng), "bp", 1800 * bright, 0.8), 0.006, 0.0008)
    return add(slap, thud(0.05, 350, 0.010, rng), 0.0, 0.9)


def card_deal(rng):
    x = whoosh(0.14, 3200, 1600, rng, peak_at=0.35, q=1.1)
    add(x, card_land(rng), 0.12, 1.1)
    return add(x, zeros(0.26))


def card_draw(rng):
    x = add(zeros(0.01), decay(biquad(noise(0.01, rng), "bp", 3500, 1.0), 0.002, 0.0005), 0.0, 0.6)
    add(x, whoosh(0.24, 1400, 3600, rng, peak_at=0.55, q=1.0), 0.01)
    return add(x, zeros(0.30))


def card_play(rng):
    x = whoosh(0.09, 2600, 1800, rng, peak_at=0.5, q=1.1)
    add(x, card_land(rng, 0.9), 0.08, 1.4)
    add(x, knock(190, 0.03, rng, hard=0.4, crack=0.1), 0.08, 0.6)
    return add(x, zeros(0.26))


def card_flip(rng):
    x = decay(biquad(noise(0.015, rng), "bp", 4200, 1.2), 0.003, 0.0004)   # the corner let go
    add(x, whoosh(0.07, 2500, 5000, rng, peak_at=0.4, q=1.3), 0.008, 0.8)
    add(x, card_land(rng, 1.3), 0.07, 0.9)
    return add(x, zeros(0.20))


def card_discard(rng):
    x = whoosh(0.16, 2200, 900, rng, peak_at=0.3, q=0.9)
    add(x, card_land(rng, 0.7), 0.15, 0.9)
    add(x, lowpass1(whoosh(0.10, 1200, 700, rng, peak_at=0.2, q=0.8), 2500), 0.16, 0.5)  # settling
    return add(x, zeros(0.32))


def counter_place(rng):
    x = knock(880, 0.028, rng, hard=0.75)
    add(x, thud(0.06, 300, 0.012, rng), 0.0, 0.6)
    return add(x, zeros(0.20))


def token_place(rng):
    x = knock(1320, 0.022, rng, hard=0.85)
    add(x, knock(1320, 0.016, rng, hard=0.85), 0.045, 0.35)   # a small bounce
    add(x, thud(0.04, 400, 0.008, rng), 0.0, 0.4)
    return add(x, zeros(0.20))


def boot_step(rng):
    x = add(thud(0.08, 260, 0.016, rng), knock(420, 0.025, rng, hard=0.5, crack=0.2), 0.0, 0.7)
    step2 = add(thud(0.08, 240, 0.016, rng), knock(380, 0.022, rng, hard=0.5, crack=0.2), 0.0, 0.7)
    add(x, step2, 0.12, 0.75)
    return add(x, zeros(0.30))


def dice_roll(rng):
    x = zeros(0.60)
    t, amp = 0.0, 1.0
    while t < 0.46:
        f = rng.uniform(1700, 3100)
        add(x, knock(f, rng.uniform(0.008, 0.018), rng, hard=0.9, crack=0.5), t, amp * rng.uniform(0.6, 1.0))
        if rng.random() < 0.5:   # the other die, almost together
            add(x, knock(rng.uniform(1700, 3100), 0.010, rng, hard=0.9), t + rng.uniform(0.006, 0.02),
                amp * rng.uniform(0.3, 0.7))
        t += rng.uniform(0.025, 0.05) + t * 0.12
        amp *= 0.9
    add(x, thud(0.35, 500, 0.12, rng), 0.0, 0.35)          # the tumble on the felt
    return x


def reveal(rng):
    x = whoosh(0.28, 600, 3200, rng, peak_at=0.6, q=1.0)
    add(x, knock(520, 0.035, rng, hard=0.45, crack=0.15), 0.27, 0.8)
    add(x, thud(0.06, 320, 0.012, rng), 0.27, 0.5)
    return add(x, zeros(0.48))


def gavel(rng) -> list[float]:
    """Two low knocks of a gavel on its block, the second a little firmer."""
    def hit(gain):
        h = knock(185, 0.07, rng, hard=0.8, crack=0.5)
        add(h, knock(410, 0.03, rng, hard=0.8, crack=0.2), 0.0, 0.35)      # the block under it
        return [v * gain for v in h]
    x = hit(0.8)
    return add(x, hit(1.0), 0.17)


def gavel_pass(rng):
    x = gavel(rng)
    for i, n in enumerate(("C6", "E6", "G6")):
        add(x, struck(note(n), scaled(BELL, 0.22), 0.6, contact=0.0015), 0.33 + 0.012 * i, 0.22)
    return add(x, zeros(0.95))


def gavel_fail(rng):
    x = gavel(rng)
    low = tone(note("E3"), [(1, 1.0), (2, 0.35), (3, 0.10)], 0.55, 0.20, 0.012)
    add(x, biquad(low, "lp", 700, 0.6), 0.33, 0.55)
    return add(x, zeros(0.95))


def coins(rng):
    """A few small coins set down on each other: short clusters of high, inharmonic partials."""
    x = zeros(0.42)
    for t, a in ((0.0, 1.0), (0.045, 0.6), (0.10, 0.8), (0.135, 0.45), (0.21, 0.5)):
        base = rng.uniform(3600, 4600)
        cluster = [(r * rng.uniform(0.98, 1.02), amp, tau) for r, amp, tau in
                   ((1.0, 1.0, 0.045), (1.34, 0.7, 0.035), (1.71, 0.5, 0.028), (2.18, 0.3, 0.02))]
        clink = struck(base, cluster, 0.16, contact=0.0003)
        add(clink, decay(biquad(noise(0.01, rng), "hp", 3000, 0.7), 0.0012), 0.0, 0.4)
        add(x, clink, t, a)
    return x


def jail(rng):
    iron = [(1.0, 1.0, 0.22), (2.43, 0.7, 0.16), (4.66, 0.5, 0.11), (7.3, 0.35, 0.07), (9.9, 0.25, 0.05),
            (14.0, 0.15, 0.035)]
    x = struck(160, iron, 0.6, contact=0.001)
    add(x, thud(0.05, 2500, 0.008, rng), 0.0, 1.6)                    # the blow
    latch = struck(410, [(r, a, t * 0.4) for r, a, t in iron], 0.3, contact=0.0005)
    add(x, latch, 0.13, 0.35)
    return biquad(x, "lp", 2200, 0.6)   # dull


def hospital(rng):
    x = struck(note("A6"), [(1.0, 1.0, 0.28), (2.0, 0.15, 0.15), (2.76, 0.08, 0.08)], 0.7, contact=0.006)
    return add(x, zeros(0.70))


def round_end(rng):
    x = knock(760, 0.045, rng, hard=0.35, crack=0.15)
    add(x, knock(570, 0.05, rng, hard=0.35, crack=0.15), 0.15, 0.95)
    return add(x, zeros(0.45))


def motif(notes: list[str], step: float, rng: random.Random, modes, tau: float, last_tau: float,
          contact: float, seconds: float) -> list[float]:
    x = zeros(seconds)
    for i, n in enumerate(notes):
        last = i == len(notes) - 1
        add(x, struck(note(n), scaled(modes, last_tau if last else tau), seconds - i * step, contact=contact),
            i * step, 1.0 if last else 0.8)
    return x


def win(rng):
    x = motif(["C5", "E5", "G5", "C6"], 0.11, rng, BAR, 0.16, 0.32, 0.0012, 1.05)
    add(x, struck(note("C6"), scaled(BELL, 0.3), 0.7, contact=0.002), 0.33, 0.25)   # a bell on the top note
    return x


def loss(rng):
    x = motif(["D5", "A#4"], 0.24, rng, BAR, 0.18, 0.30, 0.004, 0.9)
    return biquad(x, "lp", 1800, 0.6)


def shared_win(rng):
    x = motif(["F4", "A4", "C5", "F5"], 0.13, rng, BAR, 0.22, 0.38, 0.0025, 1.2)
    for n in ("F4", "A4", "C5"):                                   # the chord rings under the top
        add(x, struck(note(n), scaled(BAR, 0.35), 0.75, contact=0.004), 0.40, 0.35)
    return biquad(x, "lp", 2400, 0.6)


def button(rng):
    x = knock(1900, 0.008, rng, hard=0.8, crack=0.3)
    return add(x, zeros(0.07))


def your_turn(rng):
    x = zeros(0.85)
    add(x, struck(note("G5"), scaled(BELL, 0.30), 0.85, contact=0.0015), 0.0, 0.85)
    add(x, struck(note("C6"), scaled(BELL, 0.42), 0.65, contact=0.0015), 0.2, 1.0)
    return x


RECIPES = {name: globals()[name] for name in NAMES}


# -- finishing, measuring, writing ----------------------------------------------------------------

def db(v: float) -> float:
    return 20 * math.log10(v) if v > 0 else -200.0


def loudness(x: list[float]) -> float:
    """RMS in dBFS over the sound's active part: the 10 ms blocks within 20 dB of the loudest block
    (a relative gate, as EBU R128 does), so silence between a dice's knocks or after a bell has
    rung out does not count. Full scale is 1.0."""
    n = int(0.010 * SR)
    blocks = [sum(v * v for v in x[i:i + n]) / len(x[i:i + n]) for i in range(0, len(x), n) if x[i:i + n]]
    top = max(blocks)
    if top <= 0:
        return -200.0
    live = [b for b in blocks if b >= top * 0.01]
    return 10 * math.log10(sum(live) / len(live))


def fades(n: int) -> list[float]:
    fi, fo = int(FADE_IN_S * SR), int(max(FADE_OUT_S, 0.1 * n / SR) * SR)
    w = [1.0] * n
    for i in range(fi):
        w[i] = 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        w[n - 1 - i] = min(w[n - 1 - i], 0.5 - 0.5 * math.cos(math.pi * i / fo))
    return w


def limit(x: list[float], ceiling: float) -> list[float]:
    """A smooth look-ahead limiter: the gain each sample needs to stay under the ceiling, then held
    down for 1 ms before it (look-ahead) and let back up over ~30 ms after it; never over 1."""
    need = [min(1.0, ceiling / abs(v)) if v else 1.0 for v in x]
    rel, att = 1 - math.exp(-1 / (0.030 * SR)), 1 - math.exp(-1 / (0.001 * SR))
    g, fwd = 1.0, []
    for v in need:
        g = min(v, g + (1 - g) * rel)
        fwd.append(g)
    g, gain = 1.0, [0.0] * len(x)
    for i in range(len(x) - 1, -1, -1):
        g = min(fwd[i], g + (1 - g) * att)
        gain[i] = g
    return [v * k for v, k in zip(x, gain)]


def finish(x: list[float], target_db: float) -> list[float]:
    """Fades, no DC, loudness at target_db, peaks under the ceiling."""
    x = highpass1(x, 25.0)                                   # no rumble under the audible range
    w = fades(len(x))
    x = [v * k for v, k in zip(x, w)]
    c = sum(x) / sum(w)                                      # the mean, taken out under the fades
    x = [v - c * k for v, k in zip(x, w)]                    # (so the ends stay at zero)
    ceiling = 10 ** (CEILING_DB / 20) * 0.995
    for _ in range(8):
        g = 10 ** ((target_db - loudness(x)) / 20)
        x = [v * g for v in x]
        if max(abs(v) for v in x) <= ceiling:
            break
        x = limit(x, ceiling)
    c = sum(x) / sum(w)                                      # the limiter's gain moved the mean a hair
    x = [v - c * k for v, k in zip(x, w)]
    peak = max(abs(v) for v in x)
    if peak > ceiling:
        x = [v * ceiling / peak for v in x]
    return x


def synthesise(name: str) -> list[float]:
    rng = random.Random(1000 + NAMES.index(name))             # a fixed seed per sound
    raw = RECIPES[name](rng)
    target = TARGET_RMS_DB - (BUTTON_UNDER_DB if name == "button" else 0.0)
    return finish(raw, target)


def wav_bytes(x: list[float]) -> bytes:
    frames = struct.pack(f"<{len(x)}h", *(max(-32767, min(32767, int(round(v * 32767)))) for v in x))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(frames)
    return buf.getvalue()


def read_wav(path: Path) -> tuple[list[float], tuple[int, int, int]]:
    with wave.open(str(path), "rb") as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        data = w.readframes(w.getnframes())
    return [v / 32768 for v in struct.unpack(f"<{len(data) // 2}h", data)], fmt


def measure(path: Path) -> dict:
    x, fmt = read_wav(path)
    return {"fmt": fmt, "seconds": len(x) / SR, "peak": db(max(abs(v) for v in x)),
            "rms": loudness(x), "dc": sum(x) / len(x), "ends": max(abs(x[0]), abs(x[-1])),
            "bytes": path.stat().st_size}


def check(figures: dict[str, dict]) -> list[str]:
    """Every rule the files must keep; returns what fails."""
    bad = []
    effects = sorted(f["rms"] for n, f in figures.items() if n != "button")
    median = effects[len(effects) // 2]
    for name, f in figures.items():
        if f["fmt"] != (1, 2, SR):
            bad.append(f"{name}: format {f['fmt']}, not mono 16-bit {SR} Hz")
        if not 0.05 <= f["seconds"] <= 1.5:
            bad.append(f"{name}: {f['seconds']:.3f} s long")
        if f["peak"] > CEILING_DB:
            bad.append(f"{name}: peak {f['peak']:.2f} dBFS over {CEILING_DB}")
        if abs(f["dc"]) > 0.001:
            bad.append(f"{name}: DC {f['dc']:.5f}")
        if f["ends"] > 0.002:
            bad.append(f"{name}: does not start and end at silence ({f['ends']:.4f})")
        if name == "button":
            if not 8 <= median - f["rms"] <= 12:
                bad.append(f"button: {median - f['rms']:.1f} dB under the median, not about {BUTTON_UNDER_DB}")
        elif abs(f["rms"] - median) > 2.0:
            bad.append(f"{name}: RMS {f['rms']:.2f} dBFS, {f['rms'] - median:+.2f} dB from the median")
    total = sum(f["bytes"] for f in figures.values())
    if total > 1_000_000:
        bad.append(f"assets/sounds holds {total} bytes")
    return bad


# -- spectrograms ---------------------------------------------------------------------------------

def fft(a: list[complex]) -> list[complex]:
    """Iterative radix-2 FFT (len(a) a power of two)."""
    n = len(a)
    a = list(a)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            a[i], a[j] = a[j], a[i]
    size = 2
    while size <= n:
        wn = cmath.exp(-2j * math.pi / size)
        half = size // 2
        tw = [wn ** k for k in range(half)]
        for start in range(0, n, size):
            for k in range(half):
                u, v = a[start + k], a[start + k + half] * tw[k]
                a[start + k], a[start + k + half] = u + v, u - v
        size *= 2
    return a


COLOURS = [(0.0, (0, 0, 4)), (0.25, (60, 15, 110)), (0.5, (180, 50, 90)), (0.75, (245, 140, 30)),
           (1.0, (252, 255, 164))]


def colour(v: float) -> tuple[int, int, int]:
    v = max(0.0, min(1.0, v))
    for (p0, c0), (p1, c1) in zip(COLOURS, COLOURS[1:]):
        if v <= p1:
            t = (v - p0) / (p1 - p0)
            return tuple(int(round(a + (b - a) * t)) for a, b in zip(c0, c1))
    return COLOURS[-1][1]


def spectrogram(x: list[float], path: Path, width: int = 320, height: int = 160,
                floor_db: float = -100.0, top_db: float = -10.0) -> None:
    """Time across (the whole sound), 0 Hz at the bottom to 11 025 Hz at the top, dB as colour
    (the same scale for every sound: a full-scale sine is 0 dB, black is -100 dB or less). A Hann
    window of 256 samples (12 ms, 86 Hz bins), 512 for sounds of 0.6 s or more, where notes a few
    semitones apart would otherwise share bins; one window centred on each column."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    n = 512 if len(x) >= 0.6 * SR else 256
    win = [0.5 - 0.5 * math.cos(2 * math.pi * i / n) for i in range(n)]
    norm = sum(win) / 2
    padded = [0.0] * (n // 2) + x + [0.0] * (n // 2)
    surf = pygame.Surface((width, height), depth=8)       # a palette: small PNGs
    surf.set_palette([colour(i / 255) for i in range(256)])
    pixels = pygame.PixelArray(surf)
    for col in range(width):
        centre = int(col * (len(x) - 1) / (width - 1))
        spec = fft([complex(padded[centre + i] * win[i]) for i in range(n)])
        for row in range(height):
            k = round((height - 1 - row) * (n // 2) / (height - 1))
            level = db(abs(spec[k]) / norm + 1e-12)
            pixels[col, row] = max(0, min(255, int((level - floor_db) / (top_db - floor_db) * 255)))
    del pixels
    pygame.font.init()
    label = pygame.font.Font(None, 16).render(f"{len(x) / SR:.2f} s", False, colour(1.0))
    surf.blit(label, (width - label.get_width() - 4, 3))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


# -- main -----------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    ap.add_argument("--spectrograms", metavar="DIR", help="draw a spectrogram PNG of each sound into DIR")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    differ = []
    for name in NAMES:
        data = wav_bytes(synthesise(name))
        path = OUT / f"{name}.wav"
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                differ.append(name)
        else:
            path.write_bytes(data)
    figures = {name: measure(OUT / f"{name}.wav") for name in NAMES if (OUT / f"{name}.wav").exists()}
    print(f"{'name':14} {'s':>5} {'peak dBFS':>9} {'RMS dBFS':>9} {'DC':>9} {'bytes':>6}")
    for name, f in figures.items():
        print(f"{name:14} {f['seconds']:5.2f} {f['peak']:9.2f} {f['rms']:9.2f} {f['dc']:9.6f} {f['bytes']:6d}")
    total = sum((OUT / p).stat().st_size for p in os.listdir(OUT))
    print(f"assets/sounds: {total} bytes")
    bad = check(figures) if len(figures) == len(NAMES) else ["some files are missing"]
    if args.check and differ:
        bad.append("differ from what the script makes: " + ", ".join(differ))
    if args.spectrograms:
        for name in NAMES:
            spectrogram(read_wav(OUT / f"{name}.wav")[0], Path(args.spectrograms) / f"{name}.png")
        print(f"spectrograms in {args.spectrograms}")
    for line in bad:
        print("FAIL", line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
