"""The tooltip: a small parchment note near the mouse saying what a piece is and does."""
from __future__ import annotations

import pygame

from . import theme

DELAY = 0.45   # seconds the mouse rests on a piece before its note shows


def draw_tooltip(surface: pygame.Surface, fonts, text: str, pos: tuple[int, int], px) -> pygame.Rect:
    """Draw `text` (lines split on newlines, wrapped) in a box beside `pos`, kept on screen."""
    size = px(15)
    width = px(300)
    pad = px(8)
    lines: list[tuple[str, bool]] = []
    for i, para in enumerate(text.split("\n")):
        bold = i == 0  # the first line names the piece
        lines += [(line, bold) for line in fonts.wrap(para, size, width - 2 * pad, bold)]
    line_h = int(size * 1.4)
    w = min(width, max(fonts.text(t, size, theme.INK, b).get_width() for t, b in lines) + 2 * pad)
    box = pygame.Rect(0, 0, w, len(lines) * line_h + 2 * pad)
    box.topleft = (pos[0] + px(16), pos[1] + px(18))
    sw, sh = surface.get_size()
    if box.right > sw - px(4):
        box.right = pos[0] - px(8)
    if box.bottom > sh - px(4):
        box.bottom = pos[1] - px(8)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme.SHADOW, box.move(px(3), px(3)), border_radius=px(6))
    pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=px(6))
    pygame.draw.rect(surface, theme.WOOD, box, 2, border_radius=px(6))
    y = box.y + pad
    for text_line, bold in lines:
        surface.blit(fonts.text(text_line, size, theme.INK, bold), (box.x + pad, y))
        y += line_h
    return box
