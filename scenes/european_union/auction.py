"""The cards up for bidding in the middle of the European Union table: the round's member states
piled by voting power in the Council, the MEP seat cards in the Parliament, each in a place kept
for the whole auction (a card taken leaves a gap: nothing moves under the mouse). Each card is a piece;
in the draft the picker's cards glow and a click takes one ("take Germany"). A new auction's cards
are dealt from the Commission's pile; a taken card flies to its taker (seats.py)."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.european_union import data as cards

from ..ui import theme
from ..ui.panel import Intent
from ..ui.piece import Piece
from . import cards as art
from . import tips
from .base import EUPanel, caption, caption_grow

PHASES = ("bid", "order", "draft")


class AuctionPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.faces: dict[str, pygame.Surface] = {}   # card -> the whole card as shown in the row
        self.dealt: tuple = (None, set())             # (round, stage): the MEP seat cards seen up

    def rects(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(card, where, covered) for each card still up: its place in the auction's fixed layout
        (slots()), a covered card only the strip down to the next card still lying over it. A card
        taken leaves its place empty; the others never move under the mouse."""
        left = self.view["cards_left"]
        if not left:
            return []
        slots = self.slots()
        out = []
        for c in left:
            r = pygame.Rect(slots[c])
            below = [o for o in left if o != c and slots[o].x == r.x and r.y < slots[o].y < r.bottom]
            if below:
                r.h = max(1, min(slots[o].y for o in below) - r.y)
            out.append((c, r, bool(below)))
        return out

    def slot_cards(self) -> list[str]:
        """Every card of this auction, taken or not, in the order they lie: the round's member states
        in the Council (by voting power), the MEP seat cards dealt in the Parliament (as many as the
        panel has seen up since the auction began: the view keeps no list of those taken)."""
        v, d = self.view, cards.load()
        key = (v["round"], v["stage"])
        if v["stage"] != "parliament":
            return cards.states_for_round(v["round"])
        if self.dealt[0] != key:
            self.dealt = (key, set())
        self.dealt[1].update(v["cards_left"])
        return sorted(self.dealt[1], key=lambda m: (-d["mep_by_id"][m]["power"], m))

    def slots(self) -> dict[str, pygame.Rect]:
        """Where each card of the auction lies, whole, for as long as the auction lasts: the member
        states in piles by voting power (a pile too tall for the room split into columns side by
        side), each card's name band clear of the card over it; the MEP seat cards in a row."""
        px = self.px
        work, top = self._room()
        every = self.slot_cards()
        if self.view["stage"] == "parliament":
            w = min(px(92), (work.w - (len(every) - 1) * px(10)) // max(1, len(every)))
            total = len(every) * w + (len(every) - 1) * px(10)
            x = work.centerx - total // 2
            return {c: pygame.Rect(x + i * (w + px(10)), top + px(10), *art.state_size(w)) for i, c in enumerate(every)}
        w, columns, step = self.pile_layout(every, work.w, work.bottom - top)
        ch = art.state_size(w)[1]
        gaps = [px(6) if a[0] == b[0] else px(12) for a, b in zip(columns, columns[1:])]
        x = work.centerx - (len(columns) * w + sum(gaps)) // 2
        out = {}
        for i, (_power, column) in enumerate(columns):
            pitch = min(px(30), (work.bottom - top - ch) // max(1, len(column) - 1)) if len(column) > 1 else 0
            pitch = max(pitch, step)
            for j, c in enumerate(column):
                out[c] = pygame.Rect(x, top + j * pitch, w, ch)
            x += w + (gaps[i] if i < len(gaps) else 0)
        return out

    def _room(self) -> tuple[pygame.Rect, int]:
        """Where the cards may lie, and their top: under the caption, read at the text size."""
        work = self.rect.inflate(0, -self.px(8))
        return work, work.y + self.px(30) + caption_grow(self)

    def pile_layout(self, every: list[str], room_w: int, room_h: int) -> tuple[int, list[tuple[int, list[str]]], int]:
        """(card width, the columns as (voting power, cards), the least step down a column): the
        widest card (up to px(84)) at which every pile fits the room, each covered card showing its
        name band (the band plus a hair); a pile taller than the room becomes several columns."""
        px, d = self.px, cards.load()
        piles: dict[int, list[str]] = {}
        for c in every:
            piles.setdefault(d["state_by_id"][c]["power"], []).append(c)
        powers = sorted(piles, reverse=True)
        w = px(84)
        while True:
            ch = art.state_size(w)[1]
            step = art.state_band(w) + max(2, px(3))
            per = max(1, 1 + (room_h - ch) // step)
            columns = []
            for p in powers:
                pile = piles[p]
                k = -(-len(pile) // per)           # as few columns as hold the pile, filled evenly
                size = -(-len(pile) // k)
                columns += [(p, pile[i:i + size]) for i in range(0, len(pile), size)]
            gaps = sum(px(6) if a[0] == b[0] else px(12) for a, b in zip(columns, columns[1:]))
            if len(columns) * w + gaps <= room_w or w <= px(40):
                return w, columns, step
            w -= 1

    def ahead(self) -> list:
        """Each round's member states at the width the round's piles give them: a new round's frame
        painted some fifteen cards."""
        d, fonts, t, jobs = cards.load(), self.fonts, self.t, []
        work, top = self._room()
        for rnd in range(1, len(d["state_groups_by_round"]) + 1):
            states = cards.states_for_round(rnd)
            w = self.pile_layout(states, work.w, work.bottom - top)[0]
            jobs += [partial(art.state_card, fonts, t, c, w) for c in states]
        return jobs

    def refresh(self) -> None:
        v, t, fonts = self.view, self.t, self.fonts
        self.visible = v["phase"] in PHASES
        self.pieces.empty()
        self.faces = {}
        if not self.visible:
            return
        picking = self.scene.choosing() and v["phase"] == "draft"
        for layer, (c, r, covered) in enumerate(self.rects()):
            img = art.mep_card(fonts, t, c, r.w) if v["stage"] == "parliament" else art.state_card(fonts, t, c, r.w)
            self.faces[c] = img
            face = img
            if covered:  # the strip of a covered card, with the edge of the card over it
                face = img.subsurface(pygame.Rect(0, 0, r.w, r.h)).copy()
                pygame.draw.line(face, theme.WOOD, (3, r.h - 1), (r.w - 3, r.h - 1), 1)
            action = ("take", c) if picking else None
            piece = Piece(("card", c), face, centre=r.center, layer=layer, tip=partial(tips.auction_card, t, c, action))
            piece.action, piece.glowing = action, action is not None
            self.pieces.add(piece)

    def card_centre(self, card: str) -> Optional[tuple[int, int]]:
        """Where a card lies now (its whole picture's centre), before it is taken."""
        piece = self.pieces.by_key(("card", card))
        if piece is None:
            return None
        face = self.faces[card]
        return piece.rect.x + face.get_width() // 2, piece.rect.y + face.get_height() // 2

    def corners(self) -> dict[str, tuple[int, int]]:
        """Where each card's top left corner lies now (before the view changes)."""
        return {p.key[1]: p.rect.topleft for p in self.pieces}

    def close_up(self, before: dict[str, tuple[int, int]], duration: float) -> None:
        """A card was taken: a card whose place changed slides to it (within one auction none does:
        each card keeps its place, a gap left where one was taken)."""
        for piece in self.pieces.sprites():
            corner = before.get(piece.key[1])
            if corner is not None and corner != piece.rect.topleft:
                start = (corner[0] + piece.rect.w // 2, corner[1] + piece.rect.h // 2)
                self.scene.tweens.move(piece, start, duration)

    def deal(self, start: tuple[int, int], duration: float, stagger: float) -> None:
        """A new auction: the cards come from the Commission's pile, one after another."""
        for i, piece in enumerate(self.pieces.sprites()):
            self.scene.tweens.fly(piece, start, duration, arc=0.15, delay=i * stagger)

    def paint(self, layer: pygame.Surface) -> None:
        cap = self.t("eu.ui.up_for." + self.view["stage"])
        caption(self, layer, cap, (self.rect.centerx, self.rect.y), self.rect.w)

    def clicked(self, piece: Piece) -> Optional[Intent]:
        if piece.action is not None:
            return Intent(action=piece.action)
        if self.view["phase"] == "draft":
            return self.scene.refusal()
        return None

    def clicked_elsewhere(self, pos: tuple[int, int]) -> Optional[Intent]:
        return None
