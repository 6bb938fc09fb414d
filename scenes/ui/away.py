"""The mark of a person who is not at their seat (a remote seat disconnected, or not joined yet):
a small ink tag on the seat's plate, a struck-through circle and a word, so it reads without colour
(every table draws it over the plate its `seat_plate` names, where a thinking bot's mark would go)."""
from __future__ import annotations

import pygame

from . import theme
from .thinking import bubble_rect


def draw_away(surface: pygame.Surface, plate: pygame.Rect, words: str, fonts, px, corner: str = "topright") -> pygame.Rect:
    """Draw the tag for a plate; returns the rectangle it covers."""
    size = fonts.read(px(13))
    ts = fonts.text(words, size, theme.PARCHMENT, True)
    icon = px(12)
    r = bubble_rect(plate, px, corner)
    w, h = px(8) + icon + px(5) + ts.get_width() + px(9), max(r.h, ts.get_height() + px(4))
    tag = pygame.Rect(0, 0, w, h)
    setattr(tag, corner, getattr(r, corner))
    pygame.draw.rect(surface, theme.INK, tag, border_radius=h // 2)
    pygame.draw.rect(surface, theme.VERMILION, tag, max(1, px(2)), border_radius=h // 2)
    # The sign: an empty seat struck through, the same in any language and any palette.
    centre = (tag.x + px(8) + icon // 2, tag.centery)
    radius = icon // 2
    pygame.draw.circle(surface, theme.PARCHMENT, centre, radius, max(1, px(2)))
    d = int(radius * 0.75)
    pygame.draw.line(surface, theme.PARCHMENT, (centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d),
                     max(1, px(2)))
    surface.blit(ts, ts.get_rect(midleft=(tag.x + px(8) + icon + px(5), tag.centery)))
    return tag
