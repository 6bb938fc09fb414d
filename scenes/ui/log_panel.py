"""A scrolling log on a parchment panel: wraps lines, scrolls with the mouse wheel, sticks to the newest.

Scrolled up, it stays on the lines being read while new ones come in below, and a small marker at its
foot counts them ("3 new lines ↓"); back at the bottom, it follows the newest again.

The panel renders into its own cached surface whenever its lines, size or scroll
change, so drawing it every frame is a single blit. Each line is wrapped once and its rows kept:
a new line costs the wrapping of that line alone, however long the game has been (only a new
width or size wraps them all again).
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import pygame

from . import draw, theme


class LogPanel:
    def __init__(self, fonts, title: str = "", size: int = 15, empty: str = "",
                 news: Optional[Callable[[int], str]] = None) -> None:
        self.fonts = fonts
        self.title = title
        self.size = size
        self.empty = empty
        self.news = news  # n -> the marker's words for n new lines below ("3 new lines ↓")
        self.unseen = 0   # lines added below while the log was scrolled up
        self.news_rect = pygame.Rect(0, 0, 0, 0)  # the marker on the screen (a click goes to the bottom)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.rows: list[tuple[str, bool]] = []  # wrapped rows; True marks a continuation row
        self._starts: list[int] = []  # the index in rows of each line's first row
        self.scroll = 0  # rows scrolled up from the bottom
        self.surface: Optional[pygame.Surface] = None
        # What lies under the panel; with it the panel is painted opaque (a cheaper blit).
        self.backdrop: Optional[pygame.Surface] = None
        # A box drawn over the panel (a lesson's coach), on the screen: the rows keep clear of it.
        self.covered: Optional[pygame.Rect] = None

    # -- model --------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect, size: Optional[int] = None, title: Optional[str] = None,
                 empty: Optional[str] = None, backdrop: Optional[pygame.Surface] = None,
                 news: Optional[Callable[[int], str]] = None) -> None:
        self.rect = pygame.Rect(rect)
        self.backdrop = backdrop
        if news is not None:
            self.news = news
        if size is not None:
            self.size = size
        if title is not None:
            self.title = title
        if empty is not None:
            self.empty = empty
        self._rewrap()

    def cover(self, box: Optional[pygame.Rect]) -> bool:
        """A box is drawn over the panel (None: nothing is): the rows are shown whole above or below
        it, never half under its edge. True if that changed the panel's picture."""
        box = pygame.Rect(box) if box is not None and pygame.Rect(box).colliderect(self.rect) else None
        if box == self.covered:
            return False
        self.covered = box
        self.scroll = min(self.scroll, self._max_scroll())
        self.surface = None
        return True

    def set_lines(self, lines: Sequence[str]) -> None:
        lines = list(lines)
        if lines == self.lines and self.surface is not None:
            return
        keep = _common_prefix(self.lines, lines)
        if keep < len(self.lines):
            self.scroll = self.unseen = 0  # a different log (undo, new game): show its end
        self._cut(keep)
        rows, scroll = len(self.rows), self.scroll
        self._wrap_from(lines, keep)
        if scroll:  # read further up: the view stays where it is, the new lines are counted below
            self.scroll = min(scroll + len(self.rows) - rows, self._max_scroll())
            self.unseen += len(lines) - keep

    def _rewrap(self) -> None:
        """Wrap every line again (a new width or size)."""
        lines = list(self.lines)
        self._cut(0)
        self._wrap_from(lines, 0)

    def _width(self) -> int:
        return self.rect.w - 2 * self._pad() - self.size

    def _cut(self, keep: int) -> None:
        """Forget the lines from `keep` on, and their rows."""
        if keep < len(self.lines):
            del self.rows[self._starts[keep] if keep < len(self._starts) else len(self.rows):]
            del self._starts[keep:]
            del self.lines[keep:]

    def _wrap_from(self, lines: list[str], keep: int) -> None:
        """Add lines[keep:], wrapping only these (lines[:keep] are the ones kept)."""
        width = self._width()
        new = lines[keep:]
        if width > 20:
            for line in new:
                self._starts.append(len(self.rows))
                for i, row in enumerate(self.fonts.wrap(line, self.size, width)):
                    self.rows.append((row, i > 0))
        else:  # too narrow to show anything
            self._starts.extend([len(self.rows)] * len(new))
        self.lines.extend(new)
        self.scroll = min(self.scroll, self._max_scroll())
        self.surface = None

    def _pad(self) -> int:
        return max(6, self.size // 2)

    def _row_h(self) -> int:
        return int(self.size * 1.45)

    def _body(self) -> pygame.Rect:
        pad = self._pad()
        top = pad + (int(self.size * 1.8) if self.title else 0)
        bottom = self.rect.h - pad
        if self.covered is not None:  # the rows go in the larger part left clear of the box over them
            over_top, over_bottom = self.covered.top - self.rect.y, self.covered.bottom - self.rect.y
            above, below = over_top - top, bottom - (over_bottom + pad)
            if over_top <= top or below >= above:
                top = max(top, over_bottom + pad)
            else:
                bottom = min(bottom, over_top)
        return pygame.Rect(pad, top, self.rect.w - 2 * pad, max(0, bottom - top))

    def _visible_rows(self) -> int:
        # whole rows only: a log squeezed under one row's height (large text, a crowded column)
        # shows its title and no half-cut line
        return max(0, self._body().h // self._row_h())

    def row_rects(self) -> list[pygame.Rect]:
        """Where on the screen the panel's shown rows lie (its body's whole rows)."""
        body, h = self._body().move(self.rect.topleft), self._row_h()
        return [pygame.Rect(body.x, body.y + i * h, body.w, h) for i in range(self._visible_rows())]

    def height_for_all(self) -> int:
        """How tall the panel would be to show all its rows at its width (a panel that grows with its
        lines, such as a memory aid beside the log, asks before it takes its height)."""
        top = self._pad() + (int(self.size * 1.8) if self.title else 0)   # as if nothing covered it
        return top + len(self.rows) * self._row_h() + self._pad()

    def _max_scroll(self) -> int:
        return max(0, len(self.rows) - self._visible_rows())

    # -- input ----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True if the wheel scrolled the log, or a click on the new-lines marker took it to the
        bottom (the scene redraws)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.unseen and self.scroll \
                and self.news_rect.collidepoint(event.pos):
            return self.scroll_to(0)
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        return self.scroll_to(self.scroll + event.y * 2)

    def scroll_to(self, scroll: int) -> bool:
        """Scroll to `scroll` rows up from the bottom (kept within the log); True if it moved."""
        before = self.scroll
        self.scroll = max(0, min(self._max_scroll(), scroll))
        if not self.scroll:
            self.unseen = 0  # back at the bottom: the log follows the newest lines again
        if self.scroll != before:
            self.surface = None
            return True
        return False

    # -- drawing --------------------------------------------------------------
    def _render(self) -> pygame.Surface:
        self.news_rect = pygame.Rect(0, 0, 0, 0)
        if self.backdrop is not None and self.backdrop.get_rect().contains(self.rect):
            surf = self.backdrop.subsurface(self.rect).copy()
        else:
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        local = surf.get_rect()
        draw.panel(surf, local, radius=10, width=2, drop=False)
        pad = self._pad()
        if self.title:
            t = self.fonts.text(self.title, int(self.size * 1.1), theme.VERMILION_DARK, bold=True)
            surf.blit(t, (pad, pad // 2 + 2))
            y = pad + int(self.size * 1.55)
            pygame.draw.line(surf, theme.PARCHMENT_DARK, (pad, y), (local.w - pad, y), 1)
        body = self._body()
        n = self._visible_rows()
        if not self.rows and self.empty:
            t = self.fonts.text(self.empty, self.size, theme.INK_SOFT)
            surf.blit(t, (body.x, body.y))
        end = len(self.rows) - self.scroll
        shown = self.rows[max(0, end - n):end]
        news = bool(self.unseen and self.scroll and self.news is not None and n > 1)
        if news:  # the marker takes the last row's place
            shown = shown[:-1]
        y = body.y
        for text, cont in shown:
            x = body.x + (self.size if cont else 0)
            if not cont:
                pygame.draw.circle(surf, theme.VERMILION, (body.x + self.size // 4, y + self._row_h() // 2),
                                   max(2, self.size // 6))
                x += self.size // 2 + 2
            t = self.fonts.text(text, self.size, theme.INK)
            surf.blit(t, (x, y))
            y += self._row_h()
        if self._max_scroll():  # a thin scroll bar says there is more above
            track = pygame.Rect(local.w - pad // 2 - 3, body.y, 3, body.h)
            pygame.draw.rect(surf, theme.PARCHMENT_DARK, track, border_radius=2)
            frac = n / len(self.rows)
            bar_h = max(10, int(track.h * frac))
            pos = 1 - (self.scroll + n) / len(self.rows)
            bar = pygame.Rect(track.x, track.y + int((track.h - bar_h) * pos / max(1e-6, 1 - frac)), 3, bar_h)
            pygame.draw.rect(surf, theme.WOOD, bar, border_radius=2)
        if news:
            self._draw_news(surf, pygame.Rect(body.x, body.y + (n - 1) * self._row_h(), body.w, self._row_h()))
        return surf

    def _draw_news(self, surf: pygame.Surface, row: pygame.Rect) -> None:
        """The marker in the body's last row: how many new lines wait below."""
        size = max(10, self.size - 2)
        t = self.fonts.text(self.news(self.unseen), size, theme.PARCHMENT, bold=True)
        pad = max(3, size // 3)
        box = pygame.Rect(0, 0, min(row.w, t.get_width() + 2 * pad), min(row.h, t.get_height() + pad))
        box.center = row.center
        pygame.draw.rect(surf, theme.VERMILION_DARK, box, border_radius=box.h // 2)
        surf.blit(t, t.get_rect(midleft=(box.x + pad, box.centery)), area=pygame.Rect(0, 0, box.w - 2 * pad, t.get_height()))
        self.news_rect = box.move(self.rect.topleft)

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        if self.surface is None:
            self.surface = self._render()
        surface.blit(self.surface, self.rect.topleft)


def news_words(t) -> Callable[[int], str]:
    """The new-lines marker's words in the language of `t`: "1 new line ↓", "3 new lines ↓"."""
    return lambda n: t("log.news.one" if n == 1 else "log.news.many", n=n)


def _common_prefix(old: list[str], new: list[str]) -> int:
    """How many leading lines the two logs share (a log usually only grows: all of the old one)."""
    n = min(len(old), len(new))
    if old[:n] == new[:n]:  # the usual case, compared in C (the strings are mostly the same objects)
        return n
    lo, hi = 0, n  # the first difference by bisection: old[:lo] == new[:lo], old[:hi] != new[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if old[:mid] == new[:mid]:
            lo = mid
        else:
            hi = mid
    return lo
