"""The mark of a seat the table is waiting on: a small ink tag on its plate, an hourglass and the
word ("Deciding"), so it reads without colour; for a bot whose thought is running, the hourglass
gives way to three dots lighting up one after the other (scenes/ui/thinking.py's).

Every table draws it over the plate its `seat_plate` names, at the corner a thinking bot's mark took,
for each seat its view on the screen says must act (`to_act`): with a decision everyone makes at once
(a secret vote, a bid) every seat still to decide has it and a seat that has decided loses it. It
says only who is deciding, never what: a view that keeps a decider secret (The Wonderful Island's
reaction window) does not list them, so no mark shows them either."""
from __future__ import annotations

import math
from typing import Optional

import pygame

from . import theme
from .thinking import PERIOD, bubble_rect

READABLE = 0.8   # the word may shrink to this share of its size; narrower, the sign goes alone
TEXT, FLOOR = 13, 11   # the word's design size, and the smallest it is read at in any window (px)


def _words(words: str, fonts, px) -> pygame.Surface:
    return fonts.text(words, max(FLOOR, fonts.read(px(TEXT))), theme.PARCHMENT, True)


def _hourglass(surface: pygame.Surface, box: pygame.Rect, colour, width: int, solid: bool = False) -> None:
    """Two glass cones point to point between two bars, sand in the lower one (`solid`: both filled,
    a silhouette that still reads at a few pixels)."""
    x0, x1, top, bottom, mid = box.left, box.right, box.top, box.bottom, box.centery
    inset = max(1, box.w // 6)
    pygame.draw.line(surface, colour, (x0, top), (x1, top), width)
    pygame.draw.line(surface, colour, (x0, bottom), (x1, bottom), width)
    glass = [(x0 + inset, top), (x1 - inset, top), (box.centerx, mid), (x1 - inset, bottom),
             (x0 + inset, bottom), (box.centerx, mid)]
    pygame.draw.polygon(surface, colour, glass, 0 if solid else max(1, width - 1))
    sand = [(box.centerx, mid + max(1, box.h // 8)), (x1 - inset - 1, bottom - 1), (x0 + inset + 1, bottom - 1)]
    pygame.draw.polygon(surface, colour, sand)


def _dots(surface: pygame.Surface, box: pygame.Rect, clock: float, colour, px) -> None:
    """Three dots, each brightening as a light runs over them (a bot's thought running)."""
    phase = (clock % PERIOD) / PERIOD
    radius = max(2, box.w // 7)
    for i in range(3):
        lit = 0.5 + 0.5 * math.cos(2 * math.pi * (phase - i / 3))
        shade = tuple(int(theme.INK_SOFT[k] + (colour[k] - theme.INK_SOFT[k]) * lit) for k in range(3))
        centre = (box.x + box.w * (2 * i + 1) // 6, box.centery - int(px(2) * lit))
        pygame.draw.circle(surface, shade, centre, radius)


def tag_width(words: str, fonts, px) -> int:
    """How wide the tag is with its word whole."""
    return px(7) + px(12) + px(5) + _words(words, fonts, px).get_width() + px(8)


def sign_width(px) -> int:
    """How wide the tag is with its sign alone (too narrow a room for the word)."""
    return px(7) + px(12) + px(7)


def tag_room(words: str, fonts, px, free: int) -> int:
    """The room a plate keeps for the tag beside what it must show whole (a name): the whole tag if
    it fits in `free`, else the sign alone."""
    whole = tag_width(words, fonts, px)
    return whole if whole <= free else sign_width(px)


def draw_deciding_at(surface: pygame.Surface, corner: str, point: tuple[int, int], words: str, fonts, px,
                     room: int, thinking_clock: Optional[float] = None, high: Optional[int] = None) -> pygame.Rect:
    """Draw the tag with its `corner` at `point`, at most `room` wide (the word shrinks to fit, the
    sign stays whole) and, given `high`, no higher than that unless its word needs it, with a thinking
    bot's dots when `thinking_clock` is given; the rectangle it covers."""
    ts = _words(words, fonts, px)
    sign, pad, gap = px(12), px(7), px(5)
    w = min(pad + sign + gap + ts.get_width() + px(8), max(room, sign_width(px)))
    tag_h = max(px(20), ts.get_height() + px(4))
    if high is not None:
        tag_h = max(min(tag_h, high), ts.get_height())
    tag = pygame.Rect(0, 0, w, tag_h)
    setattr(tag, corner, point)
    sign = min(sign, tag.h - 2 * max(1, px(2)) - 2)   # inside the tag's edge, in a low one too
    box = pygame.Rect(tag.x + pad, 0, sign, sign)
    box.centery = tag.centery
    left = box.right + gap
    fit = tag.right - px(8) - left
    if ts.get_width() > fit:
        if fit < ts.get_width() * READABLE or ts.get_height() * fit // ts.get_width() < FLOOR:
            # too narrow to read: the sign alone says it, in ink on the plate (a badge round it would
            # leave it a few pixels)
            tag.w = min(sign_width(px), tag.h)
            setattr(tag, corner, point)
            if thinking_clock is not None:
                return _tag(surface, tag, box.move(tag.x + (tag.w - box.w) // 2 - box.x, 0), thinking_clock, px)
            glass = pygame.Rect(0, 0, max(5, tag.h * 7 // 10), tag.h - 2)
            glass.center = tag.center
            _hourglass(surface, glass, theme.INK, max(1, px(2)), solid=True)
            return tag
        ts = pygame.transform.smoothscale(ts, (fit, max(1, ts.get_height() * fit // ts.get_width())))
    _tag(surface, tag, box, thinking_clock, px)
    surface.blit(ts, ts.get_rect(midleft=(left, tag.centery)))
    return tag


def _tag(surface: pygame.Surface, tag: pygame.Rect, box: pygame.Rect, thinking_clock: Optional[float], px) -> pygame.Rect:
    """The tag's ink pill and its sign."""
    pygame.draw.rect(surface, theme.INK, tag, border_radius=tag.h // 2)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, tag, max(1, px(2)), border_radius=tag.h // 2)
    if thinking_clock is None:
        _hourglass(surface, box, theme.GOLD_LIGHT, max(1, px(2)))
    else:
        _dots(surface, box.inflate(px(4), 0), thinking_clock, theme.GOLD_LIGHT, px)
    return tag


def draw_deciding(surface: pygame.Surface, plate: pygame.Rect, words: str, fonts, px, corner: str = "topright",
                  thinking_clock: Optional[float] = None) -> pygame.Rect:
    """Draw the tag on a plate, at the corner where a thinking bot's mark goes (scenes/ui/thinking.py)."""
    anchor = bubble_rect(plate, px, corner)
    return draw_deciding_at(surface, corner, getattr(anchor, corner), words, fonts, px, plate.w - px(8),
                            thinking_clock)
