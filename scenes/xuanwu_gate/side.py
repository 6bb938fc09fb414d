"""The column on the right of the Xuanwu table: the log, the memory aid, Undo and Penalty."""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate.describe import card_name

from ..ui.cached_group import CachedGroup
from ..ui.log_column import LogColumn
from ..ui.log_panel import LogPanel
from ..ui.panel import USED, Intent
from ..ui.widgets import Button

MOST_AID = 0.6   # of the column at most, for the memory aid: the log, which scrolls too, keeps the rest


class SidePanel(LogColumn):
    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        px, t, m = self.px, self.t, self.px(10)
        bh = px(40)
        by = rect.bottom - bh
        half = (rect.w - m) // 2
        self.btn_undo = Button(lambda: t("table.undo"), self.scene.undo, (rect.x, by, half, bh), size=px(18))
        self.btn_penalty = Button(lambda: t("xw.penalty.button"), self.scene.ask_penalty,
                                  (rect.x + half + m, by, half, bh), style="danger", size=px(18))
        self.btn_undo.aside = self.btn_penalty.aside = True   # Tab comes to them after the prompt's things
        self.buttons = CachedGroup([self.btn_undo, self.btn_penalty])
        self.column, self.buttons_y = rect, by
        self.aid = LogPanel(self.fonts) if self.view.get("memory_aid") else None
        self.place(rect, backdrop, by, px(150) if self.aid else 0, m, self.tx(15))
        if self.aid:
            self.aid.set_rect(self.notes_rect, size=self.tx(14), title=t("xw.memory.title"), backdrop=backdrop)

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        scene = self.scene
        self.btn_undo.enabled = scene.can_undo()
        self.btn_penalty.visible = bool(scene.match.humans) and self.view["phase"] != "over"
        self.btn_undo.visible = bool(scene.match.humans)
        if self.aid:
            self._memory()

    def _memory(self) -> None:
        """The cards this seat saw this deal, each once (its latest sighting) with where it is now:
        the view follows the public swaps since (the memory aid variant). The card is as tall as its
        rows (at least the design's 150 px, at most MOST_AID of the column: the log keeps the rest),
        its rows wrapped at the text size; what still does not fit scrolls, as the log does."""
        aid, px, m = self.aid, self.px, self.px(10)
        if self.scene.viewer is None:   # the public view: no one's sightings
            aid.set_lines([])
        else:
            aid.set_lines(self.memory_rows() or [self.t("xw.memory.empty")])
        room = self.buttons_y - self.column.y
        h = max(px(150), min(aid.height_for_all(), int(room * MOST_AID)))
        if h != self.notes_rect.h:
            self.place(self.column, self.backdrop, self.buttons_y, h, m, self.tx(15))
            aid.set_rect(self.notes_rect, backdrop=self.backdrop)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.aid:
            self.aid.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.aid and self.aid.handle(event):
            return USED
        return super().handle(event)

    def memory_rows(self) -> list[str]:
        t, v = self.t, self.view
        latest: dict[str, dict] = {}
        for e in (e for e in v["memory"] if e.get("deal") == v["deal"]):
            latest.pop(e["card"], None)   # seen again: it moves to the end, with its newest sighting
            latest[e["card"]] = e
        rows = []
        for e in latest.values():
            seen = t("xw.memory.seen.own") if e["what"] == "own" else t("xw.memory.seen.centre", round=e["round"])
            rows.append(t("xw.memory.row", card=card_name(e["card"], t), where=self._where(e["now"]), seen=seen))
        return rows

    def _where(self, now: list) -> str:
        t = self.t
        if now[0] == "centre":
            return t("xw.memory.where.left" if now[1] == 0 else "xw.memory.where.right")
        if now[1] == self.scene.viewer:
            return t("xw.memory.where.yours")
        return t("xw.memory.where.seat", name=self.scene.name(now[1]))
