"""European Union card art drawn by code: the blue council felt with its ring of gold stars,
parchment cards for member states and MEP seats, party cards, ending cards, vote cards and the
chair card (a bill card is bill_card.py's).

Every picture is a pure function of (what, size, language) and is cached, so the
table composes its layer by blitting ready-made surfaces.
"""
from __future__ import annotations

import math

import pygame

from game.european_union import data as cards
from game.european_union.describe import party_name, policy_short
from scenes.ui import draw, theme
from scenes.ui.byte_cache import PICTURE_CACHE_BYTES, PictureCache
from scenes.ui.draw import star
from scenes.ui.textfit import fit_text

EU_BLUE = (24, 50, 124)
EU_BLUE_DARK = (14, 30, 82)
EU_BLUE_LIGHT = (60, 96, 176)
STAR_GOLD = (252, 204, 40)
FELT = (26, 44, 92)
FELT_DARK = (16, 28, 62)
# Yes / passed / a gain, and no / failed / a loss: always with a mark too (○ or ✓, X).
# The distinct sets of these groups: chosen with tools/palette_check.py (docs/palette.md).
VOTE_RGB = theme.GameColours("eu.vote", standard={"yes": (40, 128, 72), "no": (172, 40, 36)},
                             distinct={"yes": (53, 166, 169), "no": (107, 27, 24)}, floor=40)
# Policies by their colour in the data (every track and bill names its policy too).
POLICY_RGB = theme.GameColours("eu.policy", standard={
    "blue": (40, 92, 180), "orange": (222, 124, 30), "red": (192, 50, 46),
    "green": (46, 136, 68), "purple": (124, 66, 162)}, distinct={
    "blue": (86, 32, 155), "orange": (230, 140, 24), "red": (141, 91, 24),
    "green": (58, 90, 86), "purple": (129, 111, 232)}, floor=21)
# The parties are the seats here (each plate carries the seat letter and the party's name).
PARTY_RGB = theme.GameColours("eu.party", standard={
    "blue": (38, 88, 178), "red": (196, 48, 46), "yellow": (234, 190, 40), "green": (52, 146, 74),
    "purple": (126, 70, 164), "cyan": (40, 168, 190), "white": (238, 236, 228)}, distinct={
    "blue": (70, 127, 150), "red": (173, 24, 26), "yellow": (232, 204, 25), "green": (142, 148, 118),
    "purple": (24, 28, 187), "cyan": (35, 212, 232), "white": (223, 232, 211)}, floor=22)
GROUP_RGB = {1: (196, 160, 72), 2: (120, 146, 178), 3: (92, 150, 130)}

_cache = PictureCache(PICTURE_CACHE_BYTES)  # bounded by the pictures' bytes, not their number


_ready = draw.ready


def _cached(key: tuple, make) -> pygame.Surface:
    return _cache.get_or_make(key, lambda: _ready(make()))


def policy_rgb(policy: str) -> tuple:
    return POLICY_RGB[cards.load()["policy_by_id"][policy]["colour"]]


def party_rgb(party: str) -> tuple:
    return PARTY_RGB.get(party, theme.GREY)


def ink_on(colour: tuple) -> tuple:
    """Dark ink on a light colour, white on a dark one."""
    r, g, b = colour[:3]
    return theme.INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else theme.WHITE


# -- small shapes --------------------------------------------------------------


def star_ring(surface: pygame.Surface, centre, radius: float, star_r: float, colour=STAR_GOLD) -> None:
    """The twelve stars of the European flag."""
    for i in range(12):
        a = i * math.pi / 6
        star(surface, colour, (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)), star_r)


def stars_row(surface: pygame.Surface, x: int, cy: int, n: int, r: int, colour=STAR_GOLD) -> int:
    """n stars (negative: dark red stars after a minus sign) from x; returns the x after them."""
    if n == 0:
        pygame.draw.line(surface, theme.GREY, (x + r // 2, cy), (x + 2 * r, cy), max(1, r // 3))
        return x + 2 * r + 2
    col, out = (colour, theme.WOOD_DARK) if n > 0 else (VOTE_RGB["no"], theme.VERMILION_DARK)
    if n < 0:
        pygame.draw.line(surface, VOTE_RGB["no"], (x, cy), (x + r, cy), max(2, r // 3))
        x += r + 3
    for i in range(abs(n)):
        star(surface, col, (x + r + i * (2 * r + 1), cy), r, out)
    return x + abs(n) * (2 * r + 1) + 2


def tick(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    p = pygame.Rect(rect)
    pygame.draw.lines(surface, colour, False, [(p.left, p.centery), (p.x + p.w * 0.4, p.bottom),
                                               (p.right, p.top)], width)


def cross(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    p = pygame.Rect(rect)
    pygame.draw.line(surface, colour, p.topleft, p.bottomright, width)
    pygame.draw.line(surface, colour, p.topright, p.bottomleft, width)


def glow(w: int, h: int, colour: tuple = theme.GOLD_LIGHT, spread: int = 10) -> pygame.Surface:
    """The clickable halo, its corners rounded by the card's shorter side."""
    return draw.rect_glow(w, h, colour, spread, radius=max(4, min(w, h) // 10))


# -- the table -----------------------------------------------------------------
def council_background(size: tuple[int, int]) -> pygame.Surface:
    """A wooden rim around dark blue felt (the ring of gold stars is faint_ring, drawn on top)."""
    return draw.table_background(size, felt=FELT, shade=(0, 0, 20), vignette=80, weave_alpha=5)


def faint_ring(surface: pygame.Surface, centre, radius: int) -> None:
    ring = pygame.Surface((2 * radius + 40, 2 * radius + 40), pygame.SRCALPHA)
    star_ring(ring, (radius + 20, radius + 20), radius, max(4, radius // 9), (*STAR_GOLD, 38))
    surface.blit(ring, (centre[0] - radius - 20, centre[1] - radius - 20))


def emblem(size: int) -> pygame.Surface:
    """A small EU flag disc: twelve gold stars on blue."""
    def make():
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(s, EU_BLUE, (size / 2, size / 2), size / 2)
        star_ring(s, (size / 2, size / 2), size * 0.32, size * 0.07)
        pygame.draw.circle(s, theme.GOLD, (size / 2, size / 2), size / 2, max(2, size // 18))
        return s
    return _cached(("emblem", size), make)


# -- cards ---------------------------------------------------------------------
def _card_base(w: int, h: int, fill=theme.PARCHMENT, border=theme.WOOD, band=None, band_h: int = 0) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 14)
    pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
    if band:
        pygame.draw.rect(s, band, (0, 0, w, band_h), border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(s, border, s.get_rect(), max(1, min(3, w // 60)), border_radius=radius)
    return s


def whole_text(fonts, text: str, size: int, colour, room: int, min_size: int,
               bold: bool = False) -> "pygame.Surface | None":
    """`text` at `size` or a step smaller (down to min_size) where it fits `room` whole; None where
    it does not (the caller leaves it off or makes room: never a word cut short)."""
    for z in range(size, min(size, min_size) - 1, -1):
        surf = fonts.text(text, z, colour, bold)
        if surf.get_width() <= room:
            return surf
    return None


def bill_size(w: int) -> tuple[int, int]:
    return w, int(round(w * 1.4))


def state_size(w: int) -> tuple[int, int]:
    return w, int(round(w * 1.18))


def state_band(w: int) -> int:
    """The height of a member state card's name band (what a card lying over it leaves showing)."""
    return max(16, int(state_size(w)[1] * 0.3))


def state_card(fonts, t, state: str, w: int) -> pygame.Surface:
    """A member state: its name on the accession group's band, its voting power and the influence it brings."""
    def make():
        st = cards.load()["state_by_id"][state]
        h = state_size(w)[1]
        band_h = state_band(w)
        s = _card_base(w, h, band=GROUP_RGB[st["group"]], band_h=band_h)
        size = max(9, w // 8)
        lines = fonts.wrap(t.name(st["name"]), size, w - 6, True)
        if len(lines) == 1:   # one word longer than the band ("Luxembourg" on a narrow card): smaller
            ts = whole_text(fonts, lines[0], size, theme.INK, w - 6, 7, True) or \
                fit_text(fonts, lines[0], size, theme.INK, w - 6, bold=True, min_size=7)
            s.blit(ts, ts.get_rect(center=(w // 2, band_h // 2)))
        else:
            small = max(8, size - 2)
            for i, line in enumerate(lines[:2]):
                ts = whole_text(fonts, line, small, theme.INK, w - 6, 7, True) or \
                    fit_text(fonts, line, small, theme.INK, w - 6, bold=True, min_size=7)
                s.blit(ts, ts.get_rect(center=(w // 2, band_h // 2 + (i * 2 - 1) * small // 2)))
        # Voting power: a big number in a ballot box.
        box = pygame.Rect(0, 0, int(w * 0.5), int(h * 0.38))
        box.midtop = (w // 2 - w // 8, band_h + max(3, h // 20))
        pygame.draw.rect(s, EU_BLUE, box, border_radius=max(3, w // 16))
        num = fonts.text(str(st["power"]), int(box.h * 0.8), theme.WHITE, bold=True)
        s.blit(num, num.get_rect(center=box.center))
        # Its word beside the box, whole or not at all (a narrow card: the note under the mouse says it).
        lab = whole_text(fonts, t("eu.ui.power_short"), max(8, w // 10), theme.INK_SOFT, w - box.right - 4, 7)
        if lab is not None:
            s.blit(lab, lab.get_rect(midleft=(box.right + 3, box.centery)))
        # Influence: a gold coin.
        c = (w // 2, h - int(h * 0.16))
        cr = max(7, int(h * 0.12))
        pygame.draw.circle(s, theme.WOOD, (c[0], c[1] + 1), cr)
        pygame.draw.circle(s, theme.GOLD, c, cr)
        inf = fonts.text("+" + str(st["influence"]), int(cr * 1.1), theme.INK, bold=True)
        s.blit(inf, inf.get_rect(center=c))
        return s
    return _cached(("state", state, w, t.lang), make)


def mep_card(fonts, t, mep: str, w: int) -> pygame.Surface:
    """An MEP seat card: the Parliament's hemicycle and the seats' voting power."""
    def make():
        power = cards.load()["mep_by_id"][mep]["power"]
        h = state_size(w)[1]
        s = _card_base(w, h, band=EU_BLUE_LIGHT, band_h=max(16, int(h * 0.26)))
        lab = fit_text(fonts, t("eu.ui.mep_title"), max(9, w // 8), theme.WHITE, w - 6, bold=True)
        s.blit(lab, lab.get_rect(center=(w // 2, max(16, int(h * 0.26)) // 2)))
        # A hemicycle of seats.
        cx, cy = w // 2, int(h * 0.93)
        for ring, rr in enumerate((w * 0.32, w * 0.24, w * 0.16)):
            k = 9 - 2 * ring
            for i in range(k):
                a = math.pi + i * math.pi / (k - 1)
                pygame.draw.circle(s, EU_BLUE_LIGHT if ring % 2 else EU_BLUE,
                                   (cx + rr * math.cos(a), cy + rr * math.sin(a)), max(2, w // 30))
        num = fonts.text(str(power), int(h * 0.28), EU_BLUE_DARK, bold=True)
        s.blit(num, num.get_rect(center=(cx, int(h * 0.47))))
        return s
    return _cached(("mep", mep, w, t.lang), make)


def chair_card(fonts, t, w: int) -> pygame.Surface:
    """The chair card: gold stars on blue, the word Chair."""
    def make():
        h = int(w * 0.36)
        s = _card_base(w, h, fill=EU_BLUE, border=theme.GOLD)
        pygame.draw.rect(s, theme.GOLD, s.get_rect().inflate(-4, -4), 1, border_radius=max(3, w // 16))
        star(s, STAR_GOLD, (h * 0.42, h / 2), h * 0.26)
        lab = fit_text(fonts, t("eu.ui.chair"), max(9, int(h * 0.6)), STAR_GOLD, w - int(h * 0.8), bold=True)
        s.blit(lab, lab.get_rect(midleft=(int(h * 0.76), h // 2)))
        return s
    return _cached(("chair", w, t.lang), make)


def vote_card(fonts, t, vote: str, w: int) -> pygame.Surface:
    """A two-sided vote card: ○ (yes) in green or X (no) in red."""
    def make():
        h = int(w * 1.3)
        colour = VOTE_RGB["yes" if vote == "yes" else "no"]
        s = _card_base(w, h, fill=theme.PARCHMENT, border=theme.GOLD)
        inner = s.get_rect().inflate(-max(6, w // 12), -max(6, w // 12))
        pygame.draw.rect(s, colour, inner, border_radius=max(3, w // 14))
        cx, cy, r = inner.centerx, inner.y + int(inner.h * 0.42), int(w * 0.27)
        lw = max(3, w // 11)
        if vote == "yes":
            pygame.draw.circle(s, theme.WHITE, (cx, cy), r, lw)
        else:
            cross(s, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), theme.WHITE, lw)
        word = fit_text(fonts, t("eu.ui.vote_word." + vote), max(10, w // 6), theme.WHITE, inner.w - 6, bold=True)
        s.blit(word, word.get_rect(center=(cx, inner.y + int(inner.h * 0.84))))
        return s
    return _cached(("vote", vote, w, t.lang), make)


def vote_chip(fonts, t, vote: str, w: int) -> pygame.Surface:
    """A small revealed vote card for a seat plate."""
    def make():
        h = int(w * 1.25)
        colour = VOTE_RGB["yes" if vote == "yes" else "no"]
        s = _card_base(w, h, fill=colour, border=theme.GOLD_LIGHT)
        r = int(w * 0.3)
        c = (w // 2, h // 2)
        if vote == "yes":
            pygame.draw.circle(s, theme.WHITE, c, r, max(2, w // 9))
        else:
            cross(s, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), theme.WHITE, max(2, w // 9))
        return s
    return _cached(("vote_chip", vote, w), make)


def stamp(fonts, t, passed: bool, w: int) -> pygame.Surface:
    """The mark on a voted bill: a green tick "Passed" or a red cross "Rejected"."""
    def make():
        text = t("eu.ui.passed" if passed else "eu.ui.rejected")
        col = VOTE_RGB["yes" if passed else "no"]
        size = max(9, w // 9)
        ts = fonts.text(text, size, theme.WHITE, bold=True)
        bw = min(w - 4, ts.get_width() + size + 14)
        s = pygame.Surface((bw, int(size * 1.7)), pygame.SRCALPHA)
        pygame.draw.rect(s, col, s.get_rect(), border_radius=5)
        pygame.draw.rect(s, theme.WHITE, s.get_rect().inflate(-4, -4), 1, border_radius=4)
        icon = pygame.Rect(5, s.get_height() // 2 - size // 3, int(size * 0.7), int(size * 0.7))
        (tick if passed else cross)(s, icon, theme.WHITE, max(2, size // 6))
        lab = fit_text(fonts, text, size, theme.WHITE, bw - icon.right - 8, bold=True)
        s.blit(lab, lab.get_rect(midleft=(icon.right + 4, s.get_height() // 2)))
        return s
    return _cached(("stamp", passed, w, t.lang), make)


def bonus_text(t, table: list[int]) -> str:
    """A track bonus table in words: "+2 a step" when linear, else the list."""
    step = table[1] - table[0]
    if all(table[i] == step * i for i in range(len(table))):
        if step == 0:
            return "—"
        return t("eu.ui.per_step", n=("+" if step > 0 else "−") + str(abs(step)))
    return " ".join(("+" if v > 0 else "") + str(v) for v in table[1:])


def party_card(fonts, t, party: str, w: int) -> pygame.Surface:
    """The party card: name, flavour, stars per policy, ability and end bonuses per track step."""
    def make():
        d = cards.load()
        p = d["party_by_id"][party]
        pad = max(8, w // 24)
        size = max(11, w // 22)
        colour = party_rgb(party)
        head_h = int(size * 2.3)
        flavour = fonts.wrap(t.name(p["flavour"]), size - 1, w - 2 * pad)
        ability = fonts.wrap(t.name(p["ability"]["text"]), size, w - 2 * pad)
        row_h = int(size * 1.6)
        h = (head_h + pad + len(flavour) * int(size * 1.3) + pad + int(size * 1.5) + 5 * row_h + pad
             + int(size * 1.5) + len(ability) * int(size * 1.35) + pad)
        s = _card_base(w, h, band=colour, band_h=head_h)
        name = fit_text(fonts, party_name(party, t), int(size * 1.3), ink_on(colour), w - 2 * pad, bold=True)
        s.blit(name, name.get_rect(midleft=(pad, head_h // 2)))
        y = head_h + pad // 2
        for line in flavour:
            s.blit(fonts.text(line, size - 1, theme.INK_SOFT), (pad, y))
            y += int(size * 1.3)
        y += pad // 2
        cols = (pad, pad + int(w * 0.42), pad + int(w * 0.7))
        for x, key in zip(cols, ("eu.ui.col.policy", "eu.ui.col.stars", "eu.ui.col.bonus")):
            s.blit(fonts.text(t(key), size - 1, theme.VERMILION_DARK, bold=True), (x, y))
        y += int(size * 1.5)
        for pol in cards.POLICIES:
            col = policy_rgb(pol)
            pygame.draw.rect(s, col, (pad, y + 3, 6, row_h - 6), border_radius=2)
            nm = fit_text(fonts, policy_short(pol, t), size, theme.INK, cols[1] - pad - 14)
            s.blit(nm, (pad + 10, y + (row_h - nm.get_height()) // 2))
            stars_row(s, cols[1], y + row_h // 2, p["stars"][pol], max(4, size // 2))
            bt = fit_text(fonts, bonus_text(t, p["track_bonus"][pol]), size, theme.INK, w - cols[2] - pad)
            s.blit(bt, (cols[2], y + (row_h - bt.get_height()) // 2))
            y += row_h
        y += pad // 2
        s.blit(fonts.text(t("eu.ui.ability"), size - 1, theme.VERMILION_DARK, bold=True), (pad, y))
        y += int(size * 1.5)
        for line in ability:
            s.blit(fonts.text(line, size, theme.INK), (pad, y))
            y += int(size * 1.35)
        return s
    return _cached(("party", party, w, t.lang), make)


def ending_size(w: int) -> int:
    """The ending card's type size at width w (at 100 % text size)."""
    return max(10, w // 15)


def ending_card(fonts, t, ending: str, w: int, size: int = 0) -> pygame.Surface:
    """An ending card: the track's colour, its title and the text read out at the end, at `size`
    (by default ending_size(w)); as tall as its words need."""
    size = size or ending_size(w)

    def make():
        e = cards.load()["ending_by_id"][ending]
        pad = max(6, w // 18)
        col = policy_rgb(e["policy"])
        lines = fonts.wrap(t.name(e["text"]), size, w - 2 * pad)
        tl = fonts.wrap(t.name(e["title"]), size + 2, w - 2 * pad, True)
        # The track and the level on the band, on a second line where one is too short for them.
        band = fonts.wrap(policy_short(e["policy"], t) + " · " + t("eu.ui.level." + e["level"]), size,
                          w - 2 * pad, True)
        step = int(size * 1.25)
        head = int(size * 1.6) + (len(band) - 1) * step
        h = head + pad + len(tl) * int((size + 2) * 1.3) + pad // 2 + len(lines) * int(size * 1.35) + pad
        s = _card_base(w, h, band=col, band_h=head)
        for i, line in enumerate(band):
            pn = fonts.text(line, size, theme.WHITE, True)
            s.blit(pn, pn.get_rect(midleft=(pad, int(size * 0.8) + i * step)))
        y = head + pad // 2
        for line in tl:
            s.blit(fonts.text(line, size + 2, theme.INK, True), (pad, y))
            y += int((size + 2) * 1.3)
        y += pad // 2
        for line in lines:
            s.blit(fonts.text(line, size, theme.INK_SOFT), (pad, y))
            y += int(size * 1.35)
        return s
    return _cached(("ending", ending, w, size, t.lang), make)


def panel_surface(w: int, h: int, fill=theme.PARCHMENT, border=theme.WOOD, radius: int = 10) -> pygame.Surface:
    s = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    draw.panel(s, pygame.Rect(0, 0, w, h), fill=fill, border=border, radius=radius, width=3)
    return s


# -- pieces of the table (markers, chips, backs) ----------------------------------------------
def track_marker(fonts, policy: str, position: int, size: tuple[int, int], inset: int, text: int) -> pygame.Surface:
    """A policy track's marker: a white-rimmed disc in the policy's colour with the step on it."""
    def make():
        s = pygame.Surface(size, pygame.SRCALPHA)
        c = (size[0] // 2, size[1] // 2)
        pygame.draw.circle(s, theme.WHITE, c, min(size) // 2 - 1)
        pygame.draw.circle(s, policy_rgb(policy), c, min(size) // 2 - inset)
        num = fonts.text(str(position), text, theme.WHITE, bold=True)
        s.blit(num, num.get_rect(center=c))
        return s
    return _cached(("marker", policy, position, size, inset, text), make)


def chip(fonts, label: str, colour: tuple, size: tuple[int, int], radius: int, text: int, pad: int) -> pygame.Surface:
    """A small card on a seat plate: a member state ("DE 5") or the MEP seat card ("MEP 12")."""
    def make():
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
        ct = fit_text(fonts, label, text, theme.INK, size[0] - pad, bold=True)
        s.blit(ct, ct.get_rect(center=(size[0] // 2, size[1] // 2)))
        return s
    return _cached(("chip", label, colour, size, radius, text, pad), make)


def vote_chip_back(w: int) -> pygame.Surface:
    """The back of a small vote card: EU blue with a gold star, as every vote lies before the reveal."""
    def make():
        h = int(w * 1.25)
        s = _card_base(w, h, fill=EU_BLUE, border=theme.GOLD_LIGHT)
        star(s, STAR_GOLD, (w / 2, h / 2), w * 0.3)
        return s
    return _cached(("vote_chip_back", w), make)
