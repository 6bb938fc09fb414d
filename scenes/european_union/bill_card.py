"""A European Union bill card drawn by code: its title, its flavour, the stars it carries per policy
(each policy by its short name, as on the tracks board; the bordered one framed) and its Council
method. Every word on it is whole: the title wraps onto as many lines as it needs, the flavour is
shown whole or left off (the note under the mouse reads it), a label steps down a size or the stars
beside it get smaller, the method wraps. A card is as tall as its row gives it: ``row_height``
picks one height for every bill at a width, as much of the room as the longest text needs.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional

import pygame

from game.european_union import data as cards
from game.european_union.describe import bill_name, policy_short
from scenes.ui import theme

from . import cards as art

_heights: dict[tuple, tuple[int, int]] = {}   # (bill, w, lang) -> (least, whole): pure, small


def text_sizes(w: int) -> dict[str, int]:
    """The card's type sizes at width w: title, flavour, policy labels and method (each at least
    11 px on a card of the 1280x720 table, about 122 px wide; smaller tables scale them down), and
    the floor a text may step down to."""
    def at(share: float, floor: int = 9) -> int:
        return max(floor, int(w * share + 0.5))
    row_h = max(12, int(w * 0.14 + 0.5))
    return {"title": at(0.105), "title_min": at(0.09), "flavour": at(0.09), "label": max(9, row_h - 6),
            "row": row_h, "method": at(0.09), "floor": max(8, int(w * 0.088 + 0.5))}


@dataclass
class _Plan:
    """Where the words of one bill go on a card `w` wide (the height aside)."""
    pad: int
    band: int
    title: list[str]
    title_size: int
    rows: list[str]            # the policies with stars, in the board's order
    label_size: int
    star_r: int
    chip_w: int
    method: list[str]
    method_size: int

    def top(self) -> int:
        """The y under the title."""
        return self.band + self.pad // 2 + len(self.title) * int(self.title_size * 1.22)

    def foot(self, row_h: int) -> int:
        """How tall the star rows and the method are, with the margins under them."""
        mh = len(self.method) * int(self.method_size * 1.25) + 2 + self.method_size // 4
        return len(self.rows) * (row_h + 2) + self.pad // 2 + mh + self.pad // 2


def _plan(fonts, t, bill: str, w: int) -> _Plan:
    b = cards.load()["bill_by_id"][bill]
    sz = text_sizes(w)
    pad = max(4, w // 16)
    inner = w - 2 * pad
    name = bill_name(bill, t)
    # The title: the largest size down to title_min that takes at most three lines (four at the
    # smallest), and at that size as many lines as it takes: never cut.
    size = sz["title"]
    lines = fonts.wrap(name, size, inner, True)
    while len(lines) > 3 and size > sz["title_min"]:
        size -= 1
        lines = fonts.wrap(name, size, inner, True)
    # A word longer than the line ("Anti-Discrimination"): a size smaller until it fits.
    while size > 7 and max(fonts.text(line, size, theme.INK, True).get_width() for line in lines) > inner:
        size -= 1
        lines = fonts.wrap(name, size, inner, True)
    # The star rows: every card at this width labels its rows at one size with one star size, the
    # largest at which the longest short name fits beside three stars (stars first get smaller).
    label, star_r, chip_w = _labels(fonts, t, w)
    # The method: one line, a size or two smaller if need be, else two lines.
    meth = t("eu.ui.method_short." + b["method"])
    msize = sz["method"]
    mlines = [meth]
    if art.whole_text(fonts, meth, msize, theme.WHITE, inner - 6, max(7, sz["floor"] - 1), True) is None:
        mlines = fonts.wrap(meth, msize, inner - 6, True)
    else:
        while fonts.text(meth, msize, theme.WHITE, True).get_width() > inner - 6:
            msize -= 1
    rows = [p for p in cards.POLICIES if b["stars"][p] > 0]
    return _Plan(pad, max(5, w // 18), lines, size, rows, label, star_r, chip_w, mlines, msize)


def _labels(fonts, t, w: int) -> tuple[int, int, int]:
    """(label size, star radius, label chip width) of the star rows at width w: one for every card."""
    return _labels_at(fonts, t, t.lang, w)


@functools.lru_cache(maxsize=64)
def _labels_at(fonts, t, lang: str, w: int) -> tuple[int, int, int]:
    sz = text_sizes(w)
    pad = max(4, w // 16)
    inner = w - 2 * pad
    names = [policy_short(p, t) for p in cards.POLICIES]
    most = max(n for b in cards.load()["bills"] for n in b["stars"].values())   # stars in a row, at most

    def widest(size: int) -> int:
        return max(fonts.text(n, size, theme.WHITE, True).get_width() for n in names)

    def chip(r: int) -> int:
        return inner - 2 - (most * (2 * r + 1) + 2) - 4

    for floor in (sz["floor"], max(7, sz["floor"] - 1)):
        for r in range(max(3, sz["row"] // 3), 2, -1):
            for size in range(sz["label"], floor - 1, -1):
                if widest(size) <= chip(r) - 4:
                    return size, r, chip(r)
    return floor, 3, chip(3)


def heights(fonts, t, bill: str, w: int) -> tuple[int, int]:
    """(least, whole): how tall the card must be for its title, stars and method; and for its
    flavour too, at its size."""
    key = (bill, w, t.lang)
    if key not in _heights:
        plan = _plan(fonts, t, bill, w)
        sz = text_sizes(w)
        least = plan.top() + plan.pad + plan.foot(sz["row"])
        flavour = fonts.wrap(t.name(cards.load()["bill_by_id"][bill]["flavour"]), sz["flavour"], w - 2 * plan.pad)
        _heights[key] = least, least + plan.pad // 3 + len(flavour) * int(sz["flavour"] * 1.25)
    return _heights[key]


def row_height(fonts, t, w: int, room: int) -> int:
    """One height for every bill card `w` wide: the card's own proportions (1.4 times its width), or
    taller up to `room` where the longest flavour needs it, never short of any title and stars."""
    every = [heights(fonts, t, b["id"], w) for b in cards.load()["bills"]]
    least = max(h[0] for h in every)
    whole = max(h[1] for h in every)
    return max(least, min(room, max(art.bill_size(w)[1], whole)))


def bill_card(fonts, t, bill: str, w: int, h: Optional[int] = None) -> pygame.Surface:
    """A bill `w` wide and `h` tall (by default 1.4 times its width): its title, its flavour where it
    fits whole, the stars it carries per policy (the bordered one framed) and its council method."""
    h = h or art.bill_size(w)[1]

    def make():
        b = cards.load()["bill_by_id"][bill]
        plan = _plan(fonts, t, bill, w)
        sz = text_sizes(w)
        pad, inner = plan.pad, w - 2 * plan.pad
        border_rgb = art.policy_rgb(b["border"])
        s = art._card_base(w, h, band=border_rgb, band_h=plan.band)
        y = plan.band + pad // 2
        for line in plan.title:
            ts = fonts.text(line, plan.title_size, theme.INK, True)
            s.blit(ts, ts.get_rect(midtop=(w // 2, y)))
            y += int(plan.title_size * 1.22)
        row_h = sz["row"]
        y0 = h - plan.foot(row_h)
        _flavour(fonts, t, s, b, (y + pad // 3, y0 - pad), inner, sz)
        _star_rows(fonts, t, s, b, plan, max(y, y0), row_h)
        # The method at the foot.
        mcol = theme.VERMILION_DARK if b["method"] == "unanimity" else art.EU_BLUE
        lh = int(plan.method_size * 1.25)
        surfs = [fonts.text(line, plan.method_size, theme.WHITE, True) for line in plan.method]
        mr = pygame.Rect(0, 0, max(m.get_width() for m in surfs) + 6, len(surfs) * lh + 2 + plan.method_size // 4)
        mr.bottomleft = (pad, h - pad // 2)
        pygame.draw.rect(s, mcol, mr, border_radius=4)
        for i, m in enumerate(surfs):
            s.blit(m, m.get_rect(midleft=(mr.x + 3, mr.y + 1 + plan.method_size // 8 + i * lh + lh // 2)))
        return s
    return art._cached(("bill", bill, w, h, t.lang), make)


def _flavour(fonts, t, s: pygame.Surface, b: dict, span: tuple[int, int], inner: int, sz: dict) -> None:
    """The flavour between the title and the stars: whole at its size or a step smaller, centred in
    the room; left off where it does not fit whole."""
    top, bottom = span
    text = t.name(b["flavour"])
    for size in range(sz["flavour"], max(sz["floor"], sz["flavour"] - 1) - 1, -1):
        lh = int(size * 1.25)
        lines = fonts.wrap(text, size, inner)
        room = bottom - top
        if len(lines) * lh <= room:
            y = top + (room - len(lines) * lh) // 2
            for line in lines:
                fs = fonts.text(line, size, theme.INK_SOFT)
                s.blit(fs, fs.get_rect(midtop=(s.get_width() // 2, y)))
                y += lh
            return


def _star_rows(fonts, t, s: pygame.Surface, b: dict, plan: _Plan, y: int, row_h: int) -> None:
    """Every policy the bill carries stars for: its short name on its colour, then the stars; the
    bordered policy framed in its colour."""
    w, pad = s.get_width(), plan.pad
    for p in plan.rows:
        r = pygame.Rect(pad, y, w - 2 * pad, row_h)
        col = art.policy_rgb(p)
        if p == b["border"]:
            pygame.draw.rect(s, theme.WHITE, r, border_radius=3)
            pygame.draw.rect(s, col, r.inflate(2, 2), max(2, w // 45), border_radius=3)
        chip = pygame.Rect(r.x + 2, r.y + 2, plan.chip_w, r.h - 4)
        pygame.draw.rect(s, col, chip, border_radius=3)
        lab = fonts.text(policy_short(p, t), plan.label_size, theme.WHITE, True)
        s.blit(lab, lab.get_rect(center=chip.center))
        art.stars_row(s, chip.right + 3, r.centery, b["stars"][p], plan.star_r)
        y += row_h + 2


def bill_back(w: int, h: Optional[int] = None) -> pygame.Surface:
    h = h or art.bill_size(w)[1]

    def make():
        s = art._card_base(w, h, fill=art.EU_BLUE, border=theme.GOLD)
        art.star_ring(s, (w / 2, h / 2), w * 0.3, w * 0.05)
        return s
    return art._cached(("bill_back", w, h), make)
