"""The tooltip: a small parchment note near the mouse saying what a piece is and does.

The rule of when a note shows, whose it is and when it goes is the table's (scenes/table_scene.py);
this module only makes the note and finds it a place beside the mouse, clear of what it must not
cover.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import pygame

from . import theme

DELAY = 0.45   # seconds the mouse rests on a piece before its note shows


@dataclass(frozen=True)
class Note:
    """What a resting mouse may be on when it is not a piece (a control of the replay bar, a road of
    the map): it answers tooltip() as a piece does. Two notes with the same words are the same note,
    so one made again under a resting mouse is still the note on show."""
    text: str

    def tooltip(self) -> str:
        return self.text


def _lines(fonts, text: str, size: int, width: int) -> list[tuple[str, bool]]:
    lines: list[tuple[str, bool]] = []
    for i, para in enumerate(text.split("\n")):
        bold = i == 0  # the first line names the piece
        lines += [(line, bold) for line in fonts.wrap(para, size, width, bold)]
    return lines


def _places(box: pygame.Rect, pos: tuple[int, int], screen: pygame.Rect, px) -> list[pygame.Rect]:
    """Where a note of box's size may go, best first: below and right of the mouse (turned to the
    left or above where the window ends), then the other corners round the mouse; each kept on screen."""
    right, left = pos[0] + px(16), pos[0] - px(8) - box.w
    below, above = pos[1] + px(18), pos[1] - px(8) - box.h
    first_x = right if right + box.w <= screen.right - px(4) else left
    first_y = below if below + box.h <= screen.bottom - px(4) else above
    places = []
    for x, y in ((first_x, first_y), (right + left - first_x, first_y), (first_x, below + above - first_y),
                 (right + left - first_x, below + above - first_y)):
        r = pygame.Rect(x, y, box.w, box.h)
        r.clamp_ip(screen)
        places.append(r)
    return places


def draw_tooltip(surface: pygame.Surface, fonts, text: str, pos: tuple[int, int], px,
                 avoid: Sequence[pygame.Rect] = (), text_scale: float = 1.0) -> Optional[pygame.Rect]:
    """Draw `text` (lines split on newlines, wrapped) in a box beside `pos`, kept on screen and off
    every rect of `avoid` (the dialogs open over the table that the note does not belong to). Where
    no place beside the mouse is clear of them the note is not drawn: None. `text_scale`: the
    settings' text size; the note grows wider with it, as far as the window allows."""
    size = px(15 * text_scale)
    width = min(px(300 * text_scale), surface.get_width() * 2 // 3)
    pad = px(8)
    lines = _lines(fonts, text, size, width - 2 * pad)
    line_h = max(int(size * 1.4), fonts.line_height(size))
    w = min(width, max(fonts.text(t, size, theme.INK, b).get_width() for t, b in lines) + 2 * pad)
    size_box = pygame.Rect(0, 0, w, len(lines) * line_h + 2 * pad)
    box = next((r for r in _places(size_box, pos, surface.get_rect(), px)
                if not any(r.colliderect(a) for a in avoid)), None)
    if box is None:
        return None
    pygame.draw.rect(surface, theme.SHADOW, box.move(px(3), px(3)), border_radius=px(6))
    pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=px(6))
    pygame.draw.rect(surface, theme.WOOD, box, 2, border_radius=px(6))
    y = box.y + pad
    for text_line, bold in lines:
        surface.blit(fonts.text(text_line, size, theme.INK, bold), (box.x + pad, y))
        y += line_h
    return box
