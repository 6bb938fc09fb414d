"""The Xuanwu baize: seats on a ring with their cards and name plates, the gate mat with the two
centre cards, and the revealed votes. Its static picture is painted once per view."""
from __future__ import annotations

import math
from typing import Optional

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, symbol_name

from ..ui import draw, theme
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import cards as art


class BoardPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.background: Optional[pygame.Surface] = None
        self.background_size = (0, 0)
        self.layer: Optional[pygame.Surface] = None
        self.seat_pieces: list[Piece] = []
        self.centre_pieces: list[Piece] = []
        self.shown_faces: dict = {}      # key -> the card id last shown face up there (to flip on reveal)

    # -- geometry --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, top: pygame.Rect, size: tuple[int, int]) -> None:
        super().layout(rect)
        px = self.px
        self.top = top
        self.card_w, self.card_h = art.card_size(px(58))
        self.centre_w, self.centre_h = art.card_size(px(88))
        self.plate = (px(172), px(86))
        self.slot_side = self.card_h + px(4)
        self.block = (self.slot_side + px(6) + self.plate[0], max(self.slot_side, self.plate[1]))
        if self.background_size != size:
            self.background = draw.table_background(size)
            self._paint_decor(self.background, size[0])
            self.background_size = size

    def _paint_decor(self, bg: pygame.Surface, width: int) -> None:
        """The static parts: the top bar, the gate mat in the middle, the seats' ring."""
        px = self.px
        pygame.draw.rect(bg, theme.WOOD_DARK, self.top)
        pygame.draw.line(bg, theme.GOLD, (0, self.top.bottom - 2), (width, self.top.bottom - 2), 2)
        c = self.rect.center
        ring = pygame.Rect(0, 0, self.rect.w - self.block[0] // 2, self.rect.h - self.block[1])
        ring.center = c
        pygame.draw.ellipse(bg, theme.TABLE_DARK, ring, max(2, px(3)))
        mat = pygame.Rect(0, 0, 2 * self.centre_w + px(70), self.centre_h + px(70))
        mat.center = c
        pygame.draw.rect(bg, theme.TABLE_DARK, mat, border_radius=px(14))
        pygame.draw.rect(bg, theme.GOLD, mat, 2, border_radius=px(14))
        self.mat = mat

    def seat_centre(self, seat: int) -> tuple[int, int]:
        """Seats sit on an ellipse, clockwise from the viewer at the bottom."""
        n = self.view["n_players"]
        me = self.scene.viewer if self.scene.viewer is not None else 0
        k = (seat - me) % n
        ang = math.pi / 2 + k * 2 * math.pi / n
        rx = self.rect.w / 2 - self.block[0] / 2 - self.px(6)
        ry = self.rect.h / 2 - self.block[1] / 2 - self.px(6)
        cx, cy = self.rect.center
        return int(cx + rx * math.cos(ang)), int(cy + ry * math.sin(ang))

    def seat_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(card slot, name plate) of a seat."""
        block = pygame.Rect((0, 0), self.block)
        block.center = self.seat_centre(seat)
        slot = pygame.Rect(block.x, block.centery - self.slot_side // 2, self.slot_side, self.slot_side)
        plate = pygame.Rect(slot.right + self.px(6), block.centery - self.plate[1] // 2, *self.plate)
        return slot, plate

    def centre_rect(self, slot: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.centre_w, self.centre_h)
        off = (self.centre_w + self.px(26)) // 2
        r.center = (self.rect.centerx + (-off if slot == 0 else off), self.rect.centery + self.px(8))
        return r

    # -- the view changed ----------------------------------------------------------------------
    def refresh(self) -> None:
        self._place_pieces()
        self._mark_targets()
        self._paint_layer()

    def _seat_picture(self, seat: int, face: Optional[str]) -> pygame.Surface:
        v = self.view
        img = art.card_face(self.fonts, self.t, face, self.card_w) if face else art.card_back(self.card_w, self.card_h)
        if v["players"][seat]["swapped"] and v["phase"] != "over":
            img = pygame.transform.rotate(img, 90)  # a swapped card lies sideways for the round
        return img

    def _tip(self, where: str, face: Optional[str]) -> str:
        t = self.t
        if face is None:
            return t("xw.tip.back", where=where)
        c = cards.load()["by_id"][face]
        rewards = t("xw.rules.or").join(symbol_name(s, t) for s in c["rewards"])
        return t("xw.tip.face", where=where, card=card_name(face, t), win=symbol_name(c["win"], t), rewards=rewards)

    def _place_pieces(self) -> None:
        v = self.view
        self.pieces.empty()
        self.seat_pieces, self.centre_pieces = [], []
        for s in range(v["n_players"]):
            slot, _ = self.seat_rects(s)
            face = v["seat_cards"][s]
            where = self.t("xw.tip.seat", name=self.scene.name(s))
            piece = Piece(("seat", s), self._seat_picture(s, face), centre=slot.center, tip=self._tip(where, face))
            self._flip_if_revealed(piece, face, self._seat_picture(s, None))
            self.seat_pieces.append(piece)
        for i in range(2):
            face = v["centre_cards"][i]
            img = art.card_face(self.fonts, self.t, face, self.centre_w) if face else \
                art.card_back(self.centre_w, self.centre_h)
            where = self.t("xw.tip.centre", slot=self.t("xw.slot.%s" % ("left" if i == 0 else "right")))
            piece = Piece(("centre", i), img, centre=self.centre_rect(i).center, tip=self._tip(where, face))
            self._flip_if_revealed(piece, face, art.card_back(self.centre_w, self.centre_h))
            self.centre_pieces.append(piece)
        hide_centre = self.scene.centre_covered()
        for i, piece in enumerate(self.centre_pieces):
            if not hide_centre and i != v["peeking_slot"] or v["phase"] == "over":
                self.pieces.add(piece)
        for piece in self.seat_pieces:
            self.pieces.add(piece)

    def _flip_if_revealed(self, piece: Piece, face: Optional[str], back: pygame.Surface) -> None:
        """A card that was face down and is now shown to everyone turns over where it lies."""
        before = self.shown_faces.get(piece.key)
        self.shown_faces[piece.key] = face
        if face is not None and before is None and self.view["phase"] == "over":
            piece.back, piece.face_up = back, False
            self.scene.tweens.flip(piece, self.scene.flip_time(), face_up=True)

    def slide(self, slot: int, target: int, duration: float) -> None:
        """A swap: the centre card and the seat's card trade places before the eyes of all."""
        a, b = self.centre_pieces[slot], self.seat_pieces[target]
        a_from, b_from = b.home, a.home
        for piece, start in ((a, a_from), (b, b_from)):
            self.scene.tweens.move(piece, start, duration)
            if piece in self.pieces:
                self.pieces.move_to_front(piece)

    def _mark_targets(self) -> None:
        """What the viewer may click now glows, and says what it does: only the engine's legal
        actions (a card already swapped this round, the viewer's own included, does not glow)."""
        v = self.view
        for piece in self.seat_pieces + self.centre_pieces:
            piece.action = None
        legal = self.scene.legal()
        if v["phase"] == "layout" and legal:
            me = self.scene.viewer
            if v["peeking_slot"] is None:
                for i, piece in enumerate(self.centre_pieces):
                    piece.action = ("peek", i)
            else:
                for s, piece in enumerate(self.seat_pieces):
                    piece.action = ("swap_own",) if s == me else ("swap", s)
            for piece in self.seat_pieces + self.centre_pieces:
                if piece.action not in legal:
                    piece.action = None
        for piece in self.seat_pieces + self.centre_pieces:
            piece.glowing = piece.action is not None
        self.mark_pick()

    def mark_pick(self) -> None:
        """The seat card chosen for a swap stands up, framed, until the swap is confirmed or cancelled."""
        pick = self.scene.swap_pick
        for piece in self.seat_pieces:
            piece.selected = pick is not None and piece.action == pick

    def targets(self) -> list[Piece]:
        return [p for p in self.seat_pieces + self.centre_pieces if p.action is not None]

    # -- the static picture ---------------------------------------------------------------
    def _paint_layer(self) -> None:
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        layer = self.background.copy()
        if v["peeking_slot"] is None or not self.scene.can_act():  # the lifted card's caption goes there
            cap = fit_text(fonts, t("xw.centre_title"), px(15), theme.GOLD_LIGHT, self.mat.w + px(60))
            layer.blit(cap, cap.get_rect(midbottom=(self.mat.centerx, self.mat.y - px(4))))
        for i in range(2):
            r = self.centre_rect(i)
            pygame.draw.rect(layer, theme.TABLE, r.inflate(px(6), px(6)), border_radius=px(8))
        for s in range(v["n_players"]):
            self._paint_seat(layer, s)
        self.layer = layer
        self.reveal_items = self._reveal_items()

    def _paint_seat(self, layer: pygame.Surface, s: int) -> None:
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        p = v["players"][s]
        slot, plate = self.seat_rects(s)
        acting = s in v["to_act"]
        pygame.draw.rect(layer, theme.TABLE_DARK, slot, border_radius=px(8))
        draw.panel(layer, plate, fill=theme.PARCHMENT, border=theme.GOLD if acting else theme.WOOD,
                   radius=px(8), width=px(4) if acting else 2)
        band = pygame.Rect(plate.x + 2, plate.y + 2, px(8), plate.h - 4)
        pygame.draw.rect(layer, theme.seat_colour(s), band, border_top_left_radius=px(6),
                         border_bottom_left_radius=px(6))
        badge_c = (plate.x + px(26), plate.y + px(20))
        pygame.draw.circle(layer, theme.seat_colour(s), badge_c, px(13))
        pygame.draw.circle(layer, theme.INK, badge_c, px(13), 1)
        letter = fonts.text(theme.SEAT_LETTERS[s], px(16), theme.WHITE, bold=True)
        layer.blit(letter, letter.get_rect(center=badge_c))
        me = self.scene.viewer
        label = self.scene.name(s) + (f"（{t('xw.tag.you')}）" if s == me and t.lang == "zh_TW" else
                                      (f" ({t('xw.tag.you')})" if s == me else ""))
        nm = fit_text(fonts, label, px(17), theme.INK_SOFT if p["eliminated"] else theme.INK,
                      plate.right - badge_c[0] - px(38), bold=True)
        nr = layer.blit(nm, (badge_c[0] + px(18), badge_c[1] - nm.get_height() // 2))
        if p["eliminated"]:  # struck through, as a name crossed off a list
            pygame.draw.line(layer, theme.VERMILION, (nr.x - px(2), nr.centery), (nr.right + px(2), nr.centery),
                             max(2, px(3)))
        kind = fonts.text(self.scene.kind_label(s), px(13), theme.INK_SOFT)
        layer.blit(kind, (plate.x + px(16), plate.y + px(36)))
        if v["variant"] == "scoring":
            sc = fonts.text(t("xw.tag.score", score=v["scores"][s]), px(14), theme.VERMILION_DARK, bold=True)
            layer.blit(sc, sc.get_rect(topright=(plate.right - px(8), plate.y + px(36))))
        # Chips on the bottom line: out, voted, sits out, swapped.
        chips: list[tuple[str, tuple, tuple]] = []
        if p["eliminated"]:
            chips.append((t("xw.tag.out"), theme.VERMILION, theme.WHITE))
        if v["phase"] == "vote" and p["voted"]:
            # Watching a replay with every card shown, the chip says which way the vote went.
            vote = p.get("vote")
            chips.append((t(f"xw.vote.{vote}") if vote else t("xw.tag.voted"), theme.JADE, theme.WHITE))
        if v["phase"] == "layout" and p["skips_layout"]:
            chips.append((t("xw.tag.skips"), theme.GREY, theme.WHITE))
        if p["swapped"] and v["phase"] != "over":
            chips.append((t("xw.tag.swapped"), theme.WOOD_LIGHT, theme.WHITE))
        x = plate.x + px(14)
        y = plate.bottom - px(26)
        for text, fill, ink in chips:
            ts = fonts.text(text, px(12), ink, bold=True)
            r = pygame.Rect(x, y, ts.get_width() + px(10), px(20))
            if r.right > plate.right - px(6):
                break
            pygame.draw.rect(layer, fill, r, border_radius=px(6))
            layer.blit(ts, ts.get_rect(center=r.center))
            x = r.right + px(4)
        if s == v["start_player"] and v["phase"] != "over":
            c = (plate.right - px(4), plate.y + px(4))
            draw.seal(layer, c, px(17))
            st = fit_text(fonts, t("xw.seal.start"), px(13), theme.WHITE, px(28), bold=True)
            layer.blit(st, st.get_rect(center=c))
        if v["phase"] == "over" and s in v["winners"]:  # the battle's winners, sealed where all can see
            c = (plate.right - px(4), plate.y + px(4))
            draw.seal(layer, c, px(17))
            st = fit_text(fonts, t("over.seal"), px(13), theme.WHITE, px(28), bold=True)
            layer.blit(st, st.get_rect(center=c))

    def _reveal_items(self) -> Optional[tuple[pygame.Rect, pygame.Surface]]:
        """The banner of the vote just revealed: how many chose battle against what was needed."""
        lv = self.view["last_votes"]
        if not lv:
            return None
        px = self.px
        battle = sum(1 for x in lv.values() if x == "battle")
        needed = cards.votes_needed(len(lv))
        key = "xw.reveal.battle" if battle >= needed else "xw.reveal.wait"
        text = fit_text(self.fonts, self.t(key, battle=battle, needed=needed), px(19), theme.INK, px(520), bold=True)
        r = pygame.Rect(0, 0, text.get_width() + px(60), px(48))
        r.midbottom = (self.rect.centerx, self.mat.y + px(6))  # over the mat's caption, clear of seats
        return r, text

    # -- drawing and input --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        surface.blit(self.layer, (0, 0))
        shown = self.scene.reveal_shown()
        if shown and self.reveal_items:
            r, text = self.reveal_items
            draw.panel(surface, r, radius=self.px(12), width=self.px(3))
            surface.blit(text, text.get_rect(center=r.center))
        self.pieces.draw(surface)
        if shown:
            self._draw_vote_chips(surface)

    def vote_chip_rect(self, seat: int, text: pygame.Surface) -> pygame.Rect:
        """Where a revealed vote goes: over the card's back, or, once the cards lie face up (the
        battle), in the plate's bottom corner so that the card's reward symbols stay in sight."""
        px = self.px
        slot, plate = self.seat_rects(seat)
        if self.view["phase"] == "over":
            r = pygame.Rect(0, 0, text.get_width() + px(12), px(22))
            r.bottomright = (plate.right - px(8), plate.bottom - px(5))
        else:
            r = pygame.Rect(0, 0, text.get_width() + px(14), px(28))
            r.center = (slot.centerx, slot.bottom - px(12))
        return r

    def _draw_vote_chips(self, surface: pygame.Surface) -> None:
        """Everyone's revealed vote, as a small vote card (see vote_chip_rect)."""
        px, fonts, t = self.px, self.fonts, self.t
        over = self.view["phase"] == "over"
        for seat, vote in self.view["last_votes"].items():
            fill = theme.VERMILION if vote == "battle" else (44, 62, 110)
            ts = fonts.text(t("xw.vote." + vote), px(13 if over else 15), theme.WHITE, bold=True)
            r = self.vote_chip_rect(int(seat), ts)
            pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4), border_radius=px(7))
            pygame.draw.rect(surface, fill, r, border_radius=px(6))
            surface.blit(ts, ts.get_rect(center=r.center))

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type == pygame.MOUSEMOTION:
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        if self.scene.reveal_clock > 0 and not self.targets() and not self.scene.prompts.targets():
            self.scene.close_reveal()  # a click closes the vote reveal
        piece = self.pieces.at(event.pos)
        if piece is None:
            return None
        action = piece.action
        if action is not None and action[0] in ("swap", "swap_own"):  # a swap waits for its confirmation
            return Intent(call=lambda: self.scene.pick_swap(action))
        if action is not None:
            return Intent(action=action)
        return self.scene.refusal()
