"""The strip under the map: three parchment panels side by side (the counters to take, your
counters, your travel cards), sized to what they hold. Each is its own panel module (supply.py,
counters.py, cards.py); this one lays the three out and paints their frames and titles.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional

import pygame

from ..ui import draw, theme
from ..ui.panel import Intent
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from .legal import CARDS
from .still import StillPanel


@dataclass
class StripGeometry:
    rects: list[pygame.Rect]   # supply, your counters, your cards
    tile: int                  # a counter's side
    step: int                  # from one tile to the next
    pad: int
    ty: int                    # the tiles' top
    head_grow: int = 0         # how much taller the titles' line is than the design's (the text size)


def title_grow(app) -> int:
    """How much taller the strip's titles are at the text size than at 100 %: the strip grows by it
    and its tiles keep their size under it."""
    lh = app.fonts.line_height
    return max(0, lh(app.tx(13), True) - lh(app.px(13), True))


def strip_geometry(strip: pygame.Rect, view: dict, viewer: Optional[int], px, head_grow: int = 0) -> StripGeometry:
    gap = px(8)
    me = viewer
    mine_up = view["players"][me]["counters"] if me is not None else []
    secret = view["secret_counters"] if me is not None else []
    has_obstacle = me is not None and view["players"][me]["obstacle"]
    hand = Counter(view["hand"])
    kinds = [k for k in CARDS if hand[k]]
    n_mine = max(3, len(mine_up) + len(secret) + (1 if has_obstacle else 0))
    n_cards = max(3, len(kinds))
    units = 6 + n_mine + n_cards
    pad = px(8)
    tile = min(px(44), (strip.w - 2 * gap - 6 * pad - units * px(5)) // units, strip.h - px(34) - head_grow)
    step = tile + px(5)
    widths = [2 * pad + 6 * step, 2 * pad + n_mine * step, 2 * pad + n_cards * step]
    spare = strip.w - sum(widths) - 2 * gap
    widths[2] += max(0, spare)
    rects = []
    x = strip.x
    for w in widths:
        rects.append(pygame.Rect(x, strip.y, w, strip.h))
        x += w + gap
    head = px(24) + head_grow
    ty = strip.y + head + (strip.h - head - tile) // 2 - px(2)
    return StripGeometry(rects, tile, step, pad, ty, head_grow)


class StripPanel(StillPanel):
    """One of the three: a parchment card with a title; its pieces are counters or cards."""

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.geo: Optional[StripGeometry] = None

    def place(self, rect: pygame.Rect, geo: StripGeometry, backdrop: pygame.Surface) -> None:
        self.geo = geo
        self.layout(rect, backdrop)

    def title(self) -> str:
        raise NotImplementedError

    def on_piece(self, piece: Piece) -> Intent:
        """A counter or a card: what it does now, or why it does nothing."""
        return Intent(action=piece.action) if piece.action is not None else self.refusal()

    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px = self.px
        local = pygame.Rect(0, 0, self.rect.w, self.rect.h)
        draw.panel(pic, local, radius=px(8), width=2, drop=False)
        pic.blit(self.title_text(self.title_room()), (self.geo.pad, px(4)))

    def title_room(self) -> int:
        """The title's width (what else stands on its line takes the rest)."""
        return self.rect.w - 2 * self.geo.pad

    def title_text(self, width: int) -> pygame.Surface:
        """The title at the text size in `width` px: at a larger text size no smaller than the
        design's (cut with … past it), at 100 % as it always was."""
        least = 10 if self.app.text_scale == 1 else self.px(13)
        return fit_text(self.fonts, self.title(), self.tx(13), theme.VERMILION_DARK, width, bold=True, min_size=least)

    def slot(self, i: int, dx: int = 0) -> pygame.Rect:
        """The i-th tile's place in the panel (window pixels)."""
        g = self.geo
        return pygame.Rect(self.rect.x + g.pad + i * g.step + dx, g.ty, g.tile, g.tile)

    def none_note(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        """"none" where the tiles would be."""
        g = self.geo
        nt = self.fonts.text(self.t("elf.ui.none"), self.tx(13), theme.INK_SOFT)
        pic.blit(nt, (self.rect.x + g.pad - ox, g.ty + g.tile // 2 - nt.get_height() // 2 - oy))

    def badge(self, pic: pygame.Surface, text: str, corner: tuple[int, int], h: int, size: int) -> None:
        """A small dark count badge whose bottom right corner is `corner` (picture pixels): a count
        a person reads, at the text size."""
        ct = self.fonts.text(text, self.tx(size), theme.WHITE, bold=True)
        r = pygame.Rect(0, 0, ct.get_width() + self.px(6), self.tx(h))
        r.bottomright = corner
        pygame.draw.rect(pic, theme.INK, r, border_radius=self.px(4 if h < 16 else 5))
        pic.blit(ct, ct.get_rect(center=r.center))
