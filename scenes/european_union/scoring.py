"""The round scoring of the European Union table, over the dimmed table: every voted bill with its
Council (and Parliament) result and what it paid each party, the parties' abilities, the change
this round and the tracks that moved, one line after another. The top bar and the log stay live."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.european_union import data as cards
from game.european_union.describe import bill_name, policy_short

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.emblems import seat_chip
from ..ui.panel import Intent
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import cards as art
from .base import EUPanel, fitting_size, text_grow

SCORING_LINE = 0.45          # seconds between two lines of the round scoring


class ScoringPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.round: Optional[int] = None
        self.lines = 0
        self.clock = 0.0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.picture: Optional[pygame.Surface] = None   # the scoring card
        self.cache: Optional[pygame.Surface] = None     # the dimmed table with the card on it

    def layout(self, rect: pygame.Rect, box: pygame.Rect) -> None:
        """`rect`: the table under it (it takes the clicks there); `box`: the scoring card."""
        super().layout(rect)
        self.box = pygame.Rect(box)
        self.picture = self.cache = None

    def open(self, rnd: int) -> None:
        self.visible, self.round = True, rnd
        watched = bool(self.scene.match.humans) or self.scene.app.settings.bot_delay > 0
        self.lines = 0 if watched else 99
        self.clock = SCORING_LINE if watched else 0.0
        self.picture = self.cache = None

    def close(self) -> None:
        self.visible = False
        self.picture = self.cache = None

    def refresh(self) -> None:
        self.picture = self.cache = None
        self.buttons = CachedGroup()
        if self.visible:
            px, r = self.px, self.box
            self.buttons.add(Button(lambda: self.t("eu.ui.scoring.continue"),
                                    lambda: self.say(Intent(call=self.scene.close_scoring)),
                                    (r.centerx - px(100), r.bottom - px(54), px(200), px(42)), style="primary",
                                    size=px(18), hotkey=pygame.K_RETURN))

    def ahead(self) -> list:
        """The round scoring's type and words, ready before its first showing (its first picture
        took three times as long as the next: a dozen font faces opened, every word set): the card
        painted once off screen, and every bill's name as its rows set it."""
        fonts, t = self.fonts, self.t
        # The faces first, one a job (opening one is a few milliseconds), then the card.
        jobs = [partial(fonts.font, self.tx(size), bold) for size in (11, 12, 13, 14, 15, 18, 22) for bold in (False, True)]
        jobs.append(self._rehearse)
        for b in cards.load()["bills"]:
            jobs += [partial(fonts.text, bill_name(b["id"], t), self.tx(14), theme.INK, bold) for bold in (False, True)]
        return jobs

    def _rehearse(self) -> None:
        """The card of this round painted and thrown away: its title, header, legend and note are set
        (all public: the parties, the seats' names, the round)."""
        if not self.view or self.box.w <= 0 or self.visible:
            return
        shown = self.round
        self.round = self.view.get("round")
        try:
            self._render()
        finally:
            self.round = shown

    def rows(self) -> list[dict]:
        """The lines of the round scoring, from the public history: bills, abilities, change, tracks."""
        v = self.view
        h = next((x for x in v["history"] if x["round"] == self.round), None)
        if h is None:
            return []
        parties = [p["party"] for p in v["players"]]
        rows = []
        for b in h["bills"]:
            pays = [cards.pay(b["bill"], party) if b["passed"] else None for party in parties]
            rows.append({"kind": "bill", "bill": b["bill"], "council": b["council"],
                         "parliament": b["parliament"], "passed": b["passed"], "cells": pays})
        abil = [sum(cards.ability_change(party, b["bill"], b["passed"], len(parties)) for b in h["bills"])
                for party in parties]
        rows.append({"kind": "ability", "cells": abil})
        rows.append({"kind": "change", "cells": [h["gains"][str(s)]["change"] for s in range(len(parties))]})
        rows.append({"kind": "tracks", "moves": h["moves"]})
        return rows

    def update(self, dt: float) -> bool:
        rows = len(self.rows())
        if self.lines < rows:
            self.clock -= dt
            if self.clock <= 0:
                self.lines = rows if self.clock < -1 else self.lines + 1
                self.clock = SCORING_LINE
                self.picture = self.cache = None
                return True
        elif not self.scene.match.humans:
            self.clock -= dt
            delay = self.scene.app.settings.bot_delay
            if self.clock <= -max(1.0, delay * 3) or delay <= 0:
                self.scene.close_scoring()
                return True
        return False

    def grow(self, size: float) -> int:
        return text_grow(self, size)

    def covering(self) -> list[pygame.Rect]:
        return [self.rect] if self.visible else []   # the dimmed table and its card

    # -- drawing ------------------------------------------------------------------------------------
    def snapshot(self) -> Optional[pygame.Surface]:
        return self.cache

    def draw(self, surface: pygame.Surface) -> None:
        if self.cache is None:
            draw.dim(surface, 110)
            if self.picture is None:
                self.picture = self._render()
            surface.blit(self.picture, self.box)
            if not self.scene.tweens.busy:  # the table stands still under it: one picture of both
                self.cache = surface.copy()
        else:
            surface.blit(self.cache, (0, 0))
        self.buttons.draw(surface, self.fonts)

    def _render(self) -> pygame.Surface:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        surf = pygame.Surface(self.box.size, pygame.SRCALPHA)
        local = surf.get_rect()
        draw.panel(surf, local.inflate(-8, -8), radius=px(14), width=px(3))
        g, tx = self.grow, self.tx   # the words at the text size; the rows move down and close up for them
        title = fit_text(fonts, t("eu.ui.scoring.title", round=self.round), tx(22), theme.VERMILION_DARK,
                         local.w - px(40), bold=True)
        surf.blit(title, title.get_rect(midtop=(local.centerx, px(14))))
        rows = self.rows()
        n = self.scene.n
        name_w = int(local.w * 0.34)
        res_w = px(86) if v["variant"] == "full" else px(44)
        cell_w = (local.w - px(40) - name_w - res_w) // n
        x0 = px(20)
        y = px(50) + g(22)
        head_h = px(26) + g(12)
        # Header: each party's colour, seat letter and name.
        for s in range(n):
            party = self.scene.party(s)
            hr = pygame.Rect(x0 + name_w + res_w + s * cell_w + 2, y, cell_w - 4, head_h)
            pygame.draw.rect(surf, art.party_rgb(party), hr, border_radius=px(5))
            seat_chip(surf, fonts, (hr.x + px(12), hr.centery), px(9), s)
            nt = fit_text(fonts, self.scene.name(s), tx(12), art.ink_on(art.party_rgb(party)), hr.w - px(26),
                          bold=True)
            surf.blit(nt, nt.get_rect(midleft=(hr.x + px(24), hr.centery)))
        hd = fit_text(fonts, t("eu.ui.scoring.col_bill"), tx(13), theme.INK_SOFT, name_w, bold=True)
        surf.blit(hd, hd.get_rect(midleft=(x0, y + head_h // 2)))
        hd2 = fit_text(fonts, t("eu.ui.scoring.col_result"), tx(12), theme.INK_SOFT, res_w, bold=True)
        surf.blit(hd2, hd2.get_rect(midleft=(x0 + name_w, y + head_h // 2)))
        y += px(32) + g(12)
        foot = px(96) + 2 * g(12)   # the legend and the note under the rows, each taller
        row_h = min(px(30) + g(14), (local.h - y - foot) // max(1, len(rows)))
        for i, row in enumerate(rows[:self.lines]):
            fill = theme.WHITE if i % 2 == 0 else theme.PARCHMENT
            pygame.draw.rect(surf, fill, (x0 - px(4), y, local.w - 2 * x0 + px(8), row_h))
            self._row(surf, row, y, row_h, x0, name_w, res_w, cell_w)
            y += row_h
        if self.lines < len(rows):
            dots = fonts.text("…", px(18), theme.INK_SOFT, bold=True)
            surf.blit(dots, dots.get_rect(midtop=(local.centerx, y)))
        self._legend(surf, local.h - px(90) - g(12))
        note = fit_text(fonts, t("eu.ui.scoring.note"), tx(12), theme.INK_SOFT, local.w - px(60))
        surf.blit(note, note.get_rect(midbottom=(local.centerx, local.h - px(64))))
        return surf

    def legend_items(self) -> list[tuple[str, str]]:
        """(mark, words) of the result column: the stage letters, then the three marks."""
        t = self.t
        items = [("council", t("eu.ui.scoring.short_council") + " " + t("eu.ui.scoring.legend.council"))]
        if self.view["variant"] == "full":
            items.append(("parliament", t("eu.ui.scoring.short_parliament") + " " +
                          t("eu.ui.scoring.legend.parliament")))
        items += [("passed", t("eu.ui.scoring.legend.passed")), ("rejected", t("eu.ui.scoring.legend.rejected"))]
        if self.view["variant"] == "full":
            items.append(("none", t("eu.ui.scoring.legend.none")))
        return items

    def _legend(self, surf: pygame.Surface, cy: int) -> None:
        """What the result column's letters and marks mean, in one line under the table."""
        px, fonts = self.px, self.fonts
        size, icon, gap = self.tx(12), px(12), px(16)
        parts = []
        for mark, words in self.legend_items():
            ts = fonts.text(words, size, theme.INK_SOFT)
            w = ts.get_width() + (icon + px(4) if mark in ("passed", "rejected", "none") else 0)
            parts.append((mark, ts, w))
        total = sum(w for _, _, w in parts) + gap * (len(parts) - 1)
        while total > surf.get_width() - px(40) and size > px(10):   # too long for one line: smaller type
            size = px(10) if size == px(12) else size - 1
            parts = [(m, fonts.text(wd, size, theme.INK_SOFT),
                      fonts.text(wd, size, theme.INK_SOFT).get_width() +
                      (icon + px(4) if m in ("passed", "rejected", "none") else 0))
                     for m, wd in self.legend_items()]
            total = sum(w for _, _, w in parts) + gap * (len(parts) - 1)
        x = (surf.get_width() - total) // 2
        for mark, ts, w in parts:
            box = pygame.Rect(x, cy - icon // 2, icon, icon)
            if mark == "passed":
                art.tick(surf, box, art.VOTE_RGB["yes"], max(2, px(2)))
            elif mark == "rejected":
                art.cross(surf, box.inflate(-px(2), -px(2)), art.VOTE_RGB["no"], max(2, px(2)))
            elif mark == "none":
                pygame.draw.line(surf, theme.GREY, (box.x, box.centery), (box.right, box.centery), 2)
            tx = x + (icon + px(4) if mark in ("passed", "rejected", "none") else 0)
            surf.blit(ts, ts.get_rect(midleft=(tx, cy)))
            x += w + gap

    def _bill_name(self, surf: pygame.Surface, name: str, size: int, room: int, at: tuple[int, int], row_h: int,
                   bold: bool) -> None:
        """A bill's name in its row, whole: on one line, a little smaller if need be (down to px(12)),
        else on two lines as large as the row holds them."""
        fonts, px = self.fonts, self.px
        one = art.whole_text(fonts, name, size, theme.INK, room, min(size, px(12)), bold)
        if one is None:
            for z in range(size, 6, -1):
                lines = fonts.wrap(name, z, room, bold)
                step = fonts.line_height(z, bold)
                if len(lines) <= 2 and len(lines) * step <= row_h + px(2) and \
                        all(fonts.text(line, z, theme.INK, bold).get_width() <= room for line in lines):
                    y = at[1] - len(lines) * step // 2
                    for line in lines:
                        surf.blit(fonts.text(line, z, theme.INK, bold), (at[0], y))
                        y += step
                    return
            one = fit_text(fonts, name, size, theme.INK, room, bold=bold, min_size=7)
        surf.blit(one, one.get_rect(midleft=at))

    def _row(self, surf, row: dict, y: int, row_h: int, x0: int, name_w: int, res_w: int, cell_w: int) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        local = surf.get_rect()
        cy = y + row_h // 2
        if row["kind"] == "bill":
            col = art.policy_rgb(cards.load()["bill_by_id"][row["bill"]]["border"])
            pygame.draw.rect(surf, col, (x0, y + px(4), px(6), row_h - px(8)), border_radius=2)
            self._bill_name(surf, bill_name(row["bill"], t), fitting_size(self, 14, row_h), name_w - px(14),
                            (x0 + px(12), cy), row_h, row["passed"])
            marks = [row["council"]] + ([row["parliament"]] if v["variant"] == "full" else [])
            mx = x0 + name_w
            for k, ok in enumerate(marks):
                box = pygame.Rect(mx + k * px(42), cy - px(8), px(16), px(16))
                if ok is None:
                    pygame.draw.line(surf, theme.GREY, (box.x, box.centery), (box.right, box.centery), 2)
                elif ok:
                    art.tick(surf, box, art.VOTE_RGB["yes"], max(2, px(3)))
                else:
                    art.cross(surf, box.inflate(-px(3), -px(3)), art.VOTE_RGB["no"], max(2, px(3)))
                lab = fonts.text(t("eu.ui.scoring.short_" + ("council" if k == 0 else "parliament")),
                                 fitting_size(self, 11, row_h), theme.INK_SOFT)
                surf.blit(lab, lab.get_rect(midleft=(box.right + px(2), cy)))
        elif row["kind"] == "tracks":
            # The tracks by their names on the board (five moves in full names are longer than the card).
            moved = [t("eu.log.track_move", policy=policy_short(p, t), steps=k) for p, k in row["moves"].items() if k]
            text = t("eu.ui.scoring.tracks", moves=t("eu.list_sep").join(moved) if moved else t("eu.log.no_moves"))
            size = fitting_size(self, 14, row_h)
            nt = art.whole_text(fonts, text, size, theme.INK, local.w - 2 * x0, min(size, px(11)), True) or \
                fit_text(fonts, text, size, theme.INK, local.w - 2 * x0, bold=True)
            surf.blit(nt, nt.get_rect(midleft=(x0, cy)))
            return
        else:
            key = "eu.ui.scoring.ability" if row["kind"] == "ability" else "eu.ui.scoring.change"
            nt = fit_text(fonts, t(key), fitting_size(self, 14, row_h), theme.VERMILION_DARK, name_w + res_w - px(10),
                          bold=True)
            surf.blit(nt, nt.get_rect(midleft=(x0, cy)))
            if row["kind"] == "change":
                pygame.draw.line(surf, theme.WOOD, (x0, y), (local.w - x0, y), 2)
        for s, val in enumerate(row["cells"]):
            cx = x0 + name_w + res_w + s * cell_w + cell_w // 2
            if val is None:
                txt, col = "—", theme.GREY
            else:
                txt = f"+{val}" if val > 0 else str(val)
                col = art.VOTE_RGB["yes"] if val > 0 else (art.VOTE_RGB["no"] if val < 0 else theme.INK_SOFT)
            vt = fonts.text(txt, fitting_size(self, 15, row_h), col, bold=row["kind"] == "change")
            surf.blit(vt, vt.get_rect(center=(cx, cy)))
