"""How far apart the seat colours look, for normal vision and simulated deuteranopia, protanopia and
tritanopia: the smallest CIEDE2000 difference between two seats of each palette (and the pair), for
all 8 seats and for the first 3, 4 and 5 (the common table sizes).

    python tools/palette_check.py            # the figures (docs/palette.md)
    python tools/palette_check.py --png docs/palette.png   # also the swatches under each vision
                                             # (the games' colours in docs/palette_games.png)
    python tools/palette_check.py --search   # look for a better "distinct" palette (~30 s)
    python tools/palette_check.py --search-group wi.camp   # the same for one group of game colours

The game colours that carry meaning (Elfenland's transports and terrains, European Union's policies,
votes and parties, The Wonderful Island's camps and card kinds: theme.COLOUR_GROUPS) are measured
the same way, each group on its own: the smallest difference between two of its colours.

Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6); their published matrices at severity 1.0, applied to
linear RGB (sRGB decoded), the result encoded back and clipped. Differences: CIEDE2000 (Sharma, Wu
& Dalal 2005 implementation notes) in CIELAB under D65.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# Machado et al. 2009, severity 1.0 (the table on the authors' page, www.inf.ufrgs.br/~oliveira).
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia")
WHITE = (250, 248, 240)   # theme.WHITE: the seat letter drawn on the colour


def _to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255.0 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb: tuple, vision: str) -> tuple:
    """The colour as seen with `vision` (sRGB 0-255 floats)."""
    if vision == "normal":
        return tuple(float(v) for v in rgb[:3])
    lin = [_to_linear(v) for v in rgb[:3]]
    m = MACHADO[vision]
    return tuple(_to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def luminance(rgb: tuple) -> float:
    r, g, b = (_to_linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    """WCAG contrast ratio (the white letter on a seat colour)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(rgb: tuple) -> tuple:
    r, g, b = (_to_linear(v) for v in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(lab1: tuple, lab2: tuple) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cm7 / (cm7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    Lm, Cm = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    d_theta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * Cm
    sh = 1 + 0.015 * Cm * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


def min_difference(colours: list, vision: str) -> tuple[float, tuple[int, int]]:
    """The smallest CIEDE2000 between two of `colours` seen with `vision`, and which two (seat numbers)."""
    labs = [lab(simulate(c, vision)) for c in colours]
    return min((ciede2000(labs[i], labs[j]), (i, j)) for i, j in combinations(range(len(labs)), 2))


def report(palettes: dict) -> str:
    letters = "ABCDEFGH"
    lines = []
    for name, colours in palettes.items():
        worst_white = min(contrast(c, WHITE) for c in colours)
        lines.append(f"{name}: {len(colours)} seats, white letter contrast >= {worst_white:.2f}")
        for vision in VISIONS:
            cells = []
            for n in (3, 4, 5, len(colours)):
                d, (i, j) = min_difference(colours[:n], vision)
                cells.append(f"{n} seats {d:5.1f} ({letters[i]}-{letters[j]})")
            lines.append(f"  {vision:<13} " + "   ".join(cells))
    return "\n".join(lines)


# -- looking for a palette -----------------------------------------------------------------------
def _score(colours: list) -> float:
    """What the search raises: the worst pair over every vision, for 8 seats, with the first 4 and 5
    seats' worst pairs counted a little too (the common tables)."""
    worst = {n: min(min_difference(colours[:n], v)[0] for v in VISIONS) for n in (4, 5, 8)}
    return worst[8] + 0.15 * worst[5] + 0.1 * worst[4]


def _allowed(c: tuple) -> bool:
    """Readable under the white letter, not lost on the dark green table, no glaring pure primary."""
    return contrast(c, WHITE) >= 2.2 and lab(c)[0] >= 30 and all(24 <= v <= 232 for v in c)


def search(start: list, rounds: int = 30000, seed: int = 35) -> list:
    rng = random.Random(seed)
    best, best_score = list(start), _score(start)
    for k in range(rounds):
        step = 40 if k < rounds // 2 else 14
        trial = list(best)
        i = rng.randrange(len(trial))
        if rng.random() < 0.1:
            j = rng.randrange(len(trial))
            trial[i], trial[j] = trial[j], trial[i]
        else:
            trial[i] = tuple(min(255, max(0, v + rng.randint(-step, step))) for v in trial[i])
            if not _allowed(trial[i]):
                continue
        s = _score(trial)
        if s > best_score:
            best, best_score = trial, s
    return best


def swatches_png(palettes: dict, path: str) -> None:
    """Each palette's seats (with their letters) under each vision, one row a vision."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.font.init()
    font = pygame.font.Font(None, 26)
    big = pygame.font.Font(None, 30)
    cell, gap, left, top = 56, 8, 150, 40
    n = max(len(c) for c in palettes.values())
    block_w = n * (cell + gap) + 30
    w = left + block_w * len(palettes)
    h = top + len(VISIONS) * (cell + gap) + 10
    surf = pygame.Surface((w, h))
    surf.fill((34, 58, 48))
    for v, vision in enumerate(VISIONS):
        y = top + v * (cell + gap)
        surf.blit(font.render(vision, True, (240, 228, 200)), (10, y + cell // 2 - 8))
        for p, (name, colours) in enumerate(palettes.items()):
            x0 = left + p * block_w
            if v == 0:
                surf.blit(big.render(name, True, (246, 218, 140)), (x0, 10))
            for s, c in enumerate(colours):
                rect = pygame.Rect(x0 + s * (cell + gap), y, cell, cell)
                seen = tuple(round(x) for x in simulate(c, vision))
                pygame.draw.rect(surf, seen, rect, border_radius=8)
                letter = big.render("ABCDEFGH"[s], True, tuple(round(x) for x in simulate(WHITE, vision)))
                surf.blit(letter, letter.get_rect(center=rect.center))
    pygame.image.save(surf, path)


# -- the games' colours ---------------------------------------------------------------------------
def colour_groups() -> dict:
    """theme.COLOUR_GROUPS, every game's group registered (their modules imported)."""
    import importlib
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.registry import picture_caches   # a game's colours live beside its cached pictures
    for module in dict.fromkeys(module for module, _ in picture_caches()):
        importlib.import_module(module)
    from scenes.ui import theme
    return theme.COLOUR_GROUPS


def group_min(colours: dict, vision: str) -> tuple[float, tuple[str, str]]:
    """The smallest CIEDE2000 between two of a group's colours seen with `vision`, and which two."""
    keys = list(colours)
    d, (i, j) = min_difference([colours[k] for k in keys], vision)
    return d, (keys[i], keys[j])


def group_report(groups: dict) -> str:
    lines = []
    for name, group in groups.items():
        lines.append(f"{name}: {len(group)} colours, distinct floor {group.floor:g}")
        for palette, colours in group.sets.items():
            cells = []
            for vision in VISIONS:
                d, (a, b) = group_min(colours, vision)
                cells.append(f"{vision} {d:5.1f} ({a}-{b})")
            lines.append(f"  {palette:<9} " + "   ".join(cells))
    return "\n".join(lines)


def _group_score(colours: list, standard: list, near: float) -> float:
    """The worst pair over every vision; a colour wandering more than `near` from its standard
    one (normal vision) costs, so that a Blue camp stays blue and a forest green."""
    worst = min(min_difference(colours, v)[0] for v in VISIONS)
    drift = max(ciede2000(lab(c), lab(s)) for c, s in zip(colours, standard))
    return worst - 2 * max(0.0, drift - near)


LIGHTNESS_BAND = 15   # L*: a group's distinct colour stays this close to its standard one's


def search_group(standard: list, rounds: int = 12000, seed: int = 35, near: float = 30.0) -> list:
    """Hill-climb a group's distinct colours from its standard ones: within 24-232 a channel (no
    glaring primary) and LIGHTNESS_BAND of the standard lightness, so that the icons, letters and
    marks drawn on each colour read as well as they did."""
    rng = random.Random(seed)
    best = list(standard)
    best_score = _group_score(best, standard, near)
    for k in range(rounds):
        step = 40 if k < rounds // 2 else 12
        trial = list(best)
        i = rng.randrange(len(trial))
        trial[i] = tuple(min(232, max(24, v + rng.randint(-step, step))) for v in trial[i])
        if abs(lab(trial[i])[0] - lab(standard[i])[0]) > LIGHTNESS_BAND:
            continue
        score = _group_score(trial, standard, near)
        if score > best_score:
            best, best_score = trial, score
    return best


def groups_png(groups: dict, path: str) -> None:
    """Each group of game colours, standard and distinct, one row each, under each vision (columns)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    cell, gap, left, top = 26, 4, 230, 34
    n = max(len(g) for g in groups.values())
    block_w = n * (cell + gap) + 24
    rows = [(name, palette) for name in groups for palette in ("standard", "distinct")]
    surf = pygame.Surface((left + block_w * len(VISIONS), top + len(rows) * (cell + gap) + 8))
    surf.fill((34, 58, 48))
    for v, vision in enumerate(VISIONS):
        surf.blit(font.render(vision, True, (246, 218, 140)), (left + v * block_w, 10))
    for r, (name, palette) in enumerate(rows):
        y = top + r * (cell + gap)
        surf.blit(font.render(f"{name} {palette}", True, (240, 228, 200)), (10, y + cell // 2 - 7))
        for v, vision in enumerate(VISIONS):
            for i, c in enumerate(groups[name].sets[palette].values()):
                rect = pygame.Rect(left + v * block_w + i * (cell + gap), y, cell, cell)
                pygame.draw.rect(surf, tuple(round(x) for x in simulate(c, vision)), rect, border_radius=5)
    pygame.image.save(surf, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--png", help="write the swatches to this PNG")
    ap.add_argument("--search", action="store_true", help="hill-climb from the distinct palette")
    ap.add_argument("--search-group", metavar="GROUP", help="hill-climb a group's distinct colours from its standard ones")
    ap.add_argument("--near", type=float, default=30.0, help="with --search-group: how far (CIEDE2000) a colour may drift")
    args = ap.parse_args(argv)
    from scenes.ui import theme
    groups = colour_groups()
    if args.search_group:
        group = groups[args.search_group]
        keys = list(group)
        found = search_group([group.sets["standard"][k] for k in keys], near=args.near)
        print("found:", dict(zip(keys, found)))
        for vision in VISIONS:
            print(f"  {vision:<13} {min_difference(found, vision)[0]:5.1f}")
        return 0
    palettes = dict(theme.PALETTES)
    if args.search:
        found = search(palettes["distinct"])
        print("found:", found)
        palettes["found"] = found
    print(report(palettes))
    print()
    print(group_report(groups))
    if args.png:
        swatches_png({k: v for k, v in palettes.items() if k != "found"}, args.png)
        games_png = args.png.replace(".png", "_games.png")
        groups_png(groups, games_png)
        print("wrote", args.png, "and", games_png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
