"""What the viewer is asked to do on the gate mat: look at their card, the centre card they lifted,
or the two vote cards. Each choice is a glowing piece (a click is its action) with a button; a swap,
chosen by a click on a card of the table, waits here for Swap or Cancel. The lifted card, its caption
and its buttons are placed clear of the seats."""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate.describe import slot_name

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import cards as art
from .placing import clear_spot


class PromptPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.frame: Optional[pygame.Rect] = None       # the parchment behind look and vote
        self.texts: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.areas: list[pygame.Rect] = []              # where this panel answers the mouse
        self.buttons = CachedGroup()
        self.caption_rect: Optional[pygame.Rect] = None   # the lifted card's caption, card and buttons
        self.card_rect: Optional[pygame.Rect] = None
        self.button_row: Optional[pygame.Rect] = None

    def refresh(self) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        board = self.scene.board
        self.pieces.empty()
        self.frame, self.texts, self.areas = None, [], []
        self.caption_rect = self.card_rect = self.button_row = None
        self.buttons = CachedGroup()
        if self.scene.together():
            self._take_screen()
        if not self.scene.can_act():
            return
        phase = v["phase"]
        face_w = px(158)
        tx = self.app.tx   # the words over the cards are read: at the text size, the panel taller for them
        if phase == "look" and v["own_card"]:
            # (card width, room beside it, titled): the design's, then smaller cards, then narrower
            # sides (still wide enough for the button under the card), then without the title (the
            # top bar says it too). The card to remember stays large enough to read.
            sizes = ((face_w, px(150), True), (px(140), px(150), True), (px(124), px(150), True),
                     (px(124), px(76), True), (px(124), px(76), False))
            i, panel = self._between_seats([(w + side, art.card_size(w)[1] + px(84) + (tx(36) if titled else 0))
                                            for w, side, titled in sizes], plates_too=False)
            face_w, _, titled = sizes[i]
            self.frame = panel
            if titled:
                title = fit_text(fonts, t("xw.your_card"), tx(22), theme.INK, panel.w - px(20), bold=True)
                self._text(title, midtop=(panel.centerx, panel.y + px(12)))
            face = art.card_face(fonts, t, v["own_card"], face_w)
            fr = face.get_rect(midtop=(panel.centerx, panel.y + px(12) + (tx(36) if titled else 0)))
            self._choice(("look",), face, fr, board._tip(t("xw.tip.yours"), v["own_card"]))
            remember = Button(lambda: t("xw.remember"), lambda: self.scene.act(("look",)),
                              (panel.centerx - px(90), fr.bottom + px(12), px(180), px(42)), style="primary",
                              hotkey=pygame.K_RETURN, size=px(19))
            remember.action = ("look",)
            self.buttons.add(remember)
            self.areas.append(panel)
        elif phase == "layout" and v["peeking_slot"] is not None:
            self._lifted(v["peeking_slot"], art.card_face(fonts, t, v["peeked_card"], face_w))
        elif phase == "vote":
            widths = (px(118), px(108), px(98), px(88))
            i, panel = self._between_seats([(2 * w + px(90), art.card_size(w)[1] + px(38) + tx(62)) for w in widths])
            vw = widths[i]
            self.frame = panel
            self._text(fit_text(fonts, t("xw.prompt.vote"), tx(21), theme.INK, panel.w - px(20), bold=True),
                       midtop=(panel.centerx, panel.y + px(10)))
            need = fit_text(fonts, t("xw.needed", needed=v["votes_needed"], voters=v["voters"]), tx(15),
                            theme.INK_SOFT, panel.w - px(20))
            self._text(need, midtop=(panel.centerx, panel.y + px(10) + tx(30)))
            for i, vote in enumerate(("battle", "wait")):
                img = art.vote_card(fonts, t, vote, vw)
                r = img.get_rect(topleft=(panel.x + px(30) + i * (vw + px(30)), panel.y + px(10) + tx(62)))
                self._choice(("vote", vote), img, r, t("xw.tip.vote." + vote))
            self.areas.append(panel)

    def _take_screen(self) -> None:
        """On the public view the whole table watches: a button for each person whose turn comes
        next ("Ann: my turn"), under the gate mat, clear of the seats, the centre and the banner."""
        px, t, board = self.px, self.t, self.scene.board
        people = self.scene.people_to_act()
        if not people:
            return
        size, h, gap = px(18), px(40), px(10)
        labels = [t("xw.take_screen", name=self.scene.name(s)) for s in people]
        widths = [self.fonts.text(label, size, theme.INK, bold=True).get_width() + px(36) for label in labels]
        row = (sum(widths) + gap * (len(widths) - 1) + 2 * gap, h + 2 * gap)
        column = (max(widths) + 2 * gap, len(widths) * (h + gap) + gap)
        avoid = [r.inflate(px(4), px(4)) for s in range(self.view["n_players"]) for r in board.seat_rects(s)]
        avoid += [board.centre_rect(i) for i in range(2)]
        if board.reveal_items:
            avoid.append(board.reveal_items[0])
        below = (board.rect.centerx, board.mat.bottom + px(8) + row[1] // 2)
        i, frame = clear_spot([row, column], below, board.rect, avoid, step=px(3))
        self.frame = frame
        x, y = frame.x + gap, frame.y + gap
        for k, (seat, label, w) in enumerate(zip(people, labels, widths)):
            if i == 1:
                x = frame.centerx - w // 2
            button = Button(lambda label=label: label, lambda seat=seat: self.scene.take_screen(seat), (x, y, w, h),
                            style="primary" if k == 0 else "plain", hotkey=pygame.K_RETURN if k == 0 else None,
                            size=size)
            self.buttons.add(button)
            x, y = (x + w + gap, y) if i == 0 else (x, y + h + gap)
        self.areas.append(frame)

    def frame_width(self) -> int:
        """The width of the widest panel opened over the gate mat (the vote's): the seats' plates
        leave it room (BoardPanel._ring_clear)."""
        return max(self.px(158) + self.px(150), 2 * self.px(118) + self.px(90))

    def _between_seats(self, sizes: list[tuple[int, int]], plates_too: bool = True) -> tuple[int, pygame.Rect]:
        """(which size, where) for a panel over the middle of the table: centred there if that is
        clear of the seats, else moved up or down, or smaller (the sizes go from the design's down),
        to where it covers the least of them (placing.py); the seats' cards before all, and their
        name plates as much (`plates_too`) or after them."""
        board = self.scene.board
        px = self.px
        rects = [[r.inflate(px(4), px(4)) for r in board.seat_rects(s)] for s in range(self.view["n_players"])]
        cards, plates = [r[0] for r in rects], [r[1] for r in rects]
        if plates_too:
            return clear_spot(sizes, board.rect.center, board.rect, cards + plates, step=px(3))
        return clear_spot(sizes, board.rect.center, board.rect, cards, plates, step=px(3))

    def _lifted(self, slot: int, face: pygame.Surface) -> None:
        """The centre card the viewer lifted, its caption and its buttons: Put it back, or, once a
        card on the table was chosen for a swap, Cancel and Swap (a swap takes two clicks)."""
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        board = self.scene.board
        pick = self.scene.swap_pick
        if pick is None:
            words = t("xw.peeked", slot=slot_name(slot, t))
            buttons = [(t("xw.put_back"), lambda: self.scene.act(("keep",)), "primary", pygame.K_RETURN, px(160),
                        ("keep",))]
        else:
            words = t("xw.swap.question", card=self.scene.swap_target_name(pick))
            buttons = [(t("xw.swap.cancel"), self.scene.cancel_swap, "plain", pygame.K_ESCAPE, px(104), None),
                       (t("xw.swap.confirm"), self.scene.confirm_swap, "primary", pygame.K_RETURN, px(104), pick)]
        cap = fit_text(fonts, words, self.app.tx(15), theme.GOLD_LIGHT, board.rect.w - px(20), bold=True)
        row_h, gap = px(38), px(8)
        row_w = sum(b[4] for b in buttons) + gap * (len(buttons) - 1)
        fr, cr, row = self._place_lifted(board.centre_rect(slot), slot, face.get_size(), cap.get_size(), (row_w, row_h))
        if pick is None:
            self._choice(("keep",), face, fr, board._tip(t("xw.tip.peeked"), v["peeked_card"]))
        else:  # while a swap waits for its answer the lifted card is only shown
            tip = board._tip(t("xw.tip.peeked"), v["peeked_card"])
            self.pieces.add(Piece("lifted", face, centre=fr.center, tip=tip))
        self.texts.append((cap, cr))
        self.caption_rect, self.card_rect, self.button_row = cr, fr, row
        x = row.x
        for label, call, style, key, w, action in buttons:
            button = Button(lambda label=label: label, call, (x, row.y, w, row_h), style=style, hotkey=key, size=px(17))
            button.action = action  # what it makes (a coach points at it)
            self.buttons.add(button)
            x += w + gap
        self.areas += [fr, row, cr]

    def _place_lifted(self, base: pygame.Rect, slot: int, card: tuple[int, int], cap: tuple[int, int],
                      row: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(card, caption, button row) near the centre card `base`, clear of every seat if there is
        any such place: the card first lifted outward above its place, then moved up or down, over its
        place, or inward; the caption above it or under the buttons. A caption over a seat is the worst."""
        px, board = self.px, self.scene.board
        obstacles = []
        for s in range(self.view["n_players"]):
            slot_r, plate = board.seat_rects(s)
            obstacles += [slot_r.inflate(px(8), px(8)), plate.inflate(px(6), px(6))]
        bounds = board.rect

        def hits(r: pygame.Rect) -> int:
            # Tried some 600 times a placement: only the obstacles it touches are clipped (collidelistall
            # finds them in C): a peek's answer at seven seats went from 8.7 ms of CPU to 4.6 (median).
            inside = r.clip(bounds)
            overlap = 0
            for i in r.collidelistall(obstacles):
                c = r.clip(obstacles[i])
                overlap += c.w * c.h
            return overlap + r.w * r.h - inside.w * inside.h

        out = -1 if slot == 0 else 1
        shift = (card[0] - base.w) // 2 + px(10)
        xs = [base.centerx + out * shift, base.centerx, base.centerx - out * shift]
        best, best_key = None, None
        for xi, cx in enumerate(xs):
            for dy in range(-px(130), px(131), max(1, px(5))):
                fr = pygame.Rect((0, 0), card)
                fr.center = (cx, base.centery - px(14) + dy)
                rr = pygame.Rect((0, 0), row)
                rr.midtop = (fr.centerx, fr.bottom + px(8))
                body = hits(fr) + hits(rr)
                for ci, where in enumerate(("above", "below")):
                    cr = pygame.Rect((0, 0), cap)
                    if where == "above":
                        cr.midbottom = (fr.centerx, fr.y - px(4))
                    else:
                        cr.midtop = (fr.centerx, rr.bottom + px(4))
                    cr.clamp_ip(bounds)  # a wide caption slides along rather than leave the table
                    key = (hits(cr) > 0, body + hits(cr), abs(dy) + xi * px(60) + ci * px(30))
                    if best_key is None or key < best_key:
                        best, best_key = (fr, cr, rr), key
        return best

    def _text(self, surf: pygame.Surface, **where) -> None:
        self.texts.append((surf, surf.get_rect(**where)))

    def _choice(self, action: tuple, picture: pygame.Surface, rect: pygame.Rect, tip: str) -> None:
        piece = Piece(action, picture, centre=rect.center, tip=tip)
        piece.action, piece.glowing = action, True
        self.pieces.add(piece)

    def targets(self) -> list[Piece]:
        return list(self.pieces)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and any(r.collidepoint(pos) for r in self.areas)

    def covering(self) -> list[pygame.Rect]:
        """The look and vote parchment, the lifted card with its caption and buttons: open over the
        table, so no note of the table under them is drawn there."""
        return list(self.areas) if self.visible else []

    def draw(self, surface: pygame.Surface) -> None:
        if self.frame is not None:
            draw.panel(surface, self.frame, radius=self.px(12), width=self.px(3))
        for surf, r in self.texts:
            surface.blit(surf, r)
        self.pieces.draw(surface)
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.buttons.handle(event):
            return USED
        if event.type == pygame.MOUSEMOTION:
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self.pieces.at(event.pos)
            return Intent(action=piece.action) if piece is not None else USED
        return None

    def mouse_left(self) -> bool:
        changed = self.pieces.set_hover(None)
        return self.buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0),
                                                      buttons=(0, 0, 0))) or changed
