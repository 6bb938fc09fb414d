"""The column on the right of the Xuanwu table: the log, the memory aid, Undo and Penalty."""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate.describe import card_name

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
        self.memory_rect = pygame.Rect(0, 0, 0, 0)
        self.memory: Optional[pygame.Surface] = None
        self.backdrop: Optional[pygame.Surface] = None

    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        super().layout(rect)
        px, t, m = self.px, self.t, self.px(10)
        self.backdrop = backdrop
        bh = px(40)
        by = rect.bottom - bh
        half = (rect.w - m) // 2
        self.btn_undo = Button(lambda: t("table.undo"), self.scene.undo, (rect.x, by, half, bh), size=px(18))
        self.btn_penalty = Button(lambda: t("xw.penalty.button"), self.scene.ask_penalty,
                                  (rect.x + half + m, by, half, bh), style="danger", size=px(18))
        self.buttons = CachedGroup([self.btn_undo, self.btn_penalty])
        mem_h = px(150) if self.view.get("memory_aid") else 0
        self.memory_rect = pygame.Rect(rect.x, by - m - mem_h, rect.w, mem_h)
        log_bottom = (self.memory_rect.y if mem_h else by) - m
        self.log.set_rect(pygame.Rect(rect.x, rect.y, rect.w, log_bottom - rect.y), size=px(15),
                          title=t("log.title"), empty=t("log.empty"), backdrop=backdrop)

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        scene = self.scene
        self.btn_undo.enabled = scene.can_undo()
        self.btn_penalty.visible = bool(scene.match.humans) and self.view["phase"] != "over"
        self.btn_undo.visible = bool(scene.match.humans)
        self.memory = self._paint_memory() if self.view["memory_aid"] and self.memory_rect.h else None

    def _paint_memory(self) -> pygame.Surface:
        """What this seat saw this deal, on its own card (the memory aid variant)."""
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        rows = []
        for e in (e for e in v["memory"] if e.get("deal") == v["deal"]):
            if e["what"] == "own":
                rows.append(t("xw.memory.own", deal=e["deal"], card=card_name(e["card"], t)))
            else:
                rows.append(t("xw.memory.centre", round=e["round"], slot=t("xw.slot.%s_short" %
                              ("left" if e["slot"] == 0 else "right")), card=card_name(e["card"], t)))
        return notes_card(fonts, px, self.backdrop, self.memory_rect, t("xw.memory.title"),
                          rows or [t("xw.memory.empty")])

    def draw(self, surface: pygame.Surface) -> None:
        if self.memory is not None:
            surface.blit(self.memory, self.memory_rect)
        self.buttons.draw(surface, self.fonts)
        self.log.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.log.handle(event) or self.buttons.handle(event):
            return USED
        return None
