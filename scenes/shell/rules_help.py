"""Rules help: a see-through overlay with pages of rules and tables, for any game.

A game contributes its pages from a small module, scenes/<key>/rules_pages.py,
with ``pages(app) -> list[RulesPage]``; a game without one gets a polite note.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

import pygame

from ..manager import Scene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.widgets import Button, Group


@dataclass
class Heading:
    text: str


@dataclass
class Para:
    text: str


@dataclass
class Picture:
    """Anything drawn by code: render(width) returns a surface at most `width` wide."""
    render: Callable[[int], pygame.Surface]


Block = Union[Heading, Para, Picture]
Cell = Union[str, pygame.Surface, Sequence[Union[str, pygame.Surface]]]


@dataclass
class RulesPage:
    title: str
    blocks: list[Block] = field(default_factory=list)


def load_pages(app, key: str) -> list[RulesPage]:
    from ..registry import SceneUnavailable, game_part
    try:
        pages = game_part(key, "rules_pages")
    except SceneUnavailable:
        return [RulesPage(app.t("rules.title", game=key), [Para(app.t("rules.none"))])]
    return pages(app)


def grid(app, width: int, headers: Sequence[str], rows: Sequence[Sequence[Cell]],
         fracs: Sequence[float]) -> pygame.Surface:
    """A ruled table; a cell is text, an icon surface, or a row of both. Text wraps in its column."""
    px, fonts = app.px, app.fonts
    size = app.tx(16)
    pad = px(8)
    widths = [int(width * f) for f in fracs]

    def cell_surface(cell: Cell, w: int, bold: bool = False) -> pygame.Surface:
        parts = [cell] if isinstance(cell, (str, pygame.Surface)) else list(cell)
        if len(parts) == 1 and isinstance(parts[0], str):
            lines = fonts.wrap(parts[0], size, w - 2 * pad, bold)
            surf = pygame.Surface((w, max(1, len(lines)) * int(size * 1.45) + 2 * pad), pygame.SRCALPHA)
            for i, line in enumerate(lines):
                surf.blit(fonts.text(line, size, theme.INK, bold), (pad, pad + i * int(size * 1.45)))
            return surf
        rendered = [fonts.text(p, size, theme.INK, bold) if isinstance(p, str) else p for p in parts]
        h = max(r.get_height() for r in rendered) + 2 * pad
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        x = pad
        for r in rendered:
            if x + r.get_width() > w - pad:
                break
            surf.blit(r, (x, (h - r.get_height()) // 2))
            x += r.get_width() + px(6)
        return surf

    built = [[cell_surface(h, w, True) for h, w in zip(headers, widths)]]
    built += [[cell_surface(c, w) for c, w in zip(row, widths)] for row in rows]
    heights = [max(c.get_height() for c in row) for row in built]
    out = pygame.Surface((sum(widths), sum(heights)), pygame.SRCALPHA)
    y = 0
    for i, (row, h) in enumerate(zip(built, heights)):
        fill = theme.PARCHMENT_DARK if i == 0 else (theme.WHITE if i % 2 else theme.PARCHMENT)
        pygame.draw.rect(out, fill, (0, y, out.get_width(), h))
        x = 0
        for c, w in zip(row, widths):
            out.blit(c, (x, y + (h - c.get_height()) // 2))
            x += w
        y += h
    pygame.draw.rect(out, theme.WOOD, out.get_rect(), 1)
    return out


class RulesHelpScene(Scene):
    opaque = False   # the table stays visible, dimmed, around the rules
    modal = True

    def __init__(self, app, key: str) -> None:
        super().__init__(app)
        self.key = key
        self.pages = self.read_pages()
        self.page = 0
        self.scroll = 0
        self.content: pygame.Surface | None = None
        self.group = Group()

    def read_pages(self) -> list[RulesPage]:
        """The pages shown: the game's rules (another help, such as the review's, gives its own)."""
        return load_pages(self.app, self.key)

    # -- layout -------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px, t = self.app.px, self.app.t
        self.pages = self.read_pages()  # the language may have changed
        self.box = pygame.Rect(0, 0, min(w - px(60), px(1000)), h - px(50))
        self.box.center = (w // 2, h // 2)
        tab_y = self.box.y + px(58)
        self.group = Group()
        n = len(self.pages)
        gap = px(6)
        tab_w = min(px(200), (self.box.w - px(40) - (n - 1) * gap) // max(1, n))  # the gaps count too
        self.tabs: list[Button] = []
        for i, page in enumerate(self.pages):
            b = Button(page.title, lambda i=i: self.go(i),
                       (self.box.x + px(20) + i * (tab_w + gap), tab_y, tab_w, px(38)), size=px(17))
            self.tabs.append(b)
            self.group.add(b)
        self.view_rect = pygame.Rect(self.box.x + px(24), tab_y + px(50), self.box.w - px(48),
                                     self.box.bottom - tab_y - px(50) - px(70))
        by = self.box.bottom - px(58)
        self.prev = Button(lambda: t("rules.prev"), lambda: self.go(self.page - 1),
                           (self.box.x + px(20), by, px(150), px(42)), size=px(17))
        self.next = Button(lambda: t("rules.next"), lambda: self.go(self.page + 1),
                           (self.box.x + px(180), by, px(150), px(42)), size=px(17))
        self.close_btn = Button(lambda: t("rules.close"), self.close,
                                (self.box.right - px(200), by, px(180), px(42)), style="primary", size=px(17))
        self.group.add(self.prev, self.next, self.close_btn)
        self.go(min(self.page, n - 1), keep_scroll=True)

    def go(self, page: int, keep_scroll: bool = False) -> None:
        self.page = max(0, min(len(self.pages) - 1, page))
        if not keep_scroll:
            self.scroll = 0
        for i, b in enumerate(self.tabs):
            b.selected = i == self.page
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < len(self.pages) - 1
        self.content = self._render(self.pages[self.page], self.view_rect.w)
        self.scroll = min(self.scroll, self.max_scroll())
        self.dirty = True

    def _render(self, page: RulesPage, width: int) -> pygame.Surface:
        px, fonts = self.app.px, self.app.fonts
        parts: list[tuple[pygame.Surface, int]] = []  # (surface, space above)
        for block in page.blocks:
            if isinstance(block, Heading):
                parts.append((fit_text(fonts, block.text, self.app.tx(21), theme.VERMILION_DARK, width, bold=True),
                              px(14)))
            elif isinstance(block, Para):
                size = self.app.tx(17)
                lines = fonts.wrap(block.text, size, width - px(8))
                surf = pygame.Surface((width, len(lines) * int(size * 1.5)), pygame.SRCALPHA)
                for i, line in enumerate(lines):
                    surf.blit(fonts.text(line, size, theme.INK), (px(4), i * int(size * 1.5)))
                parts.append((surf, px(6)))
            else:
                parts.append((block.render(width), px(10)))
        height = sum(s.get_height() + gap for s, gap in parts) + px(10)
        out = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for surf, gap in parts:
            y += gap
            out.blit(surf, (0, y))
            y += surf.get_height()
        return out

    def max_scroll(self) -> int:
        return max(0, (self.content.get_height() if self.content else 0) - self.view_rect.h)

    # -- input ----------------------------------------------------------------------
    def close(self) -> None:
        self.app.manager.remove(self)

    def scroll_by(self, dy: int) -> None:
        before = self.scroll
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))
        if self.scroll != before:
            self.dirty = True

    def handle(self, event):
        if self.group.handle(event):
            self.dirty = True
            return None
        step = self.app.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.view_rect.h - step,
                    pygame.K_PAGEUP: step - self.view_rect.h, pygame.K_SPACE: self.view_rect.h - step}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in keys:
                self.scroll_by(keys[event.key])
            elif event.key == pygame.K_RIGHT:
                self.go(self.page + 1)
            elif event.key == pygame.K_LEFT:
                self.go(self.page - 1)
        return None

    # -- drawing ----------------------------------------------------------------------
    def heading(self) -> str:
        """The overlay's title: the game's rules (another help, such as the review's, says its own)."""
        from game.registry import GAMES
        spec = GAMES.get(self.key)
        return self.app.t("rules.title", game=self.app.t.name(spec.names) if spec else self.key)

    def draw(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        draw.dim(surface, 150)
        draw.panel(surface, self.box, radius=px(16), width=px(4))
        title = fit_text(fonts, self.heading(), px(26), theme.INK, self.box.w - px(300), bold=True)
        surface.blit(title, (self.box.x + px(24), self.box.y + px(14)))
        pg = fonts.text(t("rules.page", n=self.page + 1, total=len(self.pages)), self.app.tx(15), theme.INK_SOFT)
        surface.blit(pg, pg.get_rect(topright=(self.box.right - px(24), self.box.y + px(22))))
        if self.content is not None:
            area = pygame.Rect(0, self.scroll, self.view_rect.w, min(self.view_rect.h,
                                                                      self.content.get_height() - self.scroll))
            surface.blit(self.content, self.view_rect.topleft, area)
        if self.max_scroll():
            track = pygame.Rect(self.view_rect.right + px(8), self.view_rect.y, px(5), self.view_rect.h)
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=px(3))
            frac = self.view_rect.h / self.content.get_height()
            bar_h = max(px(20), int(track.h * frac))
            bar_y = track.y + int((track.h - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, theme.WOOD, (track.x, bar_y, track.w, bar_h), border_radius=px(3))
            hint = fit_text(fonts, t("rules.scroll"), self.app.tx(14), theme.INK_SOFT,
                            self.close_btn.rect.x - self.next.rect.right - px(28))
            surface.blit(hint, hint.get_rect(midleft=(self.next.rect.right + px(16), self.next.rect.centery)))
        pygame.draw.line(surface, theme.PARCHMENT_DARK, (self.view_rect.x, self.view_rect.y - px(6)),
                         (self.view_rect.right, self.view_rect.y - px(6)), 1)
        self.group.draw(surface, fonts)
