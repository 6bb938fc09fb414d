"""The Elfenland results: town markers per player, cards held, destinations and distances, winners."""
from __future__ import annotations

from typing import Callable

import pygame

from game.elfenland.describe import town_name
from game.elfenland.state import standing

from ..shell.game_over import GameOverScene
from ..ui import draw, theme
from ..ui.text import TEXT_SIZES
from ..ui.textfit import fit_text
from . import sprites as art
from .board_pieces import MARKERS_TOTAL
from .board_view import base_map
from game.elfenland.board import load_board

MAP_ROOM = 180   # design px the board as it ended keeps under the table when the words grow


class ElfenlandGameOverScene(GameOverScene):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        result = self.view.get("result") or {}
        self.result = result
        self.view = dict(self.view, scores=list(result.get("scores") or []))

    def order(self) -> list[int]:
        """The seats as they finished, by the rules' tie-breaks too (more cards; in the destination
        variant a shorter distance first), then in seat order."""
        if not self.result.get("scores"):
            return super().order()
        return sorted(range(len(self.match.seats)),
                      key=lambda s: (tuple(-k for k in standing(self.result, s, MARKERS_TOTAL)), s))

    def show_scores(self) -> bool:
        return bool(self.result.get("scores"))

    def reason(self) -> str:
        t = self.app.t
        everything = [s for s, m in enumerate(self.result.get("markers") or []) if m >= MARKERS_TOTAL]
        if everything:
            return t("elf.over.reason_all", names=t("elf.list_sep").join(self.match.seats[s].name for s in everything))
        if self.result.get("destinations"):
            return t("elf.over.reason_destination")
        return t("elf.over.reason_basic")

    def _text_fit(self, rect: pygame.Rect, n: int) -> tuple[Callable[[float], int], int, int]:
        """(tx, row height, heading height): the table's words at the text size, its rows taller for
        them, a step smaller where the board under it would keep less than MAP_ROOM."""
        app = self.app
        px, lh = app.px, app.fonts.line_height
        steps = [p / 100 for p in sorted(TEXT_SIZES, reverse=True) if p / 100 <= app.text_scale] or [1.0]
        for f in steps:
            def tx(v: float, f: float = f) -> int:
                return int(round(v * app.scale * f))
            row_h = px(34) + max(0, lh(tx(16), True) - lh(px(16), True))
            head_h = px(30) + max(0, lh(tx(15), True) - lh(px(15), True))
            if rect.h - (head_h + n * row_h + px(24)) >= px(MAP_ROOM):
                break
        return tx, row_h, head_h

    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        res = self.result
        n = len(self.match.seats)
        dest = res.get("destinations")
        winners = set(self.winners())
        # The table of results.
        cols = [("name", 0.34), ("markers", 0.2), ("cards", 0.14)]
        if dest:
            cols += [("destination", 0.22), ("score", 0.1)]
        tx, row_h, head_h = self._text_fit(rect, n)
        table = pygame.Rect(rect.x, rect.y, rect.w, head_h + n * row_h + px(12))
        draw.panel(surface, table, radius=px(10), width=2)
        x = table.x + px(12)
        xs = []
        for key, frac in cols:
            xs.append(x)
            ht = fit_text(fonts, t("elf.over.col." + key), tx(15), theme.VERMILION_DARK,
                          int((table.w - px(24)) * frac) - px(6), bold=True)
            surface.blit(ht, (x, table.y + px(7)))
            x += int((table.w - px(24)) * frac)
        order = self.order()
        for i, s in enumerate(order):
            y = table.y + head_h + i * row_h
            if s in winners:
                pygame.draw.rect(surface, (252, 236, 180), (table.x + px(4), y, table.w - px(8), row_h - 2),
                                 border_radius=px(6))
            boot = art.boot(s, px(26), fonts)
            surface.blit(boot, boot.get_rect(midleft=(xs[0], y + row_h // 2)))
            nm = fit_text(fonts, self.match.seats[s].name, tx(16), theme.INK,
                          xs[1] - xs[0] - px(40), bold=s in winners)
            surface.blit(nm, (xs[0] + px(30), y + row_h // 2 - nm.get_height() // 2))
            mk = res["markers"][s]
            bar = pygame.Rect(xs[1], y + row_h // 2 - px(6), int((xs[2] - xs[1]) * 0.55), px(12))
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, bar, border_radius=px(4))
            fill = bar.copy()
            fill.w = int(bar.w * min(1.0, mk / 20))
            pygame.draw.rect(surface, theme.seat_colour(s), fill, border_radius=px(4))
            pygame.draw.rect(surface, theme.INK, bar, 1, border_radius=px(4))
            mt = fit_text(fonts, f"{mk}/20", tx(15), theme.INK, xs[2] - bar.right - px(10), bold=True)
            surface.blit(mt, (bar.right + px(6), y + row_h // 2 - mt.get_height() // 2))
            ct = fonts.text(str(res["cards"][s]), tx(15), theme.INK)
            surface.blit(ct, (xs[2], y + row_h // 2 - ct.get_height() // 2))
            if dest:
                dt = fit_text(fonts, t("elf.over.distance", town=town_name(dest[s], t), n=res["distances"][s]),
                              tx(14), theme.INK, xs[4] - xs[3] - px(6))
                surface.blit(dt, (xs[3], y + row_h // 2 - dt.get_height() // 2))
                st = fonts.text(str(res["scores"][s]), tx(16), theme.VERMILION_DARK, bold=True)
                surface.blit(st, (xs[4], y + row_h // 2 - st.get_height() // 2))
        # The board as it ended: every boot where it stopped (destinations flagged in the variant).
        area = pygame.Rect(rect.x, table.bottom + px(12), rect.w, rect.bottom - table.bottom - px(12))
        if area.h < px(80):
            return
        board = load_board()
        base = base_map()
        s = min(area.w / base.get_width(), area.h / base.get_height())
        size = (int(base.get_width() * s), int(base.get_height() * s))
        pic = pygame.transform.smoothscale(base, size)
        at = pic.get_rect(midtop=area.midtop)
        for r in board.routes:
            if r.kind not in ("river", "lake"):
                pygame.draw.lines(pic, (58, 38, 22), False, [(x * s, y * s) for x, y in r.points], max(1, px(2)))
        for town in board.towns.values():
            pygame.draw.circle(pic, (236, 192, 72) if town.capital else (214, 204, 184), (town.x * s, town.y * s),
                               max(3, px(5)))
            pygame.draw.circle(pic, (70, 46, 24), (town.x * s, town.y * s), max(3, px(5)), 1)
        boots: dict[str, list[int]] = {}
        for p in self.view["players"]:
            boots.setdefault(p["boot"], []).append(p["seat"])
        bs = px(26)
        for town_id, seats in boots.items():
            town = board.towns[town_id]
            for i, seat in enumerate(seats):
                img = art.boot(seat, bs, fonts)
                x = town.x * s + (i - (len(seats) - 1) / 2) * bs * 0.8
                pic.blit(img, img.get_rect(midbottom=(round(x), round(town.y * s))))
        if dest:   # over the boots (a boot home at its destination hides no flag), outlined: a blue flag on a lake
            for seat, d in enumerate(dest):
                town = board.towns[d]
                p = (town.x * s + px(4), town.y * s)
                pygame.draw.line(pic, theme.INK, p, (p[0], p[1] - px(18)), 2)
                cloth = [(p[0], p[1] - px(18)), (p[0] + px(12), p[1] - px(14)), (p[0], p[1] - px(10))]
                pygame.draw.polygon(pic, theme.seat_colour(seat), cloth)
                pygame.draw.polygon(pic, theme.INK, cloth, max(1, px(1)))
        pygame.draw.rect(surface, theme.WOOD_DARK, at.inflate(px(6), px(6)), border_radius=px(6))
        surface.blit(pic, at)
        pygame.draw.rect(surface, theme.GOLD, at.inflate(px(6), px(6)), 2, border_radius=px(6))
