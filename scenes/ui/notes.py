"""A small parchment card of notes beside the log (a memory aid, what a seat has learnt), painted
once on the table's own background so that drawing it is one blit."""
from __future__ import annotations

import pygame

from . import draw, theme
from .textfit import fit_text


def notes_card(fonts, px, backdrop: pygame.Surface, rect: pygame.Rect, title: str, rows: list[str],
               title_size: int = 16, row_size: int = 14, line: int = 21, top: int = 32, tx=None) -> pygame.Surface:
    """The card for `rect`: its title, then as many of the last rows as fit, each cut to the width.
    `tx` sizes the words (the settings' text size; px if not given): larger words, fewer rows."""
    tx = tx or px
    full = backdrop.copy()
    draw.panel(full, rect, radius=px(10), width=2, drop=False)
    head = fonts.text(title, tx(title_size), theme.VERMILION_DARK, bold=True)
    full.blit(head, (rect.x + px(10), rect.y + px(6)))
    line_h = tx(line)
    room = max(1, (rect.h - tx(top + 2)) // line_h)
    y = rect.y + tx(top)
    for row in rows[-room:]:
        ts = fit_text(fonts, row, tx(row_size), theme.INK, rect.w - px(20))
        full.blit(ts, (rect.x + px(10), y))
        y += line_h
    return full.subsurface(rect).copy()
