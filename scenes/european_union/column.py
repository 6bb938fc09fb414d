"""The column on the right of the European Union table: the game log, Give influence and Undo."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.cached_group import CachedGroup
from ..ui.log_panel import LogPanel, news_words
from ..ui.panel import USED, Intent
from ..ui.widgets import Button
from .base import EUPanel


class ColumnPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.log = LogPanel(self.fonts)

    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        super().layout(rect)
        px, t, m = self.px, self.t, self.px(10)
        bh = px(40)
        by = rect.bottom - bh
        half = (rect.w - m) // 2
        self.btn_give = Button(lambda: t("eu.ui.give.button"), lambda: self.say(Intent(call=self.scene.open_give)),
                               (rect.x, by, half, bh), style="primary", size=px(17))
        self.btn_undo = Button(lambda: t("table.undo"), lambda: self.say(Intent(call=self.scene.undo)),
                               (rect.x + half + m, by, half, bh), size=px(18))
        self.btn_undo.aside = True   # Tab comes to it after the prompt's things
        self.buttons = CachedGroup([self.btn_give, self.btn_undo])
        self.log.set_rect(pygame.Rect(rect.x, rect.y, rect.w, by - m - rect.y), size=self.tx(14),
                          title=t("log.title"), empty=t("log.empty"), backdrop=backdrop,
                          news=news_words(t))

    def refresh(self) -> None:
        scene = self.scene
        self.log.set_lines(scene.log_lines())
        human_here = scene.viewer is not None and scene.viewer not in scene.match.bots
        self.btn_undo.visible = bool(scene.match.humans)
        self.btn_undo.enabled = scene.can_undo()
        self.btn_give.visible = human_here and self.view["phase"] != "over"
        self.btn_give.enabled = scene.can_give()

    def paint(self, layer: pygame.Surface) -> None:
        if not self.scene.scoring_open:  # the log is part of the still picture (but over the scoring's veil)
            self.log.draw(layer)

    def draw(self, surface: pygame.Surface) -> None:
        self.buttons.draw(surface, self.fonts)
        if self.scene.scoring_open:
            self.log.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.log.handle(event):
            self.scene.felt.stale = True   # scrolled: the still picture shows the log anew
            return USED
        return self._buttons(event)
