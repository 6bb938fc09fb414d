"""The Xuanwu Gate reveal: the two at the gate, every seat's card face up, and who won and why."""
from __future__ import annotations

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import symbol_name

from ..shell.game_over import GameOverScene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from . import cards as art


class XuanwuGameOverScene(GameOverScene):
    def show_scores(self) -> bool:
        return self.view["variant"] == "scoring"

    def _winning(self) -> list[str]:
        lb = self.view.get("last_battle")
        return lb["winning"] if lb else cards.winning_symbols(self.view["centre_cards"])

    def reason(self) -> str:
        t = self.app.t
        a, b = (symbol_name(cards.load()["by_id"][c]["win"], t) for c in self.view["centre_cards"])
        winning = t("xw.rules.or").join(symbol_name(s, t) for s in self._winning())
        return t("xw.why.rule", a=a, b=b, winning=winning)

    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        n = v["n_players"]
        gap = px(10)
        face_w = min(px(128), (rect.w - (n - 1) * gap) // n)
        face_h = art.card_size(face_w)[1]
        big_w = min(px(136), int(face_w * 1.1))
        big_h = art.card_size(big_w)[1]
        # The gate: the two centre cards and the winning symbols.
        mat = pygame.Rect(0, 0, 2 * big_w + px(240), big_h + px(46))
        mat.midtop = (rect.centerx, rect.y)
        draw.panel(surface, mat, fill=theme.TABLE_DARK, border=theme.GOLD, radius=px(12), width=2)
        cap = fonts.text(t("xw.over.centre"), px(16), theme.GOLD_LIGHT, bold=True)
        surface.blit(cap, cap.get_rect(midtop=(mat.centerx, mat.y + px(4))))
        for i, c in enumerate(v["centre_cards"]):
            face = art.card_face(fonts, t, c, big_w)
            surface.blit(face, (mat.x + px(14) + i * (big_w + px(10)), mat.y + px(34)))
        wx = mat.x + px(14) + 2 * (big_w + px(10)) + px(10)
        wl = fonts.text(t("xw.deal_result.winning", symbols=""), px(16), theme.GOLD_LIGHT, bold=True)
        surface.blit(wl, (wx, mat.y + px(44)))
        for k, s in enumerate(self._winning()):
            ic = art.symbol_icon(s, px(46))
            surface.blit(ic, (wx + k * px(56), mat.y + px(74)))
            nm = fonts.text(symbol_name(s, t), px(15), theme.WHITE, bold=True)
            surface.blit(nm, nm.get_rect(midtop=(wx + k * px(56) + px(23), mat.y + px(124))))
        # Every seat's card, winners sealed, the eliminated marked out.
        lb = v.get("last_battle") or {}
        points = lb.get("points", {})
        out = set(lb.get("eliminated", []))
        total = n * face_w + (n - 1) * gap
        x0 = rect.centerx - total // 2
        y = mat.bottom + px(44)  # room for the caption above the winners' frames and seals
        head = fonts.text(t("xw.over.cards"), px(17), theme.GOLD_LIGHT, bold=True)
        surface.blit(head, head.get_rect(midbottom=(rect.centerx, y - px(14))))
        winners = set(self.winners())
        cards_at = [pygame.Rect(x0 + s * (face_w + gap), y, face_w, face_h) for s in range(n)]
        for s, r in enumerate(cards_at):
            if s in winners:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, r.inflate(px(10), px(10)), border_radius=px(10))
            surface.blit(art.card_face(fonts, t, v["seat_cards"][s], face_w), r)
            if s in out:
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((20, 20, 20, 120))
                surface.blit(veil, r)
            colour = theme.seat_colour(s)
            badge = pygame.Rect(r.x, r.bottom + px(10), px(22), px(22))
            pygame.draw.rect(surface, colour, badge, border_radius=px(5))
            lt = fonts.text(theme.SEAT_LETTERS[s], px(14), theme.WHITE, bold=True)
            surface.blit(lt, lt.get_rect(center=badge.center))
            # The whole name, in up to three lines beside the badge (the gap to the next card too).
            lines = wrap_fit(fonts, self.match.seats[s].name, px(15), theme.WHITE, r.right + gap - px(2) - badge.right
                             - px(4), 3, px(11), bold=True)
            ny = badge.centery - lines[0].get_height() // 2
            for line in lines:
                surface.blit(line, (badge.right + px(4), ny))
                ny += line.get_height() - px(3)
            if s in out:
                note = t("xw.tag.out")
                col = theme.VERMILION
            elif str(s) in points and v["variant"] == "scoring":
                note = "+" + str(points[str(s)])
                col = theme.GOLD_LIGHT
            else:
                note, col = "", theme.PARCHMENT
            if note:
                ns = fonts.text(note, px(15), col, bold=True)
                surface.blit(ns, ns.get_rect(midtop=(r.centerx, max(badge.bottom, ny + px(3)) + px(4))))
        for s, r in enumerate(cards_at):  # the seals last, so that no next card covers one
            if s in winners:
                c = (r.right - px(6), r.y + px(6))
                draw.seal(surface, c, px(16))
                wt = fit_text(fonts, t("over.seal"), px(14), theme.WHITE, px(24), bold=True)
                surface.blit(wt, wt.get_rect(center=c))


def wrap_fit(fonts, text: str, size: int, colour, width: int, max_lines: int, min_size: int,
             bold: bool = False) -> list[pygame.Surface]:
    """`text` in at most max_lines lines of `width`, at `size` or smaller down to min_size; only what
    still does not fit then is cut with an ellipsis."""
    for s in range(size, min_size - 1, -1):
        lines = fonts.wrap(text, s, width, bold)
        if len(lines) <= max_lines and all(fonts.font(s, bold).size(line)[0] <= width for line in lines):
            return [fonts.text(line, s, colour, bold) for line in lines]
    font = fonts.font(min_size, bold)
    lines = []
    for line in fonts.wrap(text, min_size, width, bold):
        while font.size(line)[0] > width and len(line) > 1:  # a word too long for a line: break it
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut])[0] > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return [fit_text(fonts, line, min_size, colour, width, bold, min_size=min_size) for line in lines]
