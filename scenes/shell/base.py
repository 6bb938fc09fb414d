"""What the shell scenes (menu, setup, settings) share: the baize table behind them, a
1280x720 design frame centred in the window, and a widget group.

Widgets are made once in __init__ (they keep their state: typed names, choices)
and only placed in `place`, which runs on every resize and language switch.
"""
from __future__ import annotations

from typing import Optional

import pygame

from ..manager import Scene
from ..ui import draw, theme
from ..ui.widgets import Group


class ShellScene(Scene):
    opaque = True
    modal = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = Group()
        self.background: Optional[pygame.Surface] = None
        self.frame = pygame.Rect(0, 0, 0, 0)

    # -- geometry -------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        if self.background is None or self.background.get_size() != (w, h):
            self.background = draw.table_background((w, h))
        fw, fh = min(w, self.app.px(theme.BASE_W)), min(h, self.app.px(theme.BASE_H))
        self.frame = pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)
        self.place(w, h)
        self.dirty = True

    def at(self, x: float, y: float, w: float = 0, h: float = 0) -> pygame.Rect:
        """A rect given in 1280x720 design units, inside the centred frame."""
        px = self.app.px
        return pygame.Rect(self.frame.x + px(x), self.frame.y + px(y), px(w), px(h))

    def place(self, w: int, h: int) -> None:
        """Set every widget's rect for a w x h window."""

    # -- input ----------------------------------------------------------------
    def back(self) -> None:
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if self.group.handle(event):
            self.dirty = True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.app.sound.play("button")  # quiet
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        return None

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        self.draw_content(surface)
        self.group.draw(surface, self.app.fonts)
        self.draw_over(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panels and labels under the widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Marks on top of the widgets (e.g. a warning ring round a field)."""

    def label(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour=theme.INK, bold: bool = False, anchor: str = "topleft",
              max_w: int = 0) -> pygame.Rect:
        """Blit one line of text, shrinking it to max_w if given so it never spills out. `size` is
        at 100 %: the label is drawn at the settings' text size."""
        fonts = self.app.fonts
        size = fonts.read(size)
        surf = fonts.text(text, size, colour, bold)
        if max_w and surf.get_width() > max_w:
            surf = fonts.text(text, max(9, int(size * max_w / surf.get_width())), colour, bold)
        r = surf.get_rect(**{anchor: pos})
        surface.blit(surf, r)
        return r
