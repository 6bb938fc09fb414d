"""The cards up for bidding in the middle of the European Union table: the round's member states
piled by voting power in the Council, the MEP seat cards in the Parliament. Each card is a piece;
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

    def rects(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(card, where, covered): the member states piled by voting power (only the visible strip of
        a covered card), or the MEP seat cards in a row."""
        v, px = self.view, self.px
        left = v["cards_left"]
        if not left:
            return []
        work = self.rect.inflate(0, -px(8))
        top = work.y + px(30) + caption_grow(self)   # under the caption, read at the text size
        d = cards.load()
        if v["stage"] == "parliament":
            w = min(px(92), (work.w - (len(left) - 1) * px(10)) // max(1, len(left)))
            total = len(left) * w + (len(left) - 1) * px(10)
            x = work.centerx - total // 2
            out = []
            for c in left:
                out.append((c, pygame.Rect(x, top + px(10), *art.state_size(w)), False))
                x += w + px(10)
            return out
        piles: dict[int, list[str]] = {}
        for c in left:
            piles.setdefault(d["state_by_id"][c]["power"], []).append(c)
        keys = sorted(piles, reverse=True)
        w = self.state_width(len(keys))
        ch = art.state_size(w)[1]
        total = len(keys) * w + (len(keys) - 1) * px(12)
        x = work.centerx - total // 2
        out = []
        room = work.bottom - top - ch
        for p in keys:
            pile = piles[p]
            step = min(px(30), room // max(1, len(pile) - 1)) if len(pile) > 1 else 0
            for i, c in enumerate(pile):
                r = pygame.Rect(x, top + i * step, w, ch)
                covered = i < len(pile) - 1
                if covered:
                    r.h = max(step, 1)
                out.append((c, r, covered))
            x += w + px(12)
        return out

    def state_width(self, piles: int) -> int:
        """The width of a member state's card when the Council's cards lie in `piles` piles."""
        px = self.px
        return min(px(84), (self.rect.w - (piles - 1) * px(12)) // max(1, piles))

    def ahead(self) -> list:
        """Each round's member states at every width their piles can give (fewer piles as cards
        are taken): a new round's frame painted some fifteen cards."""
        d, fonts, t, jobs = cards.load(), self.fonts, self.t, []
        for rnd in range(1, len(d["state_groups_by_round"]) + 1):
            states = cards.states_for_round(rnd)
            powers = len({d["state_by_id"][c]["power"] for c in states})
            for w in sorted({self.state_width(k) for k in range(1, powers + 1)}, reverse=True):
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
        """A card was taken: the others slide to their new places in the piles."""
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
