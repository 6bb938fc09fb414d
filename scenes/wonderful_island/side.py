"""The column on the right of the Wonderful Island table: the log, what this seat knows about the
others' camps (its dossier), and Undo."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui.cached_group import CachedGroup
from ..ui.log_panel import LogPanel
from ..ui.notes import notes_card
from ..ui.panel import USED, Intent, Panel
from ..ui.widgets import Button


class SidePanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.log = LogPanel(self.fonts)
        self.buttons = CachedGroup()
        self.known_rect = pygame.Rect(0, 0, 0, 0)
        self.known: Optional[pygame.Surface] = None
        self.backdrop: Optional[pygame.Surface] = None

    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        super().layout(rect)
        px, t, m = self.px, self.t, self.px(8)
        self.backdrop = backdrop
        bh = px(38)
        self.btn_undo = Button(lambda: t("table.undo"), self.scene.undo, (rect.x, rect.bottom - bh, rect.w, bh),
                               size=px(17))
        self.buttons = CachedGroup([self.btn_undo])
        self.known_rect = pygame.Rect(rect.x, rect.bottom - bh - m - px(150), rect.w, px(150))
        self.log.set_rect(pygame.Rect(rect.x, rect.y, rect.w, self.known_rect.y - m - rect.y), size=px(14),
                          title=t("log.title"), empty=t("log.empty"), backdrop=backdrop)

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        self.btn_undo.enabled = self.scene.can_undo()
        self.btn_undo.visible = bool(self.scene.match.humans)
        self.known = self._paint_known()

    def _paint_known(self) -> pygame.Surface:
        """What I know: each fact this seat was told (a secret meeting, a peek), by seat."""
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        rows = []
        for f in v["dossier"]:
            camp = data.camp_name(f["camp"], t.lang)
            key = "wi.ui.known_is" if f["is"] else "wi.ui.known_not"
            rows.append(t(key, name=self.scene.name(f["seat"]), camp=camp, how=t("wi.how." + f["how"])))
        if self.scene.viewer is None:
            rows = [t("wi.ui.known_public")]
        return notes_card(fonts, px, self.backdrop, self.known_rect, t("wi.ui.known"), rows or [t("wi.ui.known_none")],
                          title_size=15, row_size=13, line=19, top=28)

    def draw(self, surface: pygame.Surface) -> None:
        if self.known is not None:
            surface.blit(self.known, self.known_rect)
        self.buttons.draw(surface, self.fonts)
        self.log.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.log.handle(event) or self.buttons.handle(event):
            return USED
        return None
