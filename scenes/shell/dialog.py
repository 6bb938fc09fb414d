"""A modal message over the current scene (errors such as a broken save, confirmations)."""
from __future__ import annotations

from typing import Callable, Optional

import pygame

from ..manager import Scene
from ..ui import draw, theme
from ..ui.widgets import Button, Group


class MessageScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, title: str, body: str, buttons: Optional[list[tuple[str, Callable[[], None]]]] = None,
                 is_error: bool = False, default: Optional[int] = None, danger: Optional[int] = None) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.is_error = is_error
        self.choices = buttons or [(app.t("common.ok"), lambda: None)]
        # The highlighted button, which Enter presses: the last one unless told (Esc is the first).
        self.default = len(self.choices) - 1 if default is None else default
        self.danger = danger   # a button that does what cannot be undone: red, never the default
        self.group = Group()

    def _choose(self, action: Callable[[], None]) -> None:
        self.app.manager.remove(self)
        action()

    def layout(self, w: int, h: int) -> None:
        px, tx = self.app.px, self.app.tx
        self.box = pygame.Rect(0, 0, min(w - px(80), px(620 * min(1.3, self.app.text_scale))), px(300))
        self.box.center = (w // 2, h // 2)
        self.lines = self.app.fonts.wrap(self.body, tx(20), self.box.w - px(60))
        self.box.h = px(100) + tx(50) + len(self.lines) * tx(30)
        self.box.center = (w // 2, h // 2)
        self.group = Group()
        bw, bh, gap = px(170), px(46), px(16)
        total = len(self.choices) * bw + (len(self.choices) - 1) * gap
        x = self.box.centerx - total // 2
        for i, (label, action) in enumerate(self.choices):
            style = "primary" if i == self.default else "danger" if i == self.danger else "plain"
            key = pygame.K_RETURN if i == self.default else None
            self.group.add(Button(label, lambda a=action: self._choose(a), (x, self.box.bottom - px(66), bw, bh),
                                  style=style, hotkey=key, size=px(20)))
            x += bw + gap

    def handle(self, event):
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._choose(self.choices[0][1])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts = self.app.px, self.app.tx, self.app.fonts
        draw.dim(surface, 140)
        draw.panel(surface, self.box, radius=px(14), width=px(4))
        colour = theme.VERMILION if self.is_error else theme.INK
        t = fonts.text(self.title, tx(26), colour, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.box.centerx, self.box.y + px(22))))
        y = self.box.y + px(22) + tx(50)
        for line in self.lines:
            t = fonts.text(line, tx(20), theme.INK)
            surface.blit(t, t.get_rect(midtop=(self.box.centerx, y)))
            y += tx(30)
        self.group.draw(surface, fonts)


def confirm_scene(app, title: str, body: str, do_label: str, do: Callable[[], None],
                  cancel_label: Optional[str] = None) -> MessageScene:
    """The question before a step that cannot be taken back (delete a game, quit, mark a player
    out): Cancel is the default (highlighted; Enter and Esc answer it) and the step a red button
    that only a click takes."""
    return MessageScene(app, title, body, [(cancel_label or app.t("common.cancel"), lambda: None), (do_label, do)],
                        default=0, danger=1)
