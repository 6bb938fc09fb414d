"""Tweens: pieces that move, fly, flip and fade over a little time.

A table keeps one Tweens and calls update(dt) every frame; while it is busy
the table asks for frames (and bots wait, so nobody's move is lost behind
an animation). Durations of 0 apply at once, so "instant" bot speed and
tests need no special case.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional

from .piece import Piece


def ease_out(k: float) -> float:
    """Fast, then settling: a card lands softly."""
    return 1 - (1 - k) ** 3


def ease_in_out(k: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * k)


@dataclass
class Tween:
    piece: Piece
    duration: float
    step: Callable[[float], None]          # called with 0..1 (eased) every frame
    done: Optional[Callable[[], None]] = None
    delay: float = 0.0
    elapsed: float = field(default=0.0)

    def advance(self, dt: float) -> bool:
        """Move on by dt; True when finished."""
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
        self.elapsed += dt
        k = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        self.step(k)
        if k >= 1.0:
            if self.done:
                self.done()
            return True
        return False


class Tweens:
    def __init__(self) -> None:
        self.running: list[Tween] = []

    @property
    def busy(self) -> bool:
        return bool(self.running)

    def moving(self, piece: Piece) -> bool:
        return any(t.piece is piece for t in self.running)

    def add(self, tween: Tween) -> Tween:
        if tween.duration <= 0 and tween.delay <= 0:
            tween.advance(0.0)  # instant: done now, never listed
        else:
            self.running.append(tween)
        return tween

    def update(self, dt: float) -> bool:
        """Advance every tween; True if anything moved (a frame is needed)."""
        if not self.running:
            return False
        self.running = [t for t in self.running if not t.advance(dt)]
        return True

    def finish(self) -> None:
        """Jump every tween to its end (the view changed under it, or a test wants the rest)."""
        while self.running:
            running, self.running = self.running, []
            for t in running:
                t.delay = 0.0
                t.elapsed = t.duration
                t.advance(0.0)

    # -- the four motions ---------------------------------------------------------------
    def move(self, piece: Piece, start: tuple[int, int], duration: float, delay: float = 0.0,
             done: Optional[Callable[[], None]] = None) -> Tween:
        """From `start` to the piece's home, in a straight line."""
        end = piece.home
        piece.move_centre(start)

        def step(k: float) -> None:
            e = ease_out(k)
            piece.move_centre((start[0] + (end[0] - start[0]) * e, start[1] + (end[1] - start[1]) * e))
        return self.add(Tween(piece, duration, step, done, delay))

    def fly(self, piece: Piece, start: tuple[int, int], duration: float, arc: float = 0.25,
            delay: float = 0.0, done: Optional[Callable[[], None]] = None) -> Tween:
        """From `start` to home along an arc (dealing, playing, discarding): it rises by `arc` of
        the distance at mid-flight."""
        end = piece.home
        lift = arc * math.hypot(end[0] - start[0], end[1] - start[1])
        piece.move_centre(start)

        def step(k: float) -> None:
            e = ease_in_out(k)
            x = start[0] + (end[0] - start[0]) * e
            y = start[1] + (end[1] - start[1]) * e - lift * math.sin(math.pi * e)
            piece.move_centre((x, y))
        return self.add(Tween(piece, duration, step, done, delay))

    def flip(self, piece: Piece, duration: float, face_up: bool = True, delay: float = 0.0,
             done: Optional[Callable[[], None]] = None) -> Tween:
        """Turn the piece over: it narrows to an edge, shows its other side and widens again."""
        def step(k: float) -> None:
            if k >= 0.5:
                piece.face_up = face_up
            piece.flip = 0.0 if k >= 1.0 else k
        return self.add(Tween(piece, duration, step, done, delay))

    def fade(self, piece: Piece, to_alpha: int, duration: float, delay: float = 0.0,
             done: Optional[Callable[[], None]] = None) -> Tween:
        start = piece.alpha

        def step(k: float) -> None:
            piece.alpha = int(round(start + (to_alpha - start) * k))
        return self.add(Tween(piece, duration, step, done, delay))
