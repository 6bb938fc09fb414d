"""Card art drawn by code: the Tang-style card back, character faces, symbols and vote cards.

Everything here is a pure function of (what, size, language) and is cached, so
the table draws cards by blitting ready-made surfaces.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional

import pygame

from game.xuanwu_gate import data as cards
from scenes.ui import draw, theme

SYMBOL_COLOURS = {"leaf": (46, 120, 70), "swallow": (36, 52, 96), "spiral": (176, 52, 40)}
CARD_RATIO = 7 / 5  # height / width, like a poker-size card
BACK_RED = (128, 30, 32)
BACK_RED_DARK = (92, 20, 24)
IVORY = (246, 238, 218)

# A swallow seen from below, head up: swept crescent wings and a deep forked tail
# (unit coordinates, x right, y down; the left half mirrors the right).
_SWALLOW_RIGHT = [(0.0, -0.78), (0.1, -0.72), (0.14, -0.5), (0.4, -0.52), (0.72, -0.42), (1.0, -0.16),
                  (0.98, 0.02), (0.7, -0.18), (0.42, -0.24), (0.16, -0.16), (0.13, 0.22), (0.42, 0.98),
                  (0.08, 0.46), (0.0, 0.38)]
_SWALLOW = _SWALLOW_RIGHT + [(-x, y) for x, y in reversed(_SWALLOW_RIGHT[1:-1])]


_ready = draw.ready


def card_size(width: int) -> tuple[int, int]:
    return width, int(round(width * CARD_RATIO))


# -- symbols ------------------------------------------------------------------
def draw_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect, colour: Optional[tuple] = None) -> None:
    """Draw a leaf, swallow or spiral icon filling `rect` (square is best)."""
    rect = pygame.Rect(rect)
    colour = colour or SYMBOL_COLOURS[symbol]
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    if symbol == "leaf":
        # A pointed leaf on a diagonal: two sine arcs, a midrib and a short stem.
        pts_top, pts_bot = [], []
        ang = math.radians(-40)
        ca, sa = math.cos(ang), math.sin(ang)
        for i in range(17):
            t = i / 16
            x = (t - 0.5) * 1.7 * r
            y = math.sin(math.pi * t) * 0.52 * r
            for pts, sy in ((pts_top, -y), (pts_bot, y)):
                pts.append((cx + x * ca - sy * sa, cy + x * sa + sy * ca))
        pygame.draw.polygon(surface, colour, pts_top + pts_bot[::-1])
        tip0, tip1 = pts_top[0], pts_top[-1]
        vein = tuple(min(255, c + 90) for c in colour)
        pygame.draw.line(surface, vein, tip0, tip1, max(1, int(r / 9)))
        stem_end = (tip0[0] - 0.18 * r * ca, tip0[1] - 0.18 * r * sa)
        pygame.draw.line(surface, colour, tip0, stem_end, max(2, int(r / 7)))
    elif symbol == "swallow":
        pts = [(cx + x * r, cy + y * r) for x, y in _SWALLOW]
        pygame.draw.polygon(surface, colour, pts)
        # The swallow's pale throat tells it from a plain bird shape.
        pygame.draw.circle(surface, (200, 96, 70), (int(cx), int(cy - 0.5 * r)), max(1, int(r / 9)))
    elif symbol == "spiral":
        pts = []
        turns = 2.6
        for i in range(120):
            th = i / 119 * turns * 2 * math.pi
            rr = r * 0.95 * (i / 119)
            pts.append((cx + rr * math.cos(th), cy + rr * math.sin(th)))
        pygame.draw.lines(surface, colour, False, pts, max(2, int(r / 5)))
    else:
        raise ValueError(f"unknown symbol {symbol!r}")


@lru_cache(maxsize=64)
def symbol_icon(symbol: str, size: int) -> pygame.Surface:
    """A symbol on an ivory token, cached: the card faces and tables reuse it."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, IVORY, (size // 2, size // 2), size // 2)
    pygame.draw.circle(surf, SYMBOL_COLOURS[symbol], (size // 2, size // 2), size // 2, max(1, size // 16))
    draw_symbol(surf, symbol, pygame.Rect(0, 0, size, size).inflate(-size * 0.3, -size * 0.3))
    return surf


# -- the back -------------------------------------------------------------------
@lru_cache(maxsize=32)
def card_back(w: int, h: int) -> pygame.Surface:
    """Cinnabar lacquer with a gold lozenge lattice and a central rosette, after Tang brocade."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, theme.GOLD, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 12), -max(4, w // 12))
    pygame.draw.rect(surf, BACK_RED, inner, border_radius=max(2, radius - 2))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(8, w // 5)
    gold = (*theme.GOLD, 150)
    for i in range(-inner.h // step - 2, inner.w // step + inner.h // step + 3):
        x = i * step
        pygame.draw.line(field, gold, (x, 0), (x + inner.h, inner.h), 1)
        pygame.draw.line(field, gold, (x, 0), (x - inner.h, inner.h), 1)
    for gx in range(0, inner.w + step, step):
        for gy in range(0, inner.h + step, step):
            pygame.draw.circle(field, (*theme.GOLD_LIGHT, 170), (gx, gy), max(1, step // 7))
    surf.blit(field, inner.topleft)
    # The rosette (寶相花): eight petals in a ring around a gold heart.
    cx, cy = inner.center
    pr = max(6, w // 4)
    pygame.draw.circle(surf, BACK_RED_DARK, (cx, cy), int(pr * 1.25))
    for k in range(8):
        a = k * math.pi / 4
        px_, py_ = cx + math.cos(a) * pr * 0.7, cy + math.sin(a) * pr * 0.7
        pygame.draw.circle(surf, theme.GOLD, (int(px_), int(py_)), max(2, int(pr * 0.36)))
        pygame.draw.circle(surf, BACK_RED, (int(px_), int(py_)), max(1, int(pr * 0.2)))
    pygame.draw.circle(surf, theme.GOLD_LIGHT, (cx, cy), max(2, int(pr * 0.42)))
    pygame.draw.circle(surf, BACK_RED_DARK, (cx, cy), max(1, int(pr * 0.18)))
    pygame.draw.rect(surf, theme.GOLD_LIGHT, inner.inflate(-max(4, w // 10), -max(4, w // 10)), 1,
                     border_radius=max(2, radius - 3))
    return _ready(surf)


# -- the face -------------------------------------------------------------------
_face_cache: dict = {}


def card_face(fonts, t, card: str, w: int) -> pygame.Surface:
    """A character card in t's language: name and title, win symbol top left, rewards bottom right."""
    key = (card, w, t.lang)
    surf = _face_cache.get(key)
    if surf is not None:
        return surf
    h = card_size(w)[1]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, BACK_RED, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 18), -max(4, w // 18))
    pygame.draw.rect(surf, IVORY, inner, border_radius=max(2, radius - 2))
    pygame.draw.rect(surf, theme.GOLD, inner.inflate(-max(4, w // 22), -max(4, w // 22)), 1,
                     border_radius=max(2, radius - 3))
    if w < COMPACT_W:
        _paint_thumbnail(surf, fonts, t, card, inner)
    else:
        _paint_full(surf, fonts, t, card, inner)
    surf = _face_cache[key] = _ready(surf)
    return surf


COMPACT_W = 110   # narrower than this a card is a thumbnail: name and symbols only, so nothing overlaps


def _paint_rewards(surf, fonts, t, rewards: list[str], inner: pygame.Rect, pad: int, icon: int, small: int,
                   labelled: bool) -> int:
    """The reward symbols bottom right, each labelled under its icon if `labelled`; their top."""
    symbols = cards.load()["symbols"]
    x = inner.right - pad
    base = inner.bottom - pad
    # Labels are drawn bold, so measure them bold (a regular measure let "SwallowSwallow" touch).
    col_w = max(icon, max(fonts.text(t.name(symbols[s]), small, theme.INK, bold=True).get_width()
                          for s in rewards) + 2) if labelled else icon
    top = base
    for s in reversed(rewards):
        lab = fonts.text(t.name(symbols[s]) if labelled else " ", small, SYMBOL_COLOURS[s], bold=True)
        lab_h = lab.get_height() - 2 if labelled else 0
        cx = x - col_w // 2
        if labelled:
            surf.blit(lab, lab.get_rect(midbottom=(cx, base)))
        ir = symbol_icon(s, icon).get_rect(midbottom=(cx, base - lab_h))
        surf.blit(symbol_icon(s, icon), ir)
        top = min(top, ir.y)
        x -= col_w + pad // 2
    return top


def _rewards_labelled(fonts, t, rewards: list[str], inner: pygame.Rect, pad: int, icon: int, small: int) -> bool:
    symbols = cards.load()["symbols"]
    col_w = max(icon, max(fonts.text(t.name(symbols[s]), small, theme.INK, bold=True).get_width()
                          for s in rewards) + 2)
    return len(rewards) * (col_w + pad // 2) <= inner.w - pad


def _paint_full(surf, fonts, t, card: str, inner: pygame.Rect) -> None:
    """A card big enough for everything: labels, the name between two rules, the title."""
    info = cards.load()["by_id"][card]
    symbols = cards.load()["symbols"]
    w = surf.get_width()
    pad = max(4, w // 16)
    icon = max(14, w // 4)
    small = max(9, w // 13)
    # Win symbol, top left, with its label.
    win = info["win"]
    surf.blit(symbol_icon(win, icon), (inner.x + pad, inner.y + pad))
    lab = fonts.text(t("xw.win_symbol"), small, theme.INK_SOFT)
    surf.blit(lab, (inner.x + pad + icon + pad // 2, inner.y + pad))
    lab2 = fonts.text(t.name(symbols[win]), small, SYMBOL_COLOURS[win], bold=True)
    surf.blit(lab2, (inner.x + pad + icon + pad // 2, inner.y + pad + lab.get_height() - 2))
    top_bottom = inner.y + pad + max(icon, lab.get_height() - 2 + lab2.get_height())
    # Name and title in the middle.
    name = t.name(info["name"])
    size = max(12, w // 7)
    nt = fonts.text(name, size, theme.INK, bold=True)
    while nt.get_width() > inner.w - 2 * pad and size > 9:
        size -= 1
        nt = fonts.text(name, size, theme.INK, bold=True)
    # The rule above the name stays clear of the win label.
    mid_y = max(inner.y + int(inner.h * 0.43), top_bottom + pad + nt.get_height() // 2)
    pygame.draw.line(surf, theme.VERMILION, (inner.x + 2 * pad, mid_y - nt.get_height() // 2 - pad // 2),
                     (inner.right - 2 * pad, mid_y - nt.get_height() // 2 - pad // 2), 1)
    surf.blit(nt, nt.get_rect(center=(inner.centerx, mid_y)))
    title = t.name(info["title"])
    tsize = max(9, w // 12)
    tt = fonts.text(title, tsize, theme.INK_SOFT)
    while tt.get_width() > inner.w - 2 * pad and tsize > 8:
        tsize -= 1
        tt = fonts.text(title, tsize, theme.INK_SOFT)
    ty = mid_y + nt.get_height() // 2 + 1
    surf.blit(tt, tt.get_rect(midtop=(inner.centerx, ty)))
    pygame.draw.line(surf, theme.VERMILION, (inner.x + 2 * pad, ty + tt.get_height() + pad // 2),
                     (inner.right - 2 * pad, ty + tt.get_height() + pad // 2), 1)
    # Reward symbols, bottom right, each labelled under its icon.
    rewards = info["rewards"]
    labelled = _rewards_labelled(fonts, t, rewards, inner, pad, icon, small)
    top = _paint_rewards(surf, fonts, t, rewards, inner, pad, icon, small, labelled)
    rl = fonts.text(t("xw.reward"), small, theme.INK_SOFT)
    surf.blit(rl, rl.get_rect(bottomright=(inner.right - pad, top + 4)))


def _name_lines(fonts, name: str, size: int) -> list[list[str]]:
    """Ways to set a name: on one line, or broken in two (at a space, or between CJK characters)."""
    ways = [[name]]
    if " " in name:
        words = name.split(" ")
        ways += [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    elif len(name) > 1 and all(ord(ch) >= 0x2E80 for ch in name):
        half = (len(name) + 1) // 2
        ways.append([name[:half], name[half:]])
    return ways


def _fit_name(fonts, name: str, box_w: int, box_h: int, start: int) -> tuple[int, list[str], int]:
    """(size, lines, line step) of the biggest setting of `name` that fits the box (one line first);
    if none does, the smallest size, in as few lines as fit across."""
    def setting(size: int, lines: list[str]) -> tuple[int, int, int]:
        font = fonts.font(size, True)
        step = font.get_ascent()   # the ascent holds the letters and a little air above them
        return max(font.size(line)[0] for line in lines), step * (len(lines) - 1) + font.get_ascent() + 2, step

    for size in range(start, MIN_NAME - 1, -1):
        for lines in _name_lines(fonts, name, size):
            width, height, step = setting(size, lines)
            if width <= box_w and height <= box_h:
                return size, lines, step
    ways = _name_lines(fonts, name, MIN_NAME)
    lines = next((way for way in ways if setting(MIN_NAME, way)[0] <= box_w), ways[-1])
    return MIN_NAME, lines, setting(MIN_NAME, lines)[2]


MIN_NAME = 7   # the smallest type for a name on the smallest card


def card_inner(w: int) -> pygame.Rect:
    """The ivory field of a card face `w` wide, inside its red edge."""
    return pygame.Rect((0, 0), card_size(w)).inflate(-max(4, w // 18), -max(4, w // 18))


def thumbnail_plan(fonts, t, card: str, w: int) -> dict:
    """Where each part of a small card goes, in bands from the top: the win symbol (named if there
    is room), a rule under it, the name (in two lines if it must, never cut), the reward symbols
    (labelled if the name still fits). Card coordinates; the painter and the tests read it."""
    info = cards.load()["by_id"][card]
    symbols = cards.load()["symbols"]
    inner = card_inner(w)
    pad = max(4, w // 16)
    icon = max(12 if w < 56 else 14, w // 4)   # the smallest cards give their name a little more room
    small = max(9, w // 13)
    win = info["win"]
    lx = inner.x + pad + icon + pad // 2
    room = inner.right - pad // 2 - lx
    word = fonts.text(t("xw.win_symbol"), small, theme.INK_SOFT)
    sym = fonts.text(t.name(symbols[win]), small, SYMBOL_COLOURS[win], bold=True)
    label = None
    label_rect = pygame.Rect(inner.x + pad, inner.y + pad, icon, icon)   # the icon, and its words if any
    if w >= 80 and max(word.get_width(), sym.get_width()) <= room:   # "Win" over the symbol's name
        label = "stacked"
        label_rect.union_ip(pygame.Rect(lx, inner.y + pad, max(word.get_width(), sym.get_width()),
                                        word.get_height() - 2 + sym.get_height()))
    elif sym.get_width() <= room:                                    # the symbol's name beside the icon
        label = "beside"
        label_rect.union_ip(sym.get_rect(midleft=(lx, inner.y + pad + icon // 2)))
    rule_y = label_rect.bottom + max(2, pad // 2)
    # The rewards' labels go when the name would not fit above them otherwise.
    name = t.name(info["name"])
    rewards = info["rewards"]
    labelled = _rewards_labelled(fonts, t, rewards, inner, pad, icon, small)
    for labelled in ([True, False] if labelled else [False]):
        lab_h = fonts.text(" ", small, theme.INK, bold=True).get_height() - 2 if labelled else 0
        reward_top = inner.bottom - pad - lab_h - icon
        box = pygame.Rect(inner.x + pad // 2, rule_y + 2, inner.w - pad, reward_top - 2 - (rule_y + 2))
        size, lines, step = _fit_name(fonts, name, box.w, box.h, max(12, w // 7))
        font = fonts.font(size, True)
        height = step * (len(lines) - 1) + font.get_ascent() + 2
        if height <= box.h:
            break
    widest = max(font.size(line)[0] for line in lines)
    name_rect = pygame.Rect(box.centerx - widest // 2, box.centery - height // 2, widest, height)
    return {"inner": inner, "pad": pad, "icon": icon, "small": small, "label": label, "label_rect": label_rect,
            "word": word, "sym": sym, "lx": lx, "rule_y": rule_y, "name_box": box, "name_rect": name_rect,
            "size": size, "lines": lines, "step": step, "labelled": labelled, "reward_top": reward_top}


def _paint_thumbnail(surf, fonts, t, card: str, inner: pygame.Rect) -> None:
    """A small card, every part in its own band (thumbnail_plan), so none runs into another."""
    info = cards.load()["by_id"][card]
    plan = thumbnail_plan(fonts, t, card, surf.get_width())
    pad, icon = plan["pad"], plan["icon"]
    surf.blit(symbol_icon(info["win"], icon), (inner.x + pad, inner.y + pad))
    if plan["label"] == "stacked":
        surf.blit(plan["word"], (plan["lx"], inner.y + pad))
        surf.blit(plan["sym"], (plan["lx"], inner.y + pad + plan["word"].get_height() - 2))
    elif plan["label"] == "beside":
        surf.blit(plan["sym"], plan["sym"].get_rect(midleft=(plan["lx"], inner.y + pad + icon // 2)))
    rule_y = plan["rule_y"]
    pygame.draw.line(surf, theme.VERMILION, (inner.x + 2 * pad, rule_y), (inner.right - 2 * pad, rule_y), 1)
    _paint_rewards(surf, fonts, t, info["rewards"], inner, pad, icon, plan["small"], plan["labelled"])
    font = fonts.font(plan["size"], True)
    y = plan["name_rect"].y
    for line in plan["lines"]:
        nt = fonts.text(line, plan["size"], theme.INK, bold=True)
        # A line's picture is taller than its letters: set the letters, not the picture, in the band.
        surf.blit(nt, nt.get_rect(midtop=(plan["name_box"].centerx, y - (font.get_height() - font.get_ascent()) // 2)))
        y += plan["step"]


def vote_card(fonts, t, vote: str, w: int, lit: bool = False) -> pygame.Surface:
    """A big vote card: 決戰 (crossed halberds in red) or 伺機 (a crescent moon in indigo)."""
    key = ("vote", vote, w, t.lang, lit)
    surf = _face_cache.get(key)
    if surf is not None:
        return surf
    h = card_size(w)[1]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = theme.VERMILION if vote == "battle" else (44, 62, 110)
    dark = theme.VERMILION_DARK if vote == "battle" else (28, 38, 72)
    radius = max(4, w // 12)
    pygame.draw.rect(surf, theme.GOLD_LIGHT if lit else theme.GOLD, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(6, w // 14), -max(6, w // 14))
    pygame.draw.rect(surf, colour, inner, border_radius=radius - 2)
    pygame.draw.rect(surf, theme.GOLD_LIGHT, inner.inflate(-w // 14, -w // 14), 1, border_radius=radius - 3)
    cx, cy = inner.centerx, inner.y + int(inner.h * 0.38)
    r = w // 4
    pygame.draw.circle(surf, dark, (cx, cy), int(r * 1.25))
    if vote == "battle":
        for sgn in (-1, 1):  # two crossed halberds
            a = (cx - sgn * r, cy + r)
            b = (cx + sgn * r, cy - r)
            pygame.draw.line(surf, theme.GOLD_LIGHT, a, b, max(2, w // 28))
            pygame.draw.polygon(surf, theme.GOLD_LIGHT, [b, (b[0] - sgn * r // 3, b[1] + r // 8),
                                                         (b[0] - sgn * r // 8, b[1] + r // 3)])
    else:
        pygame.draw.circle(surf, theme.GOLD_LIGHT, (cx, cy), r)
        pygame.draw.circle(surf, dark, (cx + r // 2, cy - r // 4), int(r * 0.9))
    word = fonts.text(t("xw.vote." + vote), max(14, w // 5), theme.WHITE, bold=True)
    # The hint sits at the bottom of the card, in one or two lines; the word stands above it (higher
    # for two lines) and below the emblem; smaller type only if both cannot fit.
    hint = t("xw.vote." + vote + "_hint")
    emblem_bottom = cy + int(r * 1.25)
    hint_size = max(9, w // 13)
    while True:
        lines = fonts.wrap(hint, hint_size, inner.w - w // 8)[:2]
        line_h = fonts.text(" ", hint_size, theme.WHITE).get_height() - 2
        block = (len(lines) - 1) * line_h + fonts.font(hint_size).get_ascent() + 2   # to the last descender
        y = min(inner.y + int(inner.h * 0.84), inner.bottom - w // 28 - max(2, w // 30) - block)
        word_cy = min(inner.y + int(inner.h * 0.72), y - word.get_height() // 2 + w // 20)
        if word_cy - word.get_height() // 2 >= emblem_bottom - w // 20 or hint_size <= 7:
            break
        hint_size -= 1
    surf.blit(word, word.get_rect(center=(inner.centerx, word_cy)))
    for line in lines:
        s = fonts.text(line, hint_size, theme.GOLD_LIGHT)
        surf.blit(s, s.get_rect(midtop=(inner.centerx, y)))
        y += s.get_height() - 2
    surf = _face_cache[key] = _ready(surf)
    return surf

