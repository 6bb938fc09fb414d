"""A parchment note on the table: a small header, a few wrapped paragraphs and a row of buttons,
placed in an area of the table away from what it points at (the coach of a guided game, a hint)."""
from __future__ import annotations

from dataclasses import dataclass
import pygame

from . import draw, theme
from .textfit import fit_text
from .widgets import Button


@dataclass(frozen=True)
class Para:
    text: str
    size: int = 17          # design px (scaled by the app's tx: the window and the text size)
    colour: tuple = theme.INK
    bold: bool = False


class NoteBox:
    def __init__(self, app) -> None:
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.head = ""
        self.lines: list[tuple[Para, list[str]]] = []
        self.border = theme.GOLD
        self._key: tuple = ()
        self.k = 1.0   # the text size the words were laid out at (the settings', or smaller to fit)

    def layout(self, area: pygame.Rect, head: str, paras: list[Para], buttons: list[Button],
               avoid: tuple = (), border=theme.GOLD) -> None:
        """Wrap the words to the area's width (at most 420 design px), stack them over the buttons
        (laid in one row), and put the box at the top of `area`, or at its bottom, or beside it, so
        that it covers none of `avoid` if it can. Laid out again only when something changed."""
        key = (tuple(area), head, tuple(paras), tuple(id(b) for b in buttons), tuple(tuple(r) for r in avoid),
               self.app.size, self.app.t.lang, self.app.text_scale)
        self.border = border
        if key == self._key:
            return
        self._key = key
        px, fonts = self.app.px, self.app.fonts
        w = min(area.w, px(420 * min(1.3, self.app.text_scale)))  # larger text: a wider note, within reason
        inner = w - px(28)
        self.head = head
        # The words at the text size; a note that would then be taller than its area (a long step in
        # a narrow column at 150 %) takes them a step smaller, down to 100 %, rather than run off
        # the window.
        ts = self.app.text_scale
        # Still too tall at 100 % (a long hint in a narrow column): a little smaller still.
        for k in sorted({ts, (ts + 1) / 2, 1.0}, reverse=True) + [0.9, 0.8]:
            self.k = k
            tx = self.tx
            self.lines = [(p, fonts.wrap(p.text, tx(p.size), inner, bold=p.bold)) for p in paras if p.text]
            h = px(14) + tx(24) + sum(len(ls) * tx(p.size + 6) + px(6) for p, ls in self.lines) \
                + (px(12) + px(40) if buttons else 0) + px(12)
            if h <= area.h:
                break
        # Never past the area's bottom, where the table's own buttons are (Undo, Pass): a note
        # taller than its area grows upwards instead, over what lies above it.
        box = pygame.Rect(area.x, max(0, min(area.y, area.bottom - h)), w, h)
        if any(box.colliderect(r) for r in avoid):
            box.bottom = area.bottom
            if any(box.colliderect(r) for r in avoid):
                box.x = area.x - w - px(10) if area.x - w - px(10) >= 0 else area.right - w
        self.rect = box
        if buttons:
            gap = px(8)
            bw = (w - px(28) - gap * (len(buttons) - 1)) // len(buttons)
            y = box.bottom - px(12) - px(40)
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(box.x + px(14) + i * (bw + gap), y, bw, px(40))
                b.size = px(15)

    def tx(self, value: float) -> int:
        """A size of the note's words: the window's scale times the text size it was laid out at."""
        return int(round(value * self.app.scale * self.k))

    def draw(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        px, tx, fonts = self.app.px, self.tx, self.app.fonts
        box = self.rect
        draw.shadow(surface, box, radius=px(12))
        draw.panel(surface, box, fill=theme.PARCHMENT, border=self.border, radius=px(12), width=px(3))
        x, y = box.x + px(14), box.y + px(12)
        surface.blit(fit_text(fonts, self.head, tx(14), theme.VERMILION_DARK, box.w - px(28), bold=True), (x, y))
        y += tx(24)
        for para, lines in self.lines:
            for line in lines:
                surface.blit(fonts.text(line, tx(para.size), para.colour, para.bold), (x, y))
                y += tx(para.size + 6)
            y += px(6)
        for b in buttons:
            b.draw(surface, fonts)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def texts(self) -> list[str]:
        """Every line of words the box shows (tests)."""
        return [self.head] + [line for _, lines in self.lines for line in lines]

