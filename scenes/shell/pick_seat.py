"""A modal list of seats to pick one from (e.g. who takes a penalty); Esc or Cancel closes it."""
from __future__ import annotations

from typing import Callable

import pygame

from ..manager import Scene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.widgets import Button, Group


class PickSeatScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, title: str, body: str, choices: list[tuple], on_pick: Callable[[int], None],
                 button_w: int = 240) -> None:
        """choices: (label, seat colour, seat) or (label, seat colour, seat, may be picked); the label
        carries the seat letter or number, never colour alone. A seat that may not be picked is shown
        (its button off), so that the whole table is read."""
        super().__init__(app)
        self.title = title
        self.body = body
        self.choices = choices
        self.on_pick = on_pick
        self.button_w = button_w
        self.group = Group()

    def _pick(self, seat: int) -> None:
        self.app.manager.remove(self)
        self.on_pick(seat)

    def layout(self, w: int, h: int) -> None:
        px, tx = self.app.px, self.app.tx
        cols = 2 if len(self.choices) > 4 else 1
        rows = (len(self.choices) + cols - 1) // cols
        bw, bh, gap = px(self.button_w), px(44), px(10)
        box_w = max(px(520), cols * bw + (cols - 1) * gap + px(60))
        # the title and the question are read: at the text size, the buttons below them
        self.body_lines = self.app.fonts.wrap(self.body, tx(17), box_w - px(60))
        self.head_h = px(18) + tx(36) + len(self.body_lines) * self.app.fonts.line_height(tx(17)) + px(14)
        self.box = pygame.Rect(0, 0, box_w, self.head_h + rows * (bh + gap) + px(70))
        self.box.center = (w // 2, h // 2)
        self.group = Group()
        x0 = self.box.centerx - (cols * bw + (cols - 1) * gap) // 2
        self.swatches = []
        for i, (label, colour, seat, *may) in enumerate(self.choices):
            r = pygame.Rect(x0 + (i % cols) * (bw + gap), self.box.y + self.head_h + (i // cols) * (bh + gap), bw, bh)
            button = Button(label, lambda s=seat: self._pick(s), r, size=px(18))
            button.enabled = not may or bool(may[0])
            self.group.add(button)
            self.swatches.append((pygame.Rect(r.x + px(8), r.y + px(8), px(8), r.h - px(16)), colour))
        self.group.add(Button(self.app.t("table.cancel"), lambda: self.app.manager.remove(self),
                              (self.box.centerx - px(80), self.box.bottom - px(58), px(160), px(42)),
                              size=px(18)))

    def handle(self, event):
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.remove(self)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts = self.app.px, self.app.tx, self.app.fonts
        draw.dim(surface, 140)
        draw.panel(surface, self.box, radius=px(14), width=px(4))
        t = fit_text(fonts, self.title, tx(24), theme.VERMILION_DARK, self.box.w - px(40), bold=True)
        surface.blit(t, t.get_rect(midtop=(self.box.centerx, self.box.y + px(18))))
        y = self.box.y + px(18) + tx(36)
        for line in self.body_lines:
            ts = fonts.text(line, tx(17), theme.INK)
            surface.blit(ts, ts.get_rect(midtop=(self.box.centerx, y)))
            y += fonts.line_height(tx(17))
        self.group.draw(surface, fonts)
        for r, colour in self.swatches:
            pygame.draw.rect(surface, colour, r, border_radius=px(3))
