"""Between deals (scoring variant): the last battle in full, in front of the dimmed table."""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, symbol_name

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import cards as art


class DealPanel(Panel):
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.items: list[tuple] = []
        self.buttons = CachedGroup()
        self.cache: Optional[pygame.Surface] = None

    def refresh(self) -> None:
        self.cache = None
        lb = self.view["last_battle"]
        self.items = self._build(lb) if lb and self.view["phase"] != "over" else []

    def show(self, shown: bool) -> None:
        self.visible = shown and bool(self.items)
        self.cache = None

    def _build(self, lb: dict) -> list[tuple]:
        """The last deal's battle, all public: the two at the gate, each seat's card, points and scores."""
        v, px, tx, t, fonts = self.view, self.px, self.tx, self.t, self.fonts
        n = v["n_players"]
        table = self.scene.board.rect
        lh = fonts.line_height

        def grow(size: int, bold: bool = False) -> int:  # a line's growth at the text size (0 at 100 %)
            return lh(tx(size), bold) - lh(px(size), bold)

        # The words are read at the text size, the cards keep their printing: the panel grows for
        # the words, and where the table is too short for it the two cards are drawn smaller.
        row_h = px(26) + grow(16)
        pw = min(table.w - px(20), px(620))
        a, b = (symbol_name(cards.load()["by_id"][c]["win"], t) for c in lb["centre"])
        win = t("xw.rules.or").join(symbol_name(s, t) for s in lb["winning"])
        # What a winner scores: every reward matching either centre card's win symbol (計分制, 例2).
        at_gate = list(dict.fromkeys(cards.centre_symbols(lb["centre"])))
        rule = t("xw.deal_result.points_rule", symbols=t("xw.rules.or").join(symbol_name(s, t) for s in at_gate))
        widths = [px(110)] if self.app.text_scale == 1 else range(px(110), px(64) - 1, -max(1, px(6)))
        # Still too tall with the smallest cards (seven seats): the points' rule (the log has it) goes.
        for fw, rule_lines in [(w, 2) for w in widths] + [(px(64), 0)]:
            fh = art.card_size(fw)[1]
            text_w = pw - px(24) - 2 * (fw + px(10)) - px(14) - px(20)
            why = fonts.wrap(t("xw.why.rule", a=a, b=b, winning=win), tx(17), text_w, True)
            small = fonts.wrap(rule, tx(15), text_w)[:rule_lines]
            side_h = px(4) + len(why) * (px(24) + grow(17, True)) + px(54) + len(small) * (px(20) + grow(15)) \
                + (0 if lb["winners"] else px(4) + lh(tx(16)))
            top_h = px(52) + grow(24, True) + max(fh, side_h) + px(14)
            height = top_h + px(30) + grow(17, True) + n * row_h + px(76)
            if height <= table.h - px(20):
                break
        panel = pygame.Rect(0, 0, pw, height)
        panel.center = table.center
        items: list[tuple] = [("panel", panel)]
        title = fit_text(fonts, t("xw.deal_result.title", deal=lb["deal"]), tx(24), theme.VERMILION_DARK,
                         pw - px(24), bold=True)
        items.append(("blit", title, title.get_rect(midtop=(panel.centerx, panel.y + px(12)))))
        y = panel.y + px(52) + grow(24, True)
        for i, c in enumerate(lb["centre"]):
            face = art.card_face(fonts, t, c, fw)
            items.append(("blit", face, face.get_rect(topleft=(panel.x + px(24) + i * (fw + px(10)), y))))
        tx0 = panel.x + px(24) + 2 * (fw + px(10)) + px(14)
        yy = y + px(4)
        for line in why:
            items.append(("blit", fonts.text(line, tx(17), theme.INK, bold=True), (tx0, yy)))
            yy += px(24) + grow(17, True)
        sx = tx0
        for s in lb["winning"]:
            items.append(("blit", art.symbol_icon(s, px(40)), (sx, yy + px(6))))
            sx += px(48)
        ny = yy + px(54)
        for line in small:
            items.append(("blit", fonts.text(line, tx(15), theme.INK_SOFT), (tx0, ny)))
            ny += px(20) + grow(15)
        if not lb["winners"]:
            items.append(("blit", fit_text(fonts, t("xw.deal_result.nobody"), tx(16), theme.INK, text_w),
                          (tx0, ny + px(4))))
        # One row per seat: who, the card they held, this deal's points, the total.
        y = panel.y + top_h
        head = fit_text(fonts, t("xw.deal_result.scores", target=v["target"]), tx(17), theme.INK,
                        panel.w - px(48), bold=True)
        items.append(("blit", head, (panel.x + px(24), y)))
        y += px(30) + grow(17, True)
        x0 = panel.x + px(24)
        cols = [x0, x0 + int((panel.w - px(48)) * 0.36), x0 + int((panel.w - px(48)) * 0.74), panel.right - px(24)]
        out = set(lb.get("eliminated", []))
        for s in range(n):
            cy = y + s * row_h
            badge = pygame.Rect(x0, cy + px(2) + grow(16) // 2, px(20), px(20))
            items.append(("badge", badge, s))
            nm = fit_text(fonts, self.scene.name(s), tx(16), theme.INK, cols[1] - badge.right - px(12))
            items.append(("blit", nm, (badge.right + px(6), cy)))
            cn = fit_text(fonts, card_name(lb["cards"][s], t), tx(16), theme.INK, cols[2] - cols[1] - px(8))
            items.append(("blit", cn, (cols[1], cy)))
            pts = lb["points"].get(str(s))
            note = t("xw.tag.out") if s in out else (f"+{pts}" if pts else "—")
            sc = fonts.text(t("xw.tag.score", score=v["scores"][s]), tx(16), theme.VERMILION_DARK, bold=True)
            nt = fit_text(fonts, note, tx(16), theme.VERMILION if pts or s in out else theme.INK_SOFT,
                          cols[3] - sc.get_width() - px(8) - cols[2], bold=True)
            items.append(("blit", nt, (cols[2], cy)))
            items.append(("blit", sc, sc.get_rect(topright=(cols[3], cy))))
        self.buttons = CachedGroup()
        if self.scene.match.humans:
            self.buttons.add(Button(lambda: t("xw.deal_result.next"), self.scene.close_deal_panel,
                                    (panel.centerx - px(90), panel.bottom - px(54), px(180), px(42)),
                                    style="primary", hotkey=pygame.K_RETURN, size=px(19)))
        return items

    def snapshot(self) -> Optional[pygame.Surface]:
        return self.cache

    def draw(self, surface: pygame.Surface) -> None:
        if self.cache is None:  # the table stands still under the panel: one picture of both
            draw.dim(surface, 90)
            for item in self.items:
                if item[0] == "blit":
                    surface.blit(item[1], item[2])
                elif item[0] == "panel":
                    draw.panel(surface, item[1], radius=self.px(12), width=self.px(3))
                elif item[0] == "badge":
                    self.scene.badge(surface, item[1], item[2])
            self.cache = surface.copy()
        else:
            surface.blit(self.cache, (0, 0))
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        return USED if self.buttons.handle(event) else None
