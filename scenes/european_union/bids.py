"""The side card of the European Union table during an auction: the secret bid entry (the amount
dialled stays in this panel and starts from 0 for every player at the screen), who has bid, the
chair ordering tied bidders, and the revealed bids with the choosing order. Watching a replay with
every hidden card, the bids made in secret show with the "hidden at this moment" mark."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.emblems import seat_chip
from ..ui.panel import Intent
from ..ui.textfit import blit_lines, fit_text
from ..ui.widgets import Button
from .auction import PHASES
from . import secret
from .base import EUPanel, blit_lines_within, fitting_size, line_step, side_frame, side_head_bottom, text_grow


class BidsPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.value = 0                          # the amount dialled, never shown to the next player
        self.auction_key: Optional[tuple] = None
        self.steppers: dict[int, Button] = {}   # -5, -1, +1, +5 (while the entry is up)
        self.btn_none: Optional[Button] = None
        self.btn_all: Optional[Button] = None
        self.btn_confirm: Optional[Button] = None
        self.row = 0                            # the height of a seat's line in the lists (painting)

    # -- the entry -----------------------------------------------------------------------------
    def set_value(self, n: int) -> None:
        self.value = max(0, min(n, self.view["my_influence"] or 0))

    def step(self, d: int) -> None:
        self.set_value(self.value + d)

    def head_grow(self) -> int:
        """How far the title and "behind your screen" push the entry down at the text size (0 at 100 %)."""
        return text_grow(self, 18) + text_grow(self, 15)

    def order_top(self) -> int:
        """The tied bidders' buttons: under the chair's title, message and the order so far."""
        v, px = self.view, self.px
        tied, bids = v["tied"], v["last_bids"] or {}
        msg = self.t("eu.ui.order.me", bid=bids.get(str(tied[0]), 0) if tied else 0)
        lines = len(self.fonts.wrap(msg, self.tx(13), self.rect.w - px(24)))
        below = side_head_bottom(self, self.t("eu.ui.order.title")) + lines * int(self.tx(13) * 1.35) + \
            px(2) + self.fonts.line_height(self.tx(13)) + px(6)
        return max(self.rect.y + px(118), below) if text_grow(self, 13) else self.rect.y + px(118)

    def refresh(self) -> None:
        v, px, t = self.view, self.px, self.t
        self.visible = v["phase"] in PHASES and not self.scene.votes_shown()
        # A new auction, or another player at the screen: the entry starts from 0 again, so
        # nobody sees the amount the previous player dialled in secret.
        auction = (v["round"], v["stage"], self.scene.viewer)
        if v["phase"] == "bid" and auction != self.auction_key:
            self.auction_key = auction
            self.value = 0
        if v["my_influence"] is not None:
            self.value = max(0, min(self.value, v["my_influence"]))
        self.buttons = CachedGroup()
        self.steppers = {}
        self.btn_none = self.btn_all = self.btn_confirm = None
        if not self.visible or not self.scene.choosing():
            return
        side = self.rect
        if v["phase"] == "bid":
            have = v["my_influence"] or 0
            y = side.y + px(118) + self.head_grow()
            bw = (side.w - px(20) - 3 * px(6)) // 4
            for i, (label, d) in enumerate((("−5", -5), ("−1", -1), ("+1", 1), ("+5", 5))):
                self.steppers[d] = Button(label, lambda d=d: self.step(d),
                                          (side.x + px(10) + i * (bw + px(6)), y, bw, px(38)), size=px(18))
            y += px(46)
            half = (side.w - px(26)) // 2
            self.btn_none = Button(lambda: t("eu.ui.bid.none"), lambda: self.set_value(0),
                                   (side.x + px(10), y, half, px(32)), size=px(15))
            self.btn_all = Button(lambda: t("eu.ui.bid.all", n=have), lambda: self.set_value(have),
                                  (side.x + px(16) + half, y, half, px(32)), size=px(15))
            y += px(42)
            self.btn_confirm = Button(lambda: t("eu.ui.bid.confirm", n=self.value),
                                      lambda: self.say(Intent(action=("bid", self.value))),
                                      (side.x + px(10), y, side.w - px(20), px(44)), style="primary",
                                      size=px(19), hotkey=pygame.K_RETURN)
            self.buttons.add(*self.steppers.values(), self.btn_none, self.btn_all, self.btn_confirm)
        elif v["phase"] == "order":
            tied = v["tied"]
            y0 = self.order_top()
            cols = 2 if len(tied) > 4 else 1
            rows = (len(tied) + cols - 1) // cols
            bw = (side.w - px(28) - (cols - 1) * px(6)) // cols
            bh = min(px(38), (side.bottom - y0 - px(10)) // max(1, rows) - px(6))
            for i, s in enumerate(tied):
                r = (side.x + px(14) + (i % cols) * (bw + px(6)), y0 + (i // cols) * (bh + px(6)), bw, bh)
                b = Button(f"{theme.SEAT_LETTERS[s]}  {self.scene.name(s)}",
                           lambda s=s: self.say(Intent(action=("first", s))), r, size=px(16))
                b.action = ("first", s)   # a guided game's pointer finds it
                self.buttons.add(b)

    def next_click(self, n: int) -> Optional[Button]:
        """The button a person clicks next on the way to bidding n (a guided game's pointer): the
        steps from the amount dialled to n, then the bid itself; None if the entry is not up."""
        if self.btn_confirm is None:
            return None
        if self.value == n:
            return self.btn_confirm
        if n == 0:
            return self.btn_none
        if n == (self.view["my_influence"] or 0) and n - self.value > 1:
            return self.btn_all
        d = n - self.value
        return self.steppers[5 if d >= 5 else 1 if d > 0 else -5 if d <= -5 else -1]

    # -- drawing ---------------------------------------------------------------------------------
    def paint(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        side = self.rect
        phase = v["phase"]
        mine = self.scene.can_act()
        inner_w = side.w - px(24)
        if phase == "bid":
            if mine:
                y = side_frame(self, layer, t("eu.ui.bid.title"))
                have = fit_text(fonts, t("eu.ui.bid.have", n=v["my_influence"]), self.tx(15), theme.INK, inner_w)
                layer.blit(have, have.get_rect(midtop=(side.centerx, y)))
                note = pygame.Rect(side.x + px(12), side.y + px(254), inner_w, px(44))
                if self.head_grow():   # a larger text size: under the Bid button, what room is left
                    note.y = (self.btn_confirm.rect.bottom if self.btn_confirm else note.y + self.head_grow()) + px(6)
                    note.h = side.bottom - px(4) - note.y
                    blit_lines_within(self, layer, t("eu.ui.bid.note"), self.tx(12), theme.INK_SOFT, note, centre=True)
                else:
                    blit_lines(layer, fonts, t("eu.ui.bid.note"), px(12), theme.INK_SOFT, note, centre=True)
                return
            y = side_frame(self, layer, t("eu.ui.bid.waiting_title"))
            if v["my_bid"] is not None:
                mb = fit_text(fonts, t("eu.ui.bid.yours", n=v["my_bid"]), self.tx(16), theme.INK, inner_w, bold=True)
                layer.blit(mb, mb.get_rect(midtop=(side.centerx, y)))
                y += line_step(self, mb, 16, True) + px(8)
            row = self.row = max(px(26), min(px(26) + text_grow(self, 14),
                                             (side.bottom - px(6) - y) // max(1, self.scene.n)))
            for s in range(self.scene.n):
                done = v["players"][s]["has_bid"]
                bid = secret.bid(v, s)
                if bid is not None:   # watching every card: the amount, marked as secret then
                    self._seat_line(layer, s, y, t("eu.ui.bids.row", bid=bid), theme.JADE, hidden=True)
                else:
                    self._seat_line(layer, s, y, t("eu.ui.bid.done") if done else t("eu.ui.bid.thinking"),
                                    theme.JADE if done else theme.INK_SOFT)
                y += row
            return
        if phase == "order" and mine:  # the chair orders the tied: the buttons need the room
            y = side_frame(self, layer, t("eu.ui.order.title"))
            bids = v["last_bids"] or {}
            tied = v["tied"]
            msg = t("eu.ui.order.me", bid=bids.get(str(tied[0]), 0) if tied else 0)
            y = blit_lines(layer, fonts, msg, self.tx(13), theme.INK, pygame.Rect(side.x + px(12), y, inner_w, px(40)),
                           centre=True)
            done = t("eu.list_sep").join(self.scene.name(s) for s in v["bid_order"]) or "—"
            ot = fit_text(fonts, t("eu.ui.order.so_far", order=done), self.tx(13), theme.INK_SOFT, inner_w)
            layer.blit(ot, ot.get_rect(midtop=(side.centerx, y + px(2))))
            return
        self._paint_revealed(layer)

    def _paint_revealed(self, layer: pygame.Surface) -> None:
        """Order or draft: the revealed bids, highest first, and the choosing order."""
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        side, phase, n = self.rect, v["phase"], self.scene.n
        inner_w = side.w - px(24)
        title = t("eu.ui.bids.revealed") if self.scene.reveal_shown() and self.scene.reveal_kind == "bids" else \
            t("eu.ui.bids.title")
        y = side_frame(self, layer, title)
        bids = v["last_bids"] or {}
        order = v["bid_order"]
        ranked = sorted(range(n), key=lambda s: (-bids.get(str(s), 0), order.index(s) if s in order else 99, s))
        picker = v["to_act"][0] if phase == "draft" and v["to_act"] else None
        g = text_grow(self, 13)   # the message under the rows takes two lines at its size
        row = self.row = min(px(26) + text_grow(self, 14),
                             (side.bottom - y - px(10) - (px(110) + 2 * g if phase == "order" else 0)) // max(1, n))
        for s in ranked:
            pos = order.index(s) + 1 if s in order else None
            tag = t("eu.ui.bids.row", bid=bids.get(str(s), 0)) + (f" · #{pos}" if pos else "")
            self._seat_line(layer, s, y, tag, theme.VERMILION_DARK if s == picker else theme.INK, bold=s == picker)
            y += row
        if phase == "order":
            y += px(4)
            tied = v["tied"]
            bid = bids.get(str(tied[0]), 0) if tied else 0
            msg = t("eu.ui.order.me", bid=bid) if self.scene.can_act() else \
                t("eu.ui.order.other", name=self.scene.name(v["chair"]), bid=bid)
            box = pygame.Rect(side.x + px(12), y, inner_w, side.bottom - px(6) - y)
            if g:
                blit_lines_within(self, layer, msg, self.tx(13), theme.INK_SOFT, box)
            else:
                blit_lines(layer, fonts, msg, px(13), theme.INK_SOFT, box)

    def _seat_line(self, layer, s: int, y: int, right: str, colour, bold: bool = False, hidden: bool = False) -> None:
        """A seat's chip and name, and on the right what it did (hidden: with the secret mark before
        it); in rows self.row high: the words at the text size, smaller where the rows are tight."""
        px, fonts, side = self.px, self.fonts, self.rect
        row = self.row or px(26)
        size = fitting_size(self, 14, row)
        cy = y + px(11) + max(0, row - px(26)) // 2
        seat_chip(layer, fonts, (side.x + px(22), cy), px(10), s)
        rt = fonts.text(right, size, colour, bold=True)
        rr = rt.get_rect(midright=(side.right - px(12), cy))
        left = rr.x
        if hidden:
            mark = secret.mark(px(secret.MARK_W))
            mr = mark.get_rect(midright=(rr.x - px(5), rr.centery))
            layer.blit(mark, mr)
            left = mr.x
        nm = fit_text(fonts, self.scene.name(s), size, theme.INK, left - side.x - px(44), bold=bold)
        layer.blit(nm, nm.get_rect(midleft=(side.x + px(38), cy)))
        layer.blit(rt, rr)

    def draw(self, surface: pygame.Surface) -> None:
        if self.buttons.widgets and self.view["phase"] == "bid":  # the amount dialled, redrawn as it changes
            px = self.px
            num = self.fonts.text(str(self.value), px(40), theme.VERMILION_DARK, bold=True)
            surface.blit(num, num.get_rect(center=pygame.Rect(self.rect.x, self.rect.y + px(66) + self.head_grow(),
                                                                self.rect.w, px(48)).center))
        super().draw(surface)
