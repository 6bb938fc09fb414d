"""Your travel cards, one pile per transport with its count (and your secret destination in that
variant). In the last stage of a round a click on a glowing card returns one to the deck."""
from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Optional

import pygame

from game.elfenland.describe import town_name

from ..ui import theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text, wrap_rows
from . import sprites as art
from . import tips
from .legal import CARDS
from .strip import StripPanel


class CardsPanel(StripPanel):
    def title(self) -> str:
        if self.scene.viewer is None:
            return self.t("elf.ui.cards_hidden")
        return self.t("elf.ui.your_cards", n=len(self.view["hand"]))

    def card_width(self) -> int:
        return int(self.geo.tile * 0.8)

    def refresh(self) -> None:
        v, t, legal = self.view, self.t, self.scene.legal
        self.pieces.empty()
        hand = Counter(v["hand"])
        caravan_any = v["options"]["caravan"] == "any"
        for i, k in enumerate(kind for kind in CARDS if hand[kind]):
            img = art.travel_card(k, self.card_width())
            top = self.rect.y + self.px(22) + self.geo.head_grow   # under the title, however tall
            r = img.get_rect(topleft=(self.rect.x + self.geo.pad + i * self.geo.step, top))
            can = k in legal.discard
            p = Piece(("card", k), img, centre=r.center, tip=partial(tips.card, k, hand[k], t, can, caravan_any))
            p.count = hand[k]
            p.action, p.glowing = (("discard", k) if can else None), can
            self.pieces.add(p)
        self.invalidate()

    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        super().paint(pic, ox, oy)
        me, v = self.scene.viewer, self.view
        if me is not None and not v["hand"]:
            self.none_note(pic, ox, oy)
        elif v.get("all_seen"):
            self.all_seen_note(pic)

    def all_seen_note(self, pic: pygame.Surface) -> None:
        """A replay showing every hidden card: where the hands are (this panel is a watcher's, empty)."""
        px, g = self.px, self.geo
        size, width = self.tx(12), self.rect.w - 2 * g.pad
        step = px(15) if self.app.text_scale == 1 else self.fonts.line_height(size)
        top = px(22) + g.head_grow
        room = max(1, (self.rect.h - top - px(4)) // step)
        for i, line in enumerate(wrap_rows(self.fonts, self.t("elf.ui.all_seen_note"), size, width, room)):
            ls = fit_text(self.fonts, line, size, theme.INK_SOFT, width)   # what the rows cannot hold ends in …
            pic.blit(ls, (g.pad, top + i * step))

    def paint_over(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        px, pad = self.px, self.geo.pad
        for p in self.pieces.sprites():
            if p.hit:  # a card pile, not one flying by
                tr = p.rect.move(-ox, -oy)
                # A larger badge hangs lower: it covers no more of the card than at 100 %.
                self.badge(pic, f"×{p.count}", (tr.right + px(3), tr.bottom + px(2) + self.tx(16) - px(16)), 16, 13)
        dt = self._destination()
        if dt is not None:
            pic.blit(dt, dt.get_rect(topright=(self.rect.w - pad, px(4))))

    def _destination(self) -> Optional[pygame.Surface]:
        """Your secret town (the destination variant), on the title's line: it keeps what the title
        leaves, at least half the line."""
        v = self.view
        if self.scene.viewer is None or not v.get("destination"):
            return None
        width = self.rect.w - 2 * self.geo.pad - self.px(8)
        title = self.fonts.text(self.title(), self.tx(13), theme.VERMILION_DARK, bold=True).get_width()
        return fit_text(self.fonts, self.t("elf.ui.destination", town=town_name(v["destination"], self.t)), self.tx(12),
                        theme.VERMILION_DARK, max(width // 2, width - title), bold=True)

    def title_room(self) -> int:
        dt = self._destination()
        return super().title_room() - (dt.get_width() + self.px(8) if dt is not None else 0)

    def deck_centre(self) -> tuple[int, int]:
        """Where dealt cards come from and returned ones go: the middle of the map (the deck is
        not on the table)."""
        return self.scene.board.bv.rect.center
