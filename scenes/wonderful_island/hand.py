"""The viewer's own corner at the bottom: their character card, faction card, secret-meeting cards and
hand. Cards that can be played now glow; a click starts (or finishes) the action, and several cards
can be picked at once where the action takes several (a trade, a discard of two)."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui import theme
from ..ui.drag import Drag
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art
from .hidden_cards import secret_pieces
from .tips import effect_tip


class HandPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.cards: list[Piece] = []
        self.meetings: list[Piece] = []
        self.title: Optional[pygame.Surface] = None
        self.drag = Drag()

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        self.char_rect = pygame.Rect(rect.x, rect.y, px(200), rect.h)
        self.card_w = px(84)
        self.small_w = px(64)

    def refresh(self) -> None:
        v, t, fonts, px = self.view, self.t, self.fonts, self.px
        self.pieces.empty()
        self.cards, self.meetings = [], []
        self.title = None
        seat = self.scene.viewer
        if seat is None and v.get("all_seen"):
            self.pieces.add(*secret_pieces(self))  # a replay with every hidden card: each seat's, face up
            return
        if seat is None:
            self.title = fit_text(fonts, t("wi.ui.watching"), px(18), theme.PARCHMENT, self.rect.w)
            return
        mine = v["my_character"]
        if mine and v["phase"] != "character":
            pic = art.character_card(fonts, t, mine, self.char_rect.w, self.char_rect.h, v["mark"])
            self.pieces.add(Piece(("character", seat), pic, centre=self.char_rect.center,
                                  tip=self.scene.seats.tip(seat)))
        x = self.char_rect.right + px(10)
        y_mid = self.rect.centery
        if v["faction"]:
            pic = art.faction_card(fonts, t, v["faction"], self.small_w)
            self.pieces.add(Piece(("faction", seat), pic, centre=(x + self.small_w // 2, y_mid),
                                  tip=t("wi.ui.tip_faction", camp=data.camp_name(v["faction"], t.lang))))
            x += self.small_w + px(10)
        for i, mid in enumerate(v["my_meetings"]):
            pic = art.meeting_card(fonts, t, mid, self.small_w)
            piece = Piece(("meeting", i, mid), pic, centre=(x + self.small_w // 2, y_mid),
                          tip=data.meeting_text(mid, t.lang))
            self.meetings.append(piece)
            self.pieces.add(piece)
            x += self.small_w + px(6)
        hand = v["hand"]
        room = self.rect.right - x - px(4)
        step = self.card_w + px(6)
        if len(hand) > 1 and step * len(hand) > room:
            step = max(px(24), (room - self.card_w) // (len(hand) - 1))  # fanned: they overlap
        for i, cid in enumerate(hand):
            piece = Piece(("card", i, cid), art.effect_card(fonts, t, cid, self.card_w),
                          centre=(x + self.card_w // 2, y_mid), layer=i, tip=effect_tip(t, cid))
            self.cards.append(piece)
            self.pieces.add(piece)
            x += step
        self.mark()

    def mark(self) -> None:
        """Cards that start or continue an action glow; the ones picked for a multi-card choice stand up."""
        scene = self.scene
        options = scene.hand_options()
        picked = list(scene.multi)
        prefix = scene.picker.prefix if scene.picker is not None else ()
        if prefix[:1] in (("play",), ("meeting",)) and len(prefix) > 1:
            picked.append(prefix[1])  # the card being played stands up while its target is chosen
        for piece in self.cards + self.meetings:
            cid = piece.key[2]
            piece.action = options.get(cid) if piece in self.cards else None
            piece.glowing = piece.action is not None
            piece.selected = False
            if cid in picked:
                picked.remove(cid)
                piece.selected = True
        meeting_options = scene.meeting_options()
        for piece in self.meetings:
            piece.action = meeting_options.get(piece.key[2])
            piece.glowing = piece.action is not None and not piece.selected

    def draw(self, surface: pygame.Surface) -> None:
        if self.title is not None:
            surface.blit(self.title, self.title.get_rect(center=self.rect.center))
        self.pieces.draw(surface)

    def holding_mouse(self) -> bool:
        return self.drag.active

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        """A press on a card picks it up; released where it was, it is a click; dropped on the
        venue or on a player, it is played there."""
        if event.type == pygame.MOUSEMOTION:
            if self.drag.active:
                self.drag.motion(event.pos)
                return USED
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self.pieces.at(event.pos)
            if piece is None:
                return None
            if piece.action is not None and not self.scene.multi_active():
                self.pieces.move_to_front(piece)
                self.drag.press(piece, event.pos)
                return USED
            return self._click(piece)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.active:
            piece, dragged = self.drag.release(event.pos)
            if not dragged:
                return self._click(piece)
            return self.scene.dropped(piece.key[0], piece.key[2], event.pos)
        return None

    def _click(self, piece) -> Intent:
        if self.scene.multi_active() and piece in self.cards:
            return Intent(call=lambda: self.scene.toggle_multi(piece.key[2], piece.selected))
        if piece.action is not None:
            return self.scene.picked(piece.action)
        if piece.key[0] == "character":
            return Intent(call=lambda: self.scene.show_character(piece.key[1]))
        return self.scene.refusal() if piece in self.cards else USED
