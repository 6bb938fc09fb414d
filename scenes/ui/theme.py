"""Colours and sizes shared by every scene: a lacquered table, parchment panels, ink and seals."""
from __future__ import annotations

from collections.abc import Mapping

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
AMBER = (214, 124, 44)        # between gold and vermilion: a review's "mistake"
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

# The same 8 seats told apart with a colour-vision deficiency too (Settings' "seat colours"): started
# from Okabe & Ito's and Paul Tol's schemes, then searched by tools/palette_check.py so that every
# pair stays apart (CIEDE2000 >= 18) under simulated deuteranopia, protanopia and tritanopia, the
# white letter readable on each (docs/palette.md).
DISTINCT_SEAT_COLOURS = [
    (133, 34, 35), (51, 34, 136), (134, 180, 144), (186, 144, 232),
    (108, 102, 112), (224, 156, 35), (156, 109, 26), (92, 85, 219),
]

PALETTES = {"standard": SEAT_COLOURS, "distinct": DISTINCT_SEAT_COLOURS}
PALETTE = "standard"   # the one in force: set_palette (the settings, when loaded or changed)

# The letter each seat carries beside its colour, on every screen.
SEAT_LETTERS = "ABCDEFGH"

# Every group of game colours that carry meaning (GameColours), by name: tools/palette_check.py
# measures each group under each palette.
COLOUR_GROUPS: dict[str, "GameColours"] = {}


class GameColours(Mapping):
    """A game's colours that carry meaning (its transports, tracks, camps ...), key -> RGB, one set
    per palette: reading it gives the palette in force, so pictures drawn from it follow the setting
    (their caches are named in each game's scene record, scenes.registry.SCENES). `floor`: the
    smallest CIEDE2000 the distinct set keeps between two of its colours under each simulated vision
    (tests/test_palette.py holds it)."""

    def __init__(self, group: str, standard: dict, distinct: dict, floor: float) -> None:
        assert standard.keys() == distinct.keys(), group
        self.group, self.floor = group, floor
        self.sets = {"standard": standard, "distinct": distinct}
        COLOUR_GROUPS[group] = self

    def __getitem__(self, key) -> tuple:
        return self.sets.get(PALETTE, self.sets["standard"])[key]

    def __iter__(self):
        return iter(self.sets["standard"])

    def __len__(self) -> int:
        return len(self.sets["standard"])


def seat_colour(seat: int) -> tuple:
    colours = PALETTES.get(PALETTE, SEAT_COLOURS)
    return colours[seat % len(colours)]


def set_palette(name: str) -> bool:
    """Seat colours from palette `name` from now on (unknown names: the standard one). Pictures kept
    in the old colours are forgotten; the scenes on screen need a new layout to repaint theirs.
    True if the palette changed."""
    global PALETTE
    name = name if name in PALETTES else "standard"
    if name == PALETTE:
        return False
    PALETTE = name
    import sys
    # Every game's, named in its scene record. Only modules already imported can hold one, so none
    # is imported here; nor the registry: without it no table was opened, and nothing is cached.
    registry = sys.modules.get("scenes.registry")
    for module, attr in (registry.picture_caches() if registry is not None else ()):
        cache = getattr(sys.modules.get(module), attr, None)
        if hasattr(cache, "cache_clear"):
            cache.cache_clear()            # an lru_cache
        elif hasattr(cache, "reserve"):
            cache.reserve(cache.limit + 1)  # a ByteLRU: making room for more than it holds empties it
    return True

BASE_W, BASE_H = 1280, 720


def ui_scale(w: int, h: int) -> float:
    """How much bigger than the 1280x720 design the window is (text and widgets follow)."""
    return max(0.8, min(2.0, min(w / BASE_W, h / BASE_H)))
