"""The Xuanwu baize: seats on a ring with their cards and name plates, the gate mat with the two
centre cards, and the revealed votes. Its static picture is painted once per view."""
from __future__ import annotations

import math
from typing import Optional

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, symbol_name

from ..ui import draw, theme
from ..ui.deciding import tag_room
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text, wrap_rows
from . import cards as art
from .placing import clear_spot


class BoardPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.background: Optional[pygame.Surface] = None
        self.background_size: tuple = ()
        self.layer: Optional[pygame.Surface] = None
        self.seat_pieces: list[Piece] = []
        self.centre_pieces: list[Piece] = []
        self.shown_faces: dict = {}      # key -> the card id last shown face up there (to flip on reveal)
        self.plate_words: dict[int, list[pygame.Rect]] = {}   # seat -> its plate's words and chips
        self.deciding_room: dict[int, pygame.Rect] = {}   # seat -> the "deciding" tag's place: its chips' line's end
        self.caption_rect: Optional[pygame.Rect] = None       # the mat's caption on the layer, if drawn

    # -- geometry --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, top: pygame.Rect, size: tuple[int, int]) -> None:
        super().layout(rect)
        px = self.px
        self.top = top
        self.card_w, self.card_h = art.card_size(px(58))
        self.centre_w, self.centre_h = art.card_size(px(88))
        self.slot_side = self.card_h + px(4)
        self._plate_layout()
        if self.background_size != (size, self.block):  # the ring follows the plates' size too
            self.background = draw.table_background(size)
            self._paint_decor(self.background, size[0])
            self.background_size = (size, self.block)

    def _plate_layout(self) -> None:
        """The name plate at the text size, laid out again rather than scaled: each row (name, kind,
        chips) as much taller as its words' line, the plate wider by what the ring leaves between
        seats (at 100 % the design's 172x86). Where a taller plate would touch a neighbour or the
        gate mat, the kind line (the least needed) goes and the plate is shorter by it."""
        px, tx, lh = self.px, self.tx, self.fonts.line_height
        self.grow_name = lh(tx(17), True) - lh(px(17), True)
        self.grow_kind = lh(tx(13)) - lh(px(13))
        self.grow_chip = lh(tx(12), True) - lh(px(12), True)
        self.show_kind, self.seal_r, self.seal_inside = True, px(17), False
        base_w, base_h = px(172), px(86) + self.grow_name + self.grow_kind + self.grow_chip
        if self.app.text_scale == 1:
            self._set_plate((base_w, base_h))
            return
        short_h = base_h - px(20) - self.grow_kind   # without the kind line
        big_seal = px(17 * self.app.text_scale)
        # Last, the seal comes inside the plate's corner (seven seats under a tall top bar).
        for h, kind, seal, inside in ((base_h, True, big_seal, False), (short_h, False, big_seal, False),
                                      (short_h, False, px(17), False), (short_h, False, px(17), True)):
            self.show_kind, self.seal_r, self.seal_inside = kind, seal, inside
            # Wider only while clear of the vote panel's width; at the design's width, as at 100 %.
            widths = range(round(base_w * self.app.text_scale), base_w - 1, -max(1, px(4)))
            w = next((w for w in widths if self._ring_clear((w, h), True)), None)
            if w is None and self._ring_clear((base_w, h), False):
                w = base_w
            if w is not None:
                break
        self._set_plate((w or base_w, h))

    def _set_plate(self, plate: tuple[int, int]) -> None:
        self.plate = plate
        self.block = (self.slot_side + self.px(6) + plate[0], max(self.slot_side, plate[1]))

    def _ring_clear(self, plate: tuple[int, int], wide: bool) -> bool:
        """Whether plates of this size keep every seat off its neighbours (seven seats touch at
        100 % already) and a gap away from the mat."""
        self._set_plate(plate)
        gap = self.px(6)
        # The mat, as wide as the look and vote panels that open over it (they move up or down
        # between the seats, not sideways).
        mat = pygame.Rect(0, 0, 2 * self.centre_w + self.px(70), self.centre_h + self.px(70))
        if wide:
            mat.w = max(mat.w, self.scene.prompts.frame_width())
        mat.center = self.rect.center
        blocks, seals = [mat.inflate(2 * gap, 2 * gap)], []
        r = self.seal_r   # the start player's seal sits over a plate's corner
        for k in range(self.scene.n):
            slot, plate = self._rects_at(self._ring_point(k))
            block = slot.union(plate)
            seal = pygame.Rect((0, 0), (2 * r, 2 * r))
            seal.center = self._seal_centre(plate)
            if block.collidelist(blocks + seals) >= 0 or seal.collidelist(blocks) >= 0 \
                    or not self.rect.contains(block):
                return False
            blocks.append(block)
            seals.append(seal)
        return True

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
        me = self.scene.viewer if self.scene.viewer is not None else 0
        return self._ring_point((seat - me) % self.view["n_players"])

    def _ring_point(self, k: int) -> tuple[int, int]:
        """The k-th place on the ring clockwise from the bottom, for the blocks' present size."""
        ang = math.pi / 2 + k * 2 * math.pi / self.scene.n
        rx = self.rect.w / 2 - self.block[0] / 2 - self.px(6)
        ry = self.rect.h / 2 - self.block[1] / 2 - self.px(6)
        cx, cy = self.rect.center
        return int(cx + rx * math.cos(ang)), int(cy + ry * math.sin(ang))

    def seat_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(card slot, name plate) of a seat."""
        return self._rects_at(self.seat_centre(seat))

    def _rects_at(self, centre: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        block = pygame.Rect((0, 0), self.block)
        block.center = centre
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
        self.caption_rect = None
        if v["peeking_slot"] is None or not self.scene.can_act():  # the lifted card's caption goes there
            cap = fit_text(fonts, t("xw.centre_title"), self.tx(15), theme.GOLD_LIGHT, self.mat.w + px(60))
            cr = cap.get_rect(midbottom=(self.mat.centerx, self.mat.y - px(4)))
            seats = [r for s in range(v["n_players"]) for r in self.seat_rects(s)]
            if self.app.text_scale != 1 and cr.collidelist(seats) >= 0:  # no room above: inside the mat's top
                cap = fit_text(fonts, t("xw.centre_title"), self.tx(15), theme.GOLD_LIGHT, self.mat.w - px(16))
                cr = cap.get_rect(midtop=(self.mat.centerx, self.mat.y + px(3)))
            self.caption_rect = layer.blit(cap, cr)
        for i in range(2):
            r = self.centre_rect(i)
            pygame.draw.rect(layer, theme.TABLE, r.inflate(px(6), px(6)), border_radius=px(8))
        for s in range(v["n_players"]):
            self._paint_seat(layer, s)
        self.layer = layer
        self.reveal_items = self._reveal_items()

    def _paint_seat(self, layer: pygame.Surface, s: int) -> None:
        """A seat's plate: badge and name, the kind line with the score, the chips; its rows as
        _plate_layout made them (at a larger text size taller, the name fitted to the room)."""
        px, tx, t, fonts, v = self.px, self.tx, self.t, self.fonts, self.view
        p = v["players"][s]
        slot, plate = self.seat_rects(s)
        acting = s in v["to_act"]
        pygame.draw.rect(layer, theme.TABLE_DARK, slot, border_radius=px(8))
        draw.panel(layer, plate, fill=theme.PARCHMENT, border=theme.GOLD if acting else theme.WOOD,
                   radius=px(8), width=px(4) if acting else 2)
        band = pygame.Rect(plate.x + 2, plate.y + 2, px(8), plate.h - 4)
        pygame.draw.rect(layer, theme.seat_colour(s), band, border_top_left_radius=px(6),
                         border_bottom_left_radius=px(6))
        badge_c = (plate.x + px(26), plate.y + px(20) + self.grow_name // 2)
        pygame.draw.circle(layer, theme.seat_colour(s), badge_c, px(13))
        pygame.draw.circle(layer, theme.INK, badge_c, px(13), 1)
        letter = fonts.text(theme.SEAT_LETTERS[s], px(16), theme.WHITE, bold=True)
        layer.blit(letter, letter.get_rect(center=badge_c))
        me = self.scene.viewer
        you = (f"（{t('xw.tag.you')}）" if t.lang == "zh_TW" else f" ({t('xw.tag.you')})") if s == me else ""
        seal = self._seal_word(s)
        seal_r = self.seal_r
        name_x = badge_c[0] + px(18)
        seal_room = (2 * seal_r + px(6) - px(20) if self.seal_inside else seal_r - px(17)) if seal else 0
        name_w = plate.right - badge_c[0] - px(38) - seal_room
        kind_text = self.scene.kind_label(s)
        if you and self.show_kind and self.app.text_scale != 1 and \
                fonts.font(tx(17), True).size(self.scene.name(s) + you)[0] > name_w:
            kind_text, you = kind_text + you, ""   # larger words: "(you)" goes down to the kind line
        nm = fit_text(fonts, self.scene.name(s) + you, tx(17), theme.INK_SOFT if p["eliminated"] else theme.INK,
                      name_w, bold=True)
        nr = layer.blit(nm, (name_x, badge_c[1] - nm.get_height() // 2))
        words = self.plate_words[s] = [nr]   # where the plate's words went (tests check they fit)
        if p["eliminated"]:  # struck through, as a name crossed off a list
            pygame.draw.line(layer, theme.VERMILION, (nr.x - px(2), nr.centery), (nr.right + px(2), nr.centery),
                             max(2, px(3)))
        chip_h = px(20) + self.grow_chip
        chip_y = plate.bottom - px(26) - self.grow_chip
        right, chips_right = plate.right - px(8), plate.right - px(6)   # the bottom line's right end
        if v["phase"] == "over" and str(s) in (v["last_votes"] or {}):  # the battle's vote chip goes there
            right = chips_right = self.vote_chip_rect(s, self._vote_text(s)).x - px(6)
        if v["variant"] == "scoring":
            sc = fonts.text(t("xw.tag.score", score=v["scores"][s]), tx(14), theme.VERMILION_DARK, bold=True)
            if self.show_kind:
                at = (plate.right - px(8), plate.y + px(36) + self.grow_name)
                words.append(layer.blit(sc, sc.get_rect(topright=at)))
            else:  # no kind line: the score ends the chips' line
                words.append(layer.blit(sc, sc.get_rect(midright=(right, chip_y + chip_h // 2))))
                right = chips_right = right - sc.get_width() - px(6)
        if self.show_kind:
            kind_r = plate.right - px(8) - (sc.get_width() + px(6) if v["variant"] == "scoring" else 0)
            kind = fit_text(fonts, kind_text, tx(13), theme.INK_SOFT, kind_r - plate.x - px(16))
            words.append(layer.blit(kind, (plate.x + px(16), plate.y + px(36) + self.grow_name)))
        self._paint_chips(layer, s, pygame.Rect(plate.x + px(14), chip_y, chips_right - plate.x - px(14), chip_h))
        if seal is not None:
            c = self._seal_centre(plate)
            draw.seal(layer, c, seal_r)
            st = fit_text(fonts, seal, tx(13), theme.WHITE, px(28) + (seal_r - px(17)) * 28 // 17, bold=True)
            layer.blit(st, st.get_rect(center=c))

    def _seal_centre(self, plate: pygame.Rect) -> tuple[int, int]:
        """On the plate's top right corner, kept over the table (not the top bar, not the log) when
        it is large; or inside that corner where the seats sit too close for that."""
        px, r = self.px, self.seal_r
        if self.seal_inside:
            return plate.right - px(3) - r, plate.y + px(3) + r
        return min(plate.right - px(4), self.rect.right + px(8) - r), max(plate.y + px(4), self.rect.y - px(8) + r)

    def _seal_word(self, s: int) -> Optional[str]:
        """The start player's seal, or, once the battle is over, the winners'."""
        v = self.view
        if v["phase"] == "over":
            return self.t("over.seal") if s in v["winners"] else None  # sealed where all can see
        return self.t("xw.seal.start") if s == v["start_player"] else None

    def _paint_chips(self, layer: pygame.Surface, s: int, row: pygame.Rect) -> None:
        """The plate's bottom line: out, voted, sits out, swapped; what does not fit is a "+n" chip."""
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        p = v["players"][s]
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
        self.deciding_room.pop(s, None)
        if s in self.scene.deciding_seats():
            # the "deciding" tag ends the line: whole where the chips leave it room, else its sign alone
            used = sum(fonts.text(text, self.tx(12), ink, bold=True).get_width() + px(14) for text, _, ink in chips)
            keep = tag_room(t("table.deciding"), fonts, px, row.w - used)
            self.deciding_room[s] = pygame.Rect(row.right - keep, row.y, keep, row.h)
            row = pygame.Rect(row.x, row.y, max(0, row.w - keep - px(4)), row.h)
        x = row.x
        for i, (text, fill, ink) in enumerate(chips):
            ts = fonts.text(text, self.tx(12), ink, bold=True)
            more = x + ts.get_width() + px(10) > row.right
            if more:  # no room for this one: "+n" says how many more there are
                ts, fill = fonts.text(f"+{len(chips) - i}", self.tx(12), theme.WHITE, bold=True), theme.GREY
            r = pygame.Rect(x, row.y, ts.get_width() + px(10), row.h)
            if r.right > row.right:
                break
            pygame.draw.rect(layer, fill, r, border_radius=px(6))
            layer.blit(ts, ts.get_rect(center=r.center))
            self.plate_words[s].append(r)
            x = r.right + px(4)
            if more:
                break

    def _reveal_items(self) -> Optional[tuple[pygame.Rect, pygame.Surface]]:
        """The banner of the vote just revealed: how many chose battle against what was needed. It
        sits above the gate mat where that is clear of the seats, else on two lines, or lower over
        the mat (placing.py); at the battle the centre cards, face up, stay in sight too."""
        lv = self.view["last_votes"]
        if not lv:
            return None
        px, fonts = self.px, self.fonts
        battle = sum(1 for x in lv.values() if x == "battle")
        needed = cards.votes_needed(len(lv))
        key = "xw.reveal.battle" if battle >= needed else "xw.reveal.wait"
        words, size = self.t(key, battle=battle, needed=needed), self.tx(19)
        widest = min(px(520), self.rect.w - px(80))
        texts = [fit_text(fonts, words, size, theme.INK, widest, bold=True)]
        for share in (2, 3):   # the same words on two lines, then on two narrower ones
            rows = wrap_rows(fonts, words, size, widest * 2 // (share + 2), 2, bold=True)
            texts.append(self._lines([fit_text(fonts, row, size, theme.INK, widest, bold=True) for row in rows]))
        pad_h = px(48) + self._grow(19) - fonts.line_height(size, True)
        sizes = [(t.get_width() + px(60), t.get_height() + pad_h) for t in texts]
        seats = [q.inflate(px(4), px(4)) for s in range(self.view["n_players"]) for q in self.seat_rects(s)]
        centre = [self.centre_rect(i).inflate(px(4), px(4)) for i in range(2)]
        over = self.view["phase"] == "over"
        top = pygame.Rect((0, 0), sizes[0])
        top.midbottom = (self.rect.centerx, self.mat.y + px(6))   # over the mat's caption, as designed
        i, r = clear_spot(sizes, top.center, self.rect, seats + (centre if over else []),
                          [] if over else centre, step=px(3))
        return r, texts[i]

    def _lines(self, rows: list[pygame.Surface]) -> pygame.Surface:
        """Lines of words one under the other, each centred."""
        out = pygame.Surface((max(r.get_width() for r in rows), sum(r.get_height() for r in rows)), pygame.SRCALPHA)
        y = 0
        for row in rows:
            out.blit(row, ((out.get_width() - row.get_width()) // 2, y))
            y += row.get_height()
        return out

    # -- drawing and input --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        surface.blit(self.layer, (0, 0))
        shown = self.scene.reveal_shown()
        if shown and self.reveal_items:
            r, text = self.reveal_items
            if self.caption_rect is not None and r.colliderect(self.caption_rect):
                # the mat's caption goes while the banner is up, rather than show half its words
                surface.blit(self.background, self.caption_rect, self.caption_rect)
            draw.panel(surface, r, radius=self.px(12), width=self.px(3))
            surface.blit(text, text.get_rect(center=r.center))
        self.pieces.draw(surface)
        if shown:
            self._draw_vote_chips(surface)

    def _grow(self, size: int) -> int:
        """How much taller a bold line of `size` is at the text size than at 100 %."""
        lh = self.fonts.line_height
        return lh(self.tx(size), True) - lh(self.px(size), True)

    def _vote_text(self, seat: int) -> pygame.Surface:
        """A revealed vote's word at the text size, fitted to the card (or to half the plate)."""
        px, over = self.px, self.view["phase"] == "over"
        slot, plate = self.seat_rects(seat)
        room = plate.w // 2 - px(12) if over else slot.w + px(6) - px(14)
        return fit_text(self.fonts, self.t("xw.vote." + self.view["last_votes"][str(seat)]),
                        self.tx(13 if over else 15), theme.WHITE, room, bold=True)

    def vote_chip_rect(self, seat: int, text: pygame.Surface) -> pygame.Rect:
        """Where a revealed vote goes: over the card's back, or, once the cards lie face up (the
        battle), in the plate's bottom corner so that the card's reward symbols stay in sight."""
        px = self.px
        slot, plate = self.seat_rects(seat)
        if self.view["phase"] == "over":
            r = pygame.Rect(0, 0, text.get_width() + px(12), px(22) + self._grow(13))
            r.bottomright = (plate.right - px(8), plate.bottom - px(5))
        else:
            r = pygame.Rect(0, 0, text.get_width() + px(14), px(28) + self._grow(15))
            r.center = (slot.centerx, slot.bottom - px(12) - self._grow(15) // 2)
        return r

    def _draw_vote_chips(self, surface: pygame.Surface) -> None:
        """Everyone's revealed vote, as a small vote card (see vote_chip_rect)."""
        px = self.px
        for seat, vote in self.view["last_votes"].items():
            fill = theme.VERMILION if vote == "battle" else (44, 62, 110)
            ts = self._vote_text(int(seat))
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
