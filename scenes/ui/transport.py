"""Player-style buttons (step back, play, pause, step forward) whose symbols are drawn, not typed:
the shipped CJK font has no ⏮ ⏸ ⏭ glyphs."""
from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from . import draw, theme
from .widgets import Button

BACK, PLAY, PAUSE, FORWARD = "back", "play", "pause", "forward"


def paint_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect, colour) -> None:
    """A media symbol centred in rect, about half its height."""
    s = max(6, rect.h // 2)
    cx, cy = rect.center
    half = s // 2
    bar = max(2, s // 5)
    if symbol == PLAY:
        pygame.draw.polygon(surface, colour, [(cx - half + 2, cy - half), (cx - half + 2, cy + half),
                                              (cx + half + 2, cy)])
    elif symbol == PAUSE:
        for x in (cx - half + 1, cx + half - bar):
            pygame.draw.rect(surface, colour, (x, cy - half, bar, s))
    elif symbol in (BACK, FORWARD):
        sign = -1 if symbol == BACK else 1
        tip = cx + sign * (half - bar)
        base = cx - sign * half
        pygame.draw.polygon(surface, colour, [(base, cy - half), (base, cy + half), (tip, cy)])
        x = tip if sign > 0 else tip - bar
        pygame.draw.rect(surface, colour, (x, cy - half, bar, s))
    else:
        raise ValueError(f"no symbol {symbol!r}")


class SymbolButton(Button):
    """A button showing a drawn symbol; `symbol` may be a callable (play turns into pause)."""

    def __init__(self, symbol: str | Callable[[], str], on_click: Callable[[], Any], rect=(0, 0, 0, 0),
                 hotkey: Optional[int] = None, style: str = "plain") -> None:
        super().__init__(lambda: self.symbol, on_click, rect, style=style, hotkey=hotkey)
        self._symbol = symbol

    @property
    def symbol(self) -> str:
        return self._symbol() if callable(self._symbol) else self._symbol

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        fill, border, ink = self.colours()
        draw.panel(surface, self.rect, fill=fill, border=border, radius=min(12, self.rect.h // 3), width=2,
                   drop=self.enabled)
        paint_symbol(surface, self.symbol, self.rect, ink if self.enabled else theme.DISABLED)
