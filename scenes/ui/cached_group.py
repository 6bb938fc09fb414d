"""A widget Group that draws each widget from a cached picture of its current look.

A button is re-rendered only when its label, hover, enabled or selected state
changes, so a table can redraw its buttons every frame for a few blits.
"""
from __future__ import annotations

import pygame

from .widgets import Group, _label

MARGIN = 8  # room for the drop shadow around the widget


class CachedGroup(Group):
    def __init__(self, widgets=None) -> None:
        super().__init__(widgets)
        self._cache: dict[int, tuple[tuple, pygame.Surface]] = {}

    def _key(self, w) -> tuple:
        label = getattr(w, "label", None)
        return (w.rect.size, _label(label) if label is not None else None, w.hover, w.enabled,
                getattr(w, "selected", False), getattr(w, "style", None), getattr(w, "size", None))

    def draw(self, surface: pygame.Surface, fonts) -> None:
        for w in self.widgets:
            if not w.visible:
                continue
            key = self._key(w)
            hit = self._cache.get(id(w))
            if hit is None or hit[0] != key:
                pic = pygame.Surface((w.rect.w + 2 * MARGIN, w.rect.h + 2 * MARGIN), pygame.SRCALPHA)
                rect = w.rect
                w.rect = pygame.Rect(MARGIN, MARGIN, rect.w, rect.h)
                try:
                    w.draw(pic, fonts)
                finally:
                    w.rect = rect
                hit = (key, pic)
                self._cache[id(w)] = hit
            surface.blit(hit[1], (w.rect.x - MARGIN, w.rect.y - MARGIN))
