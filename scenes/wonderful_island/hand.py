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
from ..ui.cached_group import CachedGroup
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import art, faces
from .hidden_cards import secret_pieces
from .lettering import MIN_TEXT
from .tips import effect_tip, meeting_tip


class HandPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.cards: list[Piece] = []
        self.meetings: list[Piece] = []
        self.title: Optional[pygame.Surface] = None
        self.drag = Drag()
        # A person deciding in the open may ask for their own view (the curtain, then their hand).
        self.look: Optional[Button] = None
        self.buttons = CachedGroup()
        self._intent: Optional[Intent] = None

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        # The character's card is as wide as its words at the text size (the hand fans closer for it).
        self.char_rect = pygame.Rect(rect.x, rect.y, self.tx(130), rect.h)
        self.card_w = px(100)      # an effect card: its name and short text readable at 1024x600
        self.meeting_w = px(96)
        self.subjects: dict = {}   # piece key -> what the card is, to see it large (enlarge.py)

    def refresh(self) -> None:
        v, t, fonts, px = self.view, self.t, self.fonts, self.px
        self.pieces.empty()
        self.cards, self.meetings = [], []
        self.subjects = {}
        self.title = None
        self.look, self.buttons = None, CachedGroup()
        seat = self.scene.viewer
        if seat is None and v.get("all_seen"):
            self.pieces.add(*secret_pieces(self))  # a replay with every hidden card: each seat's, face up
            return
        if seat is None:
            decider = self.scene.decider  # someone deciding in the open: no one's cards are shown
            words = t("wi.ui.open_decision", name=self.scene.name(decider)) if decider is not None \
                else t("wi.ui.watching")
            self.title = fit_text(fonts, words, self.tx(18), theme.PARCHMENT, self.rect.w)
            self._look_button()
            return
        mine = v["my_character"]
        if mine and v["phase"] != "character":  # the character, with the faction on its ribbon
            # In full only where that is as large as the rest of the table's words; else in short.
            pic = art.character_card(fonts, t, mine, self.char_rect.w, self.char_rect.h, v["mark"], v["faction"],
                                     max(MIN_TEXT, self.tx(14)))
            faction = t("wi.ui.tip_faction", camp=data.camp_name(v["faction"], t.lang)) if v["faction"] else None
            self.pieces.add(Piece(("character", seat), pic, centre=self.char_rect.center,
                                  tip=lambda: "\n".join(filter(None, [self.scene.seats.tip(seat), faction]))))
        x = self.char_rect.right + px(10)
        y_mid = self.rect.centery + px(4)  # a card picked stands up into the room above it
        # The meeting cards, then the hand: side by side while they fit, else fanned (they overlap;
        # the card under the mouse comes to the front).
        cards = [("meeting", mid, self.meeting_w) for mid in v["my_meetings"]] + \
                [("card", cid, self.card_w) for cid in v["hand"]]
        gap = px(6)
        need = sum(w + gap for _, _, w in cards)
        room = self.rect.right - x - px(4)
        squeeze = 0 if need <= room or len(cards) < 2 else (need - room + len(cards) - 2) // (len(cards) - 1)
        for i, (kind, what, w) in enumerate(cards):
            index = i if kind == "meeting" else i - len(v["my_meetings"])
            if kind == "meeting":
                face, tip = faces.meeting_face(fonts, t, what, w), meeting_tip(t, what, enlarge=True)
            else:
                face, tip = faces.effect_face(fonts, t, what, w), effect_tip(t, what, enlarge=True)
            piece = Piece((kind, index, what), face, centre=(x + w // 2, y_mid), layer=i, tip=tip)
            (self.meetings if kind == "meeting" else self.cards).append(piece)
            self.subjects[piece.key] = ("meeting" if kind == "meeting" else "effect", what, None)
            self.pieces.add(piece)
            x += w + gap - squeeze
        self.mark()

    def restack(self, top: Optional[Piece]) -> None:
        """The cards in their order, with `top` (the card under the mouse) in front of them all."""
        for i, piece in enumerate(self.meetings + self.cards):
            self.pieces.change_layer(piece, len(self.pieces) if piece is top else i)

    def mark(self) -> None:
        """Cards that start or continue an action glow; the ones picked for a multi-card choice stand up."""
        scene = self.scene
        options = scene.hand_options()
        picked = list(scene.multi)
        prefix = scene.picker.prefix if scene.picker is not None else ()
        if prefix[:1] in (("play",), ("meeting",)) and len(prefix) > 1:
            picked.append(prefix[1])  # the card being played stands up while its target is chosen
        pickable = scene.choice_cards()
        for piece in self.cards + self.meetings:
            cid = piece.key[2]
            piece.action = options.get(cid) if piece in self.cards else None
            piece.glowing = piece.action is not None or (piece in self.cards and cid in pickable)
            piece.selected = False
            if cid in picked:
                picked.remove(cid)
                piece.selected = True
        meeting_options = scene.meeting_options()
        for piece in self.meetings:
            piece.action = meeting_options.get(piece.key[2])
            piece.glowing = piece.action is not None and not piece.selected

    def _look_button(self) -> None:
        """My cards, under the words, for the person deciding in the open."""
        if not self.scene.can_decide_in_own_view():
            return
        px, label = self.px, self.t("wi.ui.look")
        w = self.fonts.text(label, self.tx(16)).get_width() + px(36)
        h = self.tx(16) + px(18)
        self.look = Button(label, lambda: setattr(self, "_intent", Intent(call=self.scene.decide_in_own_view)),
                           (self.rect.centerx - w // 2, self.rect.centery + px(6), w, h), size=px(16))
        self.buttons = CachedGroup([self.look])

    def draw(self, surface: pygame.Surface) -> None:
        if self.title is not None:
            centre = self.rect.center if self.look is None else \
                (self.rect.centerx, self.rect.centery - self.title.get_height() // 2 - self.px(4))
            surface.blit(self.title, self.title.get_rect(center=centre))
        self.buttons.draw(surface, self.fonts)
        self.pieces.draw(surface)

    def holding_mouse(self) -> bool:
        return self.drag.active

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        """A press on a card picks it up; released where it was, it is a click; dropped on the
        venue or on a player, it is played there."""
        if self.look is not None and self.buttons.handle(event):
            intent, self._intent = self._intent, None
            return intent or USED
        if event.type == pygame.MOUSEMOTION:
            if self.drag.active:
                self.drag.motion(event.pos)
                return USED
            if not self.pieces.set_hover(event.pos):
                return None
            self.restack(next((p for p in self.meetings + self.cards if p.hover), None))
            return USED
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
        subject = self.subjects.get(piece.key)
        if subject is None:
            return USED
        # A card that cannot be played now is seen large instead, saying so if it is the player's turn.
        note = self.t("wi.ui.enlarge.not_now") if self.scene.can_act() and piece in self.cards else None
        return Intent(call=lambda: self.scene.enlarge(subject[:2] + (note,)))
