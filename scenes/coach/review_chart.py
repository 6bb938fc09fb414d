"""The review's chart (scenes/coach/review.py), drawn once into a picture of its own: the reviewed
player's estimated chance to win after each decision on a 0-100 % scale, the best move's beside it,
the rounds marked, each classed loss marked by its class (?! an inaccuracy, ? a mistake, ?? a
blunder, in its colour too), and the game's result at the end."""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.review import Review

from ..ui import draw, theme

GRADE_SIGN = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GRADE_COLOUR = {"inaccuracy": theme.GOLD, "mistake": theme.AMBER, "blunder": theme.VERMILION}
TICKS = (0, 25, 50, 75, 100)
SEAL = 11   # the radius of a numbered loss's seal (design units)


def round_of(mark) -> Optional[int]:
    """The round a decision's mark names (its (deal, round) pair's second), if any."""
    return mark[1] if isinstance(mark, (list, tuple)) and len(mark) > 1 else None


class ReviewChart:
    """The chart's geometry in a rect of the screen, and its picture (made by `build`, kept until
    the rect, the words or the review change)."""

    def __init__(self, app, review: Review) -> None:
        self.app, self.review = app, review
        self.numbered: list = []          # the listed drops, worst first: their seals carry 1, 2, ...
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.picture: Optional[pygame.Surface] = None
        self._key = None

    # -- geometry (screen coordinates) -----------------------------------------------------------
    def plot(self) -> pygame.Rect:
        """Where the lines go: room on the left for the scale, on the right for the result, above for
        the rounds."""
        px, r = self.app.px, self.rect
        left, right, top = px(58), px(96), px(22)
        bottom = px(SEAL + 2)   # a numbered loss at 0 % is drawn whole, not cut by the picture's edge
        return pygame.Rect(r.x + left, r.y + top, max(1, r.w - left - right), max(1, r.h - top - bottom))

    def x_of(self, k: int) -> int:
        p, n = self.plot(), max(1, len(self.review.decisions))
        return p.x + (p.w * (2 * k + 1)) // (2 * n)

    def y_of(self, chance: float) -> int:
        p = self.plot()
        return p.bottom - round(p.h * min(1.0, max(0.0, chance)))

    def nearest(self, x: int) -> Optional[int]:
        """The decision whose point is nearest to screen x (a click on the chart)."""
        n = len(self.review.decisions)
        return min(range(n), key=lambda k: abs(self.x_of(k) - x)) if n else None

    # -- the picture -------------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, numbered: list) -> None:
        """Where the chart goes and the drops the list under it shows (numbered on the chart too)."""
        self.rect, self.numbered = pygame.Rect(rect), list(numbered)

    def surface(self) -> pygame.Surface:
        """The chart's picture: drawn once, again only when its place, its words or its list change."""
        key = (self.rect.size, self.app.t.lang, self.app.text_scale, tuple(d.at for d in self.numbered))
        if self.picture is None or key != self._key:
            self.picture, self._key = self.build(), key
        return self.picture

    def build(self) -> pygame.Surface:
        """The chart drawn at (0, 0) of a picture the rect's size."""
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        r = self.rect
        pic = pygame.Surface(r.size, pygame.SRCALPHA)
        shift = (-r.x, -r.y)
        p = self.plot().move(shift)
        pygame.draw.rect(pic, theme.WHITE, p.inflate(px(4), px(4)), border_radius=px(6))
        for pct in TICKS:  # the 0-100 % scale
            y = self.y_of(pct / 100) - r.y
            pygame.draw.line(pic, theme.WOOD_LIGHT if pct in (0, 100) else theme.PARCHMENT_DARK, (p.x, y), (p.right, y))
            label = fonts.text(f"{pct} %", px(13), theme.INK_SOFT)
            pic.blit(label, label.get_rect(midright=(p.x - px(6), y)))
        ds = self.review.decisions
        if not ds:
            words = fonts.text(t("review.nothing"), px(16), theme.INK_SOFT)
            pic.blit(words, words.get_rect(center=p.center))
            return pic
        self._rounds(pic, shift, p)
        best = [(self.x_of(k) - r.x, self.y_of(d.best_wins) - r.y) for k, d in enumerate(ds)]
        mine = [(self.x_of(k) - r.x, self.y_of(d.played_wins) - r.y) for k, d in enumerate(ds)]
        if len(ds) > 1:
            pygame.draw.lines(pic, theme.GOLD, False, best, max(1, px(2)))
            pygame.draw.lines(pic, theme.JADE, False, mine, max(2, px(3)))
        self._result(pic, p, mine[-1])
        for k, d in enumerate(ds):
            if d.grade is None:
                pygame.draw.circle(pic, theme.JADE, mine[k], px(4))
        for k, d in enumerate(ds):  # the classed losses over the line, the worst drawn last
            if d.grade is not None and d not in self.numbered:
                pygame.draw.circle(pic, theme.WOOD_DARK, mine[k], px(8))
                pygame.draw.circle(pic, GRADE_COLOUR[d.grade], mine[k], px(7))
                sign = fonts.text(GRADE_SIGN[d.grade], px(10), theme.INK, bold=True)
                pic.blit(sign, sign.get_rect(center=mine[k]))
        for i, d in reversed(list(enumerate(self.numbered))):
            x, y = mine[ds.index(d)]
            draw.seal(pic, (x, y), px(SEAL), GRADE_COLOUR[d.grade])
            num = fonts.text(str(i + 1), px(13), theme.WHITE if d.grade != "inaccuracy" else theme.INK, bold=True)
            pic.blit(num, num.get_rect(center=(x, y)))
        pygame.draw.rect(pic, theme.WOOD, p.inflate(px(4), px(4)), px(2), border_radius=px(6))
        return pic

    def _rounds(self, pic: pygame.Surface, shift: tuple, p: pygame.Rect) -> None:
        """A line where each round begins, named above the chart where there is room for the name."""
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        last, free_x = object(), p.x
        half = p.w // max(1, 2 * len(self.review.decisions))
        for k, d in enumerate(self.review.decisions):
            mark = tuple(d.round) if isinstance(d.round, list) else d.round
            if mark == last:
                continue
            last = mark
            x = self.x_of(k) + shift[0] - half
            if k:
                pygame.draw.line(pic, theme.WOOD_LIGHT, (x, p.y), (x, p.bottom), 1)
            rnd = round_of(mark)
            if rnd is None:
                continue
            label = fonts.text(t("review.round_short", n=rnd), px(12), theme.WOOD)
            if x + px(2) >= free_x:
                pic.blit(label, (x + px(2), p.y - px(18)))
                free_x = x + px(2) + label.get_width() + px(6)

    def _result(self, pic: pygame.Surface, p: pygame.Rect, last: tuple) -> None:
        """The game's end at the right: the result as a point (100 % a win, a camp's or a tie's
        included, as the end screen counts it; 0 a loss) joined to the last decision, and its name."""
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        result = self.review.result
        if result is None:
            return
        end = (p.right + px(2), self.y_of(result) - self.rect.y)
        pygame.draw.line(pic, theme.JADE_LIGHT, last, end, max(1, px(2)))
        pygame.draw.rect(pic, theme.WOOD_DARK, pygame.Rect(0, 0, px(12), px(12)).move(end[0] - px(6), end[1] - px(6)))
        key = "review.won" if result >= 1.0 else "review.lost"
        words = fonts.text(t(key), px(14), theme.INK, bold=True)
        box = words.get_rect(midleft=(end[0] + px(10), end[1]))
        box.clamp_ip(pygame.Rect(0, 0, *self.rect.size))
        pic.blit(words, box)
