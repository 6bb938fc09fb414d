"""The players: one row per seat with its boot, name, town markers, cards in hand, the counters it
holds (face up, secret backs) and its unused obstacle, each a piece that says what it is. Counters a
player takes fly to their row; counters they place fly from it.

A replay showing every hidden card (the view's "all_seen") turns each secret counter face up with
its eye mark and gives each row a third line: the eye, then the travel cards in hand face up and,
in the destination variant, the secret town, so a watcher sees what was hidden at that moment."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.elfenland.describe import town_name

from ..ui import draw, theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import sprites as art
from . import tips
from .board_pieces import MARKERS_TOTAL
from .still import StillPanel

ROW = 47        # a row's height (px)
ROW_ALL = 63    # with every hidden card shown: a third line for the hand and the destination
HAND_Y = 41     # that line's top, from the row's top


def row_height(view: dict) -> int:
    """A row's height (design px) for this view."""
    return ROW_ALL if view.get("all_seen") else ROW


class SeatsPanel(StillPanel):
    def row(self, seat: int) -> pygame.Rect:
        px = self.px
        step = row_height(self.view)
        return pygame.Rect(self.rect.x + px(6), self.rect.y + px(30) + seat * px(step), self.rect.w - px(12),
                           px(step - 2))

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
            shown = p.get("secret_kinds")   # every hidden card shown: face up, with the eye mark
            for i in range(p["secret_counters"]):
                if shown:
                    img, tip = art.counter_tile(shown[i], mini, True), partial(tips.seat_secret_shown, name, shown[i], t)
                else:
                    img, tip = art.counter_back(mini), partial(tips.seat_secret, name, t)
                piece = self._mini(("seat_secret", s, i), img, (ix, y + px(1)), tip)
                piece.what = None
                ix += mini + px(2)
            if p["obstacle"]:
                piece = self._mini(("seat_obstacle", s), art.obstacle_tile(mini), (ix + px(2), y + px(1)),
                                   partial(tips.seat_obstacle, name, t))
                piece.what = "obstacle"
            if "hand" in p:
                self._hand(p, row, name)
        self.invalidate()

    def _hand(self, p: dict, row: pygame.Rect, name: str) -> None:
        """The third line of a replay showing every hidden card: the hand face up, one small card
        each (closer together when many), after the eye mark and before the destination."""
        px, t = self.px, self.t
        w = px(14)
        x0 = self._hand_x(row)
        room = self._dest_x(p, row) - x0 - px(4)
        hand = p["hand"]
        step = min(w + px(2), (room - w) // max(1, len(hand) - 1)) if len(hand) > 1 else w
        y = row.y + px(HAND_Y)
        for i, k in enumerate(hand):
            img = art.travel_card(k, w)
            piece = self._mini(("seat_card", p["seat"], i), img, (x0 + i * step, y),
                               partial(tips.seat_hand, name, hand, p.get("destination"), t))
            piece.what = ("card", k)

    def _hand_x(self, row: pygame.Rect) -> int:
        """Where the hidden line's cards begin: after the eye mark."""
        return row.x + self.px(40) + self.px(18)

    def _dest_x(self, p: dict, row: pygame.Rect) -> int:
        """Where the destination's flag stands on the hidden line (the row's end without one)."""
        if not p.get("destination"):
            return row.right - self.px(6)
        return row.right - self.px(6) - min(self._dest_label(p).get_width() + self.px(14), row.w // 2)

    def _dest_label(self, p: dict) -> pygame.Surface:
        return self.fonts.text(town_name(p["destination"], self.t), self.px(12), theme.VERMILION_DARK, bold=True)

    def card(self, seat: int, kind: str) -> Optional[Piece]:
        """A seat's last travel card of this kind on its hidden line (None: not shown)."""
        return self.find(seat, ("card", kind))

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
            if "hand" in p:
                self._paint_hidden(pic, p, row)

    def _paint_hidden(self, pic: pygame.Surface, p: dict, row: pygame.Rect) -> None:
        """The hidden line's eye mark, "none" for an empty hand, and the destination's flag and town
        (row in picture pixels)."""
        px = self.px
        y = row.y + px(HAND_Y)
        mid = y + px(9)
        art.eye_mark(pic, (row.x + px(40) + px(7), mid), px(30))
        if not p["hand"]:
            nt = self.fonts.text(self.t("elf.ui.none"), px(12), theme.INK_SOFT)
            pic.blit(nt, (row.x + px(58), mid - nt.get_height() // 2))
        if p.get("destination"):
            fx = self._dest_x(p, row)
            pygame.draw.line(pic, theme.INK, (fx + px(2), mid + px(8)), (fx + px(2), mid - px(8)), max(1, px(2)))
            pygame.draw.polygon(pic, theme.seat_colour(p["seat"]),
                                [(fx + px(3), mid - px(8)), (fx + px(11), mid - px(5)), (fx + px(3), mid - px(2))])
            label = fit_text(self.fonts, town_name(p["destination"], self.t), px(12), theme.VERMILION_DARK,
                             row.right - px(6) - fx - px(14), bold=True)
            pic.blit(label, (fx + px(14), mid - label.get_height() // 2))

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px, v = self.px, self.view
        if v["phase"] != "move":
            return
        for p in v["players"]:
            if p["moved"]:
                row = self.row(p["seat"]).move(-ox, -oy)
                tick = self.fonts.text("✓", px(14), theme.JADE, bold=True)
                pic.blit(tick, tick.get_rect(topright=(row.right - px(6), row.y + px(24))))
