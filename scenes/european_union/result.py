"""The side card of the European Union table just after a vote: the bill, passed or rejected, the
yes power against what was needed, and everyone's vote card (pieces, turned over as the votes are
revealed). A click on it puts it away; otherwise it goes after a few seconds."""
from __future__ import annotations

from typing import Optional

import pygame

from game.european_union.describe import bill_name

from ..ui import theme
from ..ui.emblems import seat_chip
from ..ui.panel import Intent
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import cards as art
from . import tips
from .base import EUPanel, fitting_size, line_step, side_frame, text_grow


class ResultPanel(EUPanel):
    def _rows(self) -> tuple[int, int]:
        """(y of the first row of votes, row height)."""
        px, res = self.px, self.view["last_result"]
        st = art.stamp(self.fonts, self.t, res["passed"], px(200))
        lt = self._line()
        y = self.stamp_top() + st.get_height() + px(8) + line_step(self, lt, 14, True) + px(8)
        rows = (self.scene.n + 1) // 2
        foot = px(24) + text_grow(self, 12) if self.scene.match.humans else px(24)   # the "click" hint
        return y, min(px(24) + text_grow(self, 13), (self.rect.bottom - y - foot) // max(1, rows))

    def stamp_top(self) -> int:
        """Under the title and the bill's name, moved down as far as they grow at the text size."""
        return self.rect.y + self.px(62) + text_grow(self, 16) + text_grow(self, 15)

    def _line(self) -> pygame.Surface:
        """Yes votes (or power) against what was needed."""
        res, t = self.view["last_result"], self.t
        if res["method"] == "unanimity":
            line = t("eu.ui.result.unanimity", yes=res["yes"], needed=res["needed"])
        else:
            line = t("eu.ui.result.power", power=res["yes_power"], needed=res["needed"])
        return fit_text(self.fonts, line, self.tx(14), theme.INK, self.rect.w - self.px(24), bold=True)

    def refresh(self) -> None:
        self.visible = self.scene.votes_shown()
        self.pieces.empty()
        if not self.visible:
            return
        px, t = self.px, self.t
        votes = self.view["last_votes"] or {}
        y, row = self._rows()
        colw = (self.rect.w - px(20)) // 2
        for s in range(self.scene.n):
            vote = votes.get(str(s))
            if not vote:
                continue
            x = self.rect.x + px(10) + (s % 2) * colw
            chip = art.vote_chip(self.fonts, t, vote, px(14))
            r = chip.get_rect(midleft=(x, y + (s // 2) * row + row // 2))
            self.pieces.add(Piece(("vote", s), chip, art.vote_chip_back(px(14)), centre=r.center,
                                  tip=tips.vote_shown(t, self.scene.name(s), vote)))

    def paint(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        res = v["last_result"]
        side = self.rect
        inner_w = side.w - px(24)
        side_frame(self, layer, t("eu.ui.result.title", stage=t("eu.ui.stage." + res["stage"])), size=16)
        name = bill_name(res["bill"], t)   # whole, smaller where need be (a long name on a narrow card)
        nm = art.whole_text(fonts, name, self.tx(15), theme.INK, inner_w, 8, True) or \
            fit_text(fonts, name, self.tx(15), theme.INK, inner_w, bold=True)
        layer.blit(nm, nm.get_rect(midtop=(side.centerx, side.y + px(36) + text_grow(self, 16))))
        st = art.stamp(fonts, t, res["passed"], px(200))
        layer.blit(st, st.get_rect(midtop=(side.centerx, self.stamp_top())))
        lt = self._line()
        layer.blit(lt, lt.get_rect(midtop=(side.centerx, self.stamp_top() + st.get_height() + px(8))))
        y, row = self._rows()
        colw = (side.w - px(20)) // 2
        for s in range(self.scene.n):
            x = side.x + px(10) + (s % 2) * colw
            yy = y + (s // 2) * row
            seat_chip(layer, fonts, (x + px(28), yy + row // 2), px(8), s)
            nt = fit_text(fonts, self.scene.name(s), fitting_size(self, 13, row), theme.INK, colw - px(44))
            layer.blit(nt, nt.get_rect(midleft=(x + px(40), yy + row // 2)))
        if self.scene.match.humans:
            ht = fit_text(fonts, t("eu.ui.result.close"), self.tx(12), theme.INK_SOFT, inner_w)
            layer.blit(ht, ht.get_rect(midbottom=(side.centerx, side.bottom - px(6))))

    def flip(self, duration: float, stagger: float) -> None:
        for i, piece in enumerate(self.pieces.sprites()):
            piece.face_up = False
            self.scene.tweens.flip(piece, duration, face_up=True, delay=i * stagger)

    def clicked(self, piece: Piece) -> Optional[Intent]:
        return Intent(call=self.scene.close_reveal)   # a click on the result puts it away

    def clicked_elsewhere(self, pos: tuple[int, int]) -> Optional[Intent]:
        return Intent(call=self.scene.close_reveal)
