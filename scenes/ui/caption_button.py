"""A button that says what it does and, under its label, on what: e.g. Continue and the game it
resumes. Without a caption it is an ordinary button."""
from __future__ import annotations

from typing import Callable, Optional

import pygame

from . import draw, theme
from .textfit import fit_text
from .widgets import Button, _label


class CaptionButton(Button):
    def __init__(self, label, on_click, caption: Callable[[], Optional[tuple[str, ...]]], **kw) -> None:
        super().__init__(label, on_click, **kw)
        self.caption = caption   # the lines under the label, or None

    def draw(self, surface: pygame.Surface, fonts) -> None:
        lines = self.caption() if self.visible else None
        if not lines:
            super().draw(surface, fonts)
            return
        fill, border, ink = self.colours()
        draw.panel(surface, self.rect, fill=fill, border=border, radius=min(12, self.rect.h // 4),
                   width=2, drop=self.enabled)
        room = self.rect.w - 16
        # The label a little smaller and the caption as large as the height allows (two lines fit).
        small = max(11, int(self.size * 0.64))
        title = fit_text(fonts, _label(self.label), int(self.size * 0.92), ink, room, bold=self.style == "primary")
        rows = [fit_text(fonts, line, small, theme.INK_SOFT if self.enabled else theme.DISABLED, room)
                for line in lines]
        gap = max(1, small // 6)
        total = title.get_height() + sum(r.get_height() + gap for r in rows) - 2 * gap
        y = self.rect.centery - total // 2
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, y)))
        y += title.get_height() - gap
        for r in rows:
            surface.blit(r, r.get_rect(midtop=(self.rect.centerx, y)))
            y += r.get_height() + gap
