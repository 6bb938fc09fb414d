"""The players: one row per seat with its boot, name, town markers, cards in hand, the counters it
holds (face up, secret backs) and its unused obstacle, each a piece that says what it is. Counters a
player takes fly to their row; counters they place fly from it."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from ..ui import draw, theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import sprites as art
from . import tips
from .board_pieces import MARKERS_TOTAL
from .still import StillPanel

ROW = 47   # a row's height (px)


class SeatsPanel(StillPanel):
    def row(self, seat: int) -> pygame.Rect:
        px = self.px
        return pygame.Rect(self.rect.x + px(6), self.rect.y + px(30) + seat * px(ROW), self.rect.w - px(12), px(45))

    def refresh(self) -> None:
        v, t, px, scene = self.view, self.t, self.px, self.scene
        self.pieces.empty()
        mini = px(16)
        for p in v["players"]:
            s = p["seat"]
            row = self.row(s)
            name = scene.name(s)
            boot = art.boot(s, px(30), self.fonts)
            br = boot.get_rect(midleft=(row.x + px(4), row.centery))
            self.pieces.add(Piece(("seat", s), boot, centre=br.center,
                                  tip=partial(tips.seat, name, scene.kind_label(s), p, MARKERS_TOTAL,
                                                s == v["start_player"] and v["phase"] != "over", t)))
            ix, y = self._counters_x(p), row.y + px(24)
            for i, k in enumerate(p["counters"]):
                piece = self._mini(("seat_counter", s, i), art.counter_tile(k, mini), (ix, y + px(1)),
                                   partial(tips.seat_counter, name, k, t))
                piece.what = k
                ix += mini + px(2)
            for i in range(p["secret_counters"]):
                piece = self._mini(("seat_secret", s, i), art.counter_back(mini), (ix, y + px(1)), partial(tips.seat_secret, name, t))
                piece.what = None
                ix += mini + px(2)
            if p["obstacle"]:
                piece = self._mini(("seat_obstacle", s), art.obstacle_tile(mini), (ix + px(2), y + px(1)),
                                   partial(tips.seat_obstacle, name, t))
                piece.what = "obstacle"
        self.invalidate()

    def _mini(self, key, img: pygame.Surface, topleft: tuple[int, int], tip) -> Piece:
        piece = Piece(key, img, centre=img.get_rect(topleft=topleft).center, tip=tip)
        piece.seat = key[1]
        self.pieces.add(piece)
        return piece

    def _counters_x(self, p: dict) -> int:
        """Where a row's counters begin: after the markers and the cards in hand."""
        px, fonts = self.px, self.fonts
        x = self.row(p["seat"]).x + px(40)
        mk = fonts.text(self.t("elf.ui.markers_short", n=p["markers"], total=MARKERS_TOTAL), px(13), theme.INK, bold=True)
        cx = x + px(13) + max(mk.get_width(), px(40)) + px(8)
        ct = fonts.text(str(p["cards"]), px(13), theme.INK, bold=True)
        return cx + px(15) + ct.get_width() + px(8)

    def find(self, seat: int, what) -> Optional[Piece]:
        """A seat's last counter of this transport (None: a secret one; "obstacle": its obstacle)."""
        found = [p for p in self.pieces.sprites() if getattr(p, "seat", None) == seat and p.what == what
                 and p.hit]
        return found[-1] if found else None

    def row_centre(self, seat: int) -> tuple[int, int]:
        return self.row(seat).center

    # -- the resting picture ------------------------------------------------------------------------
    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px, t, fonts, v, scene = self.px, self.t, self.fonts, self.view, self.scene
        r = self.rect.move(-ox, -oy)
        draw.panel(pic, r, radius=px(10), width=2, drop=False)
        head = fonts.text(t("elf.ui.players"), px(15), theme.VERMILION_DARK, bold=True)
        pic.blit(head, (r.x + px(10), r.y + px(6)))
        for p in v["players"]:
            s = p["seat"]
            row = self.row(s).move(-ox, -oy)
            acting = s in v["to_act"]
            fill = (252, 240, 196) if acting else theme.WHITE
            pygame.draw.rect(pic, fill, row, border_radius=px(6))
            pygame.draw.rect(pic, theme.GOLD if acting else theme.PARCHMENT_DARK, row,
                             px(3) if acting else 1, border_radius=px(6))
            x = row.x + px(40)
            label = scene.name(s)
            if s == scene.viewer:
                label += t("elf.ui.you")
            kind = fonts.text(scene.kind_label(s), px(12), theme.INK_SOFT)
            nm = fit_text(fonts, label, px(15), theme.INK, row.right - x - kind.get_width() - px(34), bold=True)
            pic.blit(nm, (x, row.y + px(2)))
            pic.blit(kind, (x + nm.get_width() + px(6), row.y + px(5)))
            if s == v["start_player"] and v["phase"] != "over":
                c = (row.right - px(14), row.y + px(13))
                draw.seal(pic, c, px(11))
                st = fit_text(fonts, t("elf.ui.start_short"), px(11), theme.WHITE, px(18), bold=True)
                pic.blit(st, st.get_rect(center=c))
            # Second line: markers, cards; the counters and the obstacle are pieces.
            y = row.y + px(24)
            mk = fonts.text(t("elf.ui.markers_short", n=p["markers"], total=MARKERS_TOTAL), px(13), theme.INK, bold=True)
            pygame.draw.circle(pic, theme.seat_colour(s), (x + px(5), y + px(9)), px(5))
            pygame.draw.circle(pic, theme.INK, (x + px(5), y + px(9)), px(5), 1)
            pic.blit(mk, (x + px(13), y))
            cx = x + px(13) + max(mk.get_width(), px(40)) + px(8)
            pygame.draw.rect(pic, (120, 96, 70), (cx, y + px(2), px(12), px(15)), border_radius=px(2))
            pygame.draw.rect(pic, (250, 244, 226), (cx + 1, y + px(2) + 1, px(12) - 2, px(15) - 2), border_radius=px(2))
            ct = fonts.text(str(p["cards"]), px(13), theme.INK, bold=True)
            pic.blit(ct, (cx + px(15), y))

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px, v = self.px, self.view
        if v["phase"] != "move":
            return
        for p in v["players"]:
            if p["moved"]:
                row = self.row(p["seat"]).move(-ox, -oy)
                tick = self.fonts.text("✓", px(14), theme.JADE, bold=True)
                pic.blit(tick, tick.get_rect(topright=(row.right - px(6), row.y + px(24))))
