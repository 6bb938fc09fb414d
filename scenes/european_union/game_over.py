"""The European Union results: the policy tracks' final positions, each party's track bonuses
and final influence, the five ending cards read out, the winners, play again."""
from __future__ import annotations

import pygame

from game.european_union import data as cards
from game.european_union.describe import party_name

from ..shell.game_over import GameOverScene
from ..ui import draw, theme
from ..ui.emblems import seat_chip
from ..ui.textfit import fit_text
from . import cards as art


class EuropeanUnionGameOverScene(GameOverScene):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        final = self.view.get("final") or {}
        self.view["scores"] = list(final.get("influence") or [0] * self.view["n_players"])

    def reason(self) -> str:
        t = self.app.t
        winners = self.winners()
        if not winners:
            return t("eu.ui.over.nobody")
        names = t("eu.list_sep").join(self.match.seats[s].name for s in winners)
        return t("eu.ui.over.reason", names=names, n=self.view["scores"][winners[0]])

    def _paint_side(self, surf: pygame.Surface) -> None:
        """Winners first, each with their party and final influence."""
        px, tx, t, fonts = self.app.px, self.app.tx, self.app.t, self.app.fonts
        r = self.side
        winners = self._paint_side_head(surf)
        scores = self.view["scores"]
        n = self.view["n_players"]
        order = sorted(range(n), key=lambda s: (s not in winners, -scores[s], s))
        y = r.y + px(52) + tx(22) - px(22)   # under the heading, as read at the text size
        row_h = min(px(56) + tx(16) - px(16), (r.bottom - y - px(10)) // max(1, n))
        # Name and party on two lines: at the text size where the row holds them, else smaller.
        name_size = max(px(16), min(tx(16), int(row_h * 0.5)))
        party_size = max(px(12), min(tx(12), int(row_h * 0.36)))
        for s in order:
            c = (r.x + px(28), y + row_h // 2)
            if s in winners:
                draw.seal(surf, c, px(17))
                wt = fit_text(fonts, t("over.seal"), px(15), theme.WHITE, px(26), bold=True)
                surf.blit(wt, wt.get_rect(center=c))
            else:
                pygame.draw.circle(surf, theme.PARCHMENT_DARK, c, px(13))
            seat_chip(surf, fonts, (r.x + px(62), c[1]), px(11), s)
            party = self.view["players"][s]["party"]
            pygame.draw.rect(surf, art.party_rgb(party), (r.x + px(78), c[1] - px(10), px(6), px(20)))
            st = fonts.text(t("eu.ui.over.influence", n=scores[s]), tx(15), theme.VERMILION_DARK, bold=True)
            grown = st.get_width() - fonts.text(t("eu.ui.over.influence", n=scores[s]), px(15), theme.VERMILION_DARK,
                                                True).get_width()   # the score's growth at the text size
            # Up to the score, whatever its width (a gap of px(8) between them).
            room = min(r.right - px(90) - px(84) - grown, r.right - px(12) - st.get_width() - px(8) - (r.x + px(90)))
            nt = fit_text(fonts, self.match.seats[s].name, name_size, theme.INK, room, bold=s in winners)
            surf.blit(nt, (r.x + px(90), c[1] - nt.get_height() + px(2) + (name_size - px(16)) // 3))
            pt = fit_text(fonts, party_name(party, t), party_size, theme.INK_SOFT, room)
            surf.blit(pt, (r.x + px(90), c[1] + px(3) - (party_size - px(12)) // 3))
            surf.blit(st, st.get_rect(midright=(r.right - px(12), c[1])))
            y += row_h

    def _ending_size(self, w: int, endings: list[str], room: int) -> int:
        """The ending cards' type size: grown with the text size, and smaller where the tallest card
        would not fit the room whole (never under 8 px: a card is read whole, not cut off)."""
        app = self.app
        size = max(art.ending_size(w), art.ending_size(w) * app.tx(100) // max(1, app.px(100)))
        while size > 8 and max(art.ending_card(app.fonts, app.t, e, w, size).get_height() for e in endings) > room:
            size -= 1
        return size

    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, tx, t, fonts, v = self.app.px, self.app.tx, self.app.t, self.app.fonts, self.view
        final = v.get("final")
        if not final:
            return
        n = v["n_players"]
        head_h, row = px(24) + tx(12) - px(12), px(26) + tx(15) - px(15)   # the rows grow with their words
        # The final bonuses: influence before, the track bonus, the final influence.
        table = pygame.Rect(rect.x, rect.y, rect.w, px(30) + head_h - px(24) + row * 3 + px(26))
        draw.panel(surface, table, fill=theme.PARCHMENT, radius=px(10), width=2)
        label_w = px(170)
        if tx(14) > px(14):   # a larger text size: the labels' column as wide as they read, within a third
            history = v.get("history") or []
            labels = [t(k) for k in ("eu.ui.over.before", "eu.ui.over.bonus", "eu.ui.over.final")] + \
                [t("eu.ui.over.round_row", round=h["round"], laws=9, of=9) for h in history]
            widest = max(fonts.text(s, tx(14), theme.INK, True).get_width() for s in labels)
            label_w = max(label_w, min(widest + px(12), table.w // 3))
        cw = (table.w - label_w - px(16)) // n
        y = table.y + px(8)
        for s in range(n):
            cx = table.x + label_w + s * cw
            party = v["players"][s]["party"]
            hr = pygame.Rect(cx + 2, y, cw - 4, head_h)
            pygame.draw.rect(surface, art.party_rgb(party), hr, border_radius=px(5))
            seat_chip(surface, fonts, (hr.x + px(11), hr.centery), px(8), s)
            nt = fit_text(fonts, self.match.seats[s].name, tx(12), art.ink_on(art.party_rgb(party)), hr.w - px(24),
                          bold=True)
            surface.blit(nt, nt.get_rect(midleft=(hr.x + px(22), hr.centery)))
        rows = [("eu.ui.over.before", final["before_bonus"]),
                ("eu.ui.over.bonus", [final["bonuses"][str(s)] for s in range(n)]),
                ("eu.ui.over.final", final["influence"])]
        y += px(30) + head_h - px(24)
        for i, (key, vals) in enumerate(rows):
            lab = fit_text(fonts, t(key), tx(14), theme.INK, label_w - px(12), bold=i == 2)
            if row == px(26):
                surface.blit(lab, (table.x + px(10), y + px(3)))
            else:   # grown: in line with the row's numbers
                surface.blit(lab, lab.get_rect(midleft=(table.x + px(10), y + px(12) + (row - px(26)) // 2)))
            for s, val in enumerate(vals):
                txt = (f"+{val}" if val > 0 else str(val)) if key == "eu.ui.over.bonus" else str(val)
                col = theme.VERMILION_DARK if i == 2 and s in self.winners() else theme.INK
                vt = fonts.text(txt, tx(15), col, bold=i == 2)
                surface.blit(vt, vt.get_rect(center=(table.x + label_w + s * cw + cw // 2, y + px(12) + (row - px(26)) // 2)))
            y += row
            if i == 1:
                pygame.draw.line(surface, theme.WOOD, (table.x + px(8), y - px(1)), (table.right - px(8), y - px(1)), 1)
        # The ending cards: one per policy, chosen by the track's final position, read out.
        y = table.bottom + px(12)
        cap = fit_text(fonts, t("eu.ui.over.endings"), tx(17), theme.GOLD_LIGHT, rect.w, bold=True)
        surface.blit(cap, (rect.x, y))
        y += cap.get_height() + px(6)
        gap = px(8)
        w = (rect.w - 4 * gap) // 5
        tracks = v["tracks"]
        history = v.get("history") or []
        hist_row = px(24) + tx(14) - px(14)
        hist_h = px(30) + tx(14) - px(14) + hist_row * len(history)
        bottom = y
        below = y + px(20) + tx(13) - px(13)
        size = self._ending_size(w, final["endings"], rect.bottom - below - px(2) - hist_h - px(12))
        for i, (pol, e) in enumerate(zip(cards.POLICIES, final["endings"])):
            x = rect.x + i * (w + gap)
            pos = fit_text(fonts, t("eu.ui.over.track_pos", n=tracks[pol]), tx(13), theme.WHITE, w, bold=True)
            surface.blit(pos, (x, y))
            img = art.ending_card(fonts, t, e, w, size)
            surface.blit(img, (x, below))
            bottom = max(bottom, below + img.get_height())
        # Round by round: what each party gained at each round scoring, and how many bills became law.
        if history:
            hr = pygame.Rect(rect.x, bottom + px(12), rect.w, hist_h)
            draw.panel(surface, hr, fill=theme.PARCHMENT, radius=px(10), width=2)
            yy = hr.y + px(6)
            head = fit_text(fonts, t("eu.ui.over.rounds"), tx(14), theme.VERMILION_DARK, label_w + cw, bold=True)
            surface.blit(head, (hr.x + px(10), yy))
            yy += px(24) + tx(14) - px(14)
            for h in history:
                laws = sum(1 for b in h["bills"] if b["passed"])
                lab = fit_text(fonts, t("eu.ui.over.round_row", round=h["round"], laws=laws, of=len(h["bills"])),
                               tx(13), theme.INK, label_w - px(12))
                if hist_row == px(24):
                    surface.blit(lab, (hr.x + px(10), yy))
                else:   # grown: in line with the row's numbers
                    surface.blit(lab, lab.get_rect(midleft=(hr.x + px(10), yy + px(10) + (hist_row - px(24)) // 2)))
                for s in range(n):
                    ch = h["gains"][str(s)]["change"]
                    vt = fonts.text(f"+{ch}" if ch > 0 else str(ch), tx(14),
                                    art.VOTE_RGB["yes"] if ch > 0 else (art.VOTE_RGB["no"] if ch < 0 else theme.INK_SOFT), True)
                    surface.blit(vt, vt.get_rect(center=(table.x + label_w + s * cw + cw // 2,
                                                         yy + px(10) + (hist_row - px(24)) // 2)))
                yy += hist_row
