"""Playing a table from the keyboard: Tab and Shift+Tab move a visible focus among the buttons and
pieces that can be used now (in reading order), Enter or Space uses the one in focus through the
same click a mouse makes (the panel turns it into its intent), and the mouse takes over again as
soon as it moves."""
from __future__ import annotations

from typing import Optional

import pygame

from . import theme


class KeyFocus:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.key: Optional[tuple] = None   # what has the focus (kept across views while it exists)
        self.shown = False

    def targets(self) -> list[tuple[tuple, pygame.Rect]]:
        """(key, rect) of everything usable now: the visible, enabled buttons of the panels and the
        pieces that carry an action, top to bottom, left to right; only the top modal panel's
        while one is open."""
        scene = self.scene
        modal = scene.modal_panel()
        panels = [modal] if modal is not None else [p for p in scene.panels if p.visible]
        found = []
        for i, panel in enumerate(panels):
            for b in getattr(getattr(panel, "buttons", None), "widgets", ()):
                if getattr(b, "visible", False) and getattr(b, "enabled", False) and hasattr(b, "on_click"):
                    found.append((("button", i, id(b)), pygame.Rect(b.rect)))
            for p in panel.pieces:
                if p.action is not None and p.hit:
                    found.append((("piece", i, repr(p.key)), pygame.Rect(p.rect)))
        found.sort(key=lambda kr: (kr[1].centery // 24, kr[1].x))
        return found

    def current(self) -> Optional[pygame.Rect]:
        if not self.shown:
            return None
        return next((r for k, r in self.targets() if k == self.key), None)

    def step(self, delta: int) -> None:
        targets = self.targets()
        if not targets:
            self.key, self.shown = None, False
            return
        keys = [k for k, _ in targets]
        i = keys.index(self.key) if self.shown and self.key in keys else (-1 if delta > 0 else 0)
        self.key = keys[(i + delta) % len(keys)]
        self.shown = True
        self.scene.dirty = True

    def activate(self) -> bool:
        """Use what has the focus with a click at its centre; False if nothing has it."""
        rect = self.current()
        if rect is None:
            return False
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.scene.handle(pygame.event.Event(kind, pos=rect.center, button=1))
        self.scene.dirty = True
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the focus's: Tab, Shift+Tab, and Enter or Space while it shows."""
        if event.type == pygame.MOUSEMOTION and self.shown:
            self.shown = False  # the mouse again
            self.scene.dirty = True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.current() is not None:
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.current()
        if rect is None:
            return
        px = self.scene.app.px
        ring = rect.inflate(px(10), px(10))
        pygame.draw.rect(surface, theme.WOOD_DARK, ring.inflate(px(4), px(4)), px(3), border_radius=px(10))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, px(3), border_radius=px(9))
