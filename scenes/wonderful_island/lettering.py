"""Lettering for The Wonderful Island's card faces: a few words set as large as they fit, never below
the smallest size a face may use (MIN_TEXT px, readable at 1024x600), a word too long for its line
drawn a little narrower rather than cut, and "…" only where even that cannot help.

Sizes here are screen pixels: the faces are made at the size they are shown.
"""
from __future__ import annotations

import pygame

MIN_TEXT = 11        # no text on a face is smaller than this (px), whatever the window
LINE = 1.18          # line height / font size on a face
NARROWEST = 0.82     # a line may be drawn this much narrower at most, to fit its width


def line_surface(fonts, text: str, size: int, colour, width: int, bold: bool = False) -> pygame.Surface:
    """One line at `size`: as it is if it fits `width`, else drawn narrower (down to NARROWEST of
    its width), else cut with "…"."""
    surf = fonts.text(text, size, colour, bold)
    w = surf.get_width()
    if w <= width:
        return surf
    if width >= w * NARROWEST:
        return pygame.transform.smoothscale(surf, (max(1, width), surf.get_height()))
    cut = text
    while len(cut) > 1 and fonts.text(cut.rstrip() + "…", size, colour, bold).get_width() > width / NARROWEST:
        cut = cut[:-1]
    return line_surface(fonts, cut.rstrip() + "…", size, colour, width, bold)


def fit_lines(fonts, text: str, size: int, width: int, max_lines: int = 0, bold: bool = False,
              min_size: int = MIN_TEXT, height: int = 0) -> tuple[list[str], int]:
    """`text` wrapped to `width`, at the largest size from `size` down to `min_size` where it fits
    in `max_lines` lines (or, given a `height`, in as many lines as that height holds at each size);
    a line a little too wide counts as fitting: it is drawn narrower. At the smallest size what does
    not fit is cut with "…" on the last line."""
    size = max(min_size, size)

    def room(s: int) -> int:
        return max(1, int(height // (s * LINE))) if height else max_lines

    lines: list[str] = []
    # Smaller first, then narrower: the lines wrapped to the width at each size, then, if none fits,
    # wrapped to what drawing them narrower gives room for.
    for room_w in (width, int(width / NARROWEST)):
        for s in range(size, min_size - 1, -1):
            lines = fonts.wrap(text, s, room_w, bold)
            if len(lines) <= room(s) and all(fonts.font(s, bold).size(x)[0] * NARROWEST <= width for x in lines):
                return lines, s
    lines = fonts.wrap(text, min_size, width, bold)
    if len(lines) > room(min_size):
        lines = lines[:room(min_size)]
        lines[-1] = lines[-1].rstrip(" ，。、,.;；") + "…"
    return lines, min_size


def paint_lines(surf: pygame.Surface, fonts, lines: list[str], size: int, colour, rect: pygame.Rect,
                bold: bool = False, centre: bool = False, middle: bool = False) -> int:
    """Lines top down in `rect` (centred across it if `centre`, in its height if `middle`); returns
    the y under the last line."""
    step = int(round(size * LINE))
    y = rect.y + (rect.h - step * len(lines)) // 2 if middle else rect.y
    for text in lines:
        ts = line_surface(fonts, text, size, colour, rect.w, bold)
        x = rect.centerx - ts.get_width() // 2 if centre else rect.x
        surf.blit(ts, (x, y + (step - ts.get_height()) // 2))
        y += step
    return y


def block(surf: pygame.Surface, fonts, text: str, size: int, colour, rect: pygame.Rect, bold: bool = False,
          centre: bool = False, middle: bool = False, min_size: int = MIN_TEXT) -> int:
    """Wrap `text` into `rect` as large as it fits (see fit_lines) and paint it; the y under it."""
    lines, s = fit_lines(fonts, text, size, rect.w, bold=bold, min_size=min_size, height=rect.h)
    return paint_lines(surf, fonts, lines, s, colour, rect, bold, centre, middle)
