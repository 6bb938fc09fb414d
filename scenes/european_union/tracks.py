"""The policy board across the top of the European Union table: the round and stage tracks, the
voting threshold and the bills left on the left; the five policy tracks on the right, each with
its marker (a piece: what the track's ending card would say now), the ending card now and the
viewer's own stars and end bonus."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.european_union import data as cards
from game.european_union.describe import policy_short

from ..ui import draw, theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import cards as art
from . import tips
from .base import EUPanel, fitting_size, text_grow

STAGE_STEPS = ("council", "parliament", "scoring")


class TracksPanel(EUPanel):
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        self.left_w = px(208)
        self.row_h = (rect.h - px(30)) // 5
        self.cell = px(30)
        # The rows' words at the text size, as large as a row holds (the board keeps its height).
        self.row_size = fitting_size(self, 13, self.row_h)
        # The policy names in full, in this language: the name column is as wide as the widest, at
        # the largest size that leaves the "ending card now" column its room (at 100 %: px(13)).
        for size in range(self.row_size, px(13) - 1, -1):
            widest = max(self.fonts.text(policy_short(p, self.t), size, theme.WHITE, True).get_width()
                         for p in cards.POLICIES)
            self.name_w = max(px(110), widest + px(16))
            self.cells_x = rect.x + self.left_w + px(12) + self.name_w
            if self.ending_column(px(112))[1] >= px(170):
                break
        self.name_size = size

    def name_room(self) -> int:
        """The width a policy's name has on its coloured label."""
        return self.name_w - self.px(14)

    def ending_column(self, mine_w: Optional[int] = None) -> tuple[int, int]:
        """(x, width) of the "ending card now" column, between the cells and the viewer's own stars."""
        px = self.px
        end_x = self.cells_x + (cards.load()["track_top"] + 1) * self.cell + px(10)
        if mine_w is None:
            mine_w = px(112) if self.view["seat"] is not None else 0
        return end_x, self.rect.right - px(10) - end_x - mine_w

    def deck_point(self) -> tuple[int, int]:
        """Where the Commission's bills lie (the "bills left" line): bills are dealt from here."""
        return self.rect.x + self.left_w // 2, self.rect.y + self.px(110)

    def cell_rect(self, row: int, i: int) -> pygame.Rect:
        y = self.rect.y + self.px(24) + row * self.row_h
        return pygame.Rect(self.cells_x + i * self.cell + 1, y + 1, self.cell - 2, self.row_h - 2)

    def refresh(self) -> None:
        v = self.view
        self.pieces.empty()
        top_n = cards.load()["track_top"]
        mine = self.scene.party(v["seat"]) if v["seat"] is not None else None
        for row, pol in enumerate(cards.POLICIES):
            pos = v["tracks"][pol]
            c = self.cell_rect(row, min(pos, top_n))
            face = art.track_marker(self.fonts, pol, pos, c.size, self.px(3), self.px(12))
            self.pieces.add(Piece(("track", pol), face, centre=c.center, tip=partial(tips.marker, self.t, pol, pos, mine)))

    def paint(self, layer: pygame.Surface) -> None:
        """The board without its markers (they are pieces)."""
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        b = self.rect
        draw.panel(layer, b, fill=art.EU_BLUE, border=theme.GOLD, radius=px(12), width=2)
        lw = self.left_w
        y = b.y + px(10)
        head = fonts.text(t("eu.ui.round_label"), self.tx(14), theme.GOLD_LIGHT, bold=True)
        layer.blit(head, (b.x + px(12), y))
        cx = b.x + px(12) + head.get_width() + px(20)
        for r in (1, 2, 3):
            c = (cx + (r - 1) * px(34), y + head.get_height() // 2)
            now = r == v["round"]
            pygame.draw.circle(layer, art.STAR_GOLD if now else art.EU_BLUE_DARK, c, px(13))
            pygame.draw.circle(layer, theme.GOLD, c, px(13), 1)
            num = fonts.text(str(r), px(15), art.EU_BLUE_DARK if now else theme.GOLD_LIGHT, bold=True)
            layer.blit(num, num.get_rect(center=c))
        y += px(32) + text_grow(self, 14) // 2   # the round's circles stay: the line grows around their middle
        stage_now = "scoring" if self.scene.scoring_open else v["stage"]
        steps = [s for s in STAGE_STEPS if not (s == "parliament" and v["variant"] == "intro")]
        x = b.x + px(10)
        for s, (w, lab) in zip(steps, self._stage_tabs(steps, stage_now, lw - px(8))):
            r = pygame.Rect(x, y, w - px(4), px(26))
            pygame.draw.rect(layer, art.STAR_GOLD if s == stage_now else art.EU_BLUE_DARK, r, border_radius=px(6))
            layer.blit(lab, lab.get_rect(center=r.center))
            x += w
        y += px(36)
        if v["stage"] == "parliament":
            line = t("eu.ui.majority_line", needed=v["majority"], total=v["total_power"]) if v["majority"] else \
                t("eu.ui.majority_rule")
        else:
            line = t("eu.ui.qmv_line", needed=v["threshold"], total=self.scene.round_power())
        room = lw - px(20) if text_grow(self, 14) else lw - px(10)   # grown: short of the column's line
        lt = art.whole_text(fonts, line, self.tx(14), theme.WHITE, room, px(12)) or \
            art.whole_text(fonts, line, px(14), theme.WHITE, lw - px(10), px(12)) or \
            fit_text(fonts, line, self.tx(14), theme.WHITE, room)
        layer.blit(lt, (b.x + px(12), y))
        y += px(22) + text_grow(self, 14)
        bl = fit_text(fonts, t("eu.ui.bills_left", n=v["bills_left"]), self.tx(13), theme.GOLD_LIGHT, room)
        layer.blit(bl, (b.x + px(12), y))
        pygame.draw.line(layer, theme.GOLD, (b.x + lw, b.y + px(10)), (b.x + lw, b.bottom - px(10)), 1)
        self._paint_tracks(layer)

    def _stage_tabs(self, steps: list[str], now: str, room: int) -> list[tuple[int, pygame.Surface]]:
        """Each stage tab's width and its word, whole: the tabs share the room as their words need
        it, at the largest size (down to 7 px) where every word fits its tab."""
        px, t, fonts = self.px, self.t, self.fonts
        words = [t("eu.ui.stage_short." + s) for s in steps]
        size = fitting_size(self, 13, px(26))
        while True:
            widths = [fonts.text(w, size, theme.WHITE, True).get_width() + px(10) for w in words]
            if sum(widths) <= room or size <= 7:
                break
            size -= 1
        spare = max(0, room - sum(widths)) // len(steps)
        return [(w + spare, fonts.text(word, size, art.EU_BLUE_DARK if s == now else theme.GOLD_LIGHT, True))
                for s, w, word in zip(steps, widths, words)]

    def _paint_tracks(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        b = self.rect
        x0 = b.x + self.left_w + px(12)
        top_n = cards.load()["track_top"]
        row_h, name_w, cell, cells_x = self.row_h, self.name_w, self.cell, self.cells_x
        mine_w = px(112) if v["seat"] is not None else 0
        end_x, end_w = self.ending_column()
        hy = b.y + px(6)
        for i in range(top_n + 1):
            nt = fonts.text(str(i) + ("+" if i == top_n else ""), px(11), theme.GOLD_LIGHT)
            layer.blit(nt, nt.get_rect(midtop=(cells_x + i * cell + cell // 2, hy)))
        head = fitting_size(self, 12, px(18))   # the heads sit in the strip above the rows
        eh = fit_text(fonts, t("eu.ui.col.ending"), head, theme.GOLD_LIGHT, end_w, bold=True)
        layer.blit(eh, (end_x, hy))
        me_party = self.scene.party(v["seat"]) if v["seat"] is not None else None
        if mine_w:
            mh = fit_text(fonts, t("eu.ui.col.yours"), head, theme.GOLD_LIGHT, mine_w, bold=True)
            layer.blit(mh, (b.right - px(8) - mine_w, hy))
        y = b.y + px(24)
        d = cards.load()
        for row, pol in enumerate(cards.POLICIES):
            col = art.policy_rgb(pol)
            pos = v["tracks"][pol]
            rr = pygame.Rect(x0, y + 1, name_w - px(6), row_h - 2)
            pygame.draw.rect(layer, col, rr, border_radius=px(5))
            nm = fit_text(fonts, policy_short(pol, t), self.name_size, theme.WHITE, self.name_room(), bold=True)
            layer.blit(nm, nm.get_rect(midleft=(rr.x + px(5), rr.centery)))
            for i in range(top_n + 1):
                level = 0 if i <= 1 else (1 if i <= 3 else 2)
                shade = (art.EU_BLUE_DARK, (34, 64, 140), (46, 80, 160))[level]
                pygame.draw.rect(layer, shade, self.cell_rect(row, i), border_radius=px(3))
            ending = d["ending_by_id"][cards.ending_for(pol, pos)]
            et = fit_text(fonts, t.name(ending["title"]), self.row_size, theme.WHITE, end_w)
            layer.blit(et, et.get_rect(midleft=(end_x, y + row_h // 2)))
            if mine_w and me_party:
                p = d["party_by_id"][me_party]
                mx = b.right - px(8) - mine_w
                nx = art.stars_row(layer, mx, y + row_h // 2, p["stars"][pol], px(5))
                bt = fit_text(fonts, art.bonus_text(t, p["track_bonus"][pol]), fitting_size(self, 11, self.row_h),
                              theme.GOLD_LIGHT,
                              b.right - px(6) - nx)
                layer.blit(bt, bt.get_rect(midleft=(max(nx, mx + px(50)), y + row_h // 2)))
            y += row_h
