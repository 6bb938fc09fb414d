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
from ..ui.deciding import tag_room
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import sprites as art
from . import tips
from .board_pieces import MARKERS_TOTAL
from .seat_text import HAND_Y, SeatText, fit_seat_text, row_height, seat_text
from .still import StillPanel


class SeatsPanel(StillPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.text: Optional[SeatText] = None   # the words' sizes (fit): the design's until laid out
        # seat -> where (on the screen) the "deciding" tag goes: after the name, which stays whole; the
        # kind (Player, Bot · Normal) gives way to it (a tooltip on the boot says the kind)
        self.deciding_room: dict[int, pygame.Rect] = {}

    def fit(self, column: int) -> int:
        """Choose the words' sizes for a column of `column` px shared with the log; the panel's height."""
        self.text = fit_seat_text(self.app, self.view, len(self.scene.match.seats), column)
        return self.text.height(self.app, self.view, len(self.scene.match.seats))

    @property
    def st(self) -> SeatText:
        if self.text is None:
            self.text = seat_text(self.app, 1.0, 1.0)
        return self.text

    def row(self, seat: int) -> pygame.Rect:
        px, st = self.px, self.st
        step, design = st.step(self.app, self.view), row_height(self.view)
        return pygame.Rect(self.rect.x + px(6), self.rect.y + px(30) + st.head_grow + seat * step,
                           self.rect.w - px(12), step - px(design) + px(design - 2))

    def line2(self, row: pygame.Rect) -> int:
        """The counts line's top: under the name line, as much lower as the name grew."""
        return row.y + self.px(24) + self.st.name_grow

    def line3(self, row: pygame.Rect) -> int:
        """The hidden line's top (a replay showing every hidden card)."""
        return row.y + self.px(HAND_Y) + self.st.name_grow + self.st.count_grow

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
            ix = self._counters_x(p)
            y = self.line2(row) + self.st.count_grow // 2   # the tiles centred on the larger words
            items = len(p["counters"]) + p["secret_counters"] + (1 if p["obstacle"] else 0)
            # Closer together where larger words leave the line less room (never under the tick).
            room = row.right - px(8) - self._tick().get_width() - ix - (px(2) if p["obstacle"] else 0)
            step = min(mini + px(2), (room - mini) // max(1, items - 1))
            for i, k in enumerate(p["counters"]):
                piece = self._mini(("seat_counter", s, i), art.counter_tile(k, mini), (ix, y + px(1)),
                                   partial(tips.seat_counter, name, k, t))
                piece.what = k
                ix += step
            shown = p.get("secret_kinds")   # every hidden card shown: face up, with the eye mark
            for i in range(p["secret_counters"]):
                if shown:
                    img, tip = art.counter_tile(shown[i], mini, True), partial(tips.seat_secret_shown, name, shown[i], t)
                else:
                    img, tip = art.counter_back(mini), partial(tips.seat_secret, name, t)
                piece = self._mini(("seat_secret", s, i), img, (ix, y + px(1)), tip)
                piece.what = None
                ix += step
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
        y = self.line3(row) + self.st.small_grow // 2
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
        return self.fonts.text(town_name(p["destination"], self.t), self.st.small, theme.VERMILION_DARK, bold=True)

    def _tick(self) -> pygame.Surface:
        """The mark of a player who has moved this round, at the counts line's end."""
        return self.fonts.text("✓", self.st.tick, theme.JADE, bold=True)

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
        mk = fonts.text(self.t("elf.ui.markers_short", n=p["markers"], total=MARKERS_TOTAL), self.st.count, theme.INK,
                        bold=True)
        cx = x + px(13) + max(mk.get_width(), px(40)) + px(8)
        ct = fonts.text(str(p["cards"]), self.st.count, theme.INK, bold=True)
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
        px, t, fonts, v, scene, st = self.px, self.t, self.fonts, self.view, self.scene, self.st
        r = self.rect.move(-ox, -oy)
        draw.panel(pic, r, radius=px(10), width=2, drop=False)
        head = fit_text(fonts, t("elf.ui.players"), st.head, theme.VERMILION_DARK, r.w - px(20), bold=True)
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
            grow = st.seal - px(11)   # the start seal grows with the name line
            room = row.right - x - px(34) - 2 * grow
            self.deciding_room.pop(s, None)
            if s in scene.deciding_seats():
                sealed = s == v["start_player"] and v["phase"] != "over"
                end = x + room if sealed else row.right - px(8)   # the start seal's place, if it is not there
                name_w = fonts.text(label, st.name, theme.INK, True).get_width()
                keep = tag_room(t("table.deciding"), fonts, px, end - x - name_w - px(6))
                self.deciding_room[s] = pygame.Rect(end - keep, row.y + px(2), keep,
                                                    fonts.line_height(st.name, True)).move(ox, oy)
                room = min(room, end - keep - px(6) - x)
            self._paint_name(pic, row, label, scene.kind_label(s), room)
            if s == v["start_player"] and v["phase"] != "over":
                c = (row.right - px(14) - grow, row.y + px(13) + grow)
                draw.seal(pic, c, st.seal)
                sw = fit_text(fonts, t("elf.ui.start_short"), st.seal_word, theme.WHITE, px(18) + 2 * grow, bold=True)
                pic.blit(sw, sw.get_rect(center=c))
            # Second line: markers, cards; the counters and the obstacle are pieces.
            y = self.line2(row)
            mid = st.count_grow // 2   # the drawn marks stay centred on the larger words
            mk = fonts.text(t("elf.ui.markers_short", n=p["markers"], total=MARKERS_TOTAL), st.count, theme.INK,
                            bold=True)
            pygame.draw.circle(pic, theme.seat_colour(s), (x + px(5), y + px(9) + mid), px(5))
            pygame.draw.circle(pic, theme.INK, (x + px(5), y + px(9) + mid), px(5), 1)
            pic.blit(mk, (x + px(13), y))
            cx, cy = x + px(13) + max(mk.get_width(), px(40)) + px(8), y + px(2) + mid
            pygame.draw.rect(pic, (120, 96, 70), (cx, cy, px(12), px(15)), border_radius=px(2))
            pygame.draw.rect(pic, (250, 244, 226), (cx + 1, cy + 1, px(12) - 2, px(15) - 2), border_radius=px(2))
            ct = fonts.text(str(p["cards"]), st.count, theme.INK, bold=True)
            pic.blit(ct, (cx + px(15), y))
            if "hand" in p:
                self._paint_hidden(pic, p, row)

    def _paint_name(self, pic: pygame.Surface, row: pygame.Rect, label: str, kind_label: str, room: int) -> None:
        """The name and, beside it, its kind (Player, Bot · Normal) in `room` px. At the design's text
        size the name shrinks to leave the kind whole; at a larger one the name keeps its size and
        the kind is cut to what is left, or left out (a tooltip on the boot says it)."""
        px, fonts, st = self.px, self.fonts, self.st
        x = row.x + px(40)
        kind = fonts.text(kind_label, st.kind, theme.INK_SOFT)
        nm = fonts.text(label, st.name, theme.INK, bold=True)
        if nm.get_width() + kind.get_width() > room:
            if st.name == px(15):
                nm = fit_text(fonts, label, st.name, theme.INK, room - kind.get_width(), bold=True)
            else:
                nm = fit_text(fonts, label, st.name, theme.INK, room + px(6), bold=True, min_size=px(15))
                rest = room - nm.get_width()
                kind = fit_text(fonts, kind_label, st.kind, theme.INK_SOFT, rest) if rest >= px(36) else None
        pic.blit(nm, (x, row.y + px(2)))
        if kind is not None:
            pic.blit(kind, (x + nm.get_width() + px(6), row.y + px(5) + st.name_grow - st.kind_grow))

    def _paint_hidden(self, pic: pygame.Surface, p: dict, row: pygame.Rect) -> None:
        """The hidden line's eye mark, "none" for an empty hand, and the destination's flag and town
        (row in picture pixels)."""
        px = self.px
        mid = self.line3(row) + px(9) + self.st.small_grow // 2
        art.eye_mark(pic, (row.x + px(40) + px(7), mid), px(30))
        if not p["hand"]:
            nt = self.fonts.text(self.t("elf.ui.none"), self.st.small, theme.INK_SOFT)
            pic.blit(nt, (row.x + px(58), mid - nt.get_height() // 2))
        if p.get("destination"):
            fx = self._dest_x(p, row)
            pygame.draw.line(pic, theme.INK, (fx + px(2), mid + px(8)), (fx + px(2), mid - px(8)), max(1, px(2)))
            pygame.draw.polygon(pic, theme.seat_colour(p["seat"]),
                                [(fx + px(3), mid - px(8)), (fx + px(11), mid - px(5)), (fx + px(3), mid - px(2))])
            label = fit_text(self.fonts, town_name(p["destination"], self.t), self.st.small, theme.VERMILION_DARK,
                             row.right - px(6) - fx - px(14), bold=True)
            pic.blit(label, (fx + px(14), mid - label.get_height() // 2))

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px, v = self.px, self.view
        if v["phase"] != "move":
            return
        for p in v["players"]:
            if p["moved"]:
                row = self.row(p["seat"]).move(-ox, -oy)
                tick = self._tick()
                pic.blit(tick, tick.get_rect(topright=(row.right - px(6), self.line2(row))))
