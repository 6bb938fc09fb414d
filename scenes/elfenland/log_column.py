"""The game log in the right-hand column: what the viewing seat saw happen, newest at the bottom;
the mouse wheel scrolls it."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.log_panel import LogPanel, news_words
from ..ui.panel import USED, Intent, Panel


class LogColumn(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.log = LogPanel(self.fonts)
        self._kept: tuple = ()

    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        super().layout(rect)
        self.log.set_rect(rect, size=self.tx(14), title=self.t("log.title"), empty=self.t("log.empty"),
                          backdrop=backdrop, news=news_words(self.t))

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())

    def draw(self, surface: pygame.Surface) -> None:
        """The log's picture changes with its lines and its scroll; it is kept on the table's layer."""
        canvas = self.scene.board.layer
        if self.log.surface is not None and self._kept == (self.log.surface, canvas):
            return
        self.log.draw(surface)
        if canvas is not None and self.log.surface is not None:
            canvas.blit(self.log.surface, self.log.rect)
            self._kept = (self.log.surface, canvas)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        return USED if self.log.handle(event) else None
