"""The bar across the top of every table: the game's own words on the left and in the middle
(painted by the table), Rules and Menu on the right."""
from __future__ import annotations

from typing import Callable, Optional

import pygame

from .cached_group import CachedGroup
from .panel import USED, Intent, Panel
from .widgets import Button


def bar_height(app, base: int, who: int, what: int) -> int:
    """A table's top bar: `base` design px high at 100 % text; at a larger text size as tall as
    the turn's line (at `who`) and two lines of the prompt (at `what`) need, so that the prompt
    wraps rather than shrinks back to its old size."""
    if app.text_scale == 1:
        return app.px(base)
    fonts = app.fonts
    return max(app.px(base), app.px(8) + fonts.line_height(app.tx(who), True) + 2 * fonts.line_height(app.tx(what), True))


def prompt_lines(app) -> int:
    """How many lines a top bar's prompt may take (bar_height's room)."""
    return 1 if app.text_scale == 1 else 2


class TopBar(Panel):
    aside = True   # Hint, Rules and Menu: the keyboard's focus comes to them after the prompt's things
    def __init__(self, scene, paint: Callable[[pygame.Surface], None], button_size: int = 18) -> None:
        super().__init__(scene)
        self.paint = paint              # draws the table's words onto the bar (on a copy of the background)
        self.button_size = button_size
        self.backdrop: Optional[pygame.Surface] = None
        self.picture: Optional[pygame.Surface] = None
        self.buttons = CachedGroup()
        self.btn_rules: Optional[Button] = None
        self.btn_menu: Optional[Button] = None
        self.btn_hint: Optional[Button] = None

    def layout(self, rect: pygame.Rect, backdrop: Optional[pygame.Surface] = None) -> None:
        super().layout(rect)
        self.backdrop = backdrop
        px, t, m = self.px, self.t, self.px(10)
        bh, bw = px(40), px(104)
        y = rect.centery - bh // 2
        right = rect.right
        self.btn_menu = Button(lambda: t("table.menu"), self.scene.ask_menu, (right - m - bw, y, bw, bh),
                               size=px(self.button_size))
        self.btn_rules = Button(lambda: t("table.rules"), self.scene.open_rules,
                                (right - 2 * m - 2 * bw, y, bw, bh), size=px(self.button_size), hotkey=pygame.K_F1)
        self.buttons = CachedGroup([self.btn_rules, self.btn_menu])
        self.add_hint()

    def add_hint(self) -> None:
        """Hint, left of the bar's other buttons, where the table offers hints (a subclass that lays
        out its own buttons calls this after)."""
        self.btn_hint = None
        hints = getattr(self.scene, "hints", None)
        if hints is None or not hints.offered() or not self.buttons.widgets:
            return
        left = min(self.buttons.widgets, key=lambda b: b.rect.x)
        w = self.px(92)
        self.btn_hint = Button(lambda: self.t("hint.button"), hints.ask,
                               (left.rect.x - self.px(8) - w, left.rect.y, w, left.rect.h), size=left.size)
        self.buttons = CachedGroup([self.btn_hint, *self.buttons.widgets])

    def show_hint(self) -> None:
        """Hint shows only while there is still something to decide (not once the game is over, as
        at European Union's final scoring before the results)."""
        if self.btn_hint is not None:
            self.btn_hint.visible = self.scene.hints.worth_asking()

    @property
    def text_right(self) -> int:
        """Where the table's words must stop: left of the bar's buttons."""
        return min((b.rect.x for b in self.buttons.widgets), default=self.rect.right)

    def refresh(self) -> None:
        # The table paints in window coordinates, straight onto its own background.
        full = self.backdrop.copy() if self.backdrop is not None else pygame.Surface(self.rect.bottomright)
        self.paint(full)
        self.picture = full.subsurface(self.rect).copy()

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.rect)
        self.show_hint()
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        self.show_hint()
        return USED if self.buttons.handle(event) else None
