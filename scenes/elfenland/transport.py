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
        self.picture = transport_table_picture(self.app, min(self.area.w - px(20), px(620)))
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


def transport_table_picture(app, width: int, panel: bool = True) -> pygame.Surface:
    """The transport table (cards per terrain per transport, and rafts), drawn from assets/data/elfenland.json."""
    px, t, fonts = app.px, app.t, app.fonts
    d = elf_data()
    terrains = ["plain", "forest", "mountain", "desert", "river", "lake"]
    pad = px(10) if panel else 0
    first = int(width * 0.27)
    cell = (width - 2 * pad - first) // len(terrains)
    row_h = px(30)
    title_h = px(30) if panel else 0
    rows = list(COUNTERS) + ["raft"]
    note_lines = fonts.wrap(t("elf.ui.table_note"), px(13), width - 2 * pad)
    h = title_h + row_h * (len(rows) + 1) + len(note_lines) * px(18) + 2 * pad + px(6)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    if panel:
        draw.panel(surf, surf.get_rect(), radius=px(10), width=px(3), drop=False)
        tt = fonts.text(t("elf.ui.transport_table"), px(17), theme.VERMILION_DARK, bold=True)
        surf.blit(tt, (pad, pad - px(2)))
    y = pad + title_h
    head = pygame.Rect(pad, y, width - 2 * pad, row_h)
    pygame.draw.rect(surf, theme.PARCHMENT_DARK, head)
    for j, ter in enumerate(terrains):
        cx = pad + first + j * cell
        key = art.terrain_slot(ter, px(8))   # as the roads' empty counter places show the terrain
        sw = key.get_rect(midleft=(cx + px(2), y + row_h // 2))
        surf.blit(key, sw)
        tn = fit_text(fonts, terrain_name(ter, t), px(13), theme.INK, cell - px(20), bold=True)
        surf.blit(tn, (sw.right + px(3), y + row_h // 2 - tn.get_height() // 2))
    y += row_h
    for i, kind in enumerate(rows):
        rr = pygame.Rect(pad, y, width - 2 * pad, row_h)
        pygame.draw.rect(surf, theme.WHITE if i % 2 else theme.PARCHMENT, rr)
        icon = art.travel_card(kind, px(19))
        surf.blit(icon, (pad + px(4), y + (row_h - icon.get_height()) // 2))
        nm = fit_text(fonts, transport_name(kind, t), px(14), theme.INK, first - px(34))
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
            vt = fonts.text(val, px(15), colour, bold=val != "—")
            surf.blit(vt, vt.get_rect(center=(cx + cell // 2, y + row_h // 2)))
        y += row_h
    pygame.draw.rect(surf, theme.WOOD, pygame.Rect(pad, pad + title_h, width - 2 * pad, y - pad - title_h), 1)
    y += px(6)
    for line in note_lines:
        surf.blit(fonts.text(line, px(13), theme.INK_SOFT), (pad, y))
        y += px(18)
    return surf
