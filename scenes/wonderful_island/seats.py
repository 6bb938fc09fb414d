"""The seats along the top of the Wonderful Island table: one plate per player with the character,
votes, iron votes, summonses, cards in hand, meeting cards and what is wrong with them (jail,
hospital, sitting out a debate). A plate is a piece: it glows when the player may be chosen, and
its tooltip gives the character's skills and Politician condition in full."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.panel import Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art


class SeatsPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.plates: list[Piece] = []

    def plate_rect(self, seat: int) -> pygame.Rect:
        n = self.view["n_players"]
        gap = self.px(8)
        w = min(self.px(230), (self.rect.w - gap * (n - 1)) // n)
        x0 = self.rect.x + (self.rect.w - (w * n + gap * (n - 1))) // 2
        order = self.scene.seat_order()
        return pygame.Rect(x0 + order.index(seat) * (w + gap), self.rect.y, w, self.rect.h)

    def refresh(self) -> None:
        self.pieces.empty()
        self.plates = []
        for s in range(self.view["n_players"]):
            r = self.plate_rect(s)
            piece = Piece(("seat", s), draw.ready(self._plate(s, r.size)), centre=r.center,
                          tip=lambda s=s: self.tip(s))
            self.plates.append(piece)
            self.pieces.add(piece)
        self.mark(self.scene.seat_options())

    def mark(self, options: dict[int, tuple]) -> None:
        """Seats the player may choose now glow; a click on one becomes its action (or the next part)."""
        for s, piece in enumerate(self.plates):
            piece.action = options.get(s)
            piece.glowing = piece.action is not None

    def tip(self, seat: int) -> Optional[str]:
        p = self.view["players"][seat]
        if p["character"] is None:
            return None
        c = data.character(p["character"])
        t = self.t
        lines = [f"{self.scene.name(seat)} · {t.name(c['name'])}"]
        lines += [t("wi.ui.tip_active", text=data.skill_text(sk, t.lang)) for sk in c["skills"][:2]]
        lines.append(t("wi.ui.tip_locked", text=data.skill_text(c["skills"][2], t.lang)))
        lines.append(t("wi.ui.tip_condition", text=data.win_text(c["win"], t.lang, self.view["mark"])))
        return "\n".join(lines)

    def _plate(self, s: int, size: tuple[int, int]) -> pygame.Surface:
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        p = v["players"][s]
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        acting = s == v["actor"] or s in v["to_act"]
        fill = theme.PARCHMENT if not (p["jailed"] or p["hospital"] or p["away"]) else theme.PARCHMENT_DARK
        draw.panel(surf, surf.get_rect(), fill=fill, border=theme.GOLD if acting else theme.WOOD,
                   radius=px(8), width=px(4) if acting else 2, drop=False)
        pygame.draw.rect(surf, theme.seat_colour(s), (2, 2, px(7), h - 4), border_top_left_radius=px(6),
                         border_bottom_left_radius=px(6))
        x, right = px(14), w - px(8)
        badge = (x + px(9), px(15))
        pygame.draw.circle(surf, theme.seat_colour(s), badge, px(10))
        letter = fonts.text(theme.SEAT_LETTERS[s], px(13), theme.WHITE, bold=True)
        surf.blit(letter, letter.get_rect(center=badge))
        me = s == self.scene.viewer
        label = self.scene.name(s) + (t("wi.ui.you_mark") if me else "")
        name = fit_text(fonts, label, px(15), theme.INK, right - x - px(22), bold=True)
        surf.blit(name, (x + px(22), badge[1] - name.get_height() // 2))
        y = px(29)
        char = t.name(data.character(p["character"])["name"]) if p["character"] else t("wi.ui.choosing")
        cs = fit_text(fonts, char, px(13), theme.INK_SOFT, right - x)
        surf.blit(cs, (x, y))
        y += px(19)
        tok = px(17) if w >= px(150) else px(14)
        cx = x
        for kind, n in (("vote", p["votes"]), ("iron", p["iron"]), ("summons", p["summons"])):
            surf.blit(art.token(kind, tok), (cx, y))
            ns = fonts.text(str(n), px(14) if tok > px(14) else px(13), theme.INK, bold=True)
            surf.blit(ns, (cx + tok + px(2), y + (tok - ns.get_height()) // 2))
            cx += tok + ns.get_width() + px(6)
        y += tok + px(3)
        line = t("wi.ui.seat_counts", total=p["total"], hand=p["hand"], meetings=p["meetings"])
        counts = fit_text(fonts, line, px(12), theme.INK_SOFT, right - x)
        surf.blit(counts, (x, y))
        chips = []
        if s == v["candidate"] and v["phase"] not in ("over",):
            chips.append((t("wi.ui.chip.candidate"), theme.VERMILION))
        if p["jailed"]:
            chips.append((t("wi.ui.chip.jailed"), theme.INK))
        if p["hospital"]:
            chips.append((t("wi.ui.chip.hospital"), (180, 60, 120)))
        if p["away"]:
            chips.append((t("wi.ui.chip.away"), theme.GREY))
        if v["phase"] == "over" and p["faction"]:
            chips.append((data.camp_name(p["faction"], t.lang), art.CAMP_RGB[p["faction"]]))
        cx, cy = x, h - px(22)
        for text, colour in chips:
            ts = fonts.text(text, px(11), theme.WHITE, bold=True)
            r = pygame.Rect(cx, cy, ts.get_width() + px(8), px(17))
            if r.right > right:
                break
            pygame.draw.rect(surf, colour, r, border_radius=px(5))
            surf.blit(ts, ts.get_rect(center=r.center))
            cx = r.right + px(4)
        return surf

    def on_piece(self, piece: Piece) -> Optional[Intent]:
        if piece.action is not None:
            return self.scene.picked(piece.action)
        return Intent(call=lambda: self.scene.show_character(piece.key[1]))  # not a choice now: read it
