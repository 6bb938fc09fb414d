"""The bills on the European Union table, each a piece: the seven the chair drew (the chair keeps
five: a click marks a bill kept, in a green frame with a "Kept" tab, or puts it back; once five
are kept the other two are veiled as leaving; the button sends "keep these bills"; the rulebook's
minute runs beside it when the table plays with it), then the agenda with the bill under
discussion raised on gold and each voted bill's stamp. Above every bill: what it pays the
viewer's party if it becomes law. Nothing rises over the heading.

The drawn bills are dealt face down from the Commission's pile and turn over; the kept ones move
to the agenda and the two left out fade away."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.european_union import data as cards

from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.key_focus import usable_targets
from ..ui.panel import USED, Intent
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import bill_card as bc
from . import cards as art
from . import tips
from .base import EUPanel, caption, caption_grow, text_grow

PHASES = ("keep", "discuss", "vote")


class BillsPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.selected: list[str] = []          # the chair's choice so far (keep phase)
        self.keep_key: Optional[tuple] = None
        self.keep_button: Optional[Button] = None
        self.badges: dict[tuple, pygame.Surface] = {}
        self.work = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect, work: pygame.Rect) -> None:
        """`rect`: the whole centre (the seven drawn bills use it); `work`: left of the side card (the agenda)."""
        super().layout(rect)
        self.work = pygame.Rect(work)
        self.badges = {}

    # -- geometry ------------------------------------------------------------------------------------
    def keep_width(self, n: int) -> int:
        """The width of each of `n` drawn bills laid out side by side."""
        px = self.px
        return min(px(128), (self.rect.w - (n - 1) * px(10) - px(20)) // max(1, n))

    def keep_rects(self) -> list[tuple[str, pygame.Rect]]:
        drawn, px = self.view["drawn_bills"], self.px
        gap = px(10)
        w = self.keep_width(len(drawn))
        h = self.keep_height(len(drawn))
        total = len(drawn) * w + (len(drawn) - 1) * gap
        x = self.rect.centerx - total // 2
        out = []
        top = self.keep_top()
        for b in drawn:
            out.append((b, pygame.Rect(x, top, w, h)))
            x += w + gap
        return out

    def keep_top(self) -> int:
        """The top of the chair's row: room for the "you +n" badge under the heading."""
        return self.heading_rect().bottom + self.px(16)

    def keep_height(self, n: int) -> int:
        """How tall the chair's bills are: as the longest text needs, within the room above the
        "Kept" tabs and the keep button."""
        px = self.px
        room = self.rect.bottom - px(26) - px(42) - self.keep_top()
        return bc.row_height(self.fonts, self.t, self.keep_width(n), room)

    def heading_rect(self) -> pygame.Rect:
        """Where the chair's row has its heading (nothing is drawn over it)."""
        px = self.px
        return pygame.Rect(self.rect.x, self.rect.y + px(4), self.rect.w, px(22) + caption_grow(self))

    def agenda_top(self) -> int:
        return self.work.y + self.px(44) + caption_grow(self)   # under the caption

    def agenda_width(self, n: int) -> int:
        """The width of each of `n` bills on the agenda: narrow enough for the bill (1.4 times as tall
        as wide) and its stamp (a fifth of its width) or the words under it to stay above the plates
        (a taller top bar or the replay's bar)."""
        px, work = self.px, self.work
        room = work.bottom - self.agenda_top() - px(8)
        w = min(px(124), (work.w - (n - 1) * px(10)) // max(1, n))
        if text_grow(self, 12):   # (at 100 % the design's own widths)
            w = min(w, int(room / 1.6), int((room - self.fonts.line_height(self.tx(12))) / 1.4))
        return w

    def agenda_rects(self) -> list[tuple[str, pygame.Rect]]:
        agenda, px, work = self.view["agenda"], self.px, self.work
        gap = px(10)
        top = self.agenda_top()
        room = work.bottom - top - px(8)
        w = self.agenda_width(len(agenda))
        # As tall as the longest text needs, the stamp or the words under it within the room.
        under = max(art.stamp(self.fonts, self.t, True, w).get_height() + px(6),
                    self.fonts.line_height(self.tx(12)) + px(8))
        h = bc.row_height(self.fonts, self.t, w, room - under + px(8))
        total = len(agenda) * w + (len(agenda) - 1) * gap
        x = work.centerx - total // 2
        out = []
        for b in agenda:
            r = pygame.Rect(x, top, w, h)
            if b == self.view["current_bill"]:
                r.y -= px(16)
            out.append((b, r))
            x += w + gap
        return out

    def ahead(self) -> list:
        """Every bill's height at the chair's row's width and the agenda's (the cards' height is the
        longest text's: measured once, some 60 ms), then every bill of the deck as the chair's draw
        shows them: the frame of a new draw painted seven new cards (some 10 ms)."""
        n, fonts, t, bills = cards.load()["bills_drawn"], self.fonts, self.t, cards.load()["bills"]
        widths = (self.keep_width(n), self.agenda_width(cards.load()["bills_kept"]))
        jobs = [partial(bc.heights, fonts, t, b["id"], w) for w in widths for b in bills]
        return jobs + [partial(self._paint_drawn, b["id"]) for b in bills]

    def _paint_drawn(self, bill: str) -> pygame.Surface:
        n = cards.load()["bills_drawn"]
        return bc.bill_card(self.fonts, self.t, bill, self.keep_width(n), self.keep_height(n))

    # -- the view changed ------------------------------------------------------------------------------
    def selectable(self) -> bool:
        return self.view["phase"] == "keep" and self.scene.choosing()

    def refresh(self) -> None:
        v, t = self.view, self.t
        self.visible = v["phase"] in PHASES
        if (tuple(v["drawn_bills"]), self.scene.viewer) != self.keep_key:  # a new draw, or another player
            self.keep_key = (tuple(v["drawn_bills"]), self.scene.viewer)
            self.selected = []
        self.pieces.empty()
        self.buttons = CachedGroup()
        self.keep_button = None
        if not self.visible:
            return
        keep = v["phase"] == "keep"
        party = self.scene.party(v["seat"]) if v["seat"] is not None else None
        stage = None if keep else v["stage"]
        results = v["parliament_results"] if v["stage"] == "parliament" else v["council_results"]
        for b, r in (self.keep_rects() if keep else self.agenda_rects()):
            hint = t("eu.tip.click_keep") if keep and self.selectable() else None
            piece = Piece(("bill", b), bc.bill_card(self.fonts, t, b, r.w, r.h), bc.bill_back(r.w, r.h), centre=r.center,
                          tip=partial(tips.bill, t, b, party, results, stage, hint))
            self.pieces.add(piece)
        self._marks()
        if keep and self.selectable():
            self._keep_button()

    def _marks(self) -> None:
        """The bills the chair may click glow; the kept ones wear their frame instead."""
        keep, live = self.view["phase"] == "keep", self.selectable()
        full = len(self.selected) >= cards.load()["bills_kept"]
        for piece in self.pieces:
            piece.glowing = keep and live and piece.key[1] not in self.selected and not full

    def auto_keep(self) -> tuple:
        """The chair's time is up: the bills chosen so far, then the first of the others as drawn."""
        need = cards.load()["bills_kept"]
        kept = list(self.selected[:need])
        kept += [b for b in self.view["drawn_bills"] if b not in kept][:need - len(kept)]
        return tuple(sorted(kept))

    def _keep_button(self) -> None:
        px, t, need = self.px, self.t, cards.load()["bills_kept"]
        last = self.keep_rects()[-1][1]
        self.keep_button = Button(lambda: t("eu.ui.keep.confirm", n=len(self.selected), of=need),
                                  lambda: self.say(Intent(action=("keep_bills", tuple(sorted(self.selected))))),
                                  (self.rect.centerx - px(130), last.bottom + px(26), px(260), px(42)),
                                  style="primary", size=px(18), hotkey=pygame.K_RETURN)
        self.keep_button.enabled = len(self.selected) == need
        self.buttons.add(self.keep_button)

    def next_click(self, kept: tuple) -> Optional[pygame.Rect]:
        """Where a person clicks next on the way to keeping `kept` (a guided game's pointer): a bill
        chosen that is not to be kept (to put it back), else the next bill to keep, else the button;
        None if the chair's choice is not up."""
        if not self.selectable() or self.keep_button is None:
            return None
        wrong = [b for b in self.selected if b not in kept]
        todo = [b for b in kept if b not in self.selected]
        for b in wrong + todo:
            piece = self.pieces.by_key(("bill", b))
            if piece is not None:
                return pygame.Rect(piece.rect)
        return pygame.Rect(self.keep_button.rect)

    def clock_rect(self) -> pygame.Rect:
        """Beside the keep button: the chair's time left."""
        px = self.px
        b = self.keep_button.rect if self.keep_button is not None else pygame.Rect(self.rect.centerx, 0, 0, px(42))
        x = b.right + px(18)
        return pygame.Rect(x, b.y, max(px(80), min(px(280), self.rect.right - px(10) - x)), b.h)

    def centres(self) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        """Where each bill lies now, and its size (before the view changes)."""
        return {p.key[1]: (p.rect.center, p.rect.size) for p in self.pieces if p.key[0] == "bill"}

    # -- animations --------------------------------------------------------------------------------
    def deal(self, start: tuple[int, int], fly: float, flip: float, stagger: float) -> None:
        """The chair's seven bills come from the Commission's pile face down and turn over."""
        for i, piece in enumerate(self.pieces.sprites()):
            piece.face_up = False
            self.scene.tweens.fly(piece, start, fly, arc=0.2, delay=i * stagger)
            self.scene.tweens.flip(piece, flip, face_up=True, delay=i * stagger + fly)

    def gather(self, before: dict[str, tuple[tuple[int, int], tuple[int, int]]], removed: list[str],
               duration: float) -> None:
        """The kept bills move from the chair's row to the agenda; the bills left out rise and fade away."""
        for piece in self.pieces.sprites():
            if piece.key[1] in before:
                self.scene.tweens.move(piece, before[piece.key[1]][0], duration)
        for b in removed:
            if b not in before:
                continue
            start, (w, h) = before[b]
            ghost = Piece(("gone", b), bc.bill_card(self.fonts, self.t, b, w, h),
                          centre=(start[0], start[1] - self.px(60)), hit=False)
            self.pieces.add(ghost)
            self.scene.tweens.move(ghost, start, duration)
            self.scene.tweens.fade(ghost, 0, duration, done=ghost.kill)

    # -- drawing ---------------------------------------------------------------------------------------
    def paint(self, layer: pygame.Surface) -> None:
        v, t = self.view, self.t
        if v["phase"] == "keep":
            need, of = cards.load()["bills_kept"], len(v["drawn_bills"])
            cap = t("eu.ui.keep.title_me", n=need, of=of) if self.scene.can_act() else \
                t("eu.ui.keep.title", name=self.scene.name(v["chair"]), n=need, of=of)
            caption(self, layer, cap, self.heading_rect().midtop, self.rect.w)
            return
        idx = v["agenda"].index(v["current_bill"]) + 1 if v["current_bill"] in v["agenda"] else 0
        cap = t("eu.ui.agenda", stage=t("eu.ui.stage." + v["stage"]), index=idx, of=len(v["agenda"]))
        caption(self, layer, cap, (self.work.centerx, self.work.y), self.work.w)

    def _badge(self, text: str, fill) -> pygame.Surface:
        key = (text, fill)
        pic = self.badges.get(key)
        if pic is None:
            px = self.px
            ts = self.fonts.text(text, px(12), theme.WHITE, bold=True)
            b = pygame.Rect(1, 1, ts.get_width() + px(10), px(18))
            pic = pygame.Surface((b.w + 2, b.h + 2), pygame.SRCALPHA)
            pygame.draw.rect(pic, theme.GOLD_LIGHT, b.inflate(2, 2), border_radius=px(8))
            pygame.draw.rect(pic, fill, b, border_radius=px(8))
            pic.blit(ts, ts.get_rect(center=b.center))
            self.badges[key] = pic
        return pic

    def paint_pieces(self, surface: pygame.Surface, pieces: list[Piece]) -> None:
        """Bills with what each pays and its stamp: the one under discussion on gold; in the chair's
        row the kept ones in a green frame with a "Kept" tab, the two leaving veiled."""
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        keep = v["phase"] == "keep"
        bills = [p for p in pieces if p.key[0] == "bill"]
        for piece in bills:  # the gold under the bill under discussion; green under a kept one
            if not piece.face_up:
                continue
            if keep and piece.key[1] in self.selected:
                frame = piece.rect.inflate(px(10), px(10))
                pygame.draw.rect(surface, art.VOTE_RGB["yes"], frame, border_radius=px(9))
                pygame.draw.rect(surface, theme.WHITE, frame, max(1, px(2)), border_radius=px(9))
            elif not keep and piece.key[1] == v["current_bill"]:
                pygame.draw.rect(surface, art.STAR_GOLD, piece.rect.inflate(px(8), px(8)), border_radius=px(10))
        self.pieces.draw_pieces(surface, pieces)
        if keep:
            self._paint_keep_marks(surface, bills)
        seat = v["seat"]
        results = v["parliament_results"] if v["stage"] == "parliament" else v["council_results"]
        for piece in bills:
            if not piece.face_up or piece.flip:
                continue
            b, r = piece.key[1], piece.rect
            if seat is not None:  # what the bill pays the viewer's party if it becomes law
                val = cards.pay(b, self.scene.party(seat))
                fill = art.VOTE_RGB["yes"] if val > 0 else (art.VOTE_RGB["no"] if val < 0 else theme.GREY)
                badge = self._badge(t("eu.ui.you_get", n=f"+{val}" if val > 0 else str(val)), fill)
                surface.blit(badge, badge.get_rect(midtop=(r.centerx, r.y - px(9) - 1)))
            if keep:
                continue
            if b in results:
                st = art.stamp(fonts, t, results[b], r.w)
                surface.blit(st, st.get_rect(midtop=(r.centerx, r.bottom + px(6))))
            elif b != v["current_bill"]:
                wt = fit_text(fonts, t("eu.ui.waiting_bill"), self.tx(12), theme.GOLD_LIGHT, r.w)
                surface.blit(wt, wt.get_rect(midtop=(r.centerx, r.bottom + px(8))))

    def _paint_keep_marks(self, surface: pygame.Surface, bills: list[Piece]) -> None:
        px, t = self.px, self.t
        full = len(self.selected) >= cards.load()["bills_kept"]
        for piece in bills:
            if not piece.face_up or piece.flip:
                continue
            r = piece.rect
            if piece.key[1] in self.selected:
                tab = self._badge(t("eu.ui.keep.kept"), art.VOTE_RGB["yes"])
                surface.blit(tab, tab.get_rect(midtop=(r.centerx, r.bottom + px(3))))
            elif full:   # the two left out: they leave the game
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((14, 30, 82, 150))
                surface.blit(veil, r)
                tab = self._badge(t("eu.ui.keep.leaves"), theme.GREY)
                surface.blit(tab, tab.get_rect(midtop=(r.centerx, r.bottom + px(3))))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        left = self.scene.keep_clock
        if self.view["phase"] == "keep" and left is not None and self.selectable() and self.keep_button:
            self._draw_clock(surface, left)

    def _draw_clock(self, surface: pygame.Surface, left: float) -> None:
        px, fonts, t = self.px, self.fonts, self.t
        r = self.clock_rect()
        sec = int(left + 0.999)
        col = theme.VERMILION if sec <= 15 else theme.GOLD_LIGHT
        num = fonts.text(f"{sec // 60}:{sec % 60:02d}", px(24), col, bold=True)
        surface.blit(num, num.get_rect(topleft=(r.x, r.y)))
        bar = pygame.Rect(num.get_width() + r.x + px(8), r.y + px(10), max(px(20), r.w - num.get_width() - px(8)), px(6))
        if text_grow(self, 12):   # a larger text size: the words under the bar, beside the time
            lab = fit_text(fonts, t("eu.ui.keep.clock"), self.tx(12), theme.GOLD_LIGHT, r.right - bar.x)
            surface.blit(lab, (bar.x, bar.bottom + px(4)))
        else:
            lab = fit_text(fonts, t("eu.ui.keep.clock"), px(12), theme.GOLD_LIGHT, r.w)
            surface.blit(lab, lab.get_rect(bottomleft=(r.x, r.bottom)))
        pygame.draw.rect(surface, theme.WOOD_DARK, bar, border_radius=px(3))
        done = bar.copy()
        done.w = int(bar.w * left / max(1, self.view["keep_seconds"] or 1))
        pygame.draw.rect(surface, col, done, border_radius=px(3))

    # -- input -----------------------------------------------------------------------------------------
    def key_targets(self) -> list[tuple]:
        """The keyboard's focus: the glowing bills and the button, and a bill kept, to put it back."""
        kept = [("piece", repr(p.key), pygame.Rect(p.rect)) for p in self.pieces
                if self.selectable() and p.key[0] == "bill" and p.key[1] in self.selected]
        return usable_targets(self) + kept

    def clicked(self, piece: Piece) -> Optional[Intent]:
        if piece.key[0] != "bill" or not self.selectable():
            return USED
        bill = piece.key[1]
        if bill in self.selected:
            self.selected.remove(bill)
        elif len(self.selected) < cards.load()["bills_kept"]:
            self.selected.append(bill)
        else:
            return Intent(notice=self.t("eu.ui.keep.full"))
        self._marks()
        self.scene.felt.stale = True   # the marks are part of the still picture
        self.keep_button.enabled = len(self.selected) == cards.load()["bills_kept"]
        return USED
