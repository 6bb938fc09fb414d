"""A small pop-up list of choices (e.g. which cards to pay with), drawn by code.

    ch = Chooser(app, title, [Choice(label, value, icons=[surf, ...], note="cheapest"), ...],
                 anchor=(x, y), bounds=screen_rect, on_pick=fn, on_cancel=fn)
    ch.handle(event) -> True when it used the event (it is modal: it uses every click)
    ch.draw(surface)

Rows are rendered once per hover change into a cached picture. Enter picks the
first (highlighted) row, Esc or a click outside cancels, Up/Down move the highlight.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

import pygame

from . import draw, theme
from .textfit import fit_text


@dataclass
class Choice:
    label: str
    value: Any
    icons: Sequence[pygame.Surface] = field(default_factory=list)
    note: str = ""


class Chooser:
    def __init__(self, app, title: str, choices: Sequence[Choice], anchor: tuple[int, int],
                 bounds: pygame.Rect, on_pick: Callable[[Any], None],
                 on_cancel: Optional[Callable[[], None]] = None, hint: str = "") -> None:
        self.app = app
        self.title = title
        self.choices = list(choices)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.hint = hint
        self.hot = 0
        px, tx = app.px, app.tx   # tx: the words, at the settings' text size
        fonts = app.fonts
        self.pad = px(10)
        self.row_h = max([tx(34)] + [max((i.get_height() for i in c.icons), default=0) + px(8)
                                     for c in self.choices])
        self.title_h = tx(30)
        self.hint_h = tx(20) if hint else 0
        widths = [fonts.text(title, tx(17), theme.INK, bold=True).get_width()]
        for c in self.choices:
            iw = sum(i.get_width() + px(3) for i in c.icons)
            lw = fonts.text(c.label, tx(15), theme.INK).get_width()
            nw = fonts.text(c.note, tx(13), theme.JADE, bold=True).get_width() + px(8) if c.note else 0
            widths.append(iw + px(10) + lw + nw)
        w = min(bounds.w - px(10), max(widths) + 2 * self.pad + px(6))
        h = self.title_h + self.hint_h + len(self.choices) * self.row_h + 2 * self.pad
        self.rect = pygame.Rect(0, 0, w, min(h, bounds.h - px(10)))
        self.rect.midbottom = (anchor[0], anchor[1] - px(14))
        if self.rect.y < bounds.y + px(4):
            self.rect.midtop = (anchor[0], anchor[1] + px(14))
        self.rect.clamp_ip(bounds)
        self._pic: Optional[pygame.Surface] = None
        self._pic_hot = -1

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.pad, self.rect.y + self.pad + self.title_h + self.hint_h + i * self.row_h,
                           self.rect.w - 2 * self.pad, self.row_h - 2)

    def pick(self, i: int) -> None:
        if 0 <= i < len(self.choices):
            self.on_pick(self.choices[i].value)

    def cancel(self) -> None:
        if self.on_cancel:
            self.on_cancel()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for i in range(len(self.choices)):
                if self.row_rect(i).collidepoint(event.pos):
                    if i != self.hot:
                        self.hot = i
                        return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button != 1:
                return True
            for i in range(len(self.choices)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.pick(i)
                    return True
            if not self.rect.collidepoint(event.pos):
                self.cancel()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.hot)
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key == pygame.K_DOWN:
                self.hot = (self.hot + 1) % len(self.choices)
            elif event.key == pygame.K_UP:
                self.hot = (self.hot - 1) % len(self.choices)
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.pick(event.key - pygame.K_1)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def _render(self) -> pygame.Surface:
        px, tx, fonts = self.app.px, self.app.tx, self.app.fonts
        pic = pygame.Surface((self.rect.w + 16, self.rect.h + 16), pygame.SRCALPHA)
        local = pygame.Rect(8, 8, self.rect.w, self.rect.h)
        draw.panel(pic, local, radius=px(10), width=px(3))
        ox, oy = local.x - self.rect.x, local.y - self.rect.y
        tt = fit_text(fonts, self.title, tx(17), theme.VERMILION_DARK, self.rect.w - 2 * self.pad, bold=True)
        pic.blit(tt, (local.x + self.pad, local.y + self.pad))
        if self.hint:
            ht = fit_text(fonts, self.hint, tx(13), theme.INK_SOFT, self.rect.w - 2 * self.pad)
            pic.blit(ht, (local.x + self.pad, local.y + self.pad + self.title_h - tx(4)))
        for i, c in enumerate(self.choices):
            r = self.row_rect(i).move(ox, oy)
            if r.bottom > local.bottom - 2:
                break
            hot = i == self.hot
            pygame.draw.rect(pic, theme.GOLD_LIGHT if hot else theme.WHITE, r, border_radius=px(6))
            pygame.draw.rect(pic, theme.GOLD if hot else theme.PARCHMENT_DARK, r, 2 if hot else 1,
                             border_radius=px(6))
            x = r.x + px(6)
            for icon in c.icons:
                pic.blit(icon, (x, r.centery - icon.get_height() // 2))
                x += icon.get_width() + px(3)
            note = fonts.text(c.note, tx(13), theme.JADE, bold=True) if c.note else None
            room = r.right - x - px(10) - (note.get_width() + px(8) if note else 0)
            lt = fit_text(fonts, c.label, tx(15), theme.INK, max(20, room))
            pic.blit(lt, (x + px(6), r.centery - lt.get_height() // 2))
            if note:
                pic.blit(note, note.get_rect(midright=(r.right - px(6), r.centery)))
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        if self._pic is None or self._pic_hot != self.hot:
            self._pic = self._render()
            self._pic_hot = self.hot
        surface.blit(self._pic, (self.rect.x - 8, self.rect.y - 8))
