"""The column on the right of the Wonderful Island table: the log, what this seat knows about the
others' camps (its dossier), and Undo."""
from __future__ import annotations

import pygame

from game.wonderful_island import data

from ..ui.cached_group import CachedGroup
from ..ui.log_column import LogColumn
from ..ui.widgets import Button


class SidePanel(LogColumn):
    def layout(self, rect: pygame.Rect, backdrop: pygame.Surface) -> None:
        px, t, m = self.px, self.t, self.px(8)
        bh = px(38)
        self.btn_undo = Button(lambda: t("table.undo"), self.scene.undo, (rect.x, rect.bottom - bh, rect.w, bh),
                               size=px(17))
        self.btn_undo.aside = True   # Tab comes to it after the prompt's things
        self.buttons = CachedGroup([self.btn_undo])
        self.place(rect, backdrop, rect.bottom - bh, px(150), m, self.tx(14))

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        self.btn_undo.enabled = self.scene.can_undo()
        self.btn_undo.visible = bool(self.scene.match.humans)
        self.notes = self._known()

    def _known(self):
        """What I know: each fact this seat was told (a secret meeting, a peek), by seat. With every
        hidden card shown (a replay), what each seat knows, each fact after the name of who knows it."""
        t, v = self.t, self.view
        title, rows, none = t("wi.ui.known"), [self._fact(f) for f in v["dossier"]], t("wi.ui.known_none")
        if v.get("all_seen"):
            title, none = t("wi.ui.known_all"), t("wi.ui.known_all_none")
            rows = [t("wi.ui.known_by", who=self.scene.name(p["seat"]), fact=self._fact(f))
                    for p in v["players"] for f in p["dossier"]]
        elif self.scene.viewer is None:
            rows = [t("wi.ui.known_public")]
        return self.paint_notes(title, rows or [none], title_size=15, row_size=13, line=19, top=28)

    def _fact(self, f: dict) -> str:
        t = self.t
        key = "wi.ui.known_is" if f["is"] else "wi.ui.known_not"
        return t(key, name=self.scene.name(f["seat"]), camp=data.camp_name(f["camp"], t.lang),
                 how=t("wi.how." + f["how"]))
