"""The coach at a guided table: one short step at a time, what to do and why, and a pointer on the
piece to use (game/core/tutorial.py holds the lesson; this draws it and keeps the game on it).

The table asks the coach before each of the learner's moves (`allows`): the scripted move goes
through; any other legal move is not made: the coach says what it would have done and brings the
learner back to the step, with why the scripted move is the better one here (the step's
"instead", else its "why"). While a step waits (an info step to read, or the learner's move), the
table holds its computer players (`holding`).
"""
from __future__ import annotations

from typing import Callable, Optional

import pygame

from game.core.actions import same_value
from game.core.errors import IllegalAction
from game.core.hints import the_move
from game.core.match import visible
from game.core.tutorial import LEARNER, Lesson

from ..ui import theme
from ..ui.note_box import NoteBox, Para
from ..ui.pointer import Pointer, draw_pointer
from ..ui.widgets import Button, Group


class Coach:
    def __init__(self, scene, lesson: Lesson, on_done: Callable[[], None],
                 on_leave: Callable[[], None], on_restart: Callable[[], None]) -> None:
        self.scene, self.lesson = scene, lesson
        self.on_done = on_done
        self.read = 0          # info steps read since the learner's last scripted move
        self.read_for = -1     # ... counted for this many learner moves
        self.aside: Optional[list[str]] = None  # what an off-script move would have done
        self.clock = 0.0
        self.done = False
        self.note = NoteBox(scene.app)
        t = lambda key: (lambda: scene.app.t(key))  # noqa: E731 - labels follow the language
        self.btn_next = Button(t("tutorial.next"), self.next, style="primary", hotkey=pygame.K_RETURN)
        self.btn_back = Button(t("tutorial.got_it"), self.back_to_step, style="primary", hotkey=pygame.K_RETURN)
        self.btn_leave = Button(t("tutorial.leave"), on_leave)
        self.btn_restart = Button(t("tutorial.restart"), on_restart)
        self.group = Group([self.btn_next, self.btn_back, self.btn_leave, self.btn_restart])

    def name_seats(self) -> None:
        """The seats by the lesson's names in the app's language (what the coach's words call them)."""
        names = self.lesson.names.get(self.scene.app.t.lang) or self.lesson.names["en"]
        for seat, name in zip(self.scene.match.seats, names):
            seat.name = name

    # -- where the lesson stands ---------------------------------------------------------
    @property
    def moves(self) -> int:
        return len(self.scene.match.state.actions)

    def step(self) -> Optional[int]:
        """The index of the step on screen, or None while the computer players play."""
        done = self.lesson.learner_moves_before(self.moves)
        if done != self.read_for:
            self.read, self.read_for = 0, done
        return self.lesson.step_index(self.moves, self.read)

    def expected(self):
        """The learner's scripted move now (their own, or the table's they make), or None."""
        e = self.lesson.expected(self.moves)
        return e[1] if self.lesson.learners(self.moves) else None

    def then(self):
        """The learner's scripted move after the one now (a gift's amount after its opening), or None."""
        e = self.lesson.expected(self.moves + 1)
        return e[1] if e is not None and e[0] == LEARNER else None

    def holding(self) -> bool:
        """The computer players wait: a step to read or to do, an aside, or the lesson over."""
        return self.done or self.aside is not None or self.step() is not None

    def finished(self) -> bool:
        return self.lesson.finished(self.moves, self.read)

    # -- the learner's moves ---------------------------------------------------------------
    def allows(self, action) -> bool:
        """May this move of the learner's be made? The scripted one, yes; another legal one is
        explained instead (not made); an illegal one is the table's to refuse."""
        expected = self.expected()
        if expected is not None and same_value(action, expected) and self.step() is not None and \
                self.lesson.steps[self.step()].do:
            self.aside = None
            return True
        state = self.scene.match.state
        if not any(same_value(action, a) for a in state.legal_actions(LEARNER)):
            return True  # the table refuses it with its usual notice
        try:
            events = state.clone().apply(LEARNER, action)
        except IllegalAction:
            return True
        t, names = self.scene.app.t, [s.name for s in self.scene.match.seats]
        # The move itself, not what it would draw or turn up next (that is still to come in the game).
        lines = [self.scene.describe(e, t, names) for e in the_move([e for e in events if visible(e, LEARNER)],
                                                                      LEARNER)]
        self.aside = [line for line in lines if line] or [t("tutorial.aside_nothing")]
        self.scene.dirty = True
        return False

    def allows_ruling(self, action) -> bool:
        """May this move of the table be made? The one the script makes now, at its step, yes; any
        other ruling (a penalty) is not part of the lesson: the coach says so instead."""
        e = self.lesson.expected(self.moves)
        i = self.step()
        if e is not None and e[0] is None and same_value(action, e[1]) and i is not None and self.lesson.steps[i].do:
            self.aside = None
            return True
        self.aside = [self.scene.app.t("tutorial.not_in_lesson")]
        self.scene.dirty = True
        return False

    def next(self) -> None:
        i = self.step()
        if i is None or self.lesson.steps[i].do:
            return
        self.read += 1
        self.scene.dirty = True
        self.scene.bot_clock = 0.0  # the computer players take their usual pause after the reading
        self.check_done()

    def back_to_step(self) -> None:
        self.aside = None
        self.scene.dirty = True

    def check_done(self) -> None:
        if not self.done and self.finished():
            self.done = True
            self.on_done()

    def update(self, dt: float) -> bool:
        self.clock += dt
        self.check_done()
        return self.step() is not None  # the pointer pulses

    # -- what it shows ------------------------------------------------------------------------
    def pointer(self) -> Optional[Pointer]:
        if self.aside is not None:
            return None
        i = self.step()
        if i is None:
            return None
        step = self.lesson.steps[i]
        if step.do:
            return self.scene.guide(self.expected())
        if step.point:  # a panel's name, or a part of it ("side.btn_penalty")
            panel = self.scene
            for name in step.point.split("."):
                panel = getattr(panel, name, None)
            if panel is not None and getattr(panel, "visible", False):
                return Pointer(pygame.Rect(panel.rect))
        return None

    def words(self) -> tuple[str, str, Optional[str]]:
        """The header, what to do, and why; after an off-script move: why the lesson's move is the
        better one here, then what the other move would have done."""
        t, lang = self.scene.app.t, self.scene.app.t.lang
        total = len(self.lesson.steps)
        i = self.step()
        if self.aside is not None:
            said = [line for line in self.aside if line != t("tutorial.aside_nothing")]
            would = t("tutorial.aside_would", what=" ".join(said)) if said else t("tutorial.aside_nothing")
            better = self.lesson.instead_text(i, lang) if i is not None and self.lesson.steps[i].do else None
            if better:
                return t("tutorial.aside_title"), t("tutorial.aside_better", why=better), would
            return t("tutorial.aside_title"), " ".join(self.aside), t("tutorial.aside_back")
        if i is None:
            return self.header(min(total, self.lesson.steps_behind(self.moves) + 1)), t("tutorial.watch"), None
        say, why = self.lesson.steps[i].text(lang)
        return self.header(i + 1), say, why

    def header(self, n: int) -> str:
        """"Learn to play · step n of N" in a first lesson, "Lesson 2 · step n of N" in a later one."""
        t, total = self.scene.app.t, len(self.lesson.steps)
        if self.lesson.number == 1:
            return t("tutorial.title_step", n=n, total=total)
        return t("tutorial.title_step_n", lesson=self.lesson.number, n=n, total=total)

    def buttons(self) -> list[Button]:
        """Leave, Start over, and Next (a step to read) or Back to it (after an aside)."""
        i = self.step()
        show_next = self.aside is None and i is not None and not self.lesson.steps[i].do
        self.btn_next.visible, self.btn_back.visible = show_next, self.aside is not None
        extra = [self.btn_back] if self.aside is not None else [self.btn_next] if show_next else []
        return [self.btn_leave, self.btn_restart, *extra]

    def layout(self) -> None:
        """Place the box in the table's coach area, away from the piece it points at."""
        head, say, why = self.words()
        pointer = self.pointer()
        paras = [Para(say, 17, theme.INK, True)] + ([Para(why, 15, theme.INK_SOFT)] if why else [])
        self.note.layout(self.scene.coach_area(), head, paras, self.buttons(),
                         avoid=tuple(pointer.rects()) if pointer is not None else (),
                         border=theme.VERMILION if self.aside is not None else theme.GOLD)

    @property
    def box(self) -> pygame.Rect:
        return self.note.rect

    # -- events and drawing ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the coach's (its buttons, or a click inside its box)."""
        self.layout()
        if event.type == pygame.MOUSEMOTION:  # hover marks only: the table still follows the mouse
            if self.group.handle(event):
                self.scene.dirty = True
            return self.box.collidepoint(event.pos) and not self.scene.holds_mouse()
        if self.group.handle(event):
            self.scene.dirty = True
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.box.collidepoint(event.pos) \
                and not self.scene.holds_mouse():
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.btn_next.visible:
            return True
        return False

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.box.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        pointer = self.pointer()
        if pointer is not None:
            draw_pointer(surface, pointer, self.clock, self.scene.app.px, origin=self.box)
        self.note.draw(surface, self.buttons())
