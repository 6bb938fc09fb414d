"""The Matching Pennies table: one panel with the round, the scores, the viewer's own pick and a
button per side to pick."""
from __future__ import annotations

from typing import Optional

import pygame

from ..table_scene import TableScene
from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.log_column import LogColumn
from ..ui.panel import USED, Intent, Panel
from ..ui.pointer import Pointer
from ..ui.top_bar import TopBar
from ..ui.widgets import Button
from .describe import describe


class CoinPanel(Panel):
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px, t = self.px, self.t
        self.buttons = CachedGroup()
        # each seat's plate: its name and rounds won (a thinking bot's mark sits on it)
        self.plates = [pygame.Rect(rect.centerx - px(300) + s * px(320), rect.bottom - px(140), px(280), px(90))
                       for s in range(2)]
        self.picks: dict[str, Button] = {}
        for i, side in enumerate(("heads", "tails")):
            b = Button(lambda s=side: t(f"pn.side.{s}"), lambda s=side: self.scene.act(("pick", s)),
                       (rect.centerx - px(210) + i * px(220), rect.centery, px(200), px(48)), size=px(20))
            b.action = ("pick", side)
            self.picks[side] = b
            self.buttons.add(b)
        self.refresh()

    def refresh(self) -> None:
        if not hasattr(self, "picks"):
            return
        legal = self.scene.legal()
        for side, b in self.picks.items():
            b.visible = ("pick", side) in legal

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        return USED if self.buttons.handle(event) else None

    def draw(self, surface: pygame.Surface) -> None:
        px, t, v, fonts = self.px, self.t, self.view, self.fonts
        surface.fill(theme.TABLE, self.rect)
        lines = [t("pn.ui.round", n=v["round"], of=v["rounds"])]
        if v["my_pick"]:
            lines.append(t("pn.ui.my_pick", side=t(f"pn.side.{v['my_pick']}")))
        for i, line in enumerate(lines):
            text = fonts.text(line, self.tx(22), theme.WHITE)
            surface.blit(text, text.get_rect(midtop=(self.rect.centerx, self.rect.y + px(60) + i * px(40))))
        for seat, plate in enumerate(self.plates):
            pygame.draw.rect(surface, theme.seat_colour(seat), plate, border_radius=px(10))
            words = f"{self.scene.name(seat)} · {v['scores'][seat]}"
            text = fonts.text(words, self.tx(20), theme.WHITE, bold=True)
            surface.blit(text, text.get_rect(center=plate.center))
        self.buttons.draw(surface, fonts)


class LogSide(LogColumn):
    """The log, with Undo under it."""

    def layout(self, rect: pygame.Rect) -> None:
        px = self.px
        by = rect.bottom - px(40)
        self.btn_undo = Button(lambda: self.t("table.undo"), self.scene.undo, (rect.x, by, rect.w, px(40)),
                               size=px(18))
        self.buttons = CachedGroup([self.btn_undo])
        self.place(rect, None, by, 0, px(10), self.tx(15))
        self.refresh()

    def refresh(self) -> None:
        self.log.set_lines(self.scene.log_lines())
        if hasattr(self, "btn_undo"):
            self.btn_undo.enabled = self.scene.can_undo()
            self.btn_undo.visible = bool(self.scene.match.humans)


class PenniesTableScene(TableScene):
    describe = staticmethod(describe)

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.coins = CoinPanel(self)
        self.side = LogSide(self)
        self.top_bar = TopBar(self, self.paint_top)
        self.panels = [self.coins, self.side, self.top_bar]

    def legal(self) -> list[tuple]:
        return self.match.state.legal_actions(self.decider) if self.can_act() else []

    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        top = px(60)
        self.top_bar.layout(pygame.Rect(0, 0, w, top))
        self.coins.layout(pygame.Rect(0, top, w - px(320), h - top))
        self.side.layout(pygame.Rect(w - px(310), top + px(10), px(300), h - top - px(20)))

    def on_view(self) -> None:
        for panel in self.panels:
            panel.refresh()

    def seat_plate(self, seat: int) -> Optional[pygame.Rect]:
        return self.coins.plates[seat] if hasattr(self.coins, "plates") else None

    def prompt(self) -> str:
        """What to do now (a remote seat says its move is on the way instead)."""
        return self.app.t("pn.ui.prompt") if self.legal() else ""

    def paint_top(self, layer: pygame.Surface) -> None:
        px = self.app.px
        name = self.app.fonts.text(self.app.t.name(self.match.spec.names), px(20), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (px(16), px(16)))
        words = self.prompt()
        if words:
            said = self.app.fonts.text(words, px(18), theme.GOLD_LIGHT)
            layer.blit(said, (px(16) + name.get_width() + px(24), px(18)))

    def guide(self, action) -> Optional[Pointer]:
        b = getattr(self.coins, "picks", {}).get(action[1]) if action and action[0] == "pick" else None
        return Pointer(b.rect) if b is not None and b.visible else None
