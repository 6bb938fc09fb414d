"""Text that must fit a width: shrink it a little, then cut it with an ellipsis."""
from __future__ import annotations

import pygame


def fit_text(fonts, text: str, size: int, colour, max_w: int, bold: bool = False,
             min_size: int = 10) -> pygame.Surface:
    """The rendered text at `size` or smaller (down to min_size), cut with … if it still overflows."""
    s = size
    surf = fonts.text(text, s, colour, bold)
    if surf.get_width() > max_w > 0:  # jump near the fitting size: each size tried loads a font
        s = max(min_size, min(s - 1, int(s * max_w / surf.get_width())))
        surf = fonts.text(text, s, colour, bold)
    while surf.get_width() > max_w and s > min_size:
        s -= 1
        surf = fonts.text(text, s, colour, bold)
    if surf.get_width() <= max_w:
        return surf
    cut = text
    while len(cut) > 1 and surf.get_width() > max_w:
        cut = cut[:-1]
        surf = fonts.text(cut.rstrip() + "…", s, colour, bold)
    return surf


def blit_fit_centred(surface: pygame.Surface, fonts, text: str, size: int, colour, left: int, right: int,
                     top: int, bold: bool = False) -> None:
    """One line fitted between x = left and right, centred there, its top at `top` (a table's
    heading in the top bar)."""
    surf = fit_text(fonts, text, size, colour, right - left, bold)
    surface.blit(surf, surf.get_rect(midtop=((left + right) // 2, top)))


def wrap_rows(fonts, text: str, size: int, width: int, lines: int, bold: bool = False) -> list[str]:
    """`text` wrapped to `width` on at most `lines` rows, the last holding whatever is left (a
    fit_text of it shrinks or cuts it)."""
    if lines <= 1 or not text:
        return [text] if text else []
    rows = fonts.wrap(text, size, width, bold)
    if len(rows) > lines:
        rest = " ".join(rows[lines - 1:]) if " " in text else "".join(rows[lines - 1:])
        rows = rows[:lines - 1] + [rest]
    return rows


def blit_wrap_centred(surface: pygame.Surface, fonts, text: str, size: int, colour, left: int, right: int,
                      top: int, lines: int = 2, bold: bool = False) -> int:
    """`text` on up to `lines` lines centred between left and right from `top` (a prompt at a large
    text size wraps rather than shrinks); what still does not fit is fitted into the last line.
    The y under the last line."""
    y = top
    for row in wrap_rows(fonts, text, size, right - left, lines, bold):
        blit_fit_centred(surface, fonts, row, size, colour, left, right, y, bold)
        y += fonts.line_height(size, bold)
    return y


def blit_lines(surface: pygame.Surface, fonts, text: str, size: int, colour, rect: pygame.Rect,
               bold: bool = False, centre: bool = False, line_gap: float = 1.35) -> int:
    """Wrap `text` into `rect` (top down) and return the y below the last line."""
    y = rect.y
    for line in fonts.wrap(text, size, rect.w, bold):
        t = fonts.text(line, size, colour, bold)
        x = rect.centerx - t.get_width() // 2 if centre else rect.x
        surface.blit(t, (x, y))
        y += int(size * line_gap)
    return y
