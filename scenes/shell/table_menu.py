"""The menu of a game in progress: keep playing, the rules, settings, or back to the main menu.

Opened from the table (its Menu button, or Esc) and from the hand-off curtain
(Esc, or the curtain's Menu button). It is drawn over whatever is under it:
over the curtain, which is opaque, nobody's private view shows, and nothing
here ever hands the screen over. Rules and Settings open on top of it and come
back to it; the game is saved after every move, so leaving loses nothing.
"""
from __future__ import annotations

from typing import Optional

import pygame

from .. import registry
from ..manager import Scene
from ..ui import draw, theme
from ..ui.widgets import Button, Group
from .dialog import confirm_scene


class TableMenuScene(Scene):
    opaque = False
    modal = True
    body_key = "table.menu_body"  # the line under the title (a replay's menu says its own)

    def __init__(self, app, game: Optional[str] = None) -> None:
        super().__init__(app)
        self.game = game  # whose rules the Rules button opens (None: no Rules button)
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.resume_button = Button(t("table.stay"), self.close, style="primary")
        self.rules_button = Button(t("table.rules"), self.open_rules, hotkey=pygame.K_F1)
        self.settings_button = Button(t("menu.settings"), self.open_settings)
        self.leave_button = Button(t("table.leave"), self.leave_table)
        self.rules_button.visible = game is not None
        self.buttons = [b for b in (self.resume_button, self.rules_button, self.settings_button,
                                    self.leave_button) if b.visible]
        self.group = Group(list(self.buttons))
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    # -- choices ----------------------------------------------------------------------------
    def close(self) -> None:
        self.app.manager.remove(self)

    def open_rules(self) -> None:
        registry.open_rules(self.app, self.game)

    def open_settings(self) -> None:
        registry.push(self.app, "settings")

    def leave_table(self) -> None:
        if getattr(self.app, "hosted", None) is not None:   # others play at this table from their computers
            t = self.app.t
            self.app.manager.push(confirm_scene(self.app, t("host.leave_title"), t("host.leave_body"),
                                                t("host.leave"), lambda: registry.back_to_menu(self.app)))
            return
        registry.back_to_menu(self.app)

    # -- scene --------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px, tx = self.app.px, self.app.tx
        bw, bh, gap = px(300), px(50), px(14)
        box_w = min(w - px(60), px(480 * min(1.3, self.app.text_scale)))
        self.lines = self.app.fonts.wrap(self.app.t(self.body_key), tx(17), box_w - px(60))
        text_h = px(20) + tx(50) + len(self.lines) * tx(24) + px(16)
        box_h = text_h + len(self.buttons) * (bh + gap) + px(20)
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + text_h
        for b in self.buttons:
            b.rect = pygame.Rect(self.box.centerx - bw // 2, y, bw, bh)
            b.size = px(21)
            y += bh + gap
        self.dirty = True

    def enter(self) -> None:
        self.layout(*self.app.size)  # back from Settings: the language may have changed

    def handle(self, event: pygame.event.Event):
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts = self.app.px, self.app.tx, self.app.fonts
        draw.dim(surface, 150)
        draw.panel(surface, self.box, radius=px(14), width=px(4))
        title = fonts.text(self.app.t("table.menu"), tx(28), theme.INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + px(20))))
        y = self.box.y + px(20) + tx(50)
        for line in self.lines:
            ts = fonts.text(line, tx(17), theme.INK_SOFT)
            surface.blit(ts, ts.get_rect(midtop=(self.box.centerx, y)))
            y += tx(24)
        self.group.draw(surface, fonts)
