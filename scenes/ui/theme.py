"""Colours and sizes shared by every scene: a lacquered table, parchment panels, ink and seals."""
from __future__ import annotations

TABLE = (34, 58, 48)          # green baize
TABLE_DARK = (22, 40, 33)
WOOD = (104, 62, 34)
WOOD_DARK = (70, 40, 22)
WOOD_LIGHT = (150, 98, 56)
PARCHMENT = (240, 228, 200)
PARCHMENT_DARK = (214, 196, 158)
INK = (42, 32, 26)
INK_SOFT = (96, 80, 66)
GOLD = (216, 176, 84)
GOLD_LIGHT = (246, 218, 140)
VERMILION = (184, 48, 38)
VERMILION_DARK = (130, 30, 24)
JADE = (58, 140, 108)
JADE_LIGHT = (120, 196, 160)
SHADOW = (0, 0, 0, 90)
WHITE = (250, 248, 240)
GREY = (150, 146, 138)
DISABLED = (170, 160, 140)

# One colour per seat, told apart by name and a letter too (never colour alone).
SEAT_COLOURS = [
    (196, 64, 52), (52, 108, 176), (214, 168, 44), (62, 150, 92),
    (140, 82, 170), (230, 124, 44), (70, 160, 170), (150, 150, 150),
]

# The letter each seat carries beside its colour, on every screen.
SEAT_LETTERS = "ABCDEFGH"


def seat_colour(seat: int) -> tuple:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

BASE_W, BASE_H = 1280, 720


def ui_scale(w: int, h: int) -> float:
    """How much bigger than the 1280x720 design the window is (text and widgets follow)."""
    return max(0.8, min(2.0, min(w / BASE_W, h / BASE_H)))
