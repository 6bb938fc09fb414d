"""Learn to play: every game's lessons on one card box, each with its title, its length (steps,
minutes) and how far the player got (new, in progress at step k of n, learned); a click sits the
player at that lesson (where it was left, if it is under way)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import pygame

from game.core.tutorial import Lesson, LessonError, lesson_numbers, load_lesson
from game.registry import GAMES

from .. import registry
from ..shell.card_box import CardBoxScene
from ..ui import draw, theme
from ..ui.emblems import game_emblem
from ..ui.textfit import fit_text
from ..ui.widgets import Widget
from .lesson import learned, left_at

NEW, UNDER_WAY, LEARNED = "new", "under_way", "learned"


@dataclass(frozen=True)
class Progress:
    state: str                  # NEW, UNDER_WAY or LEARNED
    step: Optional[int] = None  # the step a lesson under way was left at (1-based)


def progress_of(app, lesson: Lesson) -> Progress:
    """Under way (its save is there) comes first: a lesson learned and taken again shows where it is."""
    step = left_at(lesson)
    if step is not None:
        return Progress(UNDER_WAY, step)
    return Progress(LEARNED if learned(app, lesson.game, lesson.number) else NEW)


def progress_words(t, lesson: Lesson, progress: Progress) -> str:
    if progress.state == UNDER_WAY:
        return t("tutorial.progress_at", n=progress.step, total=len(lesson.steps))
    return t("tutorial.learned") if progress.state == LEARNED else t("tutorial.progress_new")


def lesson_heading(t, lesson: Lesson) -> str:
    """"Lesson 2: Talk them into it", or "Lesson 2" for a lesson without a title."""
    title = lesson.title_text(t.lang)
    return t("tutorial.lesson_titled", n=lesson.number, title=title) if title else t("tutorial.lesson_n",
                                                                                       n=lesson.number)


class LessonCard(Widget):
    """One lesson: its heading, its length, and the player's progress in it; a click opens it."""

    def __init__(self, app, lesson: Lesson, progress: Progress, on_click: Callable[[], object]) -> None:
        super().__init__((0, 0, 0, 0))
        self.app, self.lesson, self.progress, self.on_click = app, lesson, progress, on_click
        self.size = 18

    def handle(self, event: pygame.event.Event) -> bool:
        if self.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False

    def lines(self) -> list[tuple[str, float, tuple, bool]]:
        """(text, size relative to the card's, colour, bold) from the top."""
        t, lesson = self.app.t, self.lesson
        colour = {LEARNED: theme.JADE, UNDER_WAY: theme.VERMILION}.get(self.progress.state, theme.INK_SOFT)
        return [(lesson_heading(t, lesson), 1.0, theme.INK, True),
                (t("tutorial.lesson_size", steps=len(lesson.steps), minutes=lesson.minutes), 0.85, theme.INK_SOFT,
                 False),
                (progress_words(t, lesson, self.progress), 0.85, colour, True)]

    def rendered(self, fonts) -> list[pygame.Surface]:
        """The card's lines at the text size, smaller together if the card is too low for them,
        each fitted to its width."""
        r, pad = self.rect, max(4, self.rect.h // 12)
        size = fonts.read(self.size)
        lines = self.lines()
        for _ in range(8):
            height = sum(fonts.line_height(max(9, int(size * k)), bold) for _, k, _, bold in lines)
            if height <= r.h - 2 * pad or size <= 10:
                break
            size = max(10, int(size * (r.h - 2 * pad) / height))
        return [fit_text(fonts, text, max(9, int(size * k)), colour, r.w - 2 * pad - 4, bold, min_size=9)
                for text, k, colour, bold in lines]

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        r = self.rect
        border = theme.JADE if self.progress.state == LEARNED else theme.VERMILION \
            if self.progress.state == UNDER_WAY else theme.WOOD
        draw.panel(surface, r, fill=theme.WHITE if self.hover else theme.PARCHMENT, border=border,
                   radius=max(6, min(12, r.h // 6)), width=2)
        lines = self.rendered(fonts)
        y = r.centery - sum(s.get_height() for s in lines) // 2
        for s in lines:
            surface.blit(s, (r.x + max(4, r.h // 12) + 2, y))
            y += s.get_height()


class LessonPickerScene(CardBoxScene):
    """A modal card box over the menu: each game's name, then its lessons in order."""

    def __init__(self, app, on_pick: Optional[Callable[[str, int], object]] = None) -> None:
        self.rows: list[tuple[str, list[LessonCard]]] = []
        for key, spec in GAMES.items():
            cards = []
            for number in lesson_numbers(key):
                try:
                    lesson = load_lesson(key, number)
                except LessonError:
                    continue  # opening it says why; a broken file is not offered
                cards.append(LessonCard(app, lesson, progress_of(app, lesson),
                                        lambda k=key, n=number: self._pick(k, n)))
            if cards:
                self.rows.append((key, cards))
        super().__init__(app, self.cards(),
                         on_pick or (lambda game, number: registry.open_lesson(app, game, number=number)))
        self.names: list[pygame.Rect] = []
        self.title = pygame.Surface((0, 0))

    def cards(self) -> list[LessonCard]:
        return [c for _, cards in self.rows for c in cards]

    def layout(self, w: int, h: int) -> None:
        px, fonts = self.app.px, self.app.fonts
        self.box = pygame.Rect(0, 0, min(w - px(40), px(1120)), min(h - px(30), px(660)))
        self.box.center = (w // 2, h // 2)
        self.title = fit_text(fonts, self.app.t("tutorial.pick"), fonts.read(px(28)), theme.INK,
                              self.box.w - px(40), bold=True)
        top = self.box.y + px(22) + self.title.get_height() + px(12)  # under the title, at any text size
        bottom = self.box.bottom - px(84)
        most = max((len(cards) for _, cards in self.rows), default=1)
        row_h = (bottom - top) // max(1, len(self.rows))
        name_w = px(240)
        gap = px(14)
        card_w = (self.box.w - px(40) - name_w - gap * most) // most
        self.names = []
        for i, (_, cards) in enumerate(self.rows):
            y = top + i * row_h
            self.names.append(pygame.Rect(self.box.x + px(20), y, name_w, row_h - px(10)))
            for j, card in enumerate(cards):
                card.rect = pygame.Rect(self.box.x + px(20) + name_w + gap + j * (card_w + gap), y, card_w,
                                        row_h - px(10))
                card.size = px(20)
        self.place_close()
        self.dirty = True

    def emblem_size(self, r: pygame.Rect) -> int:
        return min(r.h - self.app.px(8), self.app.px(64))

    def name_size(self, key: str, r: pygame.Rect) -> int:
        """The largest size, up to the usual, at which the game's whole name fits beside its emblem."""
        fonts, name = self.app.fonts, self.app.t.name(GAMES[key].names)
        room = r.w - self.emblem_size(r) - self.app.px(10)
        size = fonts.read(self.app.px(20))
        while size > 10:
            lines = fonts.wrap(name, size, room, True)
            if len(lines) * fonts.line_height(size, True) <= r.h and all(
                    fonts.font(size, True).size(line)[0] <= room for line in lines):
                break
            size -= 1
        return size

    def name_lines(self, key: str, r: pygame.Rect) -> list[pygame.Surface]:
        """The game's whole name, never cut, at one size for every game (the one all of them fit)."""
        fonts = self.app.fonts
        size = min((self.name_size(k, rect) for (k, _), rect in zip(self.rows, self.names)), default=10)
        room = r.w - self.emblem_size(r) - self.app.px(10)
        return [fonts.text(line, size, theme.INK, True)
                for line in fonts.wrap(self.app.t.name(GAMES[key].names), size, room, True)]

    def draw_contents(self, surface: pygame.Surface) -> None:
        px = self.app.px
        surface.blit(self.title, self.title.get_rect(midtop=(self.box.centerx, self.box.y + px(22))))
        for (key, _), r in zip(self.rows, self.names):
            emblem = game_emblem(key, self.emblem_size(r))
            surface.blit(emblem, emblem.get_rect(midleft=(r.x, r.centery)))
            x = r.x + self.emblem_size(r) + px(10)
            shown = self.name_lines(key, r)
            y = r.centery - sum(s.get_height() for s in shown) // 2
            for s in shown:
                surface.blit(s, (x, y))
                y += s.get_height()
