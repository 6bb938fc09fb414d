"""The Wonderful Island's final reveal: a title that names the ending (a camp elected, an election
stolen, a Politician's condition, a count when the rounds or the vote pool ran out, the last one out
of jail), the line that says who met which condition, every faction card turned over with each
seat's character and votes, and the final moves of the game as the log told them."""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.match import visible
from game.wonderful_island import data
from game.wonderful_island.describe import camp_name, ending_how, qty

from ..shell.game_over import GameOverScene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from . import art
from .lettering import LINE, fit_lines, paint_lines

FINAL_LINES = 12  # the last public log lines shown, at most


class WonderfulIslandGameOverScene(GameOverScene):
    # -- what ended it ---------------------------------------------------------------------------
    def _end_event(self) -> Optional[dict]:
        return next((e for e in reversed(self.match.events) if e["type"] == "game_over" and visible(e, None)), None)

    def _names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def ending(self) -> str:
        """elected, hijack, politician, rounds, pool or all_jailed."""
        end = self.view.get("end") or {}
        method = end.get("method", "forced")
        if method == "politician" and end.get("hijack"):
            return "hijack"
        if method == "forced":
            return end.get("reason", "rounds")
        return method

    def title(self) -> str:
        t, end = self.app.t, self.view.get("end") or {}
        kind = self.ending()
        camp = camp_name(end["camp"], t) if end.get("camp") else ""
        return t("wi.over.title." + kind, camp=camp) + " · " + t.name(self.match.spec.names)

    def reason(self) -> str:
        """Who met which condition: the ending in words, and each winning Politician's condition."""
        t, e = self.app.t, self._end_event()
        if e is None:
            return t("wi.ui.over." + (self.view.get("end") or {}).get("method", "forced"))
        how = ending_how(e, t, self._names())
        text = how[:1].upper() + how[1:] + t("wi.over.stop")
        for s in e["winners"]:
            p = self.view["players"][s]
            if p["faction"] == "politician" and p["character"]:
                c = data.character(p["character"])
                text += " " + t("wi.over.condition", name=self._names()[s], character=t.name(c["name"]),
                                condition=data.win_text(c["win"], t.lang, self.view["mark"]))
        return text

    def final_lines(self) -> list[str]:
        """The last public log lines before the end (the final settlement, the last card played)."""
        from game.wonderful_island.describe import describe
        t, names = self.app.t, self._names()
        lines = []
        for e in reversed(self.match.events):
            if e.get("seats") is not None or e["type"] == "game_over":
                continue
            line = describe(e, t, names)
            if line:
                lines.append(line)
            if len(lines) >= FINAL_LINES or e["type"] == "campaign":
                break
        return lines[::-1]

    # -- painting --------------------------------------------------------------------------------
    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """One card per seat: faction, character, votes; then the final moves."""
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        n = v["n_players"]
        cols = 4 if n > 4 else n
        rows = (n + cols - 1) // cols
        gap = px(8)
        cw = (rect.w - gap * (cols - 1)) // cols
        ch = min(self.app.tx(112), (rect.h - px(150) - gap * (rows - 1)) // rows)  # taller for larger words
        winners = set(self.winners())
        for s, p in enumerate(v["players"]):
            r = pygame.Rect(rect.x + (s % cols) * (cw + gap), rect.y + (s // cols) * (ch + gap), cw, ch)
            self._seat_card(surface, r, s, p, s in winners)
        top = rect.y + rows * (ch + gap) + px(4)
        box = pygame.Rect(rect.x, top, rect.w, rect.bottom - top)
        draw.panel(surface, box, radius=px(10), width=2)
        tx = self.app.tx   # the words are read at the text size
        head = fit_text(fonts, t("wi.over.final"), tx(15), theme.VERMILION_DARK, box.w - px(24), bold=True)
        surface.blit(head, (box.x + px(12), box.y + px(8)))
        size, line_h = tx(15), int(tx(15) * 1.3)
        rows_text = [row for line in self.final_lines() for row in fonts.wrap("• " + line, size, box.w - px(28))]
        first = box.y + px(30) + int((tx(15) - px(15)) * 1.3)
        room = max(0, (box.bottom - px(8) - first) // line_h)
        y = first
        for row in rows_text[-room:] if room else []:
            surface.blit(fonts.text(row, size, theme.INK), (box.x + px(14), y))
            y += line_h

    def card_words(self, p: dict, width: int, height: int) -> list[tuple[list[str], int, bool]]:
        """A seat's card under its name, in `height`: (rows, size, bold) of its camp and character
        (where both are too long for one row, the character on its own, on two rows where the card
        has room), its votes, and jail if so."""
        tx, t, fonts = self.app.tx, self.app.t, self.app.fonts
        least = self.app.px(14)
        rest = []
        for line in [t("wi.ui.over.votes", total=qty("vote", p["total"], t), iron=p["iron"])] \
                + ([t("wi.ui.chip.jailed")] if p["jailed"] else []):   # "1 vote", "8 votes"
            rest.append((*fit_lines(fonts, line, tx(14), width, max_lines=1, min_size=least), False))
        camp = data.camp_name(p["faction"], t.lang) if p["faction"] else "?"
        char = t.name(data.character(p["character"])["name"]) if p["character"] else ""
        rows, size = fit_lines(fonts, camp + (" · " + char if char else ""), tx(15), width, max_lines=1, bold=True,
                               min_size=tx(15))
        if rows[-1].endswith("…") and char:   # the camp on one row, the character under it
            left = height - sum(round(s * LINE) * len(r) for r, s, _ in rest)
            for lines in (2, 1):
                rows, size = fit_lines(fonts, char, tx(15), width, max_lines=lines, bold=True, min_size=least)
                if round(size * LINE) * (len(rows) + 1) <= left:
                    break
            rows = [camp + " ·"] + rows
        elif rows[-1].endswith("…"):
            rows, size = fit_lines(fonts, camp, tx(15), width, max_lines=2, bold=True, min_size=least)
        return [(rows, size, True)] + rest

    def _seat_card(self, surface: pygame.Surface, r: pygame.Rect, s: int, p: dict, won: bool) -> None:
        px, tx, t, fonts = self.app.px, self.app.tx, self.app.t, self.app.fonts
        camp = p["faction"]
        colour = art.CAMP_RGB.get(camp, theme.GREY)
        draw.panel(surface, r, fill=theme.PARCHMENT, border=theme.GOLD if won else colour,
                   radius=px(10), width=px(4) if won else 2)
        band = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, px(26) + tx(15) - px(15))
        pygame.draw.rect(surface, colour, band, border_radius=px(8))
        head = fit_text(fonts, f"{theme.SEAT_LETTERS[s]}  {self.match.seats[s].name}", tx(15), theme.WHITE,
                        band.w - px(12), bold=True)
        surface.blit(head, head.get_rect(midleft=(band.x + px(8), band.centery)))
        y = band.bottom + px(4)
        width = r.w - px(46 if won else 16)
        for rows, size, bold in self.card_words(p, width, r.bottom - px(2) - y - 2 * px(1)):
            step = int(round(size * LINE))
            if y + step * len(rows) > r.bottom - px(2):
                break
            y = paint_lines(surface, fonts, rows, size, theme.INK, pygame.Rect(r.x + px(8), y, width, 0),
                            bold=bold) + px(1)
        if won:
            c = (r.right - px(18), r.bottom - px(18))
            draw.seal(surface, c, px(15))
            wt = fit_text(fonts, t("over.seal"), px(13), theme.WHITE, px(24), bold=True)
            surface.blit(wt, wt.get_rect(center=c))
