"""After a guided game: one screen of the rules it showed, and a real game with the same people."""
from __future__ import annotations

import logging

import pygame

from game.core.errors import SaveFailed
from game.core.match import Match, Seat
from game.core.tutorial import LEARNER, Lesson
from game.registry import GAMES

from .. import registry, settings_store
from ..shell.base import ShellScene
from ..shell.dialog import MessageScene
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.widgets import Button, Group

log = logging.getLogger("sifang")


class LessonDoneScene(ShellScene):
    def __init__(self, app, lesson: Lesson) -> None:
        super().__init__(app)
        self.lesson = lesson
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.btn_play = Button(t("tutorial.play_real"), self.play_real, style="primary", hotkey=pygame.K_RETURN)
        self.btn_again = Button(t("tutorial.again"), self.again)
        self.btn_menu = Button(t("tutorial.to_menu"), self.back)
        self.group = Group([self.btn_play, self.btn_again, self.btn_menu])
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, list[str]]] = []

    def back(self) -> None:
        registry.back_to_menu(self.app)

    def again(self) -> None:
        registry.open_lesson(self.app, self.lesson.game, fresh=True, replace=True)

    def real_seats(self) -> list[Seat]:
        """The same people: the learner, by their own name if they gave one at an earlier table,
        and the lesson's computer players at the level the player chose in Settings."""
        t = self.app.t
        remembered = settings_store.remembered_table(self.app.settings, self.lesson.game).get("seats") or []
        mine = next((s.get("name") for s in remembered if isinstance(s, dict) and s.get("kind") == "human"
                     and isinstance(s.get("name"), str) and s.get("name").strip()), None)
        spec = GAMES[self.lesson.game]
        level = self.app.settings.bot_level if self.app.settings.bot_level in spec.bots else "normal"
        names = self.lesson.names.get(t.lang) or self.lesson.names["en"]
        return [Seat(mine or t("tutorial.you_name") if i == LEARNER else name, "human" if i == LEARNER else level)
                for i, name in enumerate(names)]

    def play_real(self) -> None:
        """A real game at once: the same people, the game's default options (its usual game)."""
        spec = GAMES[self.lesson.game]
        seats = self.real_seats()
        try:
            match = Match.new(spec, seats, seed=None, options={},
                              autosave_path=settings_store.new_autosave_path(spec.key))
        except SaveFailed as exc:
            log.warning("could not save the new %s: %s", spec.key, exc)
            match = Match.new(spec, seats, seed=None, options={})
            self.app.manager.push(MessageScene(self.app, self.app.t("save.failed.title"),
                                               self.app.t(f"save.failed.{exc.kind}"), is_error=True))
        settings_store.remember_table(self.app.settings, spec.key, {
            "players": len(seats), "options": {},
            "seats": [{"name": s.name, "kind": s.kind} for s in seats]})
        self.app.save_settings()
        registry.back_to_menu(self.app)
        registry.show_table(self.app, match)

    def place(self, w: int, h: int) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        self.box = self.at(140, 40, 1000, 640)
        inner = self.box.w - px(100)
        room = self.box.h - px(200)
        for size, step in ((17, 24), (15, 21), (14, 19), (13, 17)):  # the largest size that holds every line
            self.size, self.step = px(size), px(step)
            self.lines = [(line, fonts.wrap(line, self.size, inner)) for line in self.lesson.rule_lines(t.lang)]
            if sum(len(w_) for _, w_ in self.lines) * self.step + len(self.lines) * px(8) <= room:
                break
        bw, gap = px(250), px(20)
        y = self.box.bottom - px(70)
        x = self.box.centerx - (3 * bw + 2 * gap) // 2
        for i, b in enumerate((self.btn_menu, self.btn_again, self.btn_play)):
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, px(50))
            b.size = px(19)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        draw.panel(surface, self.box, radius=px(16), width=px(4))
        name = t.name(GAMES[self.lesson.game].names)
        heading(surface, fonts, t("tutorial.done_title", game=name), (self.box.x + px(40), self.box.y + px(20)), px(36),
                colour=theme.VERMILION_DARK)
        self.label(surface, t("tutorial.done_rules"), (self.box.x + px(44), self.box.y + px(82)), px(18),
                   theme.INK_SOFT, max_w=self.box.w - px(88))
        y = self.box.y + px(120)
        size, step = self.size, self.step
        for _, wrapped in self.lines:
            draw.seal(surface, (self.box.x + px(56), y + step // 2), px(6), theme.VERMILION)
            for part in wrapped:
                surface.blit(fonts.text(part, size, theme.INK), (self.box.x + px(74), y))
                y += step
            y += px(8)
