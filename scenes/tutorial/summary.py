"""After a guided game: one screen of the rules it showed, a real game with the same people, and the
game's next lesson if it has one."""
from __future__ import annotations

import logging

import pygame

from game.core.errors import SaveFailed
from game.core.match import Match, Seat
from game.core.names import default_name, is_default_name
from game.core.tutorial import LEARNER, Lesson, LessonError, has_lesson, load_lesson
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
        self.next_lesson = self._next_lesson()
        self.btn_next = Button(lambda: self.app.t("tutorial.next_lesson", n=lesson.number + 1), self.take_next,
                               hotkey=pygame.K_n)
        self.btn_next.visible = self.next_lesson is not None
        self.group = Group([self.btn_play, self.btn_next, self.btn_again, self.btn_menu])
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, list[str]]] = []
        self.next_line: list[str] = []
        self.text_bottom = 0  # where the words end, above the buttons

    def _next_lesson(self):
        """The game's lesson after this one, if there is one that can be read."""
        number = self.lesson.number + 1
        if not has_lesson(self.lesson.game, number):
            return None
        try:
            return load_lesson(self.lesson.game, number)
        except LessonError as exc:
            log.error("%s", exc)
            return None

    def take_next(self) -> None:
        if self.next_lesson is not None:
            registry.open_lesson(self.app, self.lesson.game, number=self.next_lesson.number, fresh=True,
                                 replace=True)

    def back(self) -> None:
        registry.back_to_menu(self.app)

    def again(self) -> None:
        registry.open_lesson(self.app, self.lesson.game, number=self.lesson.number, fresh=True, replace=True)

    def real_seats(self) -> list[Seat]:
        """The same people: the learner, by their own name if they gave one at an earlier table
        (else by the name the setup gives a seat nobody named), and the lesson's computer players
        at the level the player chose in Settings."""
        t = self.app.t
        remembered = settings_store.remembered_table(self.app.settings, self.lesson.game).get("seats") or []
        mine = next((s.get("name").strip() for i, s in enumerate(remembered)
                     if isinstance(s, dict) and s.get("kind") == "human" and isinstance(s.get("name"), str)
                     and s.get("name").strip() and not is_default_name(s.get("name"), i)), None)
        spec = GAMES[self.lesson.game]
        level = self.app.settings.bot_level if self.app.settings.bot_level in spec.bots else "normal"
        names = self.lesson.names.get(t.lang) or self.lesson.names["en"]
        return [Seat(mine or default_name(t, LEARNER) if i == LEARNER else name, "human" if i == LEARNER else level)
                for i, name in enumerate(names)]

    def hints_wanted(self) -> bool:
        """Hints as the player last chose them at this game's setup; on (the setup's default) if never."""
        hints = settings_store.remembered_table(self.app.settings, self.lesson.game).get("hints")
        return hints if isinstance(hints, bool) else True

    def play_real(self) -> None:
        """A real game at once: the same people, the game's default options (its usual game)."""
        spec = GAMES[self.lesson.game]
        seats, hints = self.real_seats(), self.hints_wanted()
        try:
            match = Match.new(spec, seats, seed=None, options={},
                              autosave_path=settings_store.new_autosave_path(spec.key), hints_allowed=hints)
        except SaveFailed as exc:
            log.warning("could not save the new %s: %s", spec.key, exc)
            match = Match.new(spec, seats, seed=None, options={}, hints_allowed=hints)
            self.app.manager.push(MessageScene(self.app, self.app.t("save.failed.title"),
                                               self.app.t(f"save.failed.{exc.kind}"), is_error=True))
        # A name nobody typed is remembered blank, as the setup keeps it, so that it follows the language.
        settings_store.remember_table(self.app.settings, spec.key, {
            "players": len(seats), "options": {}, "hints": hints,
            "seats": [{"name": "" if is_default_name(s.name, i) else s.name, "kind": s.kind}
                      for i, s in enumerate(seats)]})
        self.app.save_settings()
        registry.back_to_menu(self.app)
        registry.show_table(self.app, match)

    def place(self, w: int, h: int) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        self.box = self.at(140, 40, 1000, 640)
        inner = self.box.w - px(100)
        nxt = self.next_lesson
        next_text = t("tutorial.next_lesson_line", n=nxt.number, title=nxt.title_text(t.lang) or t(
            "tutorial.lesson_n", n=nxt.number), minutes=nxt.minutes) if nxt is not None else ""
        room = self.box.h - px(200)
        sizes = ((17, 24), (15, 21), (14, 19), (13, 17))
        # The largest size that holds every line: at the settings' text size if it can, else smaller.
        tries = [(fonts.read(px(a)), fonts.read(px(b))) for a, b in sizes] + [(px(a), px(b)) for a, b in sizes]
        for size, step in tries:
            self.size, self.step = size, step
            self.lines = [(line, fonts.wrap(line, self.size, inner)) for line in self.lesson.rule_lines(t.lang)]
            self.next_line = fonts.wrap(next_text, self.size, inner) if next_text else []
            used = (sum(len(w_) for _, w_ in self.lines) + len(self.next_line)) * self.step
            if used + (len(self.lines) + bool(self.next_line)) * px(8) <= room:
                break
        shown = [b for b in (self.btn_menu, self.btn_again, self.btn_next, self.btn_play) if b.visible]
        gap = px(20)
        bw = min(px(250), (self.box.w - px(80) - gap * (len(shown) - 1)) // len(shown))
        self.text_bottom = self.box.y + px(120) + used + (len(self.lines) + bool(self.next_line)) * px(8)
        y = self.box.bottom - px(70)
        x = self.box.centerx - (len(shown) * bw + (len(shown) - 1) * gap) // 2
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, px(50))
            b.size = px(19)

    def title(self) -> str:
        t = self.app.t
        name = t.name(GAMES[self.lesson.game].names)
        if self.lesson.number == 1:
            return t("tutorial.done_title", game=name)
        return t("tutorial.done_title_n", game=name, n=self.lesson.number)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        draw.panel(surface, self.box, radius=px(16), width=px(4))
        heading(surface, fonts, self.title(), (self.box.x + px(40), self.box.y + px(20)), px(36),
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
        for part in self.next_line:  # what the next lesson teaches, above its button
            surface.blit(fonts.text(part, size, theme.JADE, bold=True), (self.box.x + px(56), y))
            y += step
