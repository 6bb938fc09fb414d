"""A game's card: emblem, name, player count, and what a click does.

Used by the main menu tiles, the rules picker and the setup scene's game row.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from . import draw, theme
from .emblems import game_emblem
from .textfit import fit_text
from .widgets import Widget


class GameCard(Widget):
    def __init__(self, spec, translator: Callable[[], Any], on_click: Callable[[], Any],
                 rect=(0, 0, 0, 0), size: int = 22, compact: bool = False,
                 mark: Optional[Callable[[], Optional[str]]] = None) -> None:
        super().__init__(rect)
        self.mark = mark  # a word stamped in the card's corner (e.g. "Learned"), asked at draw time
        self.spec = spec
        self.translator = translator  # called at draw time, so a language switch shows at once
        self.on_click = on_click
        self.size = size
        self.compact = compact
        self.selected = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False

    def _fit(self, fonts, text: str, size: int, colour, width: int, bold: bool = False) -> pygame.Surface:
        return fit_text(fonts, text, size, colour, width, bold, min_size=9)

    def stamp(self, fonts) -> Optional[tuple[pygame.Surface, pygame.Rect]]:
        """The mark's word and where it goes (None: no mark)."""
        word = self.mark() if self.mark is not None else None
        if not word:
            return None
        size = max(10, int(self.size * 0.55))
        stamp = fonts.text(word, size, theme.WHITE, bold=True)
        r = stamp.get_rect().inflate(size, size // 2)
        if self.compact:  # beside the player count, clear of the name
            r.bottomright = (self.rect.right - size // 2, self.rect.bottom - size // 2)
        else:
            r.topright = (self.rect.right - size // 3, self.rect.y + size // 3)
        return stamp, r

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        stamp = self.stamp(fonts)
        self._draw_card(surface, fonts, stamp[1] if stamp else None)
        if stamp:
            word, r = stamp
            size = max(10, int(self.size * 0.55))
            draw.panel(surface, r, fill=theme.JADE, border=theme.WOOD_DARK, radius=size // 2, width=1, drop=False)
            surface.blit(word, word.get_rect(center=r.center))

    def _draw_card(self, surface: pygame.Surface, fonts, stamp: Optional[pygame.Rect] = None) -> None:
        """The card; its lines keep clear of `stamp` (the mark's place in the corner)."""
        t = self.translator()
        spec, r, s = self.spec, self.rect, self.size
        if self.selected:
            fill, border = theme.WHITE, theme.VERMILION
        else:
            fill, border = (theme.WHITE if self.hover else theme.PARCHMENT), theme.WOOD
        radius = max(6, min(14, r.h // 6))
        draw.panel(surface, r, fill=fill, border=border, radius=radius,
                   width=max(3, s // 6) if self.selected else 2)
        pad = max(4, r.h // 10)
        emblem = game_emblem(spec.key, min(r.h - 2 * pad, int(r.w * 0.36)))
        surface.blit(emblem, emblem.get_rect(midleft=(r.x + pad, r.centery)))
        x = r.x + 2 * pad + emblem.get_width()
        room = r.right - pad - x
        ink = theme.INK
        full = t.name(spec.names)
        # The name, at the top of a tile, ends before the mark in its corner (a compact card's
        # mark is at the bottom, beside the player count).
        name_room = min(room, stamp.x - max(2, s // 5) - x) if stamp is not None and not self.compact else room
        name = self._fit(fonts, full, s, ink, name_room, bold=True)
        players = t("menu.players_range", min=spec.min_players, max=spec.max_players)
        if self.compact:
            sub = self._fit(fonts, players, int(s * 0.7), theme.INK_SOFT, room)
            top = r.centery - (name.get_height() + sub.get_height()) // 2
            surface.blit(name, (x, top))
            surface.blit(sub, (x, top + name.get_height()))
            return
        names = [name]
        if " " in full and fonts.font(s, True).size(full)[0] > name_room * 1.2:
            # Much too long for one line: two balanced lines read better than one squeezed line.
            words = full.split(" ")
            cut = min(range(1, len(words)), key=lambda i: max(fonts.font(s, True).size(" ".join(words[:i]))[0],
                                                               fonts.font(s, True).size(" ".join(words[i:]))[0]))
            parts = [" ".join(words[:cut]), " ".join(words[cut:])]
            # One size for both lines, the largest at which each fits its room (the first beside
            # the mark, if any; the second under it, the whole width).
            size = s
            while size > 9 and (fonts.font(size, True).size(parts[0])[0] > name_room
                                or fonts.font(size, True).size(parts[1])[0] > room):
                size -= 1
            names = [self._fit(fonts, parts[0], size, ink, name_room, bold=True),
                     self._fit(fonts, parts[1], size, ink, room, bold=True)]
        other = next((v for k, v in spec.names.items() if k != t.lang), "")
        lines = [*names, self._fit(fonts, other, int(s * 0.68), theme.INK_SOFT, room),
                 self._fit(fonts, players, int(s * 0.78), ink, room)]
        lines.append(self._fit(fonts, t("menu.tile_hint"), int(s * 0.74), theme.JADE, room, bold=True))
        gap = max(2, s // 5)
        total = sum(line.get_height() for line in lines) + gap * (len(lines) - 1)
        y = r.centery - total // 2
        for line in lines:
            surface.blit(line, (x, y))
            y += line.get_height() + gap
