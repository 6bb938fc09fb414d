"""The column on the right of the Xuanwu table: the log, the memory aid, Undo and Penalty."""
from __future__ import annotations

import pygame

from game.xuanwu_gate.describe import card_name

from ..ui.cached_group import CachedGroup
from ..ui.log_column import LogColumn
from ..ui.widgets import Button


class SidePanel(LogColumn):
    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        px, t, m = self.px, self.t, self.px(10)
        bh = px(40)
        by = rect.bottom - bh
        half = (rect.w - m) // 2
        self.btn_undo = Button(lambda: t("table.undo"), self.scene.undo, (rect.x, by, half, bh), size=px(18))
        self.btn_penalty = Button(lambda: t("xw.penalty.button"), self.scene.ask_penalty,
                                  (rect.x + half + m, by, half, bh), style="danger", size=px(18))
        self.buttons = CachedGroup([self.btn_undo, self.btn_penalty])
        self.place(rect, backdrop, by, px(150) if self.view.get("memory_aid") else 0, m, px(15))

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        scene = self.scene
        self.btn_undo.enabled = scene.can_undo()
        self.btn_penalty.visible = bool(scene.match.humans) and self.view["phase"] != "over"
        self.btn_undo.visible = bool(scene.match.humans)
        self.notes = self._memory() if self.view["memory_aid"] else None

    def _memory(self):
        """What this seat saw this deal, on its own card (the memory aid variant)."""
        t, v = self.t, self.view
        rows = []
        for e in (e for e in v["memory"] if e.get("deal") == v["deal"]):
            if e["what"] == "own":
                rows.append(t("xw.memory.own", deal=e["deal"], card=card_name(e["card"], t)))
            else:
                rows.append(t("xw.memory.centre", round=e["round"], slot=t("xw.slot.%s_short" %
                              ("left" if e["slot"] == 0 else "right")), card=card_name(e["card"], t)))
        return self.paint_notes(t("xw.memory.title"), rows or [t("xw.memory.empty")])
