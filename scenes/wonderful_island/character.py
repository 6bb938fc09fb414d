"""Setup, in private: the two characters offered to this seat, in full; a click keeps one. The
faction card is dealt only after everyone has kept a character (as the rules deal them)."""
from __future__ import annotations

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.panel import Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art


class CharacterPanel(Panel):
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.texts: list[tuple[pygame.Surface, pygame.Rect]] = []

    def refresh(self) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        self.pieces.empty()
        self.texts = []
        self.visible = v["phase"] == "character"
        if not self.visible:
            return
        r = self.rect
        heading = t("wi.ui.top.setup") if v.get("all_seen") else t("wi.ui.choose_character")
        tx = self.tx   # the words are read at the text size; the cards' own at their size
        title = fit_text(fonts, heading, tx(24), theme.INK, r.w - px(40), bold=True)
        self.texts.append((title, title.get_rect(midtop=(r.centerx, r.y + px(16)))))
        if v.get("all_seen"):
            self._every_offer(title.get_height())
            return
        choosing = self.scene.can_act()
        if not choosing:
            chosen = sum(1 for p in v["players"] if p["chosen"])
            words = self.scene.sending_words() or t(
                "wi.ui.characters_waiting_one" if chosen == 1 else "wi.ui.characters_waiting",
                chosen=chosen, n=v["n_players"])
            if not v["offer"] or v.get("my_character"):
                wait = fit_text(fonts, words, tx(18), theme.INK_SOFT, r.w - px(40))
                self.texts.append((wait, wait.get_rect(center=r.center)))
                return
        # Not yet free to keep one (a table across computers waits for everyone to sit down): the two
        # cards are there to read, not to click, under how many have chosen.
        note = fit_text(fonts, t("wi.ui.character_note") if choosing else words, tx(15), theme.INK_SOFT, r.w - px(40))
        down = max(0, title.get_height() - fonts.font(px(24), True).get_height())   # under a taller title
        self.texts.append((note, note.get_rect(midtop=(r.centerx, r.y + px(50) + down))))
        down += max(0, note.get_height() - fonts.font(px(15)).get_height())
        w = min(px(330), (r.w - px(60)) // 2)
        h = r.h - px(110) - down
        for i, cid in enumerate(v["offer"]):
            centre = (r.centerx + (i * 2 - 1) * (w // 2 + px(12)), r.y + px(86) + down + h // 2)
            piece = Piece(("offer", cid), art.character_card(fonts, t, cid, w, h, v["mark"]), centre=centre,
                          tip=t("wi.ui.keep_this") if choosing else None)
            if choosing:
                piece.action, piece.glowing = ("character", cid), True
            self.pieces.add(piece)

    def _every_offer(self, title_h: int) -> None:
        """A replay with every hidden card: each seat's two characters offered and the one it kept,
        a line per seat with a padlock (secret at that moment)."""
        v, px, t, fonts, r = self.view, self.px, self.t, self.fonts, self.rect
        top = r.y + px(24) + title_h
        line = min(px(30), (r.bottom - px(12) - top) // max(1, v["n_players"]))
        size = min(self.tx(17), line - px(6))
        mark = art.lock(size * 3 // 4, theme.INK_SOFT)
        for i, p in enumerate(v["players"]):
            a, b = (t.name(data.character(c)["name"]) for c in p["offer"])
            words = dict(name=self.scene.name(p["seat"]), a=a, b=b)
            text = t("wi.ui.offered_kept", kept=t.name(data.character(p["character"])["name"]), **words) \
                if p["character"] else t("wi.ui.offered_choosing", **words)
            y = top + i * line
            row = fit_text(fonts, text, size, theme.INK, r.w - px(80), bold=bool(p["character"]))
            self.texts.append((mark, mark.get_rect(midleft=(r.x + px(24), y + line // 2))))
            self.texts.append((row, row.get_rect(midleft=(r.x + px(24) + mark.get_width() + px(8), y + line // 2))))

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 110)
        draw.panel(surface, self.rect, radius=self.px(14), width=self.px(3))
        for surf, rect in self.texts:
            surface.blit(surf, rect)
        self.pieces.draw(surface)
