"""The column beside a table: the game log, an optional notes card under it (scenes/ui/notes.py)
and a row of buttons at the bottom. A table's own column subclasses it, places its buttons and
says what its notes are."""
from __future__ import annotations

from typing import Optional

import pygame

from .cached_group import CachedGroup
from .log_panel import LogPanel, news_words
from .notes import notes_card
from .panel import USED, Intent, Panel


class LogColumn(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.log = LogPanel(self.fonts)
        self.buttons = CachedGroup()
        self.notes_rect = pygame.Rect(0, 0, 0, 0)
        self.notes: Optional[pygame.Surface] = None
        self.backdrop: Optional[pygame.Surface] = None

    def place(self, rect: pygame.Rect, backdrop: pygame.Surface, bottom: int, notes_h: int, gap: int,
              size: int) -> None:
        """The log from the top of `rect` down to the notes card (notes_h high, 0: none) above `bottom`."""
        super().layout(rect)
        self.backdrop = backdrop
        self.notes_rect = pygame.Rect(rect.x, bottom - gap - notes_h, rect.w, notes_h)
        log_bottom = (self.notes_rect.y if notes_h else bottom) - gap
        self.log.set_rect(pygame.Rect(rect.x, rect.y, rect.w, log_bottom - rect.y), size=size,
                          title=self.t("log.title"), empty=self.t("log.empty"), backdrop=backdrop,
                          news=news_words(self.t))

    def paint_notes(self, title: str, rows: list[str], **style) -> Optional[pygame.Surface]:
        if not self.notes_rect.h:
            return None
        return notes_card(self.fonts, self.px, self.backdrop, self.notes_rect, title, rows, tx=self.tx, **style)

    def draw(self, surface: pygame.Surface) -> None:
        if self.notes is not None:
            surface.blit(self.notes, self.notes_rect)
        self.buttons.draw(surface, self.fonts)
        self.log.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.log.handle(event) or self.buttons.handle(event):
            return USED
        return None
