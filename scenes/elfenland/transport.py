"""The transport table over the map's top left corner (the T key or the top bar's button): cards per
road by terrain and transport, and rafts. A click on it, Esc or T puts it away. The same picture
serves the rules help."""
from __future__ import annotations

from typing import Optional

import pygame

from game.elfenland.describe import terrain_name, transport_name
from game.elfenland.rules import data as elf_data

from ..ui import draw, theme
from ..ui.panel import USED, Intent, Panel
from ..ui.text import TEXT_SIZES
from ..ui.textfit import fit_text
from . import sprites as art
from .legal import COUNTERS


class TransportPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.picture: Optional[pygame.Surface] = None
        self.area = pygame.Rect(0, 0, 0, 0)      # the map's viewport: the table sits in its corner

    def layout(self, area: pygame.Rect) -> None:
        self.area = pygame.Rect(area)
        self.picture = None
        if self.visible:
            self._paint()

    def _paint(self) -> None:
        """Painted when first shown (and again after a new window size)."""
        px = self.px
        self.picture = transport_table_picture(self.app, min(self.area.w - px(20), px(620)), max_h=self.area.h - px(20))
        self.rect = self.picture.get_rect(topleft=(self.area.x + px(10), self.area.y + px(10)))

    def toggle(self) -> None:
        self.visible = not self.visible
        if self.visible and self.picture is None:
            self._paint()
        self.scene.dirty = True

    def covering(self) -> list[pygame.Rect]:
        return [self.rect] if self.visible else []

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.rect)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Intent(call=self.toggle)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Intent(call=self.toggle)
        return USED if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) else None


def transport_table_picture(app, width: int, panel: bool = True, max_h: Optional[int] = None) -> pygame.Surface:
    """The transport table (cards per terrain per transport, and rafts), drawn from assets/data/elfenland.json.
    Its words at the text size, its rows taller for them; where that would be taller than `max_h`
    (the map under a 1024x600 window) a step smaller, down to the design's."""
    steps = [p / 100 for p in sorted(TEXT_SIZES, reverse=True) if p / 100 <= app.text_scale] or [1.0]
    for f in steps:
        surf = _table_picture(app, width, panel, f)
        if max_h is None or surf.get_height() <= max_h:
            break
    return surf


def _table_picture(app, width: int, panel: bool, f: float) -> pygame.Surface:
    """The table with its words at `f` times the design's (1.0: exactly as px)."""
    px, t, fonts = app.px, app.t, app.fonts
    lh = fonts.line_height

    def tx(v: float) -> int:
        return int(round(v * app.scale * f))

    def grow(v: float, bold: bool = False) -> int:   # how much taller a line of size v is at f
        return max(0, lh(tx(v), bold) - lh(px(v), bold))

    d = elf_data()
    terrains = ["plain", "forest", "mountain", "desert", "river", "lake"]
    pad = px(10) if panel else 0
    first = int(width * 0.27)
    cell = (width - 2 * pad - first) // len(terrains)
    row_h = px(30) + grow(15, True)
    title_h = px(30) + grow(17, True) if panel else 0
    # At a larger text size a terrain's name goes under its key when it does not fit beside it.
    stacked = f > 1 and any(fonts.text(terrain_name(ter, t), tx(13), theme.INK, bold=True).get_width() > cell - px(20)
                            for ter in terrains)
    key_h = art.terrain_slot(terrains[0], px(8)).get_height()
    head_h = px(5) + key_h + lh(tx(13), True) if stacked else row_h
    rows = list(COUNTERS) + ["raft"]
    note_step = px(18) + grow(13)
    note_lines = fonts.wrap(t("elf.ui.table_note"), tx(13), width - 2 * pad)
    h = title_h + head_h + row_h * len(rows) + len(note_lines) * note_step + 2 * pad + px(6)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    if panel:
        draw.panel(surf, surf.get_rect(), radius=px(10), width=px(3), drop=False)
        tt = fit_text(fonts, t("elf.ui.transport_table"), tx(17), theme.VERMILION_DARK, width - 2 * pad, bold=True)
        surf.blit(tt, (pad, pad - px(2)))
    y = pad + title_h
    head = pygame.Rect(pad, y, width - 2 * pad, head_h)
    pygame.draw.rect(surf, theme.PARCHMENT_DARK, head)
    for j, ter in enumerate(terrains):
        cx = pad + first + j * cell
        key = art.terrain_slot(ter, px(8))   # as the roads' empty counter places show the terrain
        if stacked:
            sw = key.get_rect(midtop=(cx + cell // 2, y + px(3)))
            surf.blit(key, sw)
            tn = fit_text(fonts, terrain_name(ter, t), tx(13), theme.INK, cell - px(4), bold=True)
            surf.blit(tn, tn.get_rect(midtop=(cx + cell // 2, sw.bottom)))
            continue
        sw = key.get_rect(midleft=(cx + px(2), y + row_h // 2))
        surf.blit(key, sw)
        tn = fit_text(fonts, terrain_name(ter, t), tx(13), theme.INK, cell - px(20), bold=True)
        surf.blit(tn, (sw.right + px(3), y + row_h // 2 - tn.get_height() // 2))
    y += head_h
    for i, kind in enumerate(rows):
        rr = pygame.Rect(pad, y, width - 2 * pad, row_h)
        pygame.draw.rect(surf, theme.WHITE if i % 2 else theme.PARCHMENT, rr)
        icon = art.travel_card(kind, px(19))
        surf.blit(icon, (pad + px(4), y + (row_h - icon.get_height()) // 2))
        nm = fit_text(fonts, transport_name(kind, t), tx(14), theme.INK, first - px(34))
        surf.blit(nm, (pad + px(28), y + row_h // 2 - nm.get_height() // 2))
        for j, ter in enumerate(terrains):
            cx = pad + first + j * cell
            if kind == "raft":
                if ter == "river":
                    val = f"{d['rafts']['river_downstream']} ↓  {d['rafts']['river_upstream']} ↑"
                elif ter == "lake":
                    val = str(d["rafts"]["lake"])
                else:
                    val = "—"
            else:
                n = d["transport_table"][kind][ter]
                val = "—" if n is None else str(n)
            colour = theme.INK_SOFT if val == "—" else theme.INK
            vt = fit_text(fonts, val, tx(15), colour, cell - px(4), bold=val != "—")
            surf.blit(vt, vt.get_rect(center=(cx + cell // 2, y + row_h // 2)))
        y += row_h
    pygame.draw.rect(surf, theme.WOOD, pygame.Rect(pad, pad + title_h, width - 2 * pad, y - pad - title_h), 1)
    y += px(6)
    for line in note_lines:
        surf.blit(fonts.text(line, tx(13), theme.INK_SOFT), (pad, y))
        y += note_step
    return surf
