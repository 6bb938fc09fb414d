"""The Wonderful Island's final reveal: every faction card turned over, each seat's character and
votes, the winners, and why they won (election, a Politician's condition, a forced count, or the
last player out of jail)."""
from __future__ import annotations

import pygame

from game.core.match import visible
from game.wonderful_island import data
from game.wonderful_island.describe import describe

from ..game_over import GameOverScene
from ..ui import draw, theme
from ..ui.textfit import blit_lines, fit_text
from . import art


class WonderfulIslandGameOverScene(GameOverScene):
    def __init__(self, app, match) -> None:
        from .table import WonderfulIslandTableScene
        super().__init__(app, match, WonderfulIslandTableScene)

    def reason(self) -> str:
        end = self.view.get("end") or {}
        return self.app.t("wi.ui.over." + end.get("method", "forced"))

    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """One card per seat: faction, character, votes; then the game-over line in full."""
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        n = v["n_players"]
        cols = 4 if n > 4 else n
        rows = (n + cols - 1) // cols
        gap = px(10)
        w = (rect.w - gap * (cols - 1)) // cols
        h = min(px(150), (rect.h - px(110) - gap * (rows - 1)) // rows)
        winners = set(self.winners())
        for s, p in enumerate(v["players"]):
            r = pygame.Rect(rect.x + (s % cols) * (w + gap), rect.y + (s // cols) * (h + gap), w, h)
            camp = p["faction"]
            colour = art.CAMP_RGB.get(camp, theme.GREY)
            draw.panel(surface, r, fill=theme.PARCHMENT, border=theme.GOLD if s in winners else colour,
                       radius=px(10), width=px(4) if s in winners else 2)
            band = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, px(28))
            pygame.draw.rect(surface, colour, band, border_radius=px(8))
            head = fit_text(fonts, f"{theme.SEAT_LETTERS[s]}  {self.match.seats[s].name}", px(16), theme.WHITE,
                            band.w - px(12), bold=True)
            surface.blit(head, head.get_rect(midleft=(band.x + px(8), band.centery)))
            y = band.bottom + px(6)
            lines = [data.camp_name(camp, t.lang) if camp else "?"]
            if p["character"]:
                lines.append(t.name(data.character(p["character"])["name"]))
            lines.append(t("wi.ui.over.votes", total=p["total"], iron=p["iron"]))
            if p["jailed"]:
                lines.append(t("wi.ui.chip.jailed"))
            for i, line in enumerate(lines):
                ts = fit_text(fonts, line, px(15 if i == 0 else 13), theme.INK, r.w - px(16), bold=i == 0)
                surface.blit(ts, (r.x + px(10), y))
                y += ts.get_height() + px(2)
            if s in winners:
                draw.seal(surface, (r.right - px(18), r.bottom - px(18)), px(15))
                wt = fit_text(fonts, t("over.seal"), px(13), theme.WHITE, px(24), bold=True)
                surface.blit(wt, wt.get_rect(center=(r.right - px(18), r.bottom - px(18))))
        names = [s.name for s in self.match.seats]
        last = next((e for e in reversed(self.match.events) if e["type"] == "game_over" and visible(e, None)), None)
        if last is not None:
            text = describe(last, t, names) or ""
            box = pygame.Rect(rect.x, rect.y + rows * (h + gap) + px(6), rect.w, rect.bottom - rect.y - rows * (h + gap))
            blit_lines(surface, fonts, text, px(15), theme.PARCHMENT, box)
